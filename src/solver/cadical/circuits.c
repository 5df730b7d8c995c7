/*
** circuits.c — bit-vector operators as AIG circuits: ripple-carry adders,
** comparators, barrel shifters, a shift-add multiplier and a restoring
** divider. Constant operands fold through the AIG, so x * 3 costs two
** adders, not a full multiplier.
*/
#include "circuits.h"

#include <string.h>

void sx_bv_const(uint64_t v, unsigned w, sx_lit *out) {
  for (unsigned i = 0; i < w; i++) out[i] = (v >> i) & 1 ? SX_LIT_TRUE : SX_LIT_FALSE;
}

bool sx_bv_is_const(const sx_lit *v, unsigned w, uint64_t *value) {
  uint64_t x = 0;
  for (unsigned i = 0; i < w; i++) {
    if (!sx_lit_is_const(v[i])) return false;
    x |= (uint64_t)(v[i] == SX_LIT_TRUE) << i;
  }
  *value = x;
  return true;
}

/* out = a + b + cin; returns the carry out */
static sx_lit add(sx_aig *g, const sx_lit *a, const sx_lit *b, sx_lit cin, unsigned w, sx_lit *out) {
  sx_lit c = cin;
  for (unsigned i = 0; i < w; i++) {
    sx_lit x = sx_aig_xor(g, a[i], b[i]);
    out[i] = sx_aig_xor(g, x, c);
    c = sx_aig_or(g, sx_aig_and(g, a[i], b[i]), sx_aig_and(g, c, x));
  }
  return c;
}

/* out = a - b; returns the carry out (1 when a >= b) */
static sx_lit sub(sx_aig *g, const sx_lit *a, const sx_lit *b, unsigned w, sx_lit *out) {
  sx_lit nb[65] = {0}; /* the divider subtracts at w + 1 bits */
  for (unsigned i = 0; i < w; i++) nb[i] = sx_lit_not(b[i]);
  return add(g, a, nb, SX_LIT_TRUE, w, out);
}

static void neg(sx_aig *g, const sx_lit *a, unsigned w, sx_lit *out) {
  sx_lit zero[64] = {0};
  sx_bv_const(0, w, zero);
  sub(g, zero, a, w, out);
}

sx_lit sx_bv_eq(sx_aig *g, const sx_lit *a, const sx_lit *b, unsigned w) {
  sx_lit r = SX_LIT_TRUE;
  for (unsigned i = 0; i < w && r != SX_LIT_FALSE; i++)
    r = sx_aig_and(g, r, sx_lit_not(sx_aig_xor(g, a[i], b[i])));
  return r;
}

/* a < b, rippled from the least significant bit: the highest differing bit decides */
sx_lit sx_bv_ult(sx_aig *g, const sx_lit *a, const sx_lit *b, unsigned w) {
  sx_lit lt = SX_LIT_FALSE;
  for (unsigned i = 0; i < w; i++) lt = sx_aig_ite(g, sx_aig_xor(g, a[i], b[i]), b[i], lt);
  return lt;
}

/* signed a < b: unsigned comparison with the sign bits swapped */
static sx_lit slt(sx_aig *g, const sx_lit *a, const sx_lit *b, unsigned w) {
  sx_lit x[64] = {0}, y[64] = {0};
  memcpy(x, a, w * sizeof *x);
  memcpy(y, b, w * sizeof *y);
  x[w - 1] = b[w - 1];
  y[w - 1] = a[w - 1];
  return sx_bv_ult(g, x, y, w);
}

void sx_bv_ite(sx_aig *g, sx_lit c, const sx_lit *t, const sx_lit *e, unsigned w, sx_lit *out) {
  for (unsigned i = 0; i < w; i++) out[i] = sx_aig_ite(g, c, t[i], e[i]);
}

static void mul(sx_aig *g, const sx_lit *a, const sx_lit *b, unsigned w, sx_lit *out) {
  sx_lit acc[64] = {0}, pp[64] = {0}, sum[64] = {0};
  sx_bv_const(0, w, acc);
  for (unsigned i = 0; i < w; i++) {
    if (b[i] == SX_LIT_FALSE) continue;
    /* partial product (a << i) & b[i], only the bits that stay below w */
    for (unsigned j = 0; j < w - i; j++) pp[j] = sx_aig_and(g, a[j], b[i]);
    add(g, acc + i, pp, SX_LIT_FALSE, w - i, sum);
    memcpy(acc + i, sum, (w - i) * sizeof *sum);
  }
  memcpy(out, acc, w * sizeof *acc);
}

/*
** Restoring division. Dividing by zero needs no special case: every trial
** subtraction of 0 succeeds, so the quotient is all ones and the remainder
** is the dividend, exactly SMT-LIB's bvudiv/bvurem.
*/
static void udivrem(sx_aig *g, const sx_lit *a, const sx_lit *b, unsigned w, sx_lit *q, sx_lit *r) {
  sx_lit rem[65] = {0}, bb[65] = {0}, diff[65] = {0};
  sx_bv_const(0, w, rem);
  memcpy(bb, b, w * sizeof *bb);
  bb[w] = SX_LIT_FALSE;
  for (unsigned k = w; k-- > 0;) {
    /* t = rem << 1 | a[k], w + 1 bits so the shifted-out bit is kept */
    sx_lit t[65];
    t[0] = a[k];
    memcpy(t + 1, rem, w * sizeof *t);
    sx_lit ge = sub(g, t, bb, w + 1, diff);
    q[k] = ge;
    for (unsigned i = 0; i < w; i++) rem[i] = sx_aig_ite(g, ge, diff[i], t[i]);
  }
  if (r) memcpy(r, rem, w * sizeof *rem);
}

static void abs_val(sx_aig *g, const sx_lit *a, unsigned w, sx_lit *out) {
  sx_lit n[64] = {0};
  neg(g, a, w, n);
  sx_bv_ite(g, a[w - 1], n, a, w, out);
}

/* sdiv/srem through magnitudes; the sign of the quotient is sa ^ sb, the
** sign of the remainder follows the dividend (this also gives SMT-LIB's
** answers for a zero divisor and for INT_MIN / -1) */
static void sdivrem(sx_aig *g, const sx_lit *a, const sx_lit *b, unsigned w, bool want_rem, sx_lit *out) {
  sx_lit ma[64] = {0}, mb[64] = {0}, q[64] = {0}, r[64] = {0}, n[64] = {0};
  abs_val(g, a, w, ma);
  abs_val(g, b, w, mb);
  udivrem(g, ma, mb, w, q, r);
  const sx_lit *v = want_rem ? r : q;
  sx_lit s = want_rem ? a[w - 1] : sx_aig_xor(g, a[w - 1], b[w - 1]);
  neg(g, v, w, n);
  sx_bv_ite(g, s, n, v, w, out);
}

/* barrel shifter; amounts >= w give 0 (shl, lshr) or the sign (ashr) */
static void shift(sx_aig *g, int kind, const sx_lit *a, const sx_lit *b, unsigned w, sx_lit *out) {
  sx_lit cur[64] = {0}, nxt[64] = {0};
  sx_lit fill = kind == SYMX_K_ASHR ? a[w - 1] : SX_LIT_FALSE;
  memcpy(cur, a, w * sizeof *cur);
  unsigned stages = 0;
  while (stages < 7 && (1u << stages) < w) stages++;
  for (unsigned s = 0; s < stages; s++) {
    unsigned d = 1u << s;
    for (unsigned i = 0; i < w; i++) {
      sx_lit moved;
      if (kind == SYMX_K_SHL) moved = i >= d ? cur[i - d] : SX_LIT_FALSE;
      else moved = i + d < w ? cur[i + d] : fill;
      nxt[i] = sx_aig_ite(g, b[s], moved, cur[i]);
    }
    memcpy(cur, nxt, w * sizeof *cur);
  }
  /* any higher amount bit set: shifted past every bit */
  sx_lit over = SX_LIT_FALSE;
  for (unsigned s = stages; s < w; s++) over = sx_aig_or(g, over, b[s]);
  for (unsigned i = 0; i < w; i++) out[i] = sx_aig_ite(g, over, fill, cur[i]);
}

void sx_bv_op(sx_aig *g, int kind, const sx_lit *a, const sx_lit *b, unsigned w, sx_lit *out) {
  switch (kind) {
  case SYMX_K_NOT:
    for (unsigned i = 0; i < w; i++) out[i] = sx_lit_not(a[i]);
    return;
  case SYMX_K_NEG: neg(g, a, w, out); return;
  case SYMX_K_ADD: add(g, a, b, SX_LIT_FALSE, w, out); return;
  case SYMX_K_SUB: sub(g, a, b, w, out); return;
  case SYMX_K_MUL: mul(g, a, b, w, out); return;
  case SYMX_K_UDIV: udivrem(g, a, b, w, out, NULL); return;
  case SYMX_K_UREM: {
    sx_lit q[64];
    udivrem(g, a, b, w, q, out);
    return;
  }
  case SYMX_K_SDIV: sdivrem(g, a, b, w, false, out); return;
  case SYMX_K_SREM: sdivrem(g, a, b, w, true, out); return;
  case SYMX_K_AND:
    for (unsigned i = 0; i < w; i++) out[i] = sx_aig_and(g, a[i], b[i]);
    return;
  case SYMX_K_OR:
    for (unsigned i = 0; i < w; i++) out[i] = sx_aig_or(g, a[i], b[i]);
    return;
  case SYMX_K_XOR:
    for (unsigned i = 0; i < w; i++) out[i] = sx_aig_xor(g, a[i], b[i]);
    return;
  case SYMX_K_SHL:
  case SYMX_K_LSHR:
  case SYMX_K_ASHR: shift(g, kind, a, b, w, out); return;
  case SYMX_K_EQ: out[0] = sx_bv_eq(g, a, b, w); return;
  case SYMX_K_NE: out[0] = sx_lit_not(sx_bv_eq(g, a, b, w)); return;
  case SYMX_K_ULT: out[0] = sx_bv_ult(g, a, b, w); return;
  case SYMX_K_ULE: out[0] = sx_lit_not(sx_bv_ult(g, b, a, w)); return;
  case SYMX_K_UGT: out[0] = sx_bv_ult(g, b, a, w); return;
  case SYMX_K_UGE: out[0] = sx_lit_not(sx_bv_ult(g, a, b, w)); return;
  case SYMX_K_SLT: out[0] = slt(g, a, b, w); return;
  case SYMX_K_SLE: out[0] = sx_lit_not(slt(g, b, a, w)); return;
  case SYMX_K_SGT: out[0] = slt(g, b, a, w); return;
  case SYMX_K_SGE: out[0] = sx_lit_not(slt(g, a, b, w)); return;
  default: sx_bv_const(0, w, out); return;
  }
}
