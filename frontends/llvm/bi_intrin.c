/*
** bi_intrin.c — the LLVM intrinsics the interpreter implements (the ones it
** ignores, dbg, lifetime, va_end ..., are BI_IGNORE): stacksave and
** stackrestore, expect, and
** the integer min, max and abs.
*/
#include "builtins.h"

/* stacksave: the number of stack objects so far; stackrestore frees the
** top frame's objects made since (the VLAs of a loop's iteration). */
int sxl_bi_stacksave(sxl_bcall *c) { return sxl_bi_ret(c, c->r->s->nallocas); }

int sxl_bi_stackrestore(sxl_bcall *c) {
  int rc = sxl_bi_args(c, 1);
  if (rc != SXL_CONTINUE) return rc;
  sxl_state *s = c->r->s;
  uint32_t floor = s->frames[s->nframes - 1].alloca0;
  uint64_t to = c->a[0] > floor ? c->a[0] : floor;
  while (s->nallocas > to) {
    if (sxl_mem_free_obj(&s->mem, s->allocas[s->nallocas - 1], 0)) return sxl_oom(c->r);
    s->nallocas--;
  }
  return SXL_RETURNED;
}

int sxl_bi_ignore(sxl_bcall *c) {
  (void)c;
  return SXL_RETURNED;
}

/* llvm.expect: its first argument. */
int sxl_bi_expect(sxl_bcall *c) {
  if (c->in->dst == UINT32_MAX) return SXL_RETURNED;
  int rc = sxl_set(c->r, c->in->dst, sxl_ex(c->r, c->args[0], c->in->w));
  return rc == SXL_CONTINUE ? SXL_RETURNED : rc;
}

int sxl_bi_minmax(sxl_bcall *c) {
  if (c->in->dst == UINT32_MAX) return SXL_RETURNED;
  symx_ctx *x = c->r->ctx;
  unsigned w = c->in->w;
  symx_expr *a = sxl_ex(c->r, c->args[0], w);
  symx_expr *b = c->id == BI_ABS ? symx_const(x, w, 0) : sxl_ex(c->r, c->args[1], w);
  symx_expr *cond, *e;
  switch (c->id) {
  case BI_UMAX: cond = symx_ugt(x, a, b); e = symx_ite(x, cond, a, b); break;
  case BI_UMIN: cond = symx_ult(x, a, b); e = symx_ite(x, cond, a, b); break;
  case BI_SMAX: cond = symx_sgt(x, a, b); e = symx_ite(x, cond, a, b); break;
  case BI_SMIN: cond = symx_slt(x, a, b); e = symx_ite(x, cond, a, b); break;
  default: { /* abs: a < 0 ? -a : a */
    cond = symx_slt(x, a, b);
    symx_expr *ng = symx_neg(x, a);
    e = symx_ite(x, cond, ng, a);
    symx_expr_release(ng);
  }
  }
  symx_expr_release(a);
  symx_expr_release(b);
  symx_expr_release(cond);
  int rc = sxl_set(c->r, c->in->dst, e);
  return rc == SXL_CONTINUE ? SXL_RETURNED : rc;
}
