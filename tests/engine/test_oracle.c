/*
** test_oracle.c — the engine against brute force: random toyvm programs
** over 2 symbolic bytes are run concretely on all 65,536 inputs (the set of
** paths, each a path hash and an outcome) and explored to completion in
** every mode with every searcher; the explored set of paths must equal the
** concrete one, and every test case must replay concretely down its path.
** One context per program, so the solver chain's caches are shared by the
** 27 explorations of a program (mode x searcher).
*/
#include "check.h"
#include "../chain_off.h"
#include "../../examples/toyvm/toyvm.h"

#include <stdlib.h>

#define NPROGS 50

typedef struct path { uint64_t hash; int outcome; } path;
typedef struct paths { path *v; size_t n, cap; } paths;

static void push(paths *p, uint64_t h, int o) {
  if (p->n == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 64;
    p->v = realloc(p->v, p->cap * sizeof *p->v);
  }
  p->v[p->n++] = (path){h, o};
}
static int cmp_path(const void *a, const void *b) {
  const path *x = a, *y = b;
  if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
  return x->outcome - y->outcome;
}
static void normalize(paths *p) {
  if (!p->n) return;
  qsort(p->v, p->n, sizeof *p->v, cmp_path);
  size_t k = 1;
  for (size_t i = 1; i < p->n; i++)
    if (cmp_path(&p->v[i], &p->v[k - 1])) p->v[k++] = p->v[i];
  p->n = k;
}

static void bytes_input(void *user, const char *name, uint8_t *buf, size_t n) {
  (void)name;
  const uint8_t *b = user;
  for (size_t k = 0; k < n; k++) buf[k] = k < 2 ? b[k] : 0;
}

typedef struct run { const toyvm_prog *p; paths found; int replay_failures; size_t tests; } run;

static void on_test(void *user, uint64_t hash, toyvm_outcome o, const symx_test *t) {
  run *r = user;
  push(&r->found, hash, (int)o);
  r->tests++;
  uint64_t h2;
  toyvm_outcome o2 = toyvm_run(r->p, toyvm_input_assign, (void *)t->inputs, 100000, &h2, NULL);
  if (o2 != o || h2 != hash) r->replay_failures++;
}

static const char *const searchers[] = {"dfs", "bfs", "random-state", "random-path", "nurs:depth",
                                        "nurs:rp", "weighted", "dfs,random-path", "batching:bfs"};
static const char *const pending_searchers[] = {"random-path", "dfs", "bfs", "nurs:depth", "random-state"};
static const char *const modes[] = {"eager", "pending", "relaxed"};

static double weight(void *user, symx_state *st) {
  (void)user;
  return 1.0 + (double)(symx_state_id(st) % 5);
}

static void test_random_programs(void) {
  static char text[8192];
  size_t explorations = 0, total_paths = 0;
  for (int prog = 0; prog < NPROGS; prog++) {
    toyvm_random_program((uint64_t)prog + 1, text, sizeof text);
    char err[128];
    toyvm_prog *p = toyvm_parse(text, err, sizeof err);
    CHECK(p != NULL);
    if (!p) {
      fprintf(stderr, "%s\n%s\n", err, text);
      continue;
    }
    paths concrete = {0};
    for (unsigned v = 0; v < 65536; v++) {
      uint8_t in[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
      uint64_t h;
      toyvm_outcome o = toyvm_run(p, bytes_input, in, 100000, &h, NULL);
      push(&concrete, h, (int)o);
    }
    normalize(&concrete);
    total_paths += concrete.n;
    symx_ctx *ctx = symx_ctx_new();
    /* both backends: z3 for one program in five, cadical (faster here) for the rest */
    symx_option_set_str(ctx, "solver", prog % 5 == 0 ? "z3" : "cadical");
    for (int m = 0; m < 3; m++)
      for (size_t s = 0; s < sizeof searchers / sizeof *searchers; s++) {
        symx_option_set_str(ctx, "mode", modes[m]);
        symx_option_set_str(ctx, "search", searchers[s]);
        symx_option_set_str(ctx, "pending_search", pending_searchers[(prog + (int)s) % 5]);
        symx_option_set(ctx, "rng_seed", prog * 31 + (int64_t)s);
        symx_option_set(ctx, "batch_instructions", 7);
        symx_engine *eng = symx_engine_new(ctx);
        CHECK(eng != NULL);
        if (!eng) continue;
        symx_engine_set_weight(eng, weight, NULL);
        run r = {p, {0}, 0, 0};
        int rc = toyvm_explore(eng, p, 100000, on_test, &r);
        CHECK_EQ_U64(rc, SYMX_OK);
        if (rc != SYMX_OK) fprintf(stderr, "error: %s\n", symx_errmsg(ctx));
        CHECK_EQ_U64(r.replay_failures, 0);
        CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_ACTIVE) + symx_engine_count(eng, SYMX_ST_PENDING), 0);
        normalize(&r.found);
        int same = r.found.n == concrete.n;
        for (size_t i = 0; same && i < r.found.n; i++) same = !cmp_path(&r.found.v[i], &concrete.v[i]);
        CHECK(same);
        if (!same)
          fprintf(stderr, "program %d, mode %s, search %s: %zu paths explored, %zu concrete\n%s", prog,
                  modes[m], searchers[s], r.found.n, concrete.n, text);
        free(r.found.v);
        symx_engine_free(eng);
        explorations++;
      }
    symx_ctx_free(ctx);
    free(concrete.v);
    toyvm_free(p);
  }
  fprintf(stderr, "%zu explorations, %zu distinct concrete paths over %d programs\n", explorations,
          total_paths, NPROGS);
}

/* The set of paths of one exploration of p, normalized. */
static paths explore(symx_ctx *ctx, const toyvm_prog *p, const char *mode, const char *search,
                     int *replay_failures) {
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set_str(ctx, "search", search);
  symx_engine *eng = symx_engine_new(ctx);
  run r = {p, {0}, 0, 0};
  CHECK(eng != NULL);
  if (eng) {
    CHECK_EQ_U64(toyvm_explore(eng, p, 100000, on_test, &r), SYMX_OK);
    symx_engine_free(eng);
  }
  normalize(&r.found);
  *replay_failures += r.replay_failures;
  return r.found;
}

/* The chain's layers (simplify, independence, branch and counterexample
** caches, intervals, model repair, and with them fast-sat tier c) change
** how feasibility is decided,
** never what is explored: the same set of paths with them on and off. */
static void test_chain_on_off(void) {
  static char text[8192];
  static const char *const wsearch[] = {"dfs", "random-path"};
  int replay = 0;
  for (int prog = NPROGS; prog < NPROGS + 15; prog++) {
    toyvm_random_program((uint64_t)prog + 1, text, sizeof text);
    char err[128];
    toyvm_prog *p = toyvm_parse(text, err, sizeof err);
    CHECK(p != NULL);
    if (!p) continue;
    symx_ctx *ctx[2] = {symx_ctx_new(), symx_ctx_new()};
    chain_layers(ctx[1], 0);
    for (int m = 0; m < 3; m++)
      for (int s = 0; s < 2; s++) {
        paths on = explore(ctx[0], p, modes[m], wsearch[s], &replay);
        paths off = explore(ctx[1], p, modes[m], wsearch[s], &replay);
        int same = on.n == off.n && on.n > 0;
        for (size_t i = 0; same && i < on.n; i++) same = !cmp_path(&on.v[i], &off.v[i]);
        CHECK(same);
        if (!same)
          fprintf(stderr, "program %d, mode %s, search %s: %zu paths with the chain, %zu without\n%s",
                  prog, modes[m], wsearch[s], on.n, off.n, text);
        free(on.v);
        free(off.v);
      }
    /* the layers did work (or the comparison proves nothing) */
    CHECK(symx_stat_get(ctx[0], "chain_backend_answers") < symx_stat_get(ctx[0], "solver_queries") +
                                                               symx_stat_get(ctx[0], "chain_lookups"));
    CHECK_EQ_U64(symx_stat_get(ctx[1], "chain_cex_answers") + symx_stat_get(ctx[1], "chain_branch_answers") +
                     symx_stat_get(ctx[1], "chain_bounds_answers") + symx_stat_get(ctx[1], "chain_repair_answers"),
                 0);
    symx_ctx_free(ctx[0]);
    symx_ctx_free(ctx[1]);
    toyvm_free(p);
  }
  CHECK_EQ_U64(replay, 0);
}

CHECK_MAIN(CHECK_CASE(test_random_programs), CHECK_CASE(test_chain_on_off))
