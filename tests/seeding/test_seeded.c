/*
** test_seeded.c — seed-guided exploration end to end (issue 6), on toyvm:
** examples/toyvm/checksum.s guards a second stage with a CRC-32 of its first
** 4 input bytes (one branch per bit: every path through it fixes the bytes,
** so 1 path in 2^32 passes). Within the same instruction budget,
** exploration without a seed never passes the gate, while one seed that
** passes it ("SEED") takes exploration beyond it with no solver call until
** the seed's path is complete, and the solver then finds inputs in the code
** behind the gate, down to its assertion failure.
**
** Oracles: a native CRC-32 (independent of the program) decides whether a
** test input passes the gate; every test input is replayed by toyvm's
** concrete interpreter, which must take the same path (hash) to the same end.
*/
#include "check.h"
#include "../../examples/toyvm/toyvm.h"

#include <stdlib.h>
#include <string.h>

#define BUDGET "20000" /* max_instructions of every exploration below */
#define MAX_STEPS 100000

static const uint8_t seed_pass[8] = {'S', 'E', 'E', 'D', 0, 0, 0, 0};
static const uint8_t seed_fail[8] = {'S', 'E', 'E', 'E', 0, 0, 0, 0};

/* ---- oracles ---- */

static uint32_t crc32_native(const uint8_t *b, size_t n) {
  uint32_t c = 0xffffffffu;
  for (size_t i = 0; i < n; i++) {
    c ^= b[i];
    for (int k = 0; k < 8; k++) c = c & 1 ? (c >> 1) ^ 0xedb88320u : c >> 1;
  }
  return ~c;
}

/* The gate as the native oracle sees it: CRC-32 of bytes 0..3 equals the
** CRC-32 of "SEED" (the constant checksum.s compares with). */
static int passes(const uint8_t *in) { return crc32_native(in, 4) == crc32_native(seed_pass, 4); }

static toyvm_prog *load_checksum(void) {
  /* tests run from inside the build directory, which sits in the source tree */
  static const char *const rel[] = {"examples/toyvm/checksum.s", "../examples/toyvm/checksum.s",
                                    "../../examples/toyvm/checksum.s",
                                    "../../../examples/toyvm/checksum.s"};
  char err[256];
  for (size_t i = 0; i < sizeof rel / sizeof *rel; i++) {
    toyvm_prog *p = toyvm_load(rel[i], err, sizeof err);
    if (p) return p;
  }
  /* __FILE__ is tests/seeding/test_seeded.c relative to the compiler's directory */
  char path[1024];
  snprintf(path, sizeof path, "%s", __FILE__);
  char *slash = strrchr(path, '/');
  if (slash) {
    snprintf(slash, sizeof path - (size_t)(slash - path), "/../../examples/toyvm/checksum.s");
    toyvm_prog *p = toyvm_load(path, err, sizeof err);
    if (p) return p;
  }
  fprintf(stderr, "test_seeded: cannot find examples/toyvm/checksum.s (%s)\n", err);
  return NULL;
}

static toyvm_outcome replay(const toyvm_prog *p, const uint8_t *in, uint64_t *hash) {
  symx_ctx *ctx = symx_ctx_new();
  symx_assign *a = symx_assign_new(ctx);
  symx_assign_set(a, "in", in, 8);
  toyvm_outcome o = toyvm_run(p, toyvm_input_assign, a, MAX_STEPS, hash, NULL);
  symx_assign_free(a);
  symx_ctx_free(ctx);
  return o;
}

/* ---- a deepest-first pending searcher (ties: the newest state) ----
** After the seeding phase the pending states the seed left behind lie along
** its path; the deepest are those behind the gate. The same searcher runs
** the unseeded explorations, where it digs through the CRC's paths. */
typedef struct deepest {
  symx_state **v;
  size_t n, cap;
} deepest;

static int dp_add(void *self, symx_state *st) {
  deepest *d = self;
  if (d->n == d->cap) {
    size_t cap = d->cap ? d->cap * 2 : 64;
    symx_state **v = realloc(d->v, cap * sizeof *v);
    if (!v) return 1;
    d->v = v;
    d->cap = cap;
  }
  d->v[d->n++] = st;
  return 0;
}
static void dp_remove(void *self, symx_state *st) {
  deepest *d = self;
  for (size_t i = 0; i < d->n; i++)
    if (d->v[i] == st) {
      d->v[i] = d->v[--d->n];
      return;
    }
}
static symx_state *dp_select(void *self) {
  deepest *d = self;
  symx_state *best = NULL;
  for (size_t i = 0; i < d->n; i++) {
    symx_state *s = d->v[i];
    if (!best || symx_state_depth(s) > symx_state_depth(best) ||
        (symx_state_depth(s) == symx_state_depth(best) && symx_state_id(s) > symx_state_id(best)))
      best = s;
  }
  return best;
}
static int dp_empty(void *self) { return ((deepest *)self)->n == 0; }
static void dp_free(void *self) {
  deepest *d = self;
  free(d->v);
  free(d);
}
static const symx_searcher_vt deepest_vt = {dp_add, dp_remove, dp_select, dp_empty, NULL, dp_free};

/* ---- one exploration ---- */

typedef struct outcome {
  const toyvm_prog *p;
  symx_ctx *ctx;
  uint64_t seed_hash;   /* the seed's path, from a concrete run */
  int seed_done;        /* the seed's path ended */
  uint64_t q_at_seed, bq_at_seed; /* solver_queries, backend_queries then */
  int tests, behind;    /* tests; of them past the gate on another path than the seed's */
  int asserts;          /* assertion failures (confirmed by replay) */
  int mismatches;       /* symbolic and concrete runs disagree */
  uint64_t instructions, queries, seed_hits;
} outcome;

static void on_test(void *user, uint64_t hash, toyvm_outcome o, const symx_test *t) {
  outcome *r = user;
  if (t->duplicate) return;
  r->tests++;
  if (hash == r->seed_hash && !r->seed_done) {
    r->seed_done = 1;
    r->q_at_seed = symx_stat_get(r->ctx, "solver_queries");
    r->bq_at_seed = symx_stat_get(r->ctx, "backend_queries");
  }
  uint8_t in[8] = {0};
  size_t n = 0;
  const uint8_t *b = symx_assign_get(t->inputs, "in", &n);
  if (b) memcpy(in, b, n < 8 ? n : 8);
  uint64_t h;
  toyvm_outcome c = toyvm_run(r->p, toyvm_input_assign, (void *)t->inputs, MAX_STEPS, &h, NULL);
  /* a path cut by the budget ends early; its input runs on concretely */
  if (o != TOYVM_LIMIT && (c != o || h != hash)) r->mismatches++;
  if (o == TOYVM_ASSERT && c == TOYVM_ASSERT) r->asserts++;
  if (passes(in) && hash != r->seed_hash) r->behind++;
}

/* deep: the deepest-first pending searcher, else the default searchers. */
static outcome explore(const toyvm_prog *p, const char *mode, const uint8_t *seed, int deep) {
  outcome r = {0};
  r.p = p;
  symx_ctx *ctx = r.ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set_str(ctx, "max_instructions", BUDGET);
  symx_seeds *ss = symx_seeds_new(ctx);
  if (seed) {
    CHECK(symx_seeds_add_bytes(ss, "in", seed, 8) == SYMX_OK);
    CHECK(replay(p, seed, &r.seed_hash) == TOYVM_EXIT);
  }
  symx_engine *eng = symx_engine_new(ctx);
  CHECK(eng != NULL);
  if (deep) CHECK(symx_engine_set_searcher(eng, 1, &deepest_vt, calloc(1, sizeof(deepest))) == SYMX_OK);
  if (seed) CHECK(symx_engine_set_seeds(eng, ss) == SYMX_OK);
  CHECK(toyvm_explore(eng, p, MAX_STEPS, on_test, &r) == SYMX_OK);
  r.instructions = symx_stat_get(ctx, "instructions");
  /* the chain's work: full queries and the cache-only lookups of fast-sat */
  r.queries = symx_stat_get(ctx, "solver_queries") + symx_stat_get(ctx, "chain_lookup_sat");
  r.seed_hits = symx_stat_get(ctx, "fastsat_seed_hits");
  fprintf(stderr,
          "  %-7s %-6s %-7s tests %d behind-gate %d asserts %d instructions %llu queries %llu"
          " (at the seed's end: %llu)\n",
          mode, seed ? "seeded" : "none", deep ? "deepest" : "default", r.tests, r.behind, r.asserts,
          (unsigned long long)r.instructions, (unsigned long long)r.queries,
          (unsigned long long)r.q_at_seed);
  symx_engine_free(eng);
  symx_seeds_free(ss);
  symx_ctx_free(ctx);
  r.ctx = NULL;
  return r;
}

/* ---- cases ---- */

/* The program and the native oracle agree on the gate: behind it, in[4]
** >= 128 and "BUG" fail the assertion; the same bytes after a failing
** checksum exit normally. */
static void test_gate_concrete(void) {
  toyvm_prog *p = load_checksum();
  CHECK(p != NULL);
  if (!p) return;
  CHECK(passes(seed_pass));
  CHECK(!passes(seed_fail));
  uint8_t bug[8] = {'S', 'E', 'E', 'D', 0x80, 'B', 'U', 'G'};
  uint64_t h1, h2;
  CHECK(replay(p, bug, &h1) == TOYVM_ASSERT);
  bug[3] = 'E';
  CHECK(!passes(bug));
  CHECK(replay(p, bug, &h2) == TOYVM_EXIT);
  CHECK(replay(p, seed_pass, &h1) == TOYVM_EXIT);
  CHECK(replay(p, seed_fail, &h2) == TOYVM_EXIT);
  CHECK(h1 != h2);
  toyvm_free(p);
}

/* Without a seed the budget runs out inside the CRC's paths, with the
** searchers of the seeded run below and with the default ones. */
static void test_unseeded_stays_out(void) {
  toyvm_prog *p = load_checksum();
  if (!p) return;
  for (int deep = 1; deep >= 0; deep--) {
    outcome r = explore(p, "pending", NULL, deep);
    CHECK(r.tests > 0);
    CHECK(r.behind == 0);
    CHECK(r.asserts == 0);
    CHECK(r.mismatches == 0);
    CHECK(r.instructions >= (uint64_t)atoi(BUDGET)); /* cut by the budget, not finished */
  }
  toyvm_free(p);
}

/* The passing seed: its path ends with zero solver calls, then the solver
** finds other inputs behind the gate and the assertion failure. */
static void test_seed_passes_gate(void) {
  toyvm_prog *p = load_checksum();
  if (!p) return;
  outcome r = explore(p, "pending", seed_pass, 1);
  CHECK(r.seed_done);
  CHECK_EQ_U64(r.q_at_seed, 0);
  CHECK_EQ_U64(r.bq_at_seed, 0); /* the seed is the root's witness: no tier b needed on its path */
  CHECK(r.behind >= 1);
  CHECK(r.asserts >= 1);
  CHECK(r.queries > 0); /* what lies behind the seed's path was the solver chain's work */
  CHECK(r.mismatches == 0);
  toyvm_free(p);
}

/* Eager mode asks the solver at every fork of the seed's path. */
static void test_eager_pays_on_seed_path(void) {
  toyvm_prog *p = load_checksum();
  if (!p) return;
  outcome r = explore(p, "eager", seed_pass, 1);
  CHECK(r.seed_done);
  CHECK(r.q_at_seed > 0);
  CHECK(r.mismatches == 0);
  toyvm_free(p);
}

CHECK_MAIN(CHECK_CASE(test_gate_concrete), CHECK_CASE(test_unseeded_stays_out),
           CHECK_CASE(test_seed_passes_gate),
           CHECK_CASE(test_eager_pays_on_seed_path))
