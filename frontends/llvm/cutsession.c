/*
** cutsession.c — --cut on a session: the plan made on the loaded program,
** what symx-llvm tells of it, and the adaptive mode's bound. Adaptive (not
** in Converse): loops start cut after one run of their body; the bound
** doubles when the run has gone as long without new LLVM instructions
** covered as it took to reach its last gain (at least a window: coverage
** comes in bursts, and deeper bounds need longer to pay off). Counted in
** instructions, not time, so a run repeats exactly.
*/
#include "cuts.h"
#include "driver.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define ADAPT_WINDOW 20000u  /* instructions per coverage check */
#define ADAPT_MAX (1u << 20) /* past it: no bound */

static const char *const mode_names = "loop, depth, keypath, keypath-once, allpaths, adaptive, none";

/* What the plan does, said on stderr; -1 on a bad libsymx option. */
static int tell(sxl_session *s, const sxl_cutplan *c, const char *mode) {
  int loops = c->mode == SXL_CUT_LOOP || c->mode == SXL_CUT_ADAPTIVE;
  if (loops && !c->loops)
    fprintf(stderr, "symx-llvm: warning: --cut %s: the program has no loop (no back edge in its "
                    "functions): nothing is cut\n", mode);
  else if (!c->cut_edges)
    fprintf(stderr, "symx-llvm: warning: --cut %s: no path of the program is long enough to cut\n",
            mode);
  if (c->budget_out)
    fprintf(stderr, "symx-llvm: warning: --cut-budget: the path search of %" PRIu32
                    " function(s) ran out of time; the longest paths found so far were cut\n",
            c->budget_out);
  if (!s->quiet)
    fprintf(stderr, "symx-llvm: --cut %s: %" PRIu64 " edge(s) cut%s\n", mode, c->cut_edges,
            loops ? " (loop back edges)" : "");
  return 0;
}

/* --print-cuts: per planned function with a cut, its key path's length and
** its cut edges (blocks numbered from 0 in function order). */
static void print_plan(const sxl_prog *p, const sxl_cutplan *c) {
  for (uint32_t i = 0; i < c->nfns; i++) {
    const sxl_cutfn *cf = &c->fns[i];
    if (!cf->planned) continue;
    printf("cut %s keypath %" PRIu32 "%s:", p->fns[i].name, cf->keypath,
           cf->budget_out ? " (budget out)" : "");
    for (uint32_t k = 0; k < cf->n; k++) {
      printf(" %" PRIu32 "->%" PRIu32, cf->e[k].from, cf->e[k].to);
      if (cf->e[k].loop) printf("(loop %" PRIu32 ")", cf->e[k].loop - 1);
    }
    printf("\n");
  }
  fflush(stdout);
}

int sxl_cuts_check_args(const char *mode, int64_t budget_ms, double share) {
  if (mode && sxl_cut_mode(mode) < 0) {
    fprintf(stderr, "symx-llvm: --cut %s: unknown mode (one of %s)\n", mode, mode_names);
    return -1;
  }
  if (budget_ms <= 0) {
    fprintf(stderr, "symx-llvm: --cut-budget: the time budget per function must be more than 0\n");
    return -1;
  }
  if (share <= 0 || share >= 1) {
    fprintf(stderr, "symx-llvm: --cut-share %g: each run needs some of the time (a share "
                    "between 0 and 1)\n", share);
    return -1;
  }
  return 0;
}

int sxl_cuts_setup(sxl_session *s, const char *mode, int64_t budget_ms, int policy_given,
                   int bound_given, int print, double share) {
  int m = sxl_cut_mode(mode);
  if (m < 0) {
    fprintf(stderr, "symx-llvm: --cut %s: unknown mode (one of %s)\n", mode, mode_names);
    return -1;
  }
  /* none: no edge cut, but calls are reported (max_call_depth) */
  if (m == SXL_CUT_NONE && !symx_option_get(s->ctx, "max_call_depth")) return 0;
  char err[256];
  sxl_cutplan *c = sxl_cutplan_new(s->prog, m, budget_ms, err, sizeof err);
  if (!c) {
    fprintf(stderr, "symx-llvm: %s\n", err);
    return -1;
  }
  s->prog->cuts = c;
  c->start_ms = sxl_clock_ms(s->ctx); /* adaptive rounds share the run's max_time */
  c->limit_ms = symx_option_get(s->ctx, "max_time");
  if (share > 0 && share < 1 && c->limit_ms) { /* --cut-then-full: equal time in all */
    c->total_ms = c->limit_ms;
    c->limit_ms = (int64_t)((double)c->limit_ms * share);
    if (c->limit_ms < 1) c->limit_ms = 1;
    if (symx_option_set(s->ctx, "max_time", c->limit_ms) != SYMX_OK) {
      fprintf(stderr, "symx-llvm: --cut-share: %s\n", symx_errmsg(s->ctx));
      return -1;
    }
  }
  if (print) print_plan(s->prog, c);
  /* Converse's transformations return 0 after one run of a loop's body */
  if ((!policy_given && symx_option_set_str(s->ctx, "cut_policy", "zero") != SYMX_OK) ||
      ((m == SXL_CUT_LOOP || m == SXL_CUT_ADAPTIVE) && !bound_given &&
       symx_option_set(s->ctx, "max_loop_iterations", 1) != SYMX_OK)) {
    fprintf(stderr, "symx-llvm: --cut: %s\n", symx_errmsg(s->ctx));
    return -1;
  }
  return m == SXL_CUT_NONE ? 0 : tell(s, c, mode);
}

void sxl_cut_tick(sxl_session *s) {
  sxl_cutplan *c = s->prog->cuts;
  uint64_t now = s->x.instructions;
  if (c->mode != SXL_CUT_ADAPTIVE || c->off || now - c->checked < ADAPT_WINDOW) return;
  uint64_t lines, tl, ins = 0, ti;
  if (sxl_session_coverage(s, &lines, &tl, &ins, &ti)) return;
  c->checked = now;
  if (ins > c->covered) {
    c->covered = ins;
    c->mark = now;
    return;
  }
  /* stalled as long as the run took to its last gain (coverage comes in bursts) */
  if (now - c->mark < c->mark + ADAPT_WINDOW) return;
  int64_t b = symx_option_get(s->ctx, "max_loop_iterations");
  if (!b) return; /* no bound left */
  b = b >= ADAPT_MAX ? 0 : 2 * b;
  if (symx_option_set(s->ctx, "max_loop_iterations", b) != SYMX_OK) return;
  c->raises++;
  if (!s->quiet)
    fprintf(stderr, "symx-llvm: --cut adaptive: no new coverage in %" PRIu64
                    " instructions: loops now cut after %" PRId64 " run(s) (0: never)\n",
            now - c->mark, b);
  c->mark = now; /* the new bound gets as long */
}

/* Moves the test files of the output directory to its subdirectory sub
** (named in dir). 0, or -1 with s->err set. */
static int stash_tests(sxl_session *s, const char *sub, char *dir, size_t len) {
  snprintf(dir, len, "%s/%s", s->outdir, sub);
  DIR *d = mkdir(dir, 0777) && errno != EEXIST ? NULL : opendir(s->outdir);
  if (!d) {
    snprintf(s->err, sizeof s->err, "--cut: %.700s: %.200s", dir, strerror(errno));
    return -1;
  }
  int rc = 0;
  for (struct dirent *e; !rc && (e = readdir(d));) {
    char from[4400], to[4400];
    if (strncmp(e->d_name, "test", 4)) continue; /* test000001.ktest, ... */
    snprintf(from, sizeof from, "%s/%s", s->outdir, e->d_name);
    snprintf(to, sizeof to, "%s/%s", dir, e->d_name);
    if (rename(from, to)) {
      snprintf(s->err, sizeof s->err, "--cut: moving %.700s: %.200s", from, strerror(errno));
      rc = -1;
    }
  }
  closedir(d);
  return rc;
}

int sxl_cuts_off(sxl_session *s, char *dir, size_t len) {
  if (!s->prog->cuts || !s->outdir[0]) {
    snprintf(s->err, sizeof s->err, "--cut-then-full: needs --cut and an output directory");
    return -1;
  }
  sxl_cutplan *c = s->prog->cuts;
  c->off = 1;
  if (c->total_ms) { /* the original gets the shared time left (at least a ms) */
    int64_t left = c->total_ms - (int64_t)(sxl_clock_ms(s->ctx) - c->start_ms);
    if (symx_option_set(s->ctx, "max_time", left > 1 ? left : 1) != SYMX_OK) {
      snprintf(s->err, sizeof s->err, "--cut-then-full: %.900s", symx_errmsg(s->ctx));
      return -1;
    }
  }
  return stash_tests(s, "cut", dir, len);
}

int sxl_cut_next_round(sxl_session *s) {
  sxl_cutplan *c = s->prog->cuts;
  if (!c || c->mode != SXL_CUT_ADAPTIVE || c->off || !s->outdir[0]) return 0;
  uint64_t cuts = symx_stat_get(s->ctx, "cuts_loop"), now = sxl_clock_ms(s->ctx);
  int64_t b = symx_option_get(s->ctx, "max_loop_iterations");
  int64_t left = c->limit_ms ? c->limit_ms - (int64_t)(now - c->start_ms) : 1;
  int more = cuts > c->round_cuts && b && left > 0;
  c->round_cuts = cuts;
  if (!more) return 0;
  char dir[2200], sub[32];
  snprintf(sub, sizeof sub, "round-%" PRIu64, ++c->rounds);
  b = b >= ADAPT_MAX ? 0 : 2 * b;
  if (stash_tests(s, sub, dir, sizeof dir)) return -1;
  if (symx_option_set(s->ctx, "max_loop_iterations", b) != SYMX_OK ||
      (c->limit_ms && symx_option_set(s->ctx, "max_time", left) != SYMX_OK)) {
    snprintf(s->err, sizeof s->err, "--cut adaptive: %.900s", symx_errmsg(s->ctx));
    return -1;
  }
  if (!s->quiet)
    fprintf(stderr, "symx-llvm: --cut adaptive: the run ended with loops cut (its tests in %s): "
                    "again, loops cut after %" PRId64 " run(s) (0: never)\n", dir, b);
  return 1;
}
