/*
** mkconcsym.c — KLEE's --make-concrete-symbolic=N: about one concrete value
** loaded from memory in N (drawn with the engine's front-end random stream,
** so runs repeat per --rng-initial-seed) is replaced by a fresh symbolic
** value, rrws_arrK, constrained equal to it. The path and its outcome stay
** the same; the solver gets the queries a concrete run would not pose,
** KLEE's way of stress-testing it. Not in concrete runs (--replay) nor
** when following --replay-path, as KLEE does not either.
*/
#include "exec_impl.h"

#include <stdio.h>

int sxl_mcs_draw(run *r) {
  uint64_t n = r->x->make_symbolic;
  if (!n || !r->st || r->x->replay_path) return 0;
  return n == 1 || symx_engine_random(symx_state_engine(r->st), n) == 0;
}

/* A fresh array of nbytes: rrws_arrK, K past the names the run has used
** (the context knows every input by name). NULL when it cannot be made. */
static symx_expr *fresh_array(run *r, unsigned nbytes) {
  char name[64];
  do snprintf(name, sizeof name, "rrws_arr%" PRIu64, ++r->x->reads_made_symbolic);
  while (symx_input_find(r->ctx, name));
  return symx_array_input(r->ctx, name, nbytes, 32);
}

int sxl_mcs_load(run *r, const sxl_ins *in, uint64_t v) {
  symx_ctx *c = r->ctx;
  unsigned nbytes = (in->w + 7u) / 8u;
  symx_expr *arr = fresh_array(r, nbytes);
  if (!arr) return sxl_fatal(r, "--make-concrete-symbolic: a fresh array");
  symx_expr *e = symx_read_le(c, arr, 0, nbytes);
  symx_expr_release(arr);
  if (e && in->w < 8 * nbytes) {
    symx_expr *t = symx_extract(c, e, in->w - 1u, 0);
    symx_expr_release(e);
    e = t;
  }
  symx_expr *k = symx_const(c, in->w, v);
  symx_expr *eq = e && k ? symx_eq(c, e, k) : NULL;
  symx_expr_release(k);
  if (!eq) {
    symx_expr_release(e);
    return sxl_fatal(r, "--make-concrete-symbolic: the equality");
  }
  int rc = sxl_set(r, in->dst, e);
  if (rc != SXL_CONTINUE) {
    symx_expr_release(eq);
    return rc;
  }
  /* the load is done before the equality is added: a state it makes
  ** pending resumes after the load; one that goes on, here (the caller
  ** moves past the load then) */
  top(r)->pc++;
  sxl_flush(r);
  rc = symx_state_assume(r->st, eq);
  symx_expr_release(eq);
  if (rc == SYMX_OK) {
    top(r)->pc--;
    return SXL_CONTINUE;
  }
  if (rc == SYMX_UNSAT || rc == SYMX_UNKNOWN) return SXL_RUN_YIELD;
  return sxl_fatal(r, "--make-concrete-symbolic: symx_state_assume");
}
