/*
** test_seed.c — seed-guided exploration: each state carries the seeds
** consistent with its path; the seeds' paths run first and need no solver
** call; only_seed / only_replay_seeds; the checksum gate (issue 6) that
** only a seed passes; test-case locations.
*/
#include "check.h"
#include "engine/engine.h"
#include "../../examples/toyvm/toyvm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- a brute-force checker over input "in" (1 byte), counting calls ---- */
static int brute1(void *user, sx_expr *const *cs, size_t n, sx_assign *model) {
  (*(int *)user)++;
  if (!n) return SYMX_SAT;
  symx_ctx *ctx = cs[0]->ctx;
  sx_assign *a = symx_assign_new(ctx);
  for (unsigned v = 0; v < 256; v++) {
    uint8_t b = (uint8_t)v;
    symx_assign_set(a, "in", &b, 1);
    if (sx_eval_all(ctx, cs, n, a)) {
      symx_assign_set(model, "in", &b, 1);
      symx_assign_free(a);
      return SYMX_SAT;
    }
  }
  symx_assign_free(a);
  return SYMX_UNSAT;
}

/* four branches on the low bits of in[0]: 16 paths */
static const char bits_text[] =
    "  sym 0, 1, in\n  ldb r1, r0, 0\n"
    "  and r2, r1, 1\n  br eq r2, 0, b1\n  add r3, r3, 1\n"
    "b1: and r2, r1, 2\n  br eq r2, 0, b2\n  add r3, r3, 1\n"
    "b2: and r2, r1, 4\n  br eq r2, 0, b3\n  add r3, r3, 1\n"
    "b3: and r2, r1, 8\n  br eq r2, 0, b4\n  add r3, r3, 1\n"
    "b4: halt\n";

static const uint8_t seeds5[] = {0x0f, 0x05, 0x0a, 0x00, 0x03};

/* Oracle of tier b hits: the witness keeps its side at every bit; the
** other side hits when some seed of the state takes it (its first such
** seed becomes that child's witness). */
static int hits_oracle(const uint8_t *s, int n, uint8_t w, int bit) {
  if (bit == 4) return 0;
  uint8_t same[8] = {0}, other[8] = {0};
  int ns = 0, no = 0;
  for (int i = 0; i < n; i++) {
    if (((s[i] ^ w) >> bit) & 1) other[no++] = s[i];
    else same[ns++] = s[i];
  }
  int h = hits_oracle(same, ns, w, bit + 1);
  if (no) h += 1 + hits_oracle(other, no, other[0], bit + 1);
  return h;
}

typedef struct run {
  int calls, ntests, calls_at_seeds, nseeds;
  uint8_t first[8];
} run;

static void on_bits(void *user, uint64_t hash, toyvm_outcome o, const symx_test *t) {
  (void)hash; (void)o;
  run *r = user;
  if (t->duplicate) return;
  size_t len;
  const uint8_t *b = symx_assign_get(t->inputs, "in", &len);
  if (r->ntests < 8) r->first[r->ntests] = b && len ? b[0] : 0;
  if (++r->ntests == r->nseeds) r->calls_at_seeds = r->calls;
}

static symx_engine *seeded_engine(symx_ctx *ctx, symx_seeds **sp, run *r) {
  symx_engine *eng = symx_engine_new(ctx);
  symx_seeds *seeds = symx_seeds_new(ctx);
  for (size_t i = 0; i < sizeof seeds5; i++)
    CHECK(symx_seeds_add_bytes(seeds, "in", &seeds5[i], 1) == SYMX_OK);
  CHECK(symx_engine_set_seeds(eng, seeds) == SYMX_OK);
  sx_engine_set_checker(eng, brute1, &r->calls);
  r->nseeds = (int)sizeof seeds5;
  r->calls_at_seeds = -1;
  *sp = seeds;
  return eng;
}

/* Every seed's path runs (and emits its test) before any solver call. */
static void test_seed_paths_first(void) {
  static const char *const searches[] = {"random-path", "dfs", "bfs", "nurs:depth", "zesti"};
  char err[64];
  toyvm_prog *p = toyvm_parse(bits_text, err, sizeof err);
  for (size_t s = 0; s < sizeof searches / sizeof *searches; s++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set_str(ctx, "search", searches[s]);
    symx_seeds *seeds;
    run r = {0};
    symx_engine *eng = seeded_engine(ctx, &seeds, &r);
    CHECK(toyvm_explore(eng, p, 1000, on_bits, &r) == SYMX_OK);
    CHECK_EQ_U64(r.calls_at_seeds, 0);
    for (int i = 0; i < r.nseeds; i++) { /* the first tests are the seeds themselves */
      int found = 0;
      for (int k = 0; k < r.nseeds; k++) found |= r.first[k] == seeds5[i];
      CHECK(found);
    }
    if (strcmp(searches[s], "zesti")) { /* zesti drops what no sensitive op lies ahead of */
      CHECK_EQ_U64(symx_stat_get(ctx, "paths"), 16);
      CHECK_EQ_U64(r.ntests, 16);
    }
    CHECK_EQ_U64(symx_stat_get(ctx, "fastsat_seed_hits"),
                 hits_oracle(seeds5, (int)sizeof seeds5, 0, 0));
    symx_engine_free(eng);
    symx_seeds_free(seeds);
    symx_ctx_free(ctx);
  }
  toyvm_free(p);
}

/* only_seed and only_replay_seeds: the seeds' paths and nothing else. */
static void test_only_seed(void) {
  char err[64];
  toyvm_prog *p = toyvm_parse(bits_text, err, sizeof err);
  for (int which = 0; which < 2; which++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set(ctx, which ? "only_replay_seeds" : "only_seed", 1);
    symx_seeds *seeds;
    run r = {0};
    symx_engine *eng = seeded_engine(ctx, &seeds, &r);
    CHECK(toyvm_explore(eng, p, 1000, on_bits, &r) == SYMX_OK);
    CHECK_EQ_U64(r.ntests, sizeof seeds5);
    CHECK_EQ_U64(r.calls, 0);
    CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_PENDING), 0);
    CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_ACTIVE), 0);
    symx_engine_free(eng);
    symx_seeds_free(seeds);
    symx_ctx_free(ctx);
  }
  toyvm_free(p);
}

/* Seeds are set before start only; an empty set means no seeds. */
static void test_seed_misuse(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_engine *eng = symx_engine_new(ctx);
  symx_seeds *seeds = symx_seeds_new(ctx);
  CHECK(symx_engine_set_seeds(eng, seeds) == SYMX_OK); /* empty */
  CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
  CHECK(symx_engine_set_seeds(eng, seeds) == SYMX_MISUSE);
  CHECK(symx_state_sensitive(NULL) == SYMX_MISUSE);
  CHECK(symx_state_set_location(NULL, "x.c:1") == SYMX_MISUSE);
  symx_state *st;
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  CHECK(symx_state_sensitive(st) == SYMX_OK);
  CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  CHECK(symx_state_set_location(st, "x.c:1") == SYMX_MISUSE);
  CHECK(symx_state_sensitive(st) == SYMX_MISUSE);
  CHECK(symx_engine_next(eng, &st) == SYMX_DONE);
  symx_engine_free(eng);
  symx_seeds_free(seeds);
  symx_ctx_free(ctx);
}

/* ---- the checksum gate (examples/toyvm/checksum.s) ---- */
static uint32_t crc32_4(const uint8_t *b) {
  uint32_t c = 0xffffffffu;
  for (int i = 0; i < 4; i++) {
    c ^= b[i];
    for (int k = 0; k < 8; k++) c = (c >> 1) ^ (c & 1 ? 0xedb88320u : 0);
  }
  return ~c;
}

typedef struct ck {
  symx_ctx *ctx;
  const toyvm_prog *p;
  int ntests, past_gate, bug;
  uint64_t queries_at_first;
  int first_is_seed, oracle_ok, seed_second;
} ck;

static void on_ck(void *user, uint64_t hash, toyvm_outcome o, const symx_test *t) {
  ck *c = user;
  if (t->duplicate) return;
  uint8_t in[8] = {0};
  size_t len;
  const uint8_t *b = symx_assign_get(t->inputs, "in", &len);
  for (size_t i = 0; i < len && i < 8; i++) in[i] = b[i];
  if (c->ntests == 0) c->first_is_seed = !memcmp(in, "\0\0\0\0\0\0\0\0", 8);
  if (c->ntests == 1) { /* both seeds' paths done */
    c->seed_second = !memcmp(in, "SEED\0\0\0\0", 8);
    c->queries_at_first = symx_stat_get(c->ctx, "solver_queries");
  }
  c->ntests++;
  /* the oracle: concrete execution of the test's inputs takes the same path */
  uint64_t h;
  toyvm_outcome co = toyvm_run(c->p, toyvm_input_assign, (void *)t->inputs, 100000, &h, NULL);
  if (t->reason != SYMX_END_EARLY) c->oracle_ok &= co == o && h == hash;
  if (crc32_4(in) == 0x72120eb2u) c->past_gate++;
  if (o == TOYVM_ASSERT) {
    c->bug++;
    symx_ctx_interrupt(c->ctx); /* found what is behind the gate */
  }
}

static toyvm_prog *load_checksum(void) {
  /* the source tree from this file's path (tests run in the build dir) */
  char err[128], path[1024];
  snprintf(path, sizeof path, "%s", __FILE__);
  char *cut = strstr(path, "tests/engine/test_seed.c");
  if (!cut) return NULL;
  snprintf(cut, sizeof path - (size_t)(cut - path), "examples/toyvm/checksum.s");
  toyvm_prog *p = toyvm_load(path, err, sizeof err);
  if (!p) p = toyvm_load("examples/toyvm/checksum.s", err, sizeof err); /* run from the top */
  if (!p) fprintf(stderr, "checksum.s: %s\n", err);
  return p;
}

static void test_checksum_gate(void) {
  toyvm_prog *p = load_checksum();
  CHECK(p != NULL);
  if (!p) return;
  for (int seeded = 1; seeded >= 0; seeded--)
    for (int mode = 1; mode >= 0; mode--) { /* pending, eager */
      if (!seeded && mode == 0) continue;
      symx_ctx *ctx = symx_ctx_new();
      symx_option_set(ctx, "mode", mode);
      /* the newest divergences first: those of the last seed path to run */
      symx_option_set_str(ctx, "pending_search", "dfs");
      symx_option_set_str(ctx, "search", "dfs");
      symx_option_set(ctx, "max_instructions", 40000);
      symx_engine *eng = symx_engine_new(ctx);
      symx_seeds *seeds = symx_seeds_new(ctx);
      /* the all-zero input (the initial witness) is a seed too: its path runs
      ** first (the initial state keeps it), so the gate's seed diverges last */
      CHECK(symx_seeds_add_bytes(seeds, "in", (const uint8_t *)"\0\0\0\0\0\0\0\0", 8) == SYMX_OK);
      CHECK(symx_seeds_add_bytes(seeds, "in", (const uint8_t *)"SEED\0\0\0\0", 8) == SYMX_OK);
      if (seeded) CHECK(symx_engine_set_seeds(eng, seeds) == SYMX_OK);
      ck c = {ctx, p, 0, 0, 0, 0, 0, 1, 0};
      CHECK(toyvm_explore(eng, p, 100000, on_ck, &c) == SYMX_OK);
      CHECK(c.oracle_ok);
      if (!seeded) {
        CHECK_EQ_U64(c.past_gate, 0); /* the gate holds without a seed */
      } else {
        CHECK(c.first_is_seed);
        CHECK(c.seed_second);
        if (mode == 1) CHECK_EQ_U64(c.queries_at_first, 0); /* pending: no solver on the seed's path */
        else CHECK(c.queries_at_first > 0);                 /* eager asks at every branch */
        CHECK(c.past_gate >= 2); /* inputs in the code behind the gate, beyond the seed */
        CHECK_EQ_U64(c.bug, 1); /* the assertion behind the gate */
      }
      symx_engine_free(eng);
      symx_seeds_free(seeds);
      symx_ctx_free(ctx);
    }
  toyvm_free(p);
}

/* ---- locations of test cases ---- */
static void on_loc(void *user, symx_state *st, const symx_test *t) {
  (void)st;
  char *buf = user;
  snprintf(buf + strlen(buf), 256 - strlen(buf), "[%s:%s]", symx_error_kind_name(t->kind),
           t->location ? t->location : "-");
}

static void test_location(void) {
  char dir[] = "/tmp/symx_seedloc_XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "output_dir", dir);
  symx_option_set_str(ctx, "test_formats", "json");
  symx_option_set_str(ctx, "search", "dfs");
  symx_engine *eng = symx_engine_new(ctx);
  char log[256] = "";
  symx_engine_on_test(eng, on_loc, log);
  CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
  symx_expr *x = symx_var(ctx, "x", 8), *k = symx_const(ctx, 8, 3);
  symx_expr *eq = symx_eq(ctx, x, k);
  symx_state *st;
  int rc;
  while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE) {
    if (symx_state_nconstraints(st) == 0) {
      /* an error check with a location, then an exit without one */
      CHECK(symx_state_set_location(st, "f.c:12") == SYMX_OK);
      CHECK(symx_state_check(st, eq, SYMX_ERR_DIV_ZERO, "div") == SYMX_OK);
      CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
    }
  }
  CHECK_EQ_U64(rc, SYMX_DONE);
  CHECK(strcmp(log, "[div-zero:f.c:12][none:-]") == 0);
  symx_test t;
  CHECK(symx_engine_test_get(eng, 0, &t) == SYMX_OK);
  CHECK(t.location && !strcmp(t.location, "f.c:12"));
  CHECK(symx_engine_test_get(eng, 1, &t) == SYMX_OK);
  CHECK(t.location == NULL);
  char path[512], text[1024] = "";
  snprintf(path, sizeof path, "%s/test000001.json", dir);
  FILE *f = fopen(path, "r");
  CHECK(f != NULL);
  if (f) {
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
  }
  CHECK_STR_CONTAINS(text, "f.c:12");
  snprintf(path, sizeof path, "%s/test000002.json", dir);
  f = fopen(path, "r");
  if (f) {
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    CHECK(!strstr(text, "f.c:12"));
  }
  for (int i = 1; i <= 2; i++) {
    snprintf(path, sizeof path, "%s/test%06d.json", dir, i);
    unlink(path);
  }
  rmdir(dir);
  symx_expr_release(eq);
  symx_expr_release(k);
  symx_expr_release(x);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

/* ---- .ktest seeds matched by position (seed_match = position) ---- */

/* The byte name binds in a (0 when unbound). */
static int byte_of(const symx_assign *a, const char *name) {
  size_t len = 0;
  const uint8_t *b = symx_assign_get(a, name, &len);
  return b && len ? b[0] : 0;
}

/* The seed's objects "a" = 7, "b" = 9 (in that order) bind the inputs the
** path makes, "y" then "x"; in name mode neither. Past its objects, with
** seed_extend off, a seed refuses the next input (KLEE's user error). */
static void seed_position(const char *match, const char *path) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set_str(ctx, "seed_match", match) == SYMX_OK);
  CHECK(symx_option_set_str(ctx, "seed_extend", "0") == SYMX_OK);
  symx_seeds *seeds = symx_seeds_new(ctx);
  CHECK(symx_seeds_add_ktest(seeds, path, NULL, 0) == SYMX_OK);
  symx_engine *eng = symx_engine_new(ctx);
  CHECK(symx_engine_set_seeds(eng, seeds) == SYMX_OK);
  CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
  symx_expr *y = symx_array_input(ctx, "y", 1, 32), *x = symx_array_input(ctx, "x", 1, 32);
  symx_expr *z = symx_array_input(ctx, "z", 1, 32), *ey = symx_read_le(ctx, y, 0, 1);
  symx_expr *k7 = symx_const(ctx, 8, 7), *is7 = symx_eq(ctx, ey, k7);
  symx_state *st, *t, *f;
  int rc, seeded = 0, position = !strcmp(match, "position");
  while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE) {
    if (symx_state_nconstraints(st) == 0) {
      CHECK(symx_state_new_input(st, y) == SYMX_OK);
      CHECK(symx_state_branch(st, is7, &t, &f) == SYMX_OK);
      continue;
    }
    if (byte_of(symx_state_witness(st), "y") == 7) {
      seeded++;
      CHECK(symx_state_new_input(st, x) == SYMX_OK);
      CHECK_EQ_U64(byte_of(symx_state_witness(st), "x"), position ? 9 : 0);
      CHECK_EQ_U64(symx_state_new_input(st, z), position ? SYMX_RANGE : SYMX_OK);
      if (position) CHECK_STR_CONTAINS(symx_errmsg(ctx), "ran out of inputs during seeding");
    }
    CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  }
  CHECK_EQ_U64(rc, SYMX_DONE);
  CHECK_EQ_U64(seeded, 1); /* by name, the solver finds y = 7 instead */
  symx_expr *all[] = {y, x, z, ey, k7, is7};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
  symx_engine_free(eng);
  symx_seeds_free(seeds);
  symx_ctx_free(ctx);
}

static void test_seed_position(void) {
  char path[] = "/tmp/symx_seedpos_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  close(fd);
  symx_ctx *ctx = symx_ctx_new();
  symx_assign *a = symx_assign_new(ctx);
  const uint8_t seven = 7, nine = 9;
  CHECK(symx_assign_set(a, "a", &seven, 1) == SYMX_OK && symx_assign_set(a, "b", &nine, 1) == SYMX_OK);
  CHECK(symx_ktest_write(ctx, path, a, NULL, 0) == SYMX_OK);
  symx_assign_free(a);
  symx_ctx_free(ctx);
  seed_position("position", path);
  seed_position("name", path);
  unlink(path);
}

CHECK_MAIN(CHECK_CASE(test_seed_paths_first), CHECK_CASE(test_only_seed), CHECK_CASE(test_seed_misuse),
           CHECK_CASE(test_checksum_gate), CHECK_CASE(test_location), CHECK_CASE(test_seed_position))
