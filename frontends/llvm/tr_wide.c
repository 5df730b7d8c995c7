/*
** tr_wide.c — i80 values: what clang's optimizer makes of a long double's
** union with {uint64_t m; uint16_t se;} (musl's ldshape): a bitcast of the
** x86_fp80 to i80, shifts by 64, masks, truncations and extensions. An i80
** is two slots like an x86_fp80 (tr_agg.c: low 64 bits, high 16 bits), so
** each of these is an operation per half (and a freeze of either type a
** move of both); other i80 arithmetic is unsupported with its own message.
*/
#include "translate.h"

static int is_pair(LLVMValueRef v) { return sxl_type_slots(LLVMTypeOf(v)) == 2; }

/* dst = op(a, b) of width w (OP_TRUNC/OP_ZEXT/OP_MOV: w2 the source's). */
static void half(tr *t, int op, int w, uint32_t dst, uint32_t a, uint32_t b, int w2) {
  sxl_ins *o = sxl_tr_ins(t, op, w, dst, a, b);
  o->w2 = (uint8_t)w2;
}

/* A conversion between widths: trunc, zext or mov of a w2-bit source. */
static void resize(tr *t, int w, uint32_t dst, uint32_t a, int w2) {
  half(t, w < w2 ? OP_TRUNC : w > w2 ? OP_ZEXT : OP_MOV, w, dst, a, UINT32_MAX, w2);
}

/* lshr or shl of an i80 by the constant 64: the halves trade places. */
static int shift64(tr *t) {
  LLVMValueRef n = LLVMGetOperand(t->in, 1);
  if (!LLVMIsAConstantInt(n) || LLVMConstIntGetZExtValue(n) != 64) return 0;
  uint32_t a = sxl_tr_pair(t, LLVMGetOperand(t->in, 0)), zero = sxl_tr_const(t, 0);
  if (t->op == LLVMLShr) {
    resize(t, 64, t->dst, a + 1, 16);
    resize(t, 16, t->dst + 1, zero, 16);
  } else {
    resize(t, 16, t->dst + 1, a, 64);
    resize(t, 64, t->dst, zero, 64);
  }
  return 1;
}

/* and, or, xor: per half. */
static int bitwise(tr *t) {
  int op = t->op == LLVMAnd ? OP_AND : t->op == LLVMOr ? OP_OR : OP_XOR;
  uint32_t a = sxl_tr_pair(t, LLVMGetOperand(t->in, 0)),
           b = sxl_tr_pair(t, LLVMGetOperand(t->in, 1));
  half(t, op, 64, t->dst, a, b, 0);
  half(t, op, 16, t->dst + 1, a + 1, b + 1, 0);
  return 1;
}

/* zext to i80, trunc from it, bitcast between i80 and x86_fp80, freeze. */
static int convert(tr *t) {
  LLVMValueRef src = LLVMGetOperand(t->in, 0);
  int sw = sxl_type_width(LLVMTypeOf(src));
  if (is_pair(src) && is_pair(t->in)) { /* bitcast, freeze: the same two halves */
    uint32_t a = sxl_tr_pair(t, src);
    resize(t, 64, t->dst, a, 64);
    resize(t, 16, t->dst + 1, a + 1, 16);
  } else if (t->op == LLVMZExt && sw > 0 && sw <= 64) {
    resize(t, 64, t->dst, sxl_tr_operand(t, src), sw);
    resize(t, 16, t->dst + 1, sxl_tr_const(t, 0), 16);
  } else if (t->op == LLVMTrunc && t->w > 0 && t->w <= 64) {
    resize(t, t->w, t->dst, sxl_tr_pair(t, src), 64);
  } else {
    return 0;
  }
  return 1;
}

/* 1 when translated, 0 when unsupported (the caller says so), -1 when
** the instruction has no i80 (nor x86_fp80 to i80) in it. */
int sxl_tr_wide(tr *t) {
  LLVMValueRef a = LLVMGetNumOperands(t->in) > 0 ? LLVMGetOperand(t->in, 0) : NULL;
  int pair_in = a && is_pair(a), pair_out = is_pair(t->in);
  switch (t->op) {
  case LLVMBitCast: case LLVMZExt: case LLVMTrunc: case LLVMFreeze:
    if (!pair_in && !pair_out) return -1;
    return convert(t);
  case LLVMLShr: case LLVMShl: return pair_out ? shift64(t) : -1;
  case LLVMAnd: case LLVMOr: case LLVMXor: return pair_out ? bitwise(t) : -1;
  case LLVMPHI: case LLVMSelect: case LLVMLoad: return pair_out ? sxl_tr_agg(t) : -1;
  default: return -1;
  }
}
