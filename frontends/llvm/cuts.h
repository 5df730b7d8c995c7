/*
** cuts.h — Converse's cuts in symx-llvm (paper 003): a plan computed on
** the loaded bitcode (cutplan.c: loops from the CFG's back edges; key paths
** by a cycle-breaking DFS under a time budget per function), the edges it
** cuts turned into OP_CUT stubs as functions are translated, and what the
** stubs and calls do at run time (cutrun.c, through libsymx's cut hooks).
*/
#ifndef SXL_CUTS_H
#define SXL_CUTS_H

#include "cutsession.h"
#include "exec_impl.h"

/* --cut MODE: Converse's modes 5 (loop), 4 (depth), 2 (keypath), 3
** (keypath-once), 1 (allpaths); adaptive is loop with a rising bound. */
enum sxl_cut_mode {
  SXL_CUT_NONE = 0, SXL_CUT_LOOP, SXL_CUT_DEPTH, SXL_CUT_KEYPATH, SXL_CUT_KEYPATH_ONCE,
  SXL_CUT_ALLPATHS, SXL_CUT_ADAPTIVE
};

/* A cut CFG edge between blocks (numbered in function order). */
typedef struct sxl_cutedge {
  uint32_t from, to;
  uint32_t loop; /* 1 + the loop's id (its header block) for a back edge; 0: a static cut */
  uint32_t idx;  /* a back edge's loop in sxl_cutplan.lp */
} sxl_cutedge;

/* A loop of the plan (a header with back edges) and, under --cut adaptive,
** its own bound and what raised it. */
typedef struct sxl_cutloop {
  uint32_t fn, header;  /* sxl_prog.fns index, header block */
  int64_t bound;        /* runs of its body per frame (0: none) */
  uint64_t cuts;        /* its cuts taken (all rounds) */
  uint64_t cuts_seen;   /* cuts at the last raise decision */
  uint64_t cuts_round;  /* cuts when the current round (run) began */
  uint32_t raises_stall, raises_end; /* raises: coverage stalled, the round ended */
  int64_t prev;         /* its bound before its last raise (0: never raised) */
  uint32_t credit;      /* a path that ran it past prev covered new code since its last raise */
  uint32_t credits;     /* such raises (all rounds) */
} sxl_cutloop;

typedef struct sxl_cutfn {
  sxl_cutedge *e;
  uint32_t n, cap;
  uint32_t keypath;   /* blocks on the longest acyclic entry-to-exit path found */
  uint32_t ret_width; /* an integer return's width (a fresh value may replace it), else 0 */
  uint32_t ret_pc;    /* the stub return's instruction once translated, UINT32_MAX none */
  int planned;        /* the plan covers this function */
  int budget_out;     /* the budget ended the search: the key path may be longer */
} sxl_cutfn;

typedef struct sxl_cutplan {
  int mode;
  uint32_t nfns;
  sxl_cutfn *fns;      /* per sxl_prog.fns index */
  uint64_t loops;      /* back edges found (loop mode) */
  uint64_t cut_edges;  /* edges cut (all modes) */
  uint32_t budget_out; /* functions whose search the budget ended */
  /* adaptive: coverage (LLVM instructions) at the last gain, instructions
  ** run then (or at the last raise), at the last check; bound raises */
  uint64_t covered, mark, checked, raises;
  int off;             /* --cut-then-full's second run: stubs and calls as uncut */
  uint64_t start_ms, rounds, round_cuts; /* adaptive rounds: start, how many, loop cuts before */
  int64_t limit_ms;    /* the run's max_time (0: none) */
  int64_t total_ms;    /* --cut-then-full: the max_time both runs share (0: none) */
  sxl_cutloop *lp;     /* the loops, in function and header order */
  uint32_t nlp, caplp;
  int adapt_global;    /* --cut-adapt global: one bound for all loops (max_loop_iterations) */
  uint64_t window;     /* instructions per coverage check (--cut-window) */
  uint32_t *cover;     /* tests whose path covered new code under the cut (cutseeds.c) */
  uint32_t ncover, capcover;
} sxl_cutplan;

/* cutsession.c: a loop's cut was taken (adaptive counts them per loop). */
void sxl_cut_count(sxl_cutplan *c, uint32_t loop);
/* A path took a back edge of loop, count runs of its body in this frame:
** past the bound the loop had before its last raise, the path is marked
** (sxl_state.deep_loop) for the raise's credit. */
void sxl_cut_passed(sxl_cutplan *c, sxl_state *s, uint32_t loop, uint64_t count);
/* The bound of loop (its index in lp) under --cut adaptive per loop, or
** -1: max_loop_iterations holds. */
int64_t sxl_cut_bound(const sxl_cutplan *c, uint32_t loop);

/* cutsession.c: adaptive's stall at instruction count now: no new
** coverage since c->mark for as long as the run took to get there (at
** least c->window: coverage comes in bursts); 1 or 0. */
int sxl_cut_stalled(const sxl_cutplan *c, uint64_t now);

/* The mode of a --cut name, or -1 when it is none. */
int sxl_cut_mode(const char *name);
/* The plan for p's defined, non-libc functions; NULL with the reason in
** err (budget_ms <= 0, out of memory). */
sxl_cutplan *sxl_cutplan_new(sxl_prog *p, int mode, int64_t budget_ms, char *err, size_t len);
void sxl_cutplan_free(sxl_cutplan *c);
/* translate.c: the plan's cut edges of function fi (just translated) go
** through OP_CUT stubs; -1 when out of memory. */
int sxl_cut_apply(sxl_prog *p, uint32_t fi, const uint32_t *block_start, uint32_t nb,
                  const uint32_t *edge_block);
/* exec.c: an OP_CUT stub (a = 1 + the loop's index in lp, 0: a static cut; b = the edge's
** target; c = the stub return). Sets the top frame's pc. */
int sxl_cut_op(run *r, const sxl_ins *in);
/* frames.c: a call entered its frame (SXL_CONTINUE, or the path ended), a
** frame is about to return. */
int sxl_cut_enter(run *r);
void sxl_cut_leave(run *r);

#endif
