/*
** bench_chain.c — `symx-bench chain [MAX_FORKS] [N_ORACLE]`: toyvm
** programs explored with the solver chain on and off, in one process, same
** options otherwise, for each mode (eager, pending) and backend (cadical,
** z3). Workloads: examples/toyvm/fig1.s (bounded by MAX_FORKS, default 150),
** the first N_ORACLE (default 50) random programs of the engine's oracle
** test, explored to completion and summed, and two built-in programs (a
** header parser and a byte-compare loop).
** One JSON object per line per workload, mode, backend and configuration:
** queries (feasibility questions: chain queries plus cache-only lookups
** that answered), backend_queries, answers_per_layer (which layer decided
** each question; bounds counts refutations and the models its byte
** splits found), before_backend (share of questions answered without a
** backend), pending_killed_no_solver (pending states, or would-be pending
** children, proved infeasible by the chain's caches or simplification),
** solver_s, wall_s; then per workload, mode and backend the speedup (wall
** off / wall on).
*/
#include "base/internal.h"
#include "../examples/toyvm/toyvm.h"
#include "../tests/chain_off.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* a header parser: magic, version, a length that bounds a checksum loop */
static const char *const parser_s =
    "        sym 0, 8, hdr\n"
    "        ldb r1, r0, 0\n"
    "        br ne r1, 127, bad\n"
    "        ldb r1, r0, 1\n"
    "        br ne r1, 69, bad\n"
    "        ldb r2, r0, 2\n"
    "        br ugt r2, 3, bad\n"
    "        ldb r3, r0, 3\n"
    "        and r3, r3, 7\n"
    "        mov r4, 0\n"
    "        mov r5, 0\n"
    "loop:   br uge r5, r3, done\n"
    "        ldb r6, r5, 4\n"
    "        add r4, r4, r6\n"
    "        br ult r6, 32, ctl\n"
    "        add r5, r5, 1\n"
    "        jmp loop\n"
    "ctl:    br eq r2, 2, bad\n"
    "        add r5, r5, 1\n"
    "        jmp loop\n"
    "done:   and r4, r4, 255\n"
    "        br ne r4, 200, ok\n"
    "        set eq r8, r2, 1\n"
    "        assert r8\n"
    "ok:     halt\n"
    "bad:    halt\n";

/* compare two symbolic strings byte by byte, count mismatches */
static const char *const cmp_s =
    "        sym 0, 8, a\n"
    "        sym 8, 8, b\n"
    "        mov r1, 0\n"
    "        mov r2, 0\n"
    "loop:   br uge r1, 8, end\n"
    "        ldb r3, r1, 0\n"
    "        ldb r4, r1, 8\n"
    "        br eq r3, r4, same\n"
    "        add r2, r2, 1\n"
    "        br ugt r3, r4, same\n"
    "        add r2, r2, 1\n"
    "same:   add r1, r1, 1\n"
    "        jmp loop\n"
    "end:    br ne r2, 5, fine\n"
    "        assert r0\n"
    "fine:   halt\n";

static void on_test(void *user, uint64_t hash, toyvm_outcome outcome, const symx_test *t) {
  (void)hash, (void)outcome, (void)t;
  (*(uint64_t *)user)++;
}

/* the statistics a configuration sums over its programs, in print order */
#define TOTALS(X)                                                                              \
  X(solver_queries) X(chain_lookup_sat) X(chain_lookup_unsat) X(backend_queries)               \
  X(chain_simplify_answers) X(chain_hint_answers) X(chain_branch_answers) X(chain_cex_answers)  \
  X(chain_bounds_answers) X(chain_repair_answers) X(chain_backend_answers) X(cex_exact_hits) X(cex_unsat_subset_hits)   \
  X(cex_sat_subset_hits) X(cex_recent_hits) X(cex_misses) X(repair_hits) X(repair_misses)       \
  X(repair_evals) X(eager_queries) X(pending_created) X(pending_killed_no_solver)               \
  X(revivals_sat) X(revivals_unsat) X(revivals_unknown) X(solver_time_ns) X(backend_time_ns)    \
  X(instructions) X(backend_sat) X(backend_unsat) X(unsat_cores) X(unsat_core_dropped) X(repair_time_ns) \
  X(bounds_unsat) X(bounds_sat) X(bounds_splits) X(bounds_time_ns)
enum {
#define T_ENUM_(N) T_##N,
  TOTALS(T_ENUM_)
#undef T_ENUM_
  T_COUNT_
};

typedef struct totals {
  uint64_t v[T_COUNT_];
  uint64_t paths, programs, errors;
  double wall;
} totals;

typedef struct config {
  const char *mode, *backend;
  bool chain;
  int64_t max_forks;
} config;

/* One exploration of p under cfg in a fresh context, added to *t. */
static void run(const toyvm_prog *p, const config *cfg, totals *t) {
  symx_ctx *ctx = symx_ctx_new();
  chain_layers(ctx, cfg->chain);
  symx_option_set_str(ctx, "mode", cfg->mode);
  symx_option_set_str(ctx, "solver", cfg->backend);
  symx_option_set_str(ctx, "emit_tests", "all");
  symx_option_set_str(ctx, "search", "dfs");
  symx_option_set(ctx, "max_forks", cfg->max_forks);
  symx_engine *eng = symx_engine_new(ctx);
  t->programs++;
  if (!eng) {
    fprintf(stderr, "chain: %s\n", symx_errmsg(ctx));
    t->errors++;
    symx_ctx_free(ctx);
    return;
  }
  uint64_t t0 = sx_now_ns();
  int rc = toyvm_explore(eng, p, 100000, on_test, &t->paths);
  t->wall += (double)(sx_now_ns() - t0) / 1e9;
  if (rc != SYMX_OK) {
    fprintf(stderr, "chain: %s\n", symx_errmsg(ctx));
    t->errors++;
  }
#define T_ADD_(N) t->v[T_##N] += SX_GET(ctx, N);
  TOTALS(T_ADD_)
#undef T_ADD_
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

/* questions the engine asked: chain queries, plus cache-only lookups
** that answered (a lookup that missed is asked again as a query) */
static uint64_t questions(const totals *t) {
  return t->v[T_solver_queries] + t->v[T_chain_lookup_sat] + t->v[T_chain_lookup_unsat];
}
static double before_backend(const totals *t) {
  uint64_t q = questions(t);
  return q ? 1.0 - (double)t->v[T_chain_backend_answers] / (double)q : 0.0;
}

static void print(const char *name, const config *cfg, const totals *t) {
  const uint64_t *v = t->v;
  /* KLEE's eager mode asks both sides of every branch; the engine decides
  ** one of them with the state's witness before asking the chain */
  uint64_t sides = strcmp(cfg->mode, "eager") ? 0 : 2 * v[T_eager_queries];
  printf("{\"bench\":\"chain\",\"program\":\"%s\",\"programs\":%llu,\"mode\":\"%s\",\"backend\":\"%s\","
         "\"chain\":\"%s\",\"queries\":%llu,\"backend_queries\":%llu,"
         "\"answers_per_layer\":{\"simplify\":%llu,\"hint\":%llu,\"branch\":%llu,\"cex\":%llu,"
         "\"bounds\":%llu,\"repair\":%llu,\"backend\":%llu},\"before_backend\":%.4f,\"backend_answers\":{\"sat\":%llu,"
         "\"unsat\":%llu},\"unsat_cores\":{\"stored\":%llu,\"dropped\":%llu},"
         "\"cex_hits\":{\"exact\":%llu,\"unsat_subset\":%llu,\"sat_subset\":%llu,\"recent\":%llu,"
         "\"miss\":%llu},\"repair\":{\"hits\":%llu,\"misses\":%llu,\"evals\":%llu,\"s\":%.4f},"
         "\"bounds\":{\"refuted\":%llu,\"models\":%llu,\"splits\":%llu,\"s\":%.4f},"
         "\"eager_branch_sides\":%llu,\"sides_before_backend\":%.4f,"
         "\"pending_created\":%llu,\"pending_killed_no_solver\":%llu,\"revivals\":{\"sat\":%llu,"
         "\"unsat\":%llu,\"unknown\":%llu},\"paths\":%llu,\"instructions\":%llu,\"errors\":%llu,"
         "\"solver_s\":%.4f,\"backend_s\":%.4f,\"wall_s\":%.4f}\n",
         name, (unsigned long long)t->programs, cfg->mode, cfg->backend, cfg->chain ? "on" : "off",
         (unsigned long long)questions(t), (unsigned long long)v[T_backend_queries],
         (unsigned long long)v[T_chain_simplify_answers], (unsigned long long)v[T_chain_hint_answers],
         (unsigned long long)v[T_chain_branch_answers], (unsigned long long)v[T_chain_cex_answers],
         (unsigned long long)v[T_chain_bounds_answers], (unsigned long long)v[T_chain_repair_answers],
         (unsigned long long)v[T_chain_backend_answers],
         before_backend(t), (unsigned long long)v[T_backend_sat], (unsigned long long)v[T_backend_unsat],
         (unsigned long long)v[T_unsat_cores], (unsigned long long)v[T_unsat_core_dropped],
         (unsigned long long)v[T_cex_exact_hits],
         (unsigned long long)v[T_cex_unsat_subset_hits], (unsigned long long)v[T_cex_sat_subset_hits],
         (unsigned long long)v[T_cex_recent_hits], (unsigned long long)v[T_cex_misses],
         (unsigned long long)v[T_repair_hits], (unsigned long long)v[T_repair_misses],
         (unsigned long long)v[T_repair_evals], (double)v[T_repair_time_ns] / 1e9,
         (unsigned long long)v[T_bounds_unsat], (unsigned long long)v[T_bounds_sat], (unsigned long long)v[T_bounds_splits],
         (double)v[T_bounds_time_ns] / 1e9, (unsigned long long)sides,
         sides ? 1.0 - (double)v[T_chain_backend_answers] / (double)sides : 0.0,
         (unsigned long long)v[T_pending_created], (unsigned long long)v[T_pending_killed_no_solver],
         (unsigned long long)v[T_revivals_sat], (unsigned long long)v[T_revivals_unsat],
         (unsigned long long)v[T_revivals_unknown], (unsigned long long)t->paths,
         (unsigned long long)v[T_instructions], (unsigned long long)t->errors,
         (double)v[T_solver_time_ns] / 1e9, (double)v[T_backend_time_ns] / 1e9, t->wall);
  fflush(stdout);
}

typedef struct workload {
  const char *name;
  toyvm_prog **progs;
  size_t n;
  int64_t max_forks; /* bounds fig1's loops so both configurations explore one tree */
} workload;

static toyvm_prog *load_example(const char *file, char *err, size_t errlen) {
  /* from the source root or from a build directory inside it */
  char path[256];
  snprintf(path, sizeof path, "examples/toyvm/%s", file);
  toyvm_prog *p = toyvm_load(path, err, errlen);
  if (!p) {
    snprintf(path, sizeof path, "../examples/toyvm/%s", file);
    p = toyvm_load(path, err, errlen);
  }
  return p;
}

int bench_chain(int argc, char **argv) {
  int64_t max_forks = argc > 1 ? atoll(argv[1]) : 150;
  size_t noracle = argc > 2 ? (size_t)atoll(argv[2]) : 50;
  char err[256];
  toyvm_prog *fig1 = load_example("fig1.s", err, sizeof err);
  if (!fig1) {
    fprintf(stderr, "chain: fig1.s: %s (run from the source root)\n", err);
    return 1;
  }
  toyvm_prog *parser = toyvm_parse(parser_s, err, sizeof err);
  toyvm_prog *cmp = toyvm_parse(cmp_s, err, sizeof err);
  toyvm_prog **oracle = calloc(noracle ? noracle : 1, sizeof *oracle);
  static char text[8192];
  int fails = !parser || !cmp || !oracle;
  for (size_t i = 0; i < noracle && oracle; i++) {
    /* the programs of tests/engine/test_oracle.c */
    toyvm_random_program((uint64_t)i + 1, text, sizeof text);
    if (!(oracle[i] = toyvm_parse(text, err, sizeof err))) fails++;
  }
  if (fails) {
    fprintf(stderr, "chain: %s\n", err);
    return 1;
  }
  workload loads[] = {{"fig1", &fig1, 1, max_forks},
                      {"oracle", oracle, noracle, 0},
                      {"parser", &parser, 1, max_forks},
                      {"strcmp", &cmp, 1, max_forks}};
  static const char *const modes[] = {"eager", "pending"};
  static const char *const backends[] = {"cadical", "z3"};
  for (size_t w = 0; w < sizeof loads / sizeof *loads; w++)
    for (int m = 0; m < 2; m++)
      for (int b = 0; b < 2; b++) {
        totals t[2];
        for (int on = 1; on >= 0; on--) {
          config cfg = {modes[m], backends[b], on, loads[w].max_forks};
          memset(&t[on], 0, sizeof t[on]);
          for (size_t i = 0; i < loads[w].n; i++) run(loads[w].progs[i], &cfg, &t[on]);
          print(loads[w].name, &cfg, &t[on]);
          fails += t[on].errors != 0;
        }
        printf("{\"bench\":\"chain\",\"program\":\"%s\",\"mode\":\"%s\",\"backend\":\"%s\","
               "\"before_backend\":%.4f,\"backend_queries_ratio\":%.2f,\"speedup\":%.2f}\n",
               loads[w].name, modes[m], backends[b], before_backend(&t[1]),
               t[1].v[T_backend_queries] ? (double)t[0].v[T_backend_queries] / (double)t[1].v[T_backend_queries] : 0.0,
               t[1].wall > 0 ? t[0].wall / t[1].wall : 0.0);
      }
  for (size_t i = 0; i < noracle; i++) toyvm_free(oracle[i]);
  free(oracle);
  toyvm_free(fig1);
  toyvm_free(parser);
  toyvm_free(cmp);
  return fails != 0;
}
