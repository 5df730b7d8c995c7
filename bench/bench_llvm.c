/* bench_llvm.c — symx-llvm on the paper's Figure 1 program (fig1.c) with
** random-path, eager vs pending: instructions, time and solver queries
** until the assertion failure; then concrete interpretation speed on
** recursive fib(25). One JSON object per line. */
#include <stdio.h>
#include <string.h>

#include "driver.h"

int bench_llvm(int argc, char **argv);

/* A session on prog that prints nothing; on failure says why and frees ctx. */
static sxl_session *open_quiet(symx_ctx *ctx, const char *prog) {
  char err[1024];
  sxl_session *s = sxl_session_new(ctx, prog, NULL, "-O0", err, sizeof err);
  if (!s) {
    fprintf(stderr, "bench llvm: %s\n", err);
    symx_ctx_free(ctx);
    return NULL;
  }
  s->quiet = 1;
  s->x.echo_output = 0;
  return s;
}

static int run_mode(const char *prog, const char *mode, const char *search) {
  symx_ctx *ctx = symx_ctx_new();
  if (!ctx) return 1;
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set_str(ctx, "search", search);
  symx_option_set_str(ctx, "max_time", "300s");
  symx_option_set_str(ctx, "emit_tests", "none");
  sxl_session *s = open_quiet(ctx, prog);
  if (!s) return 1;
  s->exit_on_error = 1;
  s->x.quantum = 1; /* KLEE's schedule: the searcher chooses at every instruction */
  int rc = sxl_session_explore(s, NULL);
  if (rc) fprintf(stderr, "bench llvm: %s\n", s->err);
  const char *base = strrchr(prog, '/');
  uint64_t hits = symx_stat_get(ctx, "fastsat_witness_hits") +
                  symx_stat_get(ctx, "fastsat_seed_hits") + symx_stat_get(ctx, "fastsat_cex_hits");
  printf("{\"bench\": \"llvm\", \"program\": \"%s\", \"mode\": \"%s\", \"search\": \"%s\", "
         "\"quantum\": 1, \"found\": %s, \"instructions\": %llu, \"wall_s\": %.3f, \"solver_queries\": %llu, "
         "\"fastsat_hits\": %llu}\n",
         base ? base + 1 : prog, mode, search, s->found ? "true" : "false",
         (unsigned long long)(s->found ? s->first_error_instructions : s->x.instructions),
         s->wall_s, (unsigned long long)symx_stat_get(ctx, "solver_queries"),
         (unsigned long long)hits);
  fflush(stdout);
  sxl_session_free(s);
  symx_ctx_free(ctx);
  return rc ? 1 : 0;
}

static int run_fib(const char *prog) {
  symx_ctx *ctx = symx_ctx_new();
  sxl_session *s = open_quiet(ctx, prog);
  if (!s) return 1;
  int rc = sxl_session_run_concrete(s, NULL);
  printf("{\"bench\": \"llvm\", \"program\": \"fib25.c\", \"instructions\": %llu, "
         "\"wall_s\": %.3f, \"concrete_instructions_per_s\": %.0f}\n",
         (unsigned long long)s->x.instructions, s->wall_s,
         s->wall_s > 0 ? (double)s->x.instructions / s->wall_s : 0.0);
  sxl_session_free(s);
  symx_ctx_free(ctx);
  return rc ? 1 : 0;
}

int bench_llvm(int argc, char **argv) {
  const char *fig1 = argc > 1 ? argv[1] : SXL_EXAMPLES_DIR "/fig1.c";
  const char *fib = argc > 2 ? argv[2] : SXL_EXAMPLES_DIR "/fib25.c";
  int rc = 0;
  rc |= run_mode(fig1, "eager", "random-path");
  rc |= run_mode(fig1, "pending", "random-path");
  rc |= run_fib(fib);
  return rc;
}
