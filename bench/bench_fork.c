/*
** bench_fork.c — `symx-bench fork [N]`: N symbolic branches (default
** 1,000,000) on one running state in pending mode; each fork leaves one
** pending state (the witness follows the other side). Prints forks_per_s
** and bytes_per_pending_state: the engine's bytes (states, execution tree,
** constraint cells) per pending state, with a NULL payload; the branch
** conditions are built beforehand and not counted.
*/
#include "base/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int bench_fork(int argc, char **argv);

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int bench_fork(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  if (n < 1) n = 1;
  enum { K = 4096 };
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", "pending");
  symx_expr *in = symx_array_input(ctx, "in", 256, 32), *conds[K];
  for (int i = 0; i < K; i++) { /* in[i % 256] == c, c != 0: false under the zero witness */
    symx_expr *ix = symx_const(ctx, 32, (uint64_t)(i % 256)), *c = symx_const(ctx, 8, 1 + (uint64_t)(i / 256));
    symx_expr *rd = symx_read(ctx, in, ix);
    conds[i] = symx_eq(ctx, rd, c);
    symx_expr_release(ix);
    symx_expr_release(c);
    symx_expr_release(rd);
  }
  symx_engine *eng = symx_engine_new(ctx);
  symx_state *st, *t, *f;
  if (!eng || symx_engine_start(eng, NULL, NULL) != SYMX_OK || symx_engine_next(eng, &st) != SYMX_STATE) {
    fprintf(stderr, "fork: %s\n", symx_errmsg(ctx));
    return 1;
  }
  uint64_t before = symx_stat_get(ctx, "bytes_in_use");
  double t0 = now_s();
  for (long i = 0; i < n; i++) {
    if (symx_state_branch(st, conds[i % K], &t, &f) != SYMX_OK || f != st) {
      fprintf(stderr, "fork: branch %ld: %s\n", i, symx_errmsg(ctx));
      return 1;
    }
  }
  double dt = now_s() - t0;
  uint64_t after = symx_stat_get(ctx, "bytes_in_use");
  printf("{\"bench\": \"fork\", \"mode\": \"pending\", \"forks\": %ld, \"forks_per_s\": %.0f, "
         "\"bytes_per_pending_state\": %.1f, \"pending_states\": %zu}\n",
         n, (double)n / dt, (double)(after - before) / (double)n,
         symx_engine_count(eng, SYMX_ST_PENDING));
  symx_engine_free(eng);
  for (int i = 0; i < K; i++) symx_expr_release(conds[i]);
  symx_expr_release(in);
  symx_ctx_free(ctx);
  return 0;
}
