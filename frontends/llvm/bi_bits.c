/*
** bi_bits.c — the bit-level LLVM intrinsics as expressions, so a symbolic
** operand stays symbolic: bswap, ctpop, ctlz, cttz, fshl, fshr, the
** *.with.overflow family ({result, overflow} in two slots) and the
** saturating add and subtract. Expressions are at most 64 bits wide, so
** the overflow of a 64-bit multiplication is found by dividing back. Also
** bitreverse.
*/
#include "builtins.h"

typedef struct bx {
  symx_ctx *c;
  unsigned w;
} bx;

/* Helpers that consume their operands (NULL propagates). */
static symx_expr *k(bx *b, uint64_t v) { return symx_const(b->c, b->w, v); }
static symx_expr *rel(symx_expr *e, symx_expr *a, symx_expr *x) {
  symx_expr_release(a);
  symx_expr_release(x);
  return e;
}
#define OP2(name, fn)                                                            \
  static symx_expr *name(bx *b, symx_expr *x, symx_expr *y) {                    \
    return rel(x && y ? fn(b->c, x, y) : NULL, x, y);                            \
  }
OP2(add_, symx_add)
OP2(sub_, symx_sub)
OP2(mul_, symx_mul)
OP2(and_, symx_and)
OP2(or_, symx_or)
OP2(xor_, symx_xor)
OP2(shl_, symx_shl)
OP2(lshr_, symx_lshr)
OP2(urem_, symx_urem)
OP2(udiv_, symx_udiv)
OP2(sdiv_, symx_sdiv)
OP2(eq_, symx_eq)
OP2(ne_, symx_ne)
OP2(ult_, symx_ult)
OP2(slt_, symx_slt)
OP2(bor_, symx_bool_or)
OP2(band_, symx_bool_and)
#undef OP2
static symx_expr *ite_(bx *b, symx_expr *c, symx_expr *x, symx_expr *y) {
  symx_expr *e = c && x && y ? symx_ite(b->c, c, x, y) : NULL;
  symx_expr_release(c);
  return rel(e, x, y);
}
static symx_expr *ref(symx_expr *e) { return e ? symx_expr_retain(e) : NULL; }
static symx_expr *bit(bx *b, symx_expr *a, unsigned i) { return symx_extract(b->c, a, i, i); }
static symx_expr *neg_(bx *b, symx_expr *x) { return slt_(b, x, k(b, 0)); }

static symx_expr *bswap(bx *b, symx_expr *a) {
  symx_expr *e = NULL;
  for (unsigned i = 0; i < b->w / 8; i++) { /* byte i becomes the high end so far */
    symx_expr *byte = symx_extract(b->c, a, 8 * i + 7, 8 * i);
    symx_expr *n = e ? symx_concat(b->c, e, byte) : ref(byte);
    e = rel(n, e, byte);
  }
  return e;
}

static symx_expr *bitreverse(bx *b, symx_expr *a) {
  symx_expr *e = NULL;
  for (unsigned i = 0; i < b->w; i++) { /* bit i becomes the high end so far */
    symx_expr *x = bit(b, a, i);
    symx_expr *n = e ? symx_concat(b->c, e, x) : ref(x);
    e = rel(n, e, x);
  }
  return e;
}

static symx_expr *ctpop(bx *b, symx_expr *a) {
  symx_expr *e = k(b, 0);
  for (unsigned i = 0; i < b->w; i++) e = add_(b, e, symx_zext(b->c, bit(b, a, i), b->w));
  return e;
}

/* ctlz: the highest set bit decides (looked at last); cttz: the lowest. */
static symx_expr *count_zeros(bx *b, symx_expr *a, int leading) {
  symx_expr *e = k(b, b->w);
  for (unsigned j = 0; j < b->w; j++) {
    unsigned i = leading ? j : b->w - 1 - j;
    e = ite_(b, bit(b, a, i), k(b, leading ? b->w - 1 - i : i), e);
  }
  return e;
}

/* fshl: high half of a:b shifted left by s mod w; fshr: low half of a:b
** shifted right. A shift by w gives 0 (symx), so s = 0 needs no case. */
static symx_expr *funnel(bx *b, symx_expr *a, symx_expr *x, symx_expr *s, int left) {
  symx_expr *m = urem_(b, ref(s), k(b, b->w)), *inv = sub_(b, k(b, b->w), ref(m));
  if (left) return or_(b, shl_(b, ref(a), m), lshr_(b, ref(x), inv));
  return or_(b, shl_(b, ref(a), inv), lshr_(b, ref(x), m));
}

/* Signed overflow of a + b (s = a + b) or a - b. */
static symx_expr *sovf(bx *b, symx_expr *a, symx_expr *x, symx_expr *s, int sub) {
  if (sub) return neg_(b, and_(b, xor_(b, ref(a), ref(x)), xor_(b, ref(a), ref(s))));
  return neg_(b, and_(b, xor_(b, ref(a), ref(s)), xor_(b, ref(x), ref(s))));
}

/* Overflow of a * b: from the double-width product when it fits, else by
** dividing back (and INT_MIN * -1 for the signed case). */
static symx_expr *movf(bx *b, symx_expr *a, symx_expr *x, int sgn) {
  unsigned w = b->w;
  if (w <= 32) {
    symx_expr *(*ext)(symx_ctx *, symx_expr *, unsigned) = sgn ? symx_sext : symx_zext;
    bx d = {b->c, 2 * w};
    symx_expr *p = mul_(&d, ext(b->c, a, 2 * w), ext(b->c, x, 2 * w));
    symx_expr *lo = p ? symx_extract(b->c, p, w - 1, 0) : NULL;
    symx_expr *back = lo ? ext(b->c, lo, 2 * w) : NULL;
    symx_expr_release(lo);
    return ne_(&d, back, p);
  }
  symx_expr *p = mul_(b, ref(a), ref(x));
  symx_expr *q = sgn ? sdiv_(b, ref(p), ref(x)) : udiv_(b, ref(p), ref(x));
  symx_expr *o = band_(b, ne_(b, ref(x), k(b, 0)), ne_(b, q, ref(a)));
  symx_expr_release(p);
  if (!sgn) return o;
  symx_expr *mn = band_(b, eq_(b, ref(a), k(b, 1ull << (w - 1))), eq_(b, ref(x), k(b, ~0ull)));
  return bor_(b, o, mn);
}

static int set2(sxl_bcall *c, symx_expr *v, symx_expr *o) {
  uint32_t d = c->in->dst;
  int rc = SXL_CONTINUE;
  if (d == UINT32_MAX || !v || !o) {
    symx_expr_release(v);
    symx_expr_release(o);
    return d == UINT32_MAX ? SXL_RETURNED : sxl_fatal(c->r, "building an expression");
  }
  rc = sxl_set(c->r, d, v);
  if (rc == SXL_CONTINUE) rc = sxl_set(c->r, d + 1, o);
  else symx_expr_release(o);
  return rc == SXL_CONTINUE ? SXL_RETURNED : rc;
}

static int set1(sxl_bcall *c, symx_expr *v) {
  if (c->in->dst == UINT32_MAX) {
    symx_expr_release(v);
    return SXL_RETURNED;
  }
  int rc = sxl_set(c->r, c->in->dst, v);
  return rc == SXL_CONTINUE ? SXL_RETURNED : rc;
}

/* bswap, ctpop, ctlz, cttz, fshl, fshr. */
int sxl_bi_bits(sxl_bcall *c) {
  bx b = {c->r->ctx, c->in->w};
  if (!b.w || b.w > 64 || (c->id == BI_BSWAP && b.w % 16)) return set1(c, NULL);
  symx_expr *a = sxl_ex(c->r, c->args[0], b.w), *e;
  switch (c->id) {
  case BI_BSWAP: e = bswap(&b, a); break;
  case BI_BITREVERSE: e = bitreverse(&b, a); break;
  case BI_CTPOP: e = ctpop(&b, a); break;
  case BI_CTLZ: case BI_CTTZ: e = count_zeros(&b, a, c->id == BI_CTLZ); break;
  default: {
    symx_expr *x = sxl_ex(c->r, c->args[1], b.w), *s = sxl_ex(c->r, c->args[2], b.w);
    e = funnel(&b, a, x, s, c->id == BI_FSHL);
    symx_expr_release(x);
    symx_expr_release(s);
  }
  }
  symx_expr_release(a);
  return set1(c, e);
}

/* The *.with.overflow family and the saturating add and subtract. */
int sxl_bi_arith(sxl_bcall *c) {
  bx b = {c->r->ctx, c->in->w};
  if (!b.w || b.w > 64) return set1(c, NULL);
  symx_expr *a = sxl_ex(c->r, c->args[0], b.w), *x = sxl_ex(c->r, c->args[1], b.w);
  int id = c->id, sub = id == BI_SSUBO || id == BI_USUBO || id == BI_SSUBSAT || id == BI_USUBSAT;
  int sgn = id == BI_SADDO || id == BI_SSUBO || id == BI_SMULO || id == BI_SADDSAT ||
            id == BI_SSUBSAT;
  symx_expr *v, *o;
  if (id == BI_SMULO || id == BI_UMULO) {
    v = mul_(&b, ref(a), ref(x));
    o = movf(&b, a, x, sgn);
  } else {
    v = sub ? sub_(&b, ref(a), ref(x)) : add_(&b, ref(a), ref(x));
    o = sgn ? sovf(&b, a, x, v, sub) : sub ? ult_(&b, ref(a), ref(x)) : ult_(&b, ref(v), ref(a));
  }
  if (id >= BI_SADDSAT) { /* saturate: to the bound on the side a lies */
    uint64_t mx = ~0ull >> (64 - b.w), smin = 1ull << (b.w - 1);
    symx_expr *bound = sgn ? ite_(&b, neg_(&b, ref(a)), k(&b, smin), k(&b, smin - 1))
                           : k(&b, sub ? 0 : mx);
    symx_expr_release(a);
    symx_expr_release(x);
    return set1(c, ite_(&b, o, bound, v));
  }
  symx_expr_release(a);
  symx_expr_release(x);
  return set2(c, v, o);
}

/* OP_BITS: bswap, cttz, ctlz (what inline assembly becomes, asm.c). */
int sxl_bits_op(run *r, const sxl_ins *in) {
  bx b = {r->ctx, in->w};
  symx_expr *a = sxl_ex(r, in->a, in->w);
  symx_expr *e = in->flag == 0 ? bswap(&b, a) : count_zeros(&b, a, in->flag == 2);
  symx_expr_release(a);
  return sxl_set(r, in->dst, e);
}
