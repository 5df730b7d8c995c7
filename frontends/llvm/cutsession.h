/*
** cutsession.h — --cut on a session (cutsession.c), for main.c and
** driver.c (without the interpreter's headers).
*/
#ifndef SXL_CUTSESSION_H
#define SXL_CUTSESSION_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

/* cutsession.c: the plan for --cut MODE on s's program (its message on
** stderr unless quiet); adapt: --cut-adapt (loop, global; NULL: loop);
** window: --cut-window, instructions per adaptive coverage check (0: 20000);
** policy_given, bound_given: the command line set
** cut_policy, max_loop_iterations (else zero and 1); print: the plan on
** stdout (--print-cuts); share (0 < share < 1; 0: none): --cut-then-full's
** cut run gets that share of max_time, the run of the original the rest.
** 0, or -1 when the run cannot go on (said on stderr). */
struct sxl_session;
int sxl_cuts_setup(struct sxl_session *s, const char *mode, int64_t budget_ms, int policy_given,
                   int bound_given, int print, double share, const char *adapt,
                   uint64_t window);
/* --cut MODE, --cut-budget, --cut-share and --cut-adapt checked before anything is
** made: 0, or -1 (said on stderr). */
int sxl_cuts_check_args(const char *mode, int64_t budget_ms, double share, const char *adapt);
/* stats.json's "cuts" under --cut adaptive (nothing otherwise): rounds,
** raises by why (stall: coverage stopped growing; end: a run ended with
** loops cut and time left), and per loop ever cut its function, header
** block, bound, cuts and raises. */
void sxl_cuts_json(const struct sxl_session *s, FILE *f);
/* --cut-then-full, between the runs: the cut run's test files move from
** the output directory to its subdirectory cut (named in dir), the cuts
** are off from now on, and max_time is what is left of the shared one.
** 0, or -1 with s->err set. */
int sxl_cuts_off(struct sxl_session *s, char *dir, size_t len);
/* --cut adaptive, after a run: 1 when it ended with loops cut and time is
** left: its tests moved to OUTDIR/round-N, the bound doubled, max_time the
** time left; run again. 0: done; -1 with s->err set. */
int sxl_cut_next_round(struct sxl_session *s);
/* After each run of state ps: under adaptive mode, ps's new code credits
** the loop it ran past a raised bound; bounds double when a window of
** instructions covered nothing new. */
struct sxl_state;
void sxl_cut_tick(struct sxl_session *s, struct sxl_state *ps);
/* cutseeds.c: test number was written for a path of the cut run, which
** covered new code (newcov) or not; the ones that did are
** --cut-then-full's seeds (c may be NULL: no cut). */
struct sxl_cutplan;
void sxl_cut_note_test(struct sxl_cutplan *c, uint32_t number, int newcov);
/* --cut-then-full's seeds from the cut run's tests (dir: sxl_cuts_off's,
** earlier adaptive rounds' in OUTDIR/round-N): with all, every test in
** dir, else those whose path covered new code (--cut-seeds cover). The
** number of seeds added (all: 0), or -1 (symx_errmsg says why). */
struct symx_seeds;
int sxl_cut_seeds(struct sxl_session *s, struct symx_seeds *seeds, const char *dir, int all);

#endif
