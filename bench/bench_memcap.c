/* bench_memcap.c — the memory cap (max_memory) on a path explosion:
** symx-llvm's library runs bench/progs/explode.c (every path owns a 16 KiB
** heap buffer) under --max-memory 64 and 256 in pending and eager mode,
** each run in a child process for a fixed time; the child's own peak
** resident size (getrusage, clang's compile excluded) against the cap, and
** the kills by kind. One JSON object per line.
**   symx-bench memcap [PROG.c] [SECONDS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "driver.h"

int bench_memcap(int argc, char **argv);

static unsigned long long stat_of(symx_ctx *ctx, const char *name) {
  return (unsigned long long)symx_stat_get(ctx, name);
}

/* In the child: one exploration, its line, exit status 0 on success. */
static int run_child(const char *prog, const char *mode, int cap, int seconds) {
  symx_ctx *ctx = symx_ctx_new();
  if (!ctx) return 1;
  char t[32];
  snprintf(t, sizeof t, "%ds", seconds);
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set(ctx, "max_memory", cap);
  symx_option_set_str(ctx, "max_time", t);
  char err[1024];
  sxl_session *s = sxl_session_new(ctx, prog, NULL, "-O0", err, sizeof err);
  if (!s) {
    fprintf(stderr, "bench memcap: %s\n", err);
    return 1;
  }
  s->quiet = 1;
  s->x.echo_output = 0;
  int rc = sxl_session_explore(s, NULL);
  if (rc) fprintf(stderr, "bench memcap: %s\n", s->err);
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  double peak = (double)ru.ru_maxrss / 1024, ratio = peak / cap; /* KiB on Linux */
  const char *base = strrchr(prog, '/');
  printf("{\"bench\": \"memcap\", \"program\": \"%s\", \"mode\": \"%s\", \"cap_mib\": %d, "
         "\"seconds\": %d, \"peak_rss_mib\": %.1f, \"peak_over_cap\": %.3f, \"held\": %s, "
         "\"engine_rss_max_mib\": %.1f, \"reliefs\": %llu, \"kills_infeasible\": %llu, "
         "\"kills\": %llu, \"solver_checks\": %llu, \"states_max\": %llu, \"paths\": %llu, "
         "\"instructions\": %llu, \"wall_s\": %.2f}\n",
         base ? base + 1 : prog, mode, cap, seconds, peak, ratio, ratio <= 1.1 ? "true" : "false",
         (double)symx_stat_get(ctx, "rss_max") / (1 << 20), stat_of(ctx, "pressure_reliefs"),
         stat_of(ctx, "pressure_kills_infeasible"), stat_of(ctx, "pressure_kills"),
         stat_of(ctx, "pressure_solver_checks"), stat_of(ctx, "states_max"),
         stat_of(ctx, "paths"), stat_of(ctx, "instructions"), s->wall_s);
  fflush(stdout);
  sxl_session_free(s);
  symx_ctx_free(ctx);
  return rc ? 1 : 0;
}

/* A child per run: each peak is its own. */
static int run(const char *prog, const char *mode, int cap, int seconds) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) return 1;
  if (pid == 0) _exit(run_child(prog, mode, cap, seconds));
  int status;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
    printf("{\"bench\": \"memcap\", \"mode\": \"%s\", \"cap_mib\": %d, \"error\": \"the run "
           "failed\"}\n", mode, cap);
    return 1;
  }
  return 0;
}

int bench_memcap(int argc, char **argv) {
  const char *prog = argc > 1 ? argv[1] : SX_BENCH_PROGS "/explode.c";
  int seconds = argc > 2 ? atoi(argv[2]) : 30;
  static const int caps[] = {64, 256};
  static const char *const modes[] = {"pending", "eager"};
  int rc = 0;
  for (size_t c = 0; c < 2; c++)
    for (size_t m = 0; m < 2; m++) rc |= run(prog, modes[m], caps[c], seconds > 0 ? seconds : 30);
  return rc;
}
