/*
** test_engine.c — the engine API: misuse never crashes and leaves the
** engine usable, determinism per rng_seed, memory back to baseline, the
** unknown policy, limits and memory pressure, test-case numbering, files
** and queries, user searchers, interrupt and resume.
*/
#include "check.h"
#include "brute.h"
#include "payload.h"
#include "engine/engine.h"
#include "../../examples/toyvm/toyvm.h"

#include <stdlib.h>
#include <unistd.h>

static int unknown(void *user, sx_expr *const *cs, size_t n, sx_assign *model) {
  (void)cs; (void)n; (void)model;
  (*(int *)user)++;
  return SYMX_UNKNOWN;
}

/* ---- a micro front end: 4 branches on the bits of in[0], then exit ---- */
typedef struct pl { int i; } pl;
static int fail_clone;
TEST_PAYLOAD(fail_clone)

static symx_expr *bit(symx_ctx *ctx, int i) {
  symx_expr *in = symx_array_input(ctx, "in", 2, 32), *x = symx_read_le(ctx, in, 0, 1);
  symx_expr *b = symx_extract(ctx, x, (unsigned)i, (unsigned)i), *one = symx_const(ctx, 1, 1);
  symx_expr *e = symx_eq(ctx, b, one);
  symx_expr_release(in); symx_expr_release(x); symx_expr_release(b); symx_expr_release(one);
  return e;
}

/* Runs st; returns the code of the last engine call. */
static int bits_run(symx_ctx *ctx, symx_state *st) {
  pl *p = symx_state_payload(st);
  while (p->i < 4) {
    symx_expr *c = bit(ctx, p->i);
    symx_state *t, *f;
    int rc = symx_state_branch(st, c, &t, &f);
    symx_expr_release(c);
    if (rc != SYMX_OK) return rc;
    if (t) ((pl *)symx_state_payload(t))->i++;
    if (f) ((pl *)symx_state_payload(f))->i++;
    if (t && f) return SYMX_OK;
  }
  return symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL);
}
static int bits_explore(symx_engine *eng) {
  pl *p = calloc(1, sizeof *p);
  int rc = symx_engine_start(eng, p, &pl_vt);
  if (rc != SYMX_OK) return rc;
  symx_state *st;
  while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE) {
    /* the witness invariant: a runnable state's witness satisfies its path */
    CHECK(st->status == SYMX_ST_ACTIVE && st->pcond == NULL);
    CHECK(sx_clist_holds(symx_engine_ctx(eng), st->cs, st->witness));
    if ((rc = bits_run(symx_engine_ctx(eng), st)) != SYMX_OK) return rc;
  }
  return rc;
}

static void test_misuse(void) {
  CHECK(symx_engine_new(NULL) == NULL);
  CHECK(symx_engine_next(NULL, NULL) == SYMX_MISUSE);
  CHECK(symx_state_branch(NULL, NULL, NULL, NULL) == SYMX_MISUSE);
  CHECK(symx_state_terminate(NULL, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_MISUSE);
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "search", "nosuch");
  CHECK(symx_engine_new(ctx) == NULL);
  CHECK_EQ_U64(symx_errcode(ctx), SYMX_RANGE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "nosuch");
  symx_option_set_str(ctx, "search", "dfs,dfs,dfs,dfs,dfs");
  CHECK(symx_engine_new(ctx) == NULL);
  symx_option_set_str(ctx, "search", "dfs");
  symx_engine *eng = symx_engine_new(ctx);
  const symx_payload_vt half = {NULL, pl_free, NULL};
  CHECK(symx_engine_start(eng, NULL, &half) == SYMX_MISUSE);
  symx_state *st, *t, *f;
  CHECK(symx_engine_next(eng, &st) == SYMX_MISUSE);
  pl *p = calloc(1, sizeof *p);
  CHECK(symx_engine_start(eng, p, &pl_vt) == SYMX_OK);
  CHECK(symx_engine_start(eng, p, &pl_vt) == SYMX_MISUSE);
  symx_searcher_vt vt = {0};
  CHECK(symx_engine_set_searcher(eng, 0, &vt, NULL) == SYMX_MISUSE);
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  symx_expr *x = symx_var(ctx, "in", 16), *x8 = symx_extract(ctx, x, 7, 0);
  symx_expr *arr = symx_array_input(ctx, "in", 2, 32), *c = bit(ctx, 0);
  /* wrong conditions */
  CHECK(symx_state_branch(st, x8, &t, &f) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "width 8");
  CHECK(t == NULL && f == NULL);
  CHECK(symx_state_branch(st, NULL, &t, &f) == SYMX_MISUSE);
  CHECK(symx_state_branch(st, arr, &t, &f) == SYMX_MISUSE);
  CHECK(symx_state_check(st, x8, SYMX_ERR_ASSERT, NULL) == SYMX_MISUSE);
  CHECK(symx_state_check(st, c, (symx_error_kind)99, NULL) == SYMX_MISUSE);
  CHECK(symx_state_assume(st, x8) == SYMX_MISUSE);
  CHECK(symx_state_eval(st, arr, NULL) == SYMX_MISUSE);
  symx_ctx *other = symx_ctx_new();
  symx_expr *foreign = symx_var(other, "z", 1);
  CHECK(symx_state_branch(st, foreign, &t, &f) == SYMX_MISUSE);
  symx_expr_release(foreign);
  symx_ctx_free(other);
  /* the payload clone fails: SYMX_NOMEM, nothing changed */
  fail_clone = 1;
  CHECK(symx_state_branch(st, c, &t, &f) == SYMX_NOMEM);
  fail_clone = 0;
  CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_ACTIVE), 1);
  CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_PENDING), 0);
  CHECK_EQ_U64(symx_stat_get(ctx, "forks"), 0);
  CHECK_EQ_U64(symx_state_nconstraints(st), 0);
  /* and the engine still works */
  CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
  CHECK(t && f && (t == st || f == st));
  symx_state *pend = t == st ? f : t;
  CHECK(symx_state_status(pend) == SYMX_ST_PENDING);
  CHECK(symx_state_branch(pend, c, &t, &f) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "pending");
  uint64_t v;
  CHECK(symx_state_eval(pend, c, &v) == SYMX_MISUSE);
  CHECK(symx_state_witness(pend) == NULL);
  /* a terminated state */
  CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  CHECK(symx_state_status(st) == SYMX_ST_TERMINATED);
  CHECK(symx_state_branch(st, c, &t, &f) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "terminated");
  CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_MISUSE);
  CHECK(symx_state_assume(st, c) == SYMX_MISUSE);
  CHECK(symx_state_concretize(st, x, &v) == SYMX_MISUSE);
  CHECK(symx_state_eval(st, x, &v) == SYMX_OK); /* its witness stays readable */
  CHECK(symx_state_terminate(pend, (symx_reason)42, SYMX_ERR_NONE, NULL) == SYMX_MISUSE);
  symx_test tc;
  CHECK(symx_engine_test_get(eng, 99, &tc) == SYMX_RANGE);
  /* the rest of the exploration runs normally */
  int rc;
  while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE) CHECK(bits_run(ctx, st) == SYMX_OK);
  CHECK_EQ_U64(rc, SYMX_DONE);
  CHECK_EQ_U64(symx_engine_next(eng, &st), SYMX_DONE);
  symx_expr_release(x); symx_expr_release(x8); symx_expr_release(arr); symx_expr_release(c);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

static const char *const prog_text =
    "sym 0, 2, in\nldb r1, r0, 0\nldb r2, r0, 1\n"
    "br ult r1, 100, a\nadd r3, r1, r2\nbr eq r3, 77, b\nset ne r4, r2, 5\nassert r4\n"
    "a: br ugt r2, r1, b\nand r5, r1, 3\nmov r6, 0\nl: add r6, r6, 1\nbr ult r6, r5, l\n"
    "b: set ne r7, r1, 200\nassert r7\nhalt\n";

typedef struct trace { uint64_t h; size_t n; uint32_t last; int gaps; } trace;
static void tr(void *u, uint64_t hash, toyvm_outcome o, const symx_test *t) {
  trace *x = u;
  x->h = x->h * 1000003u ^ hash ^ t->state_id * 31 ^ (uint64_t)o;
  x->n++;
  if (!t->duplicate) {
    if (t->number != x->last + 1) x->gaps++;
    x->last = t->number;
  }
}

static uint64_t explore_once(const char *mode, const char *search, int64_t seed, bool brute_force,
                             size_t *ntests) {
  char err[64];
  toyvm_prog *p = toyvm_parse(prog_text, err, sizeof err);
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set_str(ctx, "search", search);
  symx_option_set(ctx, "rng_seed", seed);
  symx_option_set_str(ctx, "solver", seed % 2 ? "z3" : "cadical");
  symx_engine *eng = symx_engine_new(ctx);
  if (brute_force) sx_engine_set_checker(eng, brute_in2, NULL);
  trace t = {0, 0, 0, 0};
  CHECK(toyvm_explore(eng, p, 10000, tr, &t) == SYMX_OK);
  CHECK_EQ_U64(t.gaps, 0);
  CHECK_EQ_U64(symx_engine_test_count(eng), t.last);
  if (ntests) *ntests = t.n;
  symx_engine_free(eng);
  symx_ctx_free(ctx);
  toyvm_free(p);
  return t.h;
}

static void test_determinism(void) {
  static const char *const searches[] = {"random-path", "random-state", "nurs:rp", "bfs"};
  for (int m = 0; m < 3; m++)
    for (int s = 0; s < 4; s++) {
      const char *mode = m == 0 ? "eager" : m == 1 ? "pending" : "relaxed";
      size_t n1, n2;
      uint64_t a = explore_once(mode, searches[s], 42, false, &n1);
      uint64_t b = explore_once(mode, searches[s], 42, false, &n2);
      CHECK_EQ_U64(a, b);
      CHECK_EQ_U64(n1, n2);
      /* the other backend and the brute_in2-force checker find as many paths */
      size_t n3;
      explore_once(mode, searches[s], 43, s == 0, &n3);
      CHECK_EQ_U64(n1, n3);
    }
}

/* symx_engine_random: reproducible per rng_seed, in range, and a stream
** of its own (the engine's searchers draw the same with or without it). */
static void test_front_random(void) {
  uint64_t draws[2][16];
  for (int k = 0; k < 2; k++) {
    symx_ctx *ctx = symx_ctx_new();
    CHECK(symx_option_set(ctx, "rng_seed", 7) == SYMX_OK);
    symx_engine *eng = symx_engine_new(ctx);
    for (int i = 0; i < 16; i++) {
      draws[k][i] = symx_engine_random(eng, 10);
      CHECK(draws[k][i] < 10);
    }
    CHECK_EQ_U64(symx_engine_random(eng, 0), 0);
    symx_engine_free(eng);
    symx_ctx_free(ctx);
  }
  int differ = 0;
  for (int i = 0; i < 16; i++) {
    CHECK_EQ_U64(draws[0][i], draws[1][i]);
    differ |= draws[0][i] != draws[0][0];
  }
  CHECK(differ); /* not one value: 16 equal draws of 10 are a 1e-15 chance */
  CHECK_EQ_U64(symx_engine_random(NULL, 5), 0);
}

static void test_memory_baseline(void) {
  char err[64];
  toyvm_prog *p = toyvm_parse(prog_text, err, sizeof err);
  for (int m = 0; m < 3; m++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set(ctx, "mode", m);
    uint64_t bytes = 0;
    size_t live = 0;
    for (int rep = 0; rep < 2; rep++) {
      symx_engine *eng = symx_engine_new(ctx);
      sx_engine_set_checker(eng, brute_in2, NULL); /* no solver caches in the context */
      trace t = {0, 0, 0, 0};
      CHECK(toyvm_explore(eng, p, 10000, tr, &t) == SYMX_OK);
      CHECK(t.n > 3);
      symx_engine_free(eng);
      /* the chain's per-context caches (the key cache every fork's factor
      ** update fills) are bounded, not the engine's: drop them */
      if (ctx->solver_shared_free) ctx->solver_shared_free(ctx);
      if (rep == 0) {
        bytes = symx_stat_get(ctx, "bytes_in_use");
        live = symx_expr_live(ctx);
      }
    }
    CHECK_EQ_U64(symx_stat_get(ctx, "bytes_in_use"), bytes);
    CHECK_EQ_U64(symx_expr_live(ctx), live);
    CHECK_EQ_U64(symx_stat_get(ctx, "states_live"), 0);
    symx_ctx_free(ctx);
  }
  toyvm_free(p);
}

static void test_unknown_policy(void) {
  for (int policy = 0; policy < 2; policy++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set(ctx, "unknown_policy", policy);
    symx_engine *eng = symx_engine_new(ctx);
    int calls = 0;
    sx_engine_set_checker(eng, unknown, &calls);
    CHECK_EQ_U64(bits_explore(eng), SYMX_DONE);
    /* only the witness path runs; every pending state times out (twice
    ** with retry) and is dropped */
    CHECK_EQ_U64(symx_stat_get(ctx, "paths"), 1);
    uint64_t pending = symx_stat_get(ctx, "pending_created");
    CHECK_EQ_U64(pending, 4);
    CHECK_EQ_U64(symx_stat_get(ctx, "revivals_unknown"), pending * (policy ? 2 : 1));
    CHECK_EQ_U64((uint64_t)calls, pending * (policy ? 2 : 1));
    CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_PENDING), 0);
    symx_engine_free(eng);
    symx_ctx_free(ctx);
  }
}

static void test_limits(void) {
  /* max_forks and max_depth: no fork past them, paths follow the witness */
  for (int k = 0; k < 2; k++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set(ctx, k ? "max_depth" : "max_forks", 2);
    symx_engine *eng = symx_engine_new(ctx);
    sx_engine_set_checker(eng, brute_in2, NULL);
    CHECK_EQ_U64(bits_explore(eng), SYMX_DONE);
    CHECK(symx_stat_get(ctx, "forks") <= (k ? 3u : 2u));
    CHECK_EQ_U64(symx_stat_get(ctx, "paths"), symx_stat_get(ctx, "forks") + 1);
    symx_engine_free(eng);
    symx_ctx_free(ctx);
  }
  /* max_instructions ends the exploration; remaining states end early */
  char err[64];
  toyvm_prog *p = toyvm_parse(prog_text, err, sizeof err);
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "max_instructions", 12);
  symx_engine *eng = symx_engine_new(ctx);
  trace t = {0, 0, 0, 0};
  CHECK(toyvm_explore(eng, p, 10000, tr, &t) == SYMX_OK);
  CHECK(symx_stat_get(ctx, "paths") < 8); /* 8 paths without the limit */
  CHECK(symx_stat_get(ctx, "instructions") < 50);
  CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_ACTIVE) + symx_engine_count(eng, SYMX_ST_PENDING), 0);
  CHECK(symx_engine_next(eng, &(symx_state *){NULL}) == SYMX_DONE);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
  toyvm_free(p);
}

/* Section 3.4: over max_states, infeasible pending states go first, none
** revived. */
static void test_pressure(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "pending_search", "dfs");
  symx_engine *eng = symx_engine_new(ctx);
  sx_engine_set_checker(eng, brute_in2, NULL);
  CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
  symx_state *st, *t, *f;
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  symx_expr *in = symx_array_input(ctx, "in", 2, 32), *x = symx_read_le(ctx, in, 0, 1);
  symx_expr *k10 = symx_const(ctx, 8, 10), *k20 = symx_const(ctx, 8, 20), *k30 = symx_const(ctx, 8, 30);
  symx_expr *c1 = symx_ult(ctx, x, k10), *c2 = symx_ugt(ctx, x, k20), *c3 = symx_ugt(ctx, x, k30);
  CHECK(symx_state_branch(st, c1, &t, &f) == SYMX_OK && t == st); /* f: x >= 10, feasible */
  CHECK(symx_state_branch(st, c2, &t, &f) == SYMX_OK && f == st); /* t: x > 20 && x < 10 */
  CHECK(symx_state_branch(st, c3, &t, &f) == SYMX_OK && f == st); /* t: x > 30 && x < 10 */
  CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_PENDING), 3);
  symx_option_set(ctx, "max_states", 2);
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  CHECK_EQ_U64(symx_stat_get(ctx, "pressure_kills_infeasible"), 2); /* both infeasible ones */
  CHECK_EQ_U64(symx_stat_get(ctx, "pressure_kills"), 0); /* no feasible state lost */
  CHECK_EQ_U64(symx_stat_get(ctx, "revivals_sat") + symx_stat_get(ctx, "revivals_unsat"), 0);
  CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_PENDING), 1); /* x >= 10 waits, not revived */
  CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_ACTIVE) + symx_engine_count(eng, SYMX_ST_PENDING), 2);
  /* one state too many, both feasible: a state picked at random ends */
  symx_option_set(ctx, "max_states", 1);
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_ACTIVE) + symx_engine_count(eng, SYMX_ST_PENDING), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "pressure_kills"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "pressure_kills_infeasible"), 2);
  CHECK(symx_stat_get(ctx, "pressure_solver_checks") <= 3); /* each asked once at most */
  symx_expr *all[] = {in, x, k10, k20, k30, c1, c2, c3};
  for (size_t i = 0; i < 8; i++) symx_expr_release(all[i]);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

typedef struct cb {
  size_t calls, dups;
  uint32_t number[32]; /* per call */
  const symx_assign *inputs[32];
  uint64_t state_id[32];
} cb;
static void count_tests(void *u, symx_state *st, const symx_test *t) {
  cb *c = u;
  (void)st;
  if (c->calls < 32) {
    c->number[c->calls] = t->number;
    c->inputs[c->calls] = t->inputs;
    c->state_id[c->calls] = t->state_id;
  }
  c->calls++;
  c->dups += t->duplicate != 0;
}

static void test_testcases(void) {
  char dir[] = "/tmp/symx-engine-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "output_dir", dir);
  symx_option_set_str(ctx, "test_formats", "ktest,json");
  symx_engine *eng = symx_engine_new(ctx);
  cb c = {0};
  symx_engine_on_test(eng, count_tests, &c);
  /* the run's arguments go into every .ktest (KLEE's "args") */
  const char *argv[] = {"prog", "--sym-arg", "3"};
  CHECK(symx_engine_set_test_args(eng, NULL, 2) == SYMX_MISUSE);
  CHECK(symx_engine_set_test_args(eng, argv, 3) == SYMX_OK);
  CHECK_EQ_U64(bits_explore(eng), SYMX_DONE);
  size_t n = symx_engine_test_count(eng);
  CHECK_EQ_U64(n, 16);
  CHECK_EQ_U64(c.calls, 16);
  for (size_t i = 0; i < n; i++) {
    symx_test t;
    CHECK(symx_engine_test_get(eng, i, &t) == SYMX_OK);
    CHECK_EQ_U64(t.number, i + 1);
    CHECK(t.reason == SYMX_END_EXIT);
    /* one store: the callback saw this very record */
    CHECK(c.number[i] == t.number && c.inputs[i] == t.inputs && c.state_id[i] == t.state_id);
    size_t len;
    const uint8_t *b = symx_assign_get(t.inputs, "in", &len);
    CHECK(b && len == 2);
    char path[256];
    snprintf(path, sizeof path, "%s/test%06zu.ktest", dir, i + 1);
    CHECK(access(path, R_OK) == 0);
    FILE *kf = fopen(path, "rb");
    unsigned char head[39] = {0};
    CHECK(kf && fread(head, 1, sizeof head, kf) == sizeof head);
    if (kf) fclose(kf);
    /* "KTEST", version 3, 3 arguments: "prog" (4 bytes), "--sym-arg" (9), "3" (1) */
    CHECK(memcmp(head, "KTEST\0\0\0\3\0\0\0\3\0\0\0\4prog\0\0\0\x09--sym-arg\0\0\0\1" "3", 39) == 0);
    snprintf(path, sizeof path, "%s/test%06zu.json", dir, i + 1);
    CHECK(access(path, R_OK) == 0);
    unlink(path);
    snprintf(path, sizeof path, "%s/test%06zu.ktest", dir, i + 1);
    unlink(path);
  }
  char path[256];
  snprintf(path, sizeof path, "%s/test%06zu.ktest", dir, n + 1);
  CHECK(access(path, R_OK) != 0);
  /* the same inputs again: recorded once, reported as a duplicate */
  symx_test t0;
  symx_engine_test_get(eng, 0, &t0);
  sx_state fake = {0};
  fake.eng = eng;
  CHECK(sx_engine_emit(eng, &fake, (sx_assign *)t0.inputs, SYMX_END_USER, SYMX_ERR_NONE, NULL, "test") == SYMX_OK);
  CHECK_EQ_U64(symx_engine_test_count(eng), 16);
  CHECK_EQ_U64(c.dups, 1);
  /* the duplicate: the earlier test's number and recorded inputs, this path's state */
  CHECK(c.number[16] == 1 && c.inputs[16] == t0.inputs && c.state_id[16] == 0);
  CHECK_EQ_U64(symx_stat_get(ctx, "tests_duplicate"), 1);
  char *js = symx_engine_stats_json(eng);
  CHECK_STR_CONTAINS(js, "\"forks\": 15");
  CHECK_STR_CONTAINS(js, "\"tests\": 16");
  symx_string_free(ctx, js);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
  rmdir(dir);
}

/* A user searcher: FIFO over a ring of state pointers. */
typedef struct fifo { symx_state *v[64]; size_t head, tail; int freed; } fifo;
static int f_add(void *self, symx_state *st) {
  fifo *q = self;
  q->v[q->tail++ % 64] = st;
  return 0;
}
static void f_remove(void *self, symx_state *st) {
  fifo *q = self;
  for (size_t i = q->head; i < q->tail; i++)
    if (q->v[i % 64] == st) {
      for (size_t j = i; j + 1 < q->tail; j++) q->v[j % 64] = q->v[(j + 1) % 64];
      q->tail--;
      return;
    }
}
static symx_state *f_select(void *self) {
  fifo *q = self;
  return q->head < q->tail ? q->v[q->head % 64] : NULL;
}
static int f_empty(void *self) { return ((fifo *)self)->head == ((fifo *)self)->tail; }
static void f_free(void *self) { ((fifo *)self)->freed++; }

static void test_user_searcher(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_engine *eng = symx_engine_new(ctx);
  fifo q = {{0}, 0, 0, 0}, pq = {{0}, 0, 0, 0};
  symx_searcher_vt vt = {f_add, f_remove, f_select, f_empty, NULL, f_free};
  CHECK(symx_engine_set_searcher(eng, 0, &vt, &q) == SYMX_OK);
  CHECK(symx_engine_set_searcher(eng, 1, &vt, &pq) == SYMX_OK);
  CHECK_EQ_U64(bits_explore(eng), SYMX_DONE);
  CHECK_EQ_U64(symx_stat_get(ctx, "paths"), 16);
  CHECK_EQ_U64(q.head, q.tail);
  symx_engine_free(eng);
  CHECK_EQ_U64(q.freed + pq.freed, 2);
  symx_ctx_free(ctx);
}

static int stop_after;
static int progress(void *u, symx_engine *eng) {
  (void)eng;
  return ++*(int *)u == stop_after;
}

static void test_interrupt_resume(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_engine *eng = symx_engine_new(ctx);
  int calls = 0;
  stop_after = 5;
  symx_engine_on_progress(eng, progress, &calls, 0);
  pl *p = calloc(1, sizeof *p);
  CHECK(symx_engine_start(eng, p, &pl_vt) == SYMX_OK);
  symx_state *st;
  int rc, stops = 0;
  for (;;) {
    rc = symx_engine_next(eng, &st);
    if (rc == SYMX_DONE && symx_engine_count(eng, SYMX_ST_ACTIVE) + symx_engine_count(eng, SYMX_ST_PENDING)) {
      stops++; /* stopped, not finished: go on */
      if (stops == 1) {
        symx_ctx_interrupt(ctx); /* the stop flag stops it too */
        CHECK(symx_engine_next(eng, &st) == SYMX_DONE);
        symx_ctx_resume(ctx);
      }
      continue;
    }
    if (rc != SYMX_STATE) break;
    CHECK(bits_run(ctx, st) == SYMX_OK);
  }
  CHECK_EQ_U64(rc, SYMX_DONE);
  CHECK_EQ_U64(stops, 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "paths"), 16);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

/* The first seed is the root's witness (its path runs first, its bytes
** kept where a revival's model leaves them free); the others are fast-sat
** assignments (tier b): each seed's path needs no solver. */
static void test_seeds(void) {
  for (int with = 0; with < 2; with++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set_str(ctx, "search", "dfs");
    symx_engine *eng = symx_engine_new(ctx);
    symx_seeds *seeds = symx_seeds_new(ctx);
    const uint8_t seed[2] = {0x0f, 0x5a}, seed2[2] = {0x07, 0x5a};
    CHECK(symx_seeds_add_bytes(seeds, "in", seed, 2) == SYMX_OK);
    CHECK(symx_seeds_add_bytes(seeds, "in", seed2, 2) == SYMX_OK);
    if (with) CHECK(symx_engine_set_seeds(eng, seeds) == SYMX_OK);
    int calls = 0;
    sx_engine_set_checker(eng, brute_in2, NULL);
    (void)calls;
    CHECK_EQ_U64(bits_explore(eng), SYMX_DONE);
    CHECK_EQ_U64(symx_stat_get(ctx, "paths"), 16);
    /* without seeds the all-zero witness's path is free, with them the two
    ** seeds' paths: the second where it leaves the first (bit 3) */
    CHECK_EQ_U64(symx_stat_get(ctx, "fastsat_seed_hits"), with ? 1 : 0);
    CHECK_EQ_U64(symx_stat_get(ctx, "revivals_sat"), with ? 14 : 15);
    bool found = false;
    for (size_t i = 0; i < symx_engine_test_count(eng); i++) {
      symx_test t;
      symx_engine_test_get(eng, i, &t);
      size_t len;
      const uint8_t *b = symx_assign_get(t.inputs, "in", &len);
      found |= b && b[0] == 0x0f;
    }
    CHECK(found); /* the 1111 path: the seed itself with seeds, the smallest model without */
    symx_engine_free(eng);
    symx_seeds_free(seeds);
    symx_ctx_free(ctx);
  }
}

/* With the solver chain (no checker): no path constrains in[1], so every
** test keeps the seed's byte there, revived states' included (a hybrid
** fuzzer's inputs stay close to their seed); without seeds it reads 0. */
static void test_seed_bytes_kept(void) {
  for (int with = 0; with < 2; with++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_engine *eng = symx_engine_new(ctx);
    symx_seeds *seeds = symx_seeds_new(ctx);
    const uint8_t seed[2] = {0x0f, 0x5a};
    CHECK(symx_seeds_add_bytes(seeds, "in", seed, 2) == SYMX_OK);
    if (with) CHECK(symx_engine_set_seeds(eng, seeds) == SYMX_OK);
    CHECK_EQ_U64(bits_explore(eng), SYMX_DONE);
    size_t kept = 0, n = symx_engine_test_count(eng);
    for (size_t i = 0; i < n; i++) {
      symx_test t;
      symx_engine_test_get(eng, i, &t);
      size_t len;
      const uint8_t *b = symx_assign_get(t.inputs, "in", &len);
      kept += b && len == 2 && b[1] == 0x5a;
    }
    CHECK_EQ_U64(n, 16);
    CHECK_EQ_U64(kept, with ? n : 0);
    symx_engine_free(eng);
    symx_seeds_free(seeds);
    symx_ctx_free(ctx);
  }
}

/* A query cut short by the stop flag loses nothing: the state waits. */
static int stopping(void *user, sx_expr *const *cs, size_t n, sx_assign *model) {
  int *left = user;
  if (*left > 0 && --*left == 0) {
    symx_ctx_interrupt(cs[0]->ctx);
    return SYMX_UNKNOWN;
  }
  return brute_in2(NULL, cs, n, model);
}

static void test_stop_during_query(void) {
  for (int mode = 0; mode < 2; mode++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set(ctx, "mode", mode); /* eager, pending */
    symx_engine *eng = symx_engine_new(ctx);
    int left = 3;
    sx_engine_set_checker(eng, stopping, &left);
    int rc = bits_explore(eng);
    CHECK_EQ_U64(rc, SYMX_DONE);
    CHECK(symx_engine_count(eng, SYMX_ST_ACTIVE) + symx_engine_count(eng, SYMX_ST_PENDING) > 0);
    symx_ctx_resume(ctx);
    symx_state *st;
    while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE) CHECK(bits_run(ctx, st) == SYMX_OK);
    CHECK_EQ_U64(rc, SYMX_DONE);
    CHECK_EQ_U64(symx_stat_get(ctx, "paths"), 16);
    CHECK_EQ_U64(symx_stat_get(ctx, "revivals_unknown"), 0);
    symx_engine_free(eng);
    symx_ctx_free(ctx);
  }
}

/* The bits program, every path ending with an assertion error whose
** location is bit 0 of in[0] ("a.c:1" when set, else "a.c:2"); the
** payload's 0x100 bit is that bit. */
static int err_run(symx_state *st) {
  pl *p = symx_state_payload(st);
  while ((p->i & 0xff) < 4) {
    symx_expr *c = bit(symx_engine_ctx(symx_state_engine(st)), p->i & 0xff);
    symx_state *t, *f;
    int first = (p->i & 0xff) == 0, rc = symx_state_branch(st, c, &t, &f);
    symx_expr_release(c);
    if (rc != SYMX_OK) return rc;
    if (t) ((pl *)symx_state_payload(t))->i += 1 + (first ? 0x100 : 0);
    if (f) ((pl *)symx_state_payload(f))->i++;
    if (t && f) return SYMX_OK;
    if (t) p = symx_state_payload(st = t);
  }
  symx_state_set_location(st, p->i & 0x100 ? "a.c:1" : "a.c:2");
  return symx_state_terminate(st, SYMX_END_ERROR, SYMX_ERR_ASSERT, "assertion failed");
}

/* emit_all_errors 0: one test per error kind and location, the other
** error ends reported to on_test as number 0; 1: a test for each. */
static void test_error_locations(void) {
  for (int all = 0; all < 2; all++)
    for (int mode = 0; mode < 2; mode++) {
      symx_ctx *ctx = symx_ctx_new();
      symx_option_set(ctx, "mode", mode); /* eager, pending */
      symx_option_set(ctx, "emit_all_errors", all);
      symx_engine *eng = symx_engine_new(ctx);
      cb c = {0};
      symx_engine_on_test(eng, count_tests, &c);
      CHECK(symx_engine_start(eng, calloc(1, sizeof(pl)), &pl_vt) == SYMX_OK);
      symx_state *st;
      int rc;
      while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE) CHECK(err_run(st) == SYMX_OK);
      CHECK_EQ_U64(rc, SYMX_DONE);
      CHECK_EQ_U64(symx_stat_get(ctx, "errors"), 16);
      CHECK_EQ_U64(c.calls, 16);
      CHECK_EQ_U64(symx_engine_test_count(eng), all ? 16 : 2);
      size_t untested = 0;
      for (size_t i = 0; i < 16; i++) untested += c.number[i] == 0;
      CHECK_EQ_U64(untested, all ? 0 : 14);
      for (size_t i = 0; !all && i < 2; i++) { /* the first at each location */
        symx_test t;
        CHECK(symx_engine_test_get(eng, i, &t) == SYMX_OK);
        CHECK(t.kind == SYMX_ERR_ASSERT && t.location && !strncmp(t.location, "a.c:", 4));
      }
      symx_test t0, t1;
      if (!all && symx_engine_test_get(eng, 0, &t0) == SYMX_OK &&
          symx_engine_test_get(eng, 1, &t1) == SYMX_OK)
        CHECK(strcmp(t0.location, t1.location) != 0);
      symx_engine_free(eng);
      symx_ctx_free(ctx);
    }
}

CHECK_MAIN(CHECK_CASE(test_misuse), CHECK_CASE(test_error_locations), CHECK_CASE(test_seeds), CHECK_CASE(test_seed_bytes_kept), CHECK_CASE(test_stop_during_query), CHECK_CASE(test_determinism), CHECK_CASE(test_front_random), CHECK_CASE(test_memory_baseline),
           CHECK_CASE(test_unknown_policy), CHECK_CASE(test_limits), CHECK_CASE(test_pressure),
           CHECK_CASE(test_testcases), CHECK_CASE(test_user_searcher),
           CHECK_CASE(test_interrupt_resume))
