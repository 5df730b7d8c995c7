/*
** cutrun.c — a --cut plan at run time. A translated function's cut edges
** lead to OP_CUT stubs appended to its code (the edge's phi moves still
** run: only its target changes); a stub asks libsymx (symx_state_loop for
** a back edge, symx_state_cut for a static cut) and goes on to the edge's
** target, ends the path, or returns through the stub return: a copy of the
** function's first return whose value slots take the cut value first (a
** fresh symbolic value for an integer return under cut_policy symbolic,
** else 0), so the return keeps the function's type. Stubs count for no
** LLVM instruction: coverage figures stay the original program's.
*/
#include "cuts.h"

#include <stdlib.h>
#include <string.h>

/* Room for n more instructions in fn's per-instruction arrays. */
static int grow(sxl_fn *fn, uint32_t n) {
  uint32_t m = fn->ncode + n + 1;
  sxl_ins *code = realloc(fn->code, m * sizeof *code);
  if (code) fn->code = code;
  uint8_t *cov = code ? realloc(fn->cov, m) : NULL;
  if (cov) fn->cov = cov;
  uint64_t *hits = cov ? realloc(fn->hits, m * sizeof *hits) : NULL;
  if (hits) fn->hits = hits;
  uint16_t *ninst = hits ? realloc(fn->ninst, m * sizeof *ninst) : NULL;
  if (ninst) fn->ninst = ninst;
  LLVMValueRef *src = ninst && fn->src ? realloc(fn->src, m * sizeof *src) : NULL;
  if (src) fn->src = src;
  if (!ninst || (fn->src && !src)) return -1;
  memset(fn->cov + fn->ncode, 0, m - fn->ncode);
  memset(fn->hits + fn->ncode, 0, (m - fn->ncode) * sizeof *fn->hits);
  memset(fn->ninst + fn->ncode, 0, (m - fn->ncode) * sizeof *fn->ninst);
  return 0;
}

/* Appends in (counted as no LLVM instruction, standing for source
** instruction from); its index. */
static uint32_t append(sxl_fn *fn, const sxl_ins *in, uint32_t from) {
  uint32_t pc = fn->ncode++;
  fn->code[pc] = *in;
  fn->cov[pc] = 1; /* not the original's code: running it is no new coverage (a path's newcov) */
  if (fn->src) fn->src[pc] = fn->src[from];
  return pc;
}

/* The block holding instruction i: the last that starts at or before it. */
static uint32_t block_at(const uint32_t *start, uint32_t nb, uint32_t i) {
  uint32_t lo = 0, hi = nb;
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (start[mid] <= i) lo = mid;
    else hi = mid;
  }
  return lo;
}

/* Per edge, the instruction that takes it (UINT32_MAX: none found). */
static uint32_t *edge_sources(const sxl_fn *fn) {
  uint32_t *src = malloc((fn->nedges + 1) * sizeof *src);
  if (!src) return NULL;
  for (uint32_t e = 0; e < fn->nedges; e++) src[e] = UINT32_MAX;
  for (uint32_t i = 0; i < fn->ncode; i++) {
    const sxl_ins *in = &fn->code[i];
    if (in->op == OP_BR && in->b < fn->nedges) src[in->b] = i;
    if ((in->op == OP_CBR || in->op == OP_SWCASE) && in->b < fn->nedges) src[in->b] = i;
    if (in->op == OP_CBR && in->c < fn->nedges) src[in->c] = i;
  }
  return src;
}

/* The plan's cut edge for sxl edge e, or NULL. */
static const sxl_cutedge *cut_of(const sxl_cutfn *cf, uint32_t sb, uint32_t tb) {
  for (uint32_t k = 0; k < cf->n; k++)
    if (cf->e[k].from == sb && cf->e[k].to == tb) return &cf->e[k];
  return NULL;
}

int sxl_cut_apply(sxl_prog *p, uint32_t fi, const uint32_t *block_start, uint32_t nb,
                  const uint32_t *edge_block) {
  if (fi >= p->cuts->nfns || !nb) return 0;
  sxl_cutfn *cf = &p->cuts->fns[fi];
  sxl_fn *fn = &p->fns[fi];
  uint32_t ret = 0, *src = edge_sources(fn);
  while (ret < fn->ncode && fn->code[ret].op != OP_RET) ret++;
  if (!src || grow(fn, fn->nedges + 1)) {
    free(src);
    return -1;
  }
  if (ret < fn->ncode) cf->ret_pc = append(fn, &fn->code[ret], ret);
  for (uint32_t e = 0; e < fn->nedges && cf->n; e++) {
    if (src[e] == UINT32_MAX) continue;
    const sxl_cutedge *c = cut_of(cf, block_at(block_start, nb, src[e]), edge_block[e]);
    if (!c) continue;
    sxl_ins stub = {.op = OP_CUT, .loc = fn->code[src[e]].loc, .a = c->loop ? 1 + c->idx : 0,
                    .b = fn->edges[e].target, .c = cf->ret_pc};
    fn->edges[e].target = append(fn, &stub, src[e]);
  }
  free(src);
  return 0;
}

/* Returns from the top frame now, with the cut value. */
static int force_return(run *r) {
  sxl_frame *fr = top(r);
  const sxl_cutfn *cf = fr->fn < r->p->cuts->nfns ? &r->p->cuts->fns[fr->fn] : NULL;
  if (!cf || cf->ret_pc == UINT32_MAX)
    return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "cut in a function without a return", 0);
  const sxl_fn *fn = &r->p->fns[fr->fn];
  const sxl_ins *ret = &fn->code[cf->ret_pc];
  for (uint32_t i = 0; ret->flag && i < ret->c; i++)
    if (sxl_setc(r, fn->args[ret->imm + i], 0) != SXL_CONTINUE) return SXL_RUN_FATAL;
  if (!ret->flag && ret->a != UINT32_MAX) {
    int rc = !cf->ret_width ? sxl_setc(r, ret->a, 0)
                            : sxl_set(r, ret->a, symx_state_cut_value(r->st, cf->ret_width));
    if (rc != SXL_CONTINUE) return rc;
  }
  top(r)->pc = cf->ret_pc;
  return SXL_CONTINUE;
}

static int act(run *r, symx_cut a, const char *what) {
  if (a == SYMX_CUT_END) return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, what, 0);
  if (a == SYMX_CUT_RETURN) r->s->cut_taken = 1;
  return a == SYMX_CUT_RETURN ? force_return(r) : SXL_CONTINUE;
}

/* SYMX_CUT_DEFER: the path forks on a fresh choice, both sides staying at
** the stub, which each runs again knowing its side (s->cut_side). */
static int defer(run *r) {
  symx_expr *go = symx_state_cut_choice(r->st);
  if (!go) return sxl_fatal(r, "symx_state_cut_choice");
  symx_state *t, *f;
  int rc = sxl_branch_sides(r, go, SXL_AGAIN, SXL_AGAIN, &t, &f);
  if (t) ((sxl_state *)symx_state_payload(t))->cut_side = 1;
  if (f) ((sxl_state *)symx_state_payload(f))->cut_side = 2;
  return rc;
}

/* A back edge of the plan's loop li (its id for libsymx too), under the
** loop's own bound when --cut adaptive bounds loops apart. */
static int loop_edge(run *r, uint32_t li, symx_cut *a) {
  int64_t b = sxl_cut_bound(r->p->cuts, li);
  return b < 0 ? symx_state_loop(r->st, li, a) : symx_state_loop_bounded(r->st, li, b, a);
}

int sxl_cut_op(run *r, const sxl_ins *in) {
  sxl_frame *fr = top(r);
  if (!r->st || r->p->cuts->off) { /* concrete runs follow the program */
    fr->pc = in->b;
    return SXL_CONTINUE;
  }
  symx_cut a = SYMX_CUT_NONE;
  int side = r->s->cut_side, rc = SYMX_OK; /* a deferred cut's side, decided */
  r->s->cut_side = 0;
  if (side == 2) rc = symx_state_cut_take(r->st, &a);
  else if (!side) rc = in->a ? loop_edge(r, in->a - 1, &a) : symx_state_cut(r->st, &a);
  if (rc != SYMX_OK) return sxl_fatal(r, side == 2 ? "symx_state_cut_take"
                                         : in->a ? "symx_state_loop" : "symx_state_cut");
  /* a loop is a candidate for a higher bound by its cuts on paths of the
  ** original: a path past a cut return runs made-up values, whose loops
  ** may spin where the original's end (cut, but no reason to rise) */
  if (!side && in->a && a != SYMX_CUT_NONE && !r->s->cut_taken) sxl_cut_count(r->p->cuts, in->a - 1);
  if (!side && in->a && a == SYMX_CUT_NONE)
    sxl_cut_passed(r->p->cuts, r->s, in->a - 1, symx_state_loop_count(r->st, in->a - 1));
  if (a == SYMX_CUT_DEFER) return defer(r);
  if (a == SYMX_CUT_NONE) fr->pc = in->b;
  return act(r, a, in->a ? "loop cut" : "cut");
}

int sxl_cut_enter(run *r) {
  symx_cut a = SYMX_CUT_NONE;
  if (r->p->cuts->off) return SXL_CONTINUE;
  if (symx_state_call(r->st, &a) != SYMX_OK) return sxl_fatal(r, "symx_state_call");
  /* a depth cut is taken at once (the call is made: no instruction to fork at) */
  if (a == SYMX_CUT_DEFER && symx_state_cut_take(r->st, &a) != SYMX_OK)
    return sxl_fatal(r, "symx_state_cut_take");
  return act(r, a, "depth cut");
}

void sxl_cut_leave(run *r) {
  if (!r->p->cuts->off) (void)symx_state_return(r->st); /* fails only on a state not active */
}
