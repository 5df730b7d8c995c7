/*
** bench_fig1.c — `symx-bench fig1 [FIG1.s [SLICE [SEED]]]`: the paper's Figure 1 program
** (examples/toyvm/fig1.s) explored with random-path in eager and in pending
** mode, in one process, until the assertion failure is found. One JSON
** object per mode: mode, found, instructions and wall_s (until found),
** solver_queries, fastsat_hits; then the ratio of eager's instructions to
** pending's (the paper: about 4M vs 67k in KLEE). As in KLEE, the searcher
** picks a state before every instruction (slice_instructions = 1); an
** optional second argument sets another slice, a third the rng_seed.
*/
#include "base/internal.h"
#include "../examples/toyvm/toyvm.h"

#include <stdio.h>
#include <time.h>

int bench_fig1(int argc, char **argv);

typedef struct found { symx_ctx *ctx; int found; uint64_t instructions; double wall_s, t0; } found;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_test(void *user, uint64_t hash, toyvm_outcome o, const symx_test *t) {
  (void)hash;
  (void)t;
  found *f = user;
  if (o != TOYVM_ASSERT || f->found) return;
  f->found = 1;
  f->instructions = symx_stat_get(f->ctx, "instructions");
  f->wall_s = now_s() - f->t0;
  symx_ctx_interrupt(f->ctx); /* found: stop the exploration */
}

int bench_fig1(int argc, char **argv) {
  static const char *const paths[] = {"examples/toyvm/fig1.s", "../examples/toyvm/fig1.s",
                                      "../../examples/toyvm/fig1.s"};
  char err[256];
  toyvm_prog *p = NULL;
  if (argc > 1) p = toyvm_load(argv[1], err, sizeof err);
  for (size_t i = 0; !p && argc <= 1 && i < 3; i++) p = toyvm_load(paths[i], err, sizeof err);
  if (!p) {
    fprintf(stderr, "fig1: %s (run from the source root or pass the path of fig1.s)\n", err);
    return 1;
  }
  static const char *const modes[] = {"eager", "pending"};
  const char *slice = argc > 2 ? argv[2] : "1", *seed = argc > 3 ? argv[3] : NULL;
  uint64_t instr[2] = {0, 0};
  for (int m = 0; m < 2; m++) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set_str(ctx, "mode", modes[m]);
    symx_option_set_str(ctx, "search", "random-path");
    symx_option_set_str(ctx, "pending_search", "random-path");
    symx_option_set_str(ctx, "emit_tests", "errors");
    symx_option_set_str(ctx, "max_time", "300s");
    symx_option_set_str(ctx, "slice_instructions", slice);
    if (seed) symx_option_set_str(ctx, "rng_seed", seed);
    symx_engine *eng = symx_engine_new(ctx);
    found f = {ctx, 0, 0, 0, now_s()};
    int rc = eng ? toyvm_explore(eng, p, 100000000, on_test, &f) : symx_errcode(ctx);
    if (rc != SYMX_OK) fprintf(stderr, "fig1: %s\n", symx_errmsg(ctx));
    if (!f.found) {
      f.instructions = symx_stat_get(ctx, "instructions");
      f.wall_s = now_s() - f.t0;
    }
    instr[m] = f.instructions;
    printf("{\"bench\": \"fig1\", \"mode\": \"%s\", \"search\": \"random-path\", \"found\": %s, "
           "\"instructions\": %llu, \"wall_s\": %.3f, \"solver_queries\": %llu, "
           "\"fastsat_hits\": %llu, \"forks\": %llu, \"revivals_sat\": %llu, \"slice_instructions\": %s}\n",
           modes[m], f.found ? "true" : "false", (unsigned long long)f.instructions, f.wall_s,
           (unsigned long long)symx_stat_get(ctx, "solver_queries"),
           (unsigned long long)(symx_stat_get(ctx, "fastsat_witness_hits") +
                                symx_stat_get(ctx, "fastsat_seed_hits") +
                                symx_stat_get(ctx, "fastsat_cex_hits")),
           (unsigned long long)symx_stat_get(ctx, "forks"),
           (unsigned long long)symx_stat_get(ctx, "revivals_sat"), slice);
    fflush(stdout);
    symx_engine_free(eng);
    symx_ctx_free(ctx);
  }
  printf("{\"bench\": \"fig1\", \"instructions_eager_over_pending\": %.1f}\n",
         instr[1] ? (double)instr[0] / (double)instr[1] : 0.0);
  toyvm_free(p);
  return 0;
}
