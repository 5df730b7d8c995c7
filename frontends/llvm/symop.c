/*
** symop.c — the slow path of arithmetic: an instruction with a symbolic
** operand builds its result as an expression (division checks its divisor
** for zero first; address arithmetic of symbolic pointers too).
*/
#include "exec_impl.h"

static symx_expr *icmp_expr(symx_ctx *c, int pred, symx_expr *a, symx_expr *b) {
  switch (pred) {
  case LLVMIntEQ: return symx_eq(c, a, b);
  case LLVMIntNE: return symx_ne(c, a, b);
  case LLVMIntUGT: return symx_ugt(c, a, b);
  case LLVMIntUGE: return symx_uge(c, a, b);
  case LLVMIntULT: return symx_ult(c, a, b);
  case LLVMIntULE: return symx_ule(c, a, b);
  case LLVMIntSGT: return symx_sgt(c, a, b);
  case LLVMIntSGE: return symx_sge(c, a, b);
  case LLVMIntSLT: return symx_slt(c, a, b);
  default: return symx_sle(c, a, b);
  }
}

static symx_kind binary_kind(int op) {
  switch (op) {
  case OP_ADD: return SYMX_K_ADD;
  case OP_SUB: return SYMX_K_SUB;
  case OP_MUL: return SYMX_K_MUL;
  case OP_UDIV: return SYMX_K_UDIV;
  case OP_SDIV: return SYMX_K_SDIV;
  case OP_UREM: return SYMX_K_UREM;
  case OP_SREM: return SYMX_K_SREM;
  case OP_AND: return SYMX_K_AND;
  case OP_OR: return SYMX_K_OR;
  case OP_XOR: return SYMX_K_XOR;
  case OP_SHL: return SYMX_K_SHL;
  case OP_LSHR: return SYMX_K_LSHR;
  default: return SYMX_K_ASHR;
  }
}

/* dst = a OP b; a division checks b for zero first. */
static int sym_binary(run *r, const sxl_ins *in) {
  symx_ctx *c = r->ctx;
  symx_expr *a = sxl_ex(r, in->a, in->w), *b = sxl_ex(r, in->b, in->w);
  symx_kind k = binary_kind(in->op);
  int rc = SXL_CONTINUE;
  if (in->op >= OP_UDIV && in->op <= OP_SREM) {
    /* Division by zero is the front end's check. */
    symx_expr *zero = symx_const(c, in->w, 0);
    rc = sxl_check(r, symx_eq(c, b, zero), SYMX_ERR_DIV_ZERO, "division by zero");
    symx_expr_release(zero);
  } else if (in->op >= OP_SHL && in->op <= OP_ASHR && !r->x->no_overshift_check &&
             !r->p->fns[r->s->frames[r->s->nframes - 1].fn].is_libc) {
    symx_expr *wk = symx_const(c, in->w, in->w);
    rc = sxl_check(r, symx_uge(c, b, wk), SYMX_ERR_OVERSHIFT, "overshift error");
    symx_expr_release(wk);
  }
  symx_expr *e = rc == SXL_CONTINUE ? symx_mk2(c, k, a, b) : NULL;
  symx_expr_release(a);
  symx_expr_release(b);
  return rc == SXL_CONTINUE ? sxl_set(r, in->dst, e) : rc;
}

/* dst = the value of one operand, converted (casts, icmp, select). */
static symx_expr *sym_unary(run *r, const sxl_ins *in) {
  symx_ctx *c = r->ctx;
  symx_expr *a, *b = NULL, *e;
  switch (in->op) {
  case OP_ICMP:
    a = sxl_ex(r, in->a, in->w2);
    b = sxl_ex(r, in->b, in->w2);
    e = icmp_expr(c, in->flag, a, b);
    break;
  case OP_TRUNC:
    a = sxl_ex(r, in->a, in->w2);
    e = symx_extract(c, a, in->w - 1u, 0);
    break;
  case OP_ZEXT:
    a = sxl_ex(r, in->a, in->w2);
    e = symx_zext(c, a, in->w);
    break;
  case OP_SEXT:
    a = sxl_ex(r, in->a, in->w2);
    e = symx_sext(c, a, in->w);
    break;
  default: /* OP_MOV */
    a = sxl_ex(r, in->a, in->w);
    e = symx_expr_retain(a);
    break;
  }
  symx_expr_release(a);
  symx_expr_release(b);
  return e;
}

static symx_expr *sym_select(run *r, const sxl_ins *in) {
  symx_expr *cc = sxl_ex(r, in->a, 1);
  symx_expr *a = sxl_ex(r, in->b, in->w);
  symx_expr *b = sxl_ex(r, in->c, in->w);
  symx_expr *e = symx_ite(r->ctx, cc, a, b);
  symx_expr_release(cc);
  symx_expr_release(a);
  symx_expr_release(b);
  return e;
}

int sxl_sym_op(run *r, const sxl_ins *in) {
  switch (in->op) {
  case OP_ICMP:
  case OP_TRUNC:
  case OP_ZEXT:
  case OP_SEXT:
  case OP_MOV: return sxl_set(r, in->dst, sym_unary(r, in));
  case OP_SELECT: return sxl_set(r, in->dst, sym_select(r, in));
  default: return sym_binary(r, in);
  }
}

/* GEPI: dst = a + imm; GEPV: dst = dst + sext(b) * imm. */
int sxl_sym_gep(run *r, const sxl_ins *in) {
  symx_ctx *c = r->ctx;
  if (in->op == OP_GEPI) {
    symx_expr *b = sxl_ex(r, in->a, 64), *k = symx_const(c, 64, in->imm);
    int rc = sxl_set(r, in->dst, symx_add(c, b, k));
    symx_expr_release(b);
    symx_expr_release(k);
    return rc;
  }
  symx_expr *base = sxl_ex(r, in->dst, 64), *idx = sxl_ex(r, in->b, in->w2);
  if (in->w2 < 64) {
    symx_expr *t = symx_sext(c, idx, 64);
    symx_expr_release(idx);
    idx = t;
  }
  symx_expr *k = symx_const(c, 64, in->imm);
  symx_expr *mul = symx_mul(c, idx, k);
  int rc = sxl_set(r, in->dst, symx_add(c, base, mul));
  symx_expr_release(base);
  symx_expr_release(idx);
  symx_expr_release(k);
  symx_expr_release(mul);
  return rc;
}
