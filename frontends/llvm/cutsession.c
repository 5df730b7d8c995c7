/*
** cutsession.c — --cut on a session: the plan made on the loaded program,
** what symx-llvm tells of it, and the adaptive mode's bounds. Adaptive (not
** in Converse): loops start cut after one run of their body; a bound
** doubles when the run has gone as long without new LLVM instructions
** covered as it took to reach its last gain (at least a window: coverage
** comes in bursts, and deeper bounds need longer to pay off), and when a
** run ends with loops cut and time left (the cut program is exhausted:
** whatever lies past its cuts is lost unless a bound rises). Counted in
** instructions, not time, so a run repeats exactly.
**
** Per loop (--cut-adapt loop; the default, global, has one bound for all): only the
** loops whose cut fired since the last decision are candidates (a loop no
** path is cut in keeps its bound). A raise is credited when a path that
** ran the loop past its bound before the raise then covers new code. Of
** the candidates, those with a credit since their last raise rise; with
** none credited, all candidates rise (iterative deepening: a keyword
** needs several runs before anything new shows). So a sink, a loop whose
** paths double each run with nothing new behind them, stays at its bound
** while a loop whose deeper runs pay keeps rising. stats.json's "cuts"
** says each loop's bound, cuts, raises and why (stall, end), and credits.
*/
#include "cuts.h"
#include "driver.h"

#include <dirent.h>
#include <stdlib.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

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

int sxl_cuts_check_args(const char *mode, int64_t budget_ms, double share, const char *adapt) {
  if (mode && sxl_cut_mode(mode) < 0) {
    fprintf(stderr, "symx-llvm: --cut %s: unknown mode (one of %s)\n", mode, mode_names);
    return -1;
  }
  if (adapt && strcmp(adapt, "loop") && strcmp(adapt, "global")) {
    fprintf(stderr, "symx-llvm: --cut-adapt %s: one of loop (a bound per loop), global\n", adapt);
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
                   int bound_given, int print, double share, const char *adapt,
                   uint64_t window) {
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
  /* one bound by default: per loop lost on m4 (seed 3 at 67a88fd: 85.0% of no cut, one bound
  ** 95.8%; one bound over seeds 1-5: 107.1% of no cut's median; docs/performance.md) */
  c->adapt_global = !adapt || !strcmp(adapt, "global");
  c->window = window ? window : 20000; /* instructions per coverage check */
  int64_t b = symx_option_get(s->ctx, "max_loop_iterations");
  for (uint32_t i = 0; i < c->nlp; i++) c->lp[i].bound = b; /* per loop, from one start */
  return m == SXL_CUT_NONE ? 0 : tell(s, c, mode);
}

void sxl_cuts_json(const sxl_session *s, FILE *f) {
  const sxl_cutplan *c = s->prog->cuts;
  if (!c || c->mode != SXL_CUT_ADAPTIVE) return;
  uint64_t stall = 0, end = 0;
  for (uint32_t i = 0; i < c->nlp; i++) {
    stall += c->lp[i].raises_stall;
    end += c->lp[i].raises_end;
  }
  if (c->adapt_global) { /* one bound: raises of all loops at once */
    stall = c->raises;
    end = c->rounds;
  }
  fprintf(f, ",\"cuts\":{\"mode\":\"adaptive\",\"adapt\":\"%s\",\"rounds\":%" PRIu64
             ",\"raises_stall\":%" PRIu64 ",\"raises_end\":%" PRIu64 ",\"loops\":[",
          c->adapt_global ? "global" : "loop", c->rounds, stall, end);
  int64_t global = symx_option_get(s->ctx, "max_loop_iterations");
  const char *sep = "";
  for (uint32_t i = 0; i < c->nlp; i++) { /* the loops ever cut */
    const sxl_cutloop *l = &c->lp[i];
    if (!l->cuts && !l->raises_stall && !l->raises_end) continue;
    fprintf(f, "%s{\"fn\":\"%s\",\"header\":%" PRIu32 ",\"bound\":%" PRId64 ",\"cuts\":%" PRIu64
               ",\"raises_stall\":%" PRIu32 ",\"raises_end\":%" PRIu32 ",\"credits\":%" PRIu32 "}",
            sep, s->prog->fns[l->fn].name, l->header, c->adapt_global ? global : l->bound, l->cuts,
            l->raises_stall, l->raises_end, l->credits);
    sep = ",";
  }
  fputs("]}", f);
}

void sxl_cut_count(sxl_cutplan *c, uint32_t loop) {
  if (loop < c->nlp) c->lp[loop].cuts++;
}

int64_t sxl_cut_bound(const sxl_cutplan *c, uint32_t loop) {
  return c->mode == SXL_CUT_ADAPTIVE && !c->adapt_global && loop < c->nlp ? c->lp[loop].bound : -1;
}

static int64_t doubled(int64_t b) { return b >= ADAPT_MAX ? 0 : 2 * b; }

void sxl_cut_passed(sxl_cutplan *c, sxl_state *s, uint32_t loop, uint64_t count) {
  if (c->mode != SXL_CUT_ADAPTIVE || c->adapt_global || loop >= c->nlp) return;
  int64_t prev = c->lp[loop].prev;
  if (prev <= 0 || count <= (uint64_t)prev) return;
  s->deep_loop = loop + 1;
  s->deep_at = s->steps;
}

/* Whether loop i is a candidate: cut since since[i], a bound left. */
static int fired(const sxl_cutplan *c, uint32_t i, const uint64_t *since) {
  return c->lp[i].cuts > since[i] && c->lp[i].bound;
}

/* Per-loop adaptive: of the loops cut since their count was last seen
** (at the round's start, or at the last decision), with a bound left,
** those credited since their last raise double their bound, or all of
** them when none is (why: 0 stall, 1 end of a run). The number raised. */
static uint32_t raise_loops(sxl_session *s, int why, const uint64_t *since) {
  sxl_cutplan *c = s->prog->cuts;
  int credited = 0;
  for (uint32_t i = 0; i < c->nlp; i++) credited |= fired(c, i, since) && c->lp[i].credit;
  uint32_t n = 0;
  for (uint32_t i = 0; i < c->nlp; i++) {
    sxl_cutloop *l = &c->lp[i];
    if (!fired(c, i, since) || (credited && !l->credit)) continue;
    l->prev = l->bound;
    l->bound = doubled(l->bound);
    l->credit = 0;
    *(why ? &l->raises_end : &l->raises_stall) += 1;
    n++;
    if (!s->quiet)
      fprintf(stderr, "symx-llvm: --cut adaptive: %s, the loop at block %" PRIu32 " of %s cut "
                      "%" PRIu64 " time(s)%s: now cut after %" PRId64 " run(s) (0: never)\n",
              why ? "the run ended with loops cut" : "no new coverage", l->header,
              s->prog->fns[l->fn].name, l->cuts - since[i],
              credited ? ", its last raise paid" : "", l->bound);
  }
  return n;
}

/* The per-loop counts the next decision starts from (cuts_seen, and
** cuts_round too at a round's end). */
static void seen(sxl_cutplan *c, int round) {
  for (uint32_t i = 0; i < c->nlp; i++) {
    c->lp[i].cuts_seen = c->lp[i].cuts;
    if (round) c->lp[i].cuts_round = c->lp[i].cuts;
  }
}

/* The loops' counts at the last decision (round: at the round's start). */
static uint64_t *since_of(const sxl_cutplan *c, int round) {
  uint64_t *v = malloc((c->nlp + 1) * sizeof *v);
  for (uint32_t i = 0; v && i < c->nlp; i++) v[i] = round ? c->lp[i].cuts_round : c->lp[i].cuts_seen;
  return v;
}

/* A stall of per-loop adaptive: the cheapest loops cut in it rise. */
static void stall_per_loop(sxl_session *s, uint64_t now) {
  sxl_cutplan *c = s->prog->cuts;
  uint64_t *since = since_of(c, 0);
  if (!since) return; /* out of memory: no raise this time */
  uint32_t n = raise_loops(s, 0, since);
  free(since);
  seen(c, 0);
  if (!n) return;
  c->raises += n;
  c->mark = now; /* the new bounds get as long */
}

int sxl_cut_stalled(const sxl_cutplan *c, uint64_t now) {
  /* The count once stepped back by one (exec.c uncounted a resumed
  ** switch case twice, fixed since): now < mark is no stall, not 2^64
  ** instructions of one, which raised the bound at every check after it */
  return now >= c->mark && now - c->mark >= c->mark + c->window;
}

void sxl_cut_tick(sxl_session *s, sxl_state *ps) {
  sxl_cutplan *c = s->prog->cuts;
  uint64_t now = s->x.instructions;
  if (c->mode != SXL_CUT_ADAPTIVE || c->off) return;
  if (ps && ps->deep_loop && ps->cov_at > ps->deep_at) { /* new code past a raised bound */
    sxl_cutloop *l = &c->lp[ps->deep_loop - 1];
    l->credits += !l->credit;
    l->credit = 1;
    ps->deep_loop = 0;
  }
  if (now - c->checked < c->window) return;
  uint64_t lines, tl, ins = 0, ti;
  if (sxl_session_coverage(s, &lines, &tl, &ins, &ti)) return;
  c->checked = now;
  if (ins > c->covered) {
    c->covered = ins;
    c->mark = now;
    return;
  }
  if (!sxl_cut_stalled(c, now)) return;
  if (!c->adapt_global) {
    stall_per_loop(s, now);
    return;
  }
  int64_t b = symx_option_get(s->ctx, "max_loop_iterations");
  if (!b) return; /* no bound left */
  b = doubled(b);
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

/* Moves the round's tests to OUTDIR/round-N and sets max_time to what is
** left (left: ms, with a limit). 0, or -1 with s->err set. */
static int new_round(sxl_session *s, int64_t left, char *dir, size_t len) {
  sxl_cutplan *c = s->prog->cuts;
  char sub[32];
  snprintf(sub, sizeof sub, "round-%" PRIu64, ++c->rounds);
  if (stash_tests(s, sub, dir, len)) return -1;
  if (c->limit_ms && symx_option_set(s->ctx, "max_time", left) != SYMX_OK) {
    snprintf(s->err, sizeof s->err, "--cut adaptive: %.900s", symx_errmsg(s->ctx));
    return -1;
  }
  return 0;
}

/* The end of a run under per-loop adaptive: when loops were cut (cuts)
** and time is left, the cheapest of them rise, and the run goes again. */
static int next_round_per_loop(sxl_session *s, int cuts, int64_t left) {
  sxl_cutplan *c = s->prog->cuts;
  c->round_cuts = symx_stat_get(s->ctx, "cuts_loop");
  uint64_t *since = cuts ? since_of(c, 1) : NULL;
  if (cuts && !since) {
    snprintf(s->err, sizeof s->err, "--cut adaptive: out of memory");
    return -1;
  }
  uint32_t n = cuts ? raise_loops(s, 1, since) : 0;
  free(since);
  seen(c, 1);
  char dir[2200];
  if (!n) return 0;
  if (new_round(s, left, dir, sizeof dir)) return -1;
  c->mark = s->x.instructions; /* the new bounds get as long as the run so far */
  if (!s->quiet)
    fprintf(stderr, "symx-llvm: --cut adaptive: the run ended with loops cut (its tests in %s): "
                    "again, %" PRIu32 " loop(s) cut later\n", dir, n);
  return 1;
}

int sxl_cut_next_round(sxl_session *s) {
  sxl_cutplan *c = s->prog->cuts;
  if (!c || c->mode != SXL_CUT_ADAPTIVE || c->off || !s->outdir[0]) return 0;
  uint64_t cuts = symx_stat_get(s->ctx, "cuts_loop"), now = sxl_clock_ms(s->ctx);
  int64_t b = symx_option_get(s->ctx, "max_loop_iterations");
  int64_t left = c->limit_ms ? c->limit_ms - (int64_t)(now - c->start_ms) : 1;
  if (!c->adapt_global) return next_round_per_loop(s, cuts > c->round_cuts && left > 0, left);
  int more = cuts > c->round_cuts && b && left > 0;
  c->round_cuts = cuts;
  if (!more) return 0;
  char dir[2200];
  b = doubled(b);
  if (new_round(s, left, dir, sizeof dir)) return -1;
  if (symx_option_set(s->ctx, "max_loop_iterations", b) != SYMX_OK) {
    snprintf(s->err, sizeof s->err, "--cut adaptive: %.900s", symx_errmsg(s->ctx));
    return -1;
  }
  if (!s->quiet)
    fprintf(stderr, "symx-llvm: --cut adaptive: the run ended with loops cut (its tests in %s): "
                    "again, loops cut after %" PRId64 " run(s) (0: never)\n", dir, b);
  return 1;
}
