/*
** nurs.c — weights of KLEE's non-uniform random searchers that depend on
** the program run (libsymx's "weighted" searcher reads them): nurs:qc
** prefers paths that cost the solver little. A path's cost is the solver
** time spent while it ran (its fork's child inherits the parent's).
** nurs:covnew prefers paths that covered a new instruction lately or are
** near an uncovered one; nurs:md2u those near one; nurs:icnt paths at a
** rarely run instruction; nurs:cpicnt paths in a rarely run function.
** Distances are intra-procedural: instructions along the current
** function's branches (a call counts as one; KLEE also looks into callees
** and past the return, which this approximation does not).
*/
#include "driver.h"

#include <stdlib.h>

double sxl_weight_qc(void *user, symx_state *st) {
  (void)user;
  const sxl_state *s = symx_state_payload(st);
  double secs = s ? (double)s->qcost_ns / 1e9 : 0.0;
  return secs < 0.1 ? 1.0 : 1.0 / secs;
}

/* The state's top frame's function (and instruction), or NULL. */
static const sxl_fn *top(void *user, symx_state *st, uint32_t *pc) {
  const sxl_session *ss = user;
  const sxl_state *s = symx_state_payload(st);
  if (!ss || !s || !s->nframes) return NULL;
  const sxl_frame *f = &s->frames[s->nframes - 1];
  *pc = f->pc;
  return &ss->prog->fns[f->fn];
}

/* The instructions control may go to after fn's instruction pc (at most 2;
** a call goes on at the next one). */
static int successors(const sxl_fn *fn, uint32_t pc, uint32_t next[2]) {
  const sxl_ins *in = &fn->code[pc];
  switch (in->op) {
  case OP_BR: next[0] = fn->edges[in->b].target; return 1;
  case OP_CBR:
    next[0] = fn->edges[in->b].target;
    next[1] = fn->edges[in->c].target;
    return 2;
  case OP_SWCASE:
    next[0] = fn->edges[in->b].target;
    next[1] = pc + 1;
    return 2;
  case OP_CUT: next[0] = in->b; return 1;
  case OP_RET:
  case OP_UNREACHABLE: return 0;
  default: next[0] = pc + 1; return pc + 1 < fn->ncode;
  }
}

/* Instructions from pc to the nearest one not yet covered in fn (pc's own
** counts: 1 when pc is uncovered), by breadth-first search; 0 when none is
** reachable (or out of memory). */
static uint64_t dist_uncovered(const sxl_fn *fn, uint32_t pc) {
  uint32_t *dist = fn->ncode ? calloc(fn->ncode, sizeof *dist) : NULL, *q = NULL;
  uint64_t found = 0;
  if (dist && pc < fn->ncode && (q = malloc(fn->ncode * sizeof *q))) {
    size_t head = 0, tail = 0;
    q[tail++] = pc;
    dist[pc] = 1; /* 0: not reached */
    while (head < tail && !found) {
      uint32_t at = q[head++], next[2];
      if (!fn->cov[at]) found = dist[at];
      for (int k = successors(fn, at, next) - 1; k >= 0 && !found; k--)
        if (next[k] < fn->ncode && !dist[next[k]]) {
          dist[next[k]] = dist[at] + 1;
          q[tail++] = next[k];
        }
    }
  }
  free(dist);
  free(q);
  return found;
}

/* KLEE's md2u weight: the inverse distance, squared (none near: 10000). */
static double inv_md2u_sq(void *user, symx_state *st) {
  uint32_t pc;
  const sxl_fn *fn = top(user, st, &pc);
  uint64_t d = fn && fn->cov ? dist_uncovered(fn, pc) : 0;
  double inv = 1.0 / (double)(d ? d : 10000);
  return inv * inv;
}

double sxl_weight_md2u(void *user, symx_state *st) {
  return inv_md2u_sq(user, st);
}

/* Paths that covered something new within about 1000 instructions weigh
** most (inverse of the instructions since, squared), plus md2u's weight. */
double sxl_weight_covnew(void *user, symx_state *st) {
  const sxl_state *s = symx_state_payload(st);
  double inv = 0.0;
  if (s && s->cov_at) {
    uint64_t since = s->steps - s->cov_at + 1;
    inv = 1.0 / (double)(since > 1001 ? since - 1000 : 1);
  }
  return inv * inv + inv_md2u_sq(user, st);
}

/* How often the path's next instruction has run (all paths): rarer,
** heavier (inverse, squared). */
double sxl_weight_icnt(void *user, symx_state *st) {
  uint32_t pc;
  const sxl_fn *fn = top(user, st, &pc);
  uint64_t n = fn && fn->hits && pc < fn->ncode ? fn->hits[pc] : 0;
  double inv = 1.0 / (double)(n ? n : 1);
  return inv * inv;
}

/* Instructions run in the path's current function (all paths, all its
** calls; KLEE counts them per call path): fewer, heavier (inverse). */
double sxl_weight_cpicnt(void *user, symx_state *st) {
  uint32_t pc;
  const sxl_fn *fn = top(user, st, &pc);
  uint64_t n = 0;
  for (uint32_t k = 0; fn && fn->hits && k < fn->ncode; k++) n += fn->hits[k];
  return 1.0 / (double)(n ? n : 1);
}
