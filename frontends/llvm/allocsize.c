/*
** allocsize.c — a symbolic allocation size (malloc's, a variable-length
** array's), sized as KLEE sizes it rather than by one value kept by the
** path: a path with the witness's size; when the path allows exactly one
** other size, a path with it; when it allows more, a path on which the size
** is huge (past 2 GiB) gets none (malloc returns NULL) and the other sizes
** end their path with KLEE's "model" error ("concretized symbolic size":
** sizes the tool does not explore). Each step forks (decided now in every
** mode: these forks are the tool's choices, not the program's branches) and
** both sides run the instruction again, the side's step in its payload
** (alloc_stage).
*/
#include "exec_impl.h"

#define HUGE_SIZE (1ull << 31)

enum { FIRST = 0, SECOND, HUGE_OR_REST, HUGE, REST };

/* Forks on cond (consumed): the true side goes to step st, the false side
** to sf. SXL_CONTINUE when this path alone goes on (cond holds on it). */
static int fork_step(run *r, symx_expr *cond, uint8_t st, uint8_t sf) {
  symx_state *t = NULL, *f = NULL;
  int ok = cond && symx_state_branch_now(r->st, cond, &t, &f) == SYMX_OK;
  symx_expr_release(cond);
  if (!ok) return sxl_fatal(r, "symx_state_branch_now");
  if (t) ((sxl_state *)symx_state_payload(t))->alloc_stage = st;
  if (f) ((sxl_state *)symx_state_payload(f))->alloc_stage = sf;
  if (f || t != r->st || symx_state_status(r->st) != SYMX_ST_ACTIVE) return SXL_RUN_YIELD;
  return SXL_CONTINUE;
}

/* The huge sizes' side, then the rest's; huge: counts past it are huge. */
static int huge_or_rest(run *r, symx_expr *e, uint64_t huge) {
  unsigned w = symx_expr_width(e);
  if (w < 64 && huge >> w) { /* no count of this width is huge */
    r->s->alloc_stage = REST;
    return SXL_RUN_YIELD;
  }
  symx_expr *k = symx_const(r->ctx, w, huge);
  symx_expr *cond = k ? symx_ugt(r->ctx, e, k) : NULL;
  symx_expr_release(k);
  int rc = fork_step(r, cond, HUGE, REST);
  return rc == SXL_CONTINUE ? SXL_RUN_YIELD : rc; /* every huge count: run again as HUGE */
}

/* The witness's count *v: a path with it. The first step's other side
** looks for a second count; the second step's other side means the path
** allowed more than two: then both sides go to the huge/rest split (KLEE
** sizes none of them). */
static int witness_count(run *r, uint32_t slot, symx_expr *e, uint64_t *v) {
  sxl_state *s = r->s;
  if (symx_state_eval(r->st, e, v) != SYMX_OK) return sxl_fatal(r, "symx_state_eval");
  symx_expr *k = symx_const(r->ctx, symx_expr_width(e), *v);
  symx_expr *eq = k ? symx_eq(r->ctx, e, k) : NULL;
  symx_expr_release(k);
  int first = s->alloc_stage == FIRST;
  int rc = fork_step(r, eq, first ? FIRST : HUGE_OR_REST, first ? SECOND : HUGE_OR_REST);
  if (rc != SXL_CONTINUE) return rc;
  s->alloc_stage = FIRST;
  return sxl_setc(r, slot, *v);
}

int sxl_alloc_size(run *r, uint32_t slot, uint64_t huge, uint64_t *v) {
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  symx_expr *e = sxl_reg_sym(fr, slot);
  *v = sxl_reg_val(fr, slot);
  if (!e) return SXL_CONTINUE;
  if (!r->st) return sxl_fatal(r, "symbolic allocation size without an engine");
  sxl_state *s = r->s;
  sxl_flush(r);
  switch (s->alloc_stage) {
  case HUGE:
    s->alloc_stage = FIRST;
    *v = UINT64_MAX; /* no object: malloc returns NULL */
    return SXL_CONTINUE;
  case REST:
    s->alloc_stage = FIRST;
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_MODEL, "concretized symbolic size", 0);
  case HUGE_OR_REST:
    return huge_or_rest(r, e, huge);
  }
  return witness_count(r, slot, e, v);
}
