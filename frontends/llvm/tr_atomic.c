/*
** tr_atomic.c — atomics with their single-threaded meaning: atomicrmw is a
** load, the operation and a store; cmpxchg a load, a compare and a store
** of the chosen value (it never fails spuriously). The scratch slots follow
** the instruction's own (sxl_tr_nslots gives them): old value at dst, then
** dst + 1 and dst + 2 (atomicrmw), or {old, success} at dst, dst + 1 and
** the value stored at dst + 2 (cmpxchg).
*/
#include "translate.h"

/* The new value of atomicrmw op into dst + 1 (0 when op is not ours). */
static int rmw_value(tr *t, LLVMAtomicRMWBinOp op, uint32_t val, int w, uint32_t *out) {
  uint32_t old = t->dst, n = t->dst + 1, c = t->dst + 2;
  static const int arith[] = {[LLVMAtomicRMWBinOpAdd] = OP_ADD, [LLVMAtomicRMWBinOpSub] = OP_SUB,
                              [LLVMAtomicRMWBinOpAnd] = OP_AND, [LLVMAtomicRMWBinOpOr] = OP_OR,
                              [LLVMAtomicRMWBinOpXor] = OP_XOR};
  sxl_ins *o;
  *out = n;
  switch (op) {
  case LLVMAtomicRMWBinOpXchg: *out = val; return 1;
  case LLVMAtomicRMWBinOpAdd: case LLVMAtomicRMWBinOpSub: case LLVMAtomicRMWBinOpAnd:
  case LLVMAtomicRMWBinOpOr: case LLVMAtomicRMWBinOpXor:
    sxl_tr_ins(t, arith[op], w, n, old, val);
    return 1;
  case LLVMAtomicRMWBinOpNand:
    sxl_tr_ins(t, OP_AND, w, n, old, val);
    sxl_tr_ins(t, OP_XOR, w, n, n, sxl_tr_const(t, ~0ull >> (64 - w)));
    return 1;
  case LLVMAtomicRMWBinOpMax: case LLVMAtomicRMWBinOpMin: case LLVMAtomicRMWBinOpUMax:
  case LLVMAtomicRMWBinOpUMin:
    o = sxl_tr_ins(t, OP_ICMP, 1, c, old, val);
    o->w2 = (uint8_t)w;
    o->flag = (uint8_t)(op == LLVMAtomicRMWBinOpMax   ? LLVMIntSGT
                        : op == LLVMAtomicRMWBinOpMin ? LLVMIntSLT
                        : op == LLVMAtomicRMWBinOpUMax ? LLVMIntUGT
                                                      : LLVMIntULT);
    o = sxl_tr_ins(t, OP_SELECT, w, n, c, old);
    o->c = val;
    return 1;
  case LLVMAtomicRMWBinOpFAdd: case LLVMAtomicRMWBinOpFSub:
    if (w != 32 && w != 64) return 0;
    o = sxl_tr_ins(t, OP_FP, w, n, old, val);
    o->flag = op == LLVMAtomicRMWBinOpFAdd ? FP_FADD : FP_FSUB;
    o->w2 = (uint8_t)w;
    return 1;
  default: return 0;
  }
}

static int tr_rmw(tr *t) {
  LLVMValueRef pv = LLVMGetOperand(t->in, 0), vv = LLVMGetOperand(t->in, 1);
  LLVMTypeRef ty = LLVMTypeOf(vv);
  int w = sxl_type_width(ty);
  if (!w || w > 64) return 0;
  uint32_t ptr = sxl_tr_operand(t, pv), val = sxl_tr_operand(t, vv), nv;
  sxl_tr_mem(t, 0, t->dst, ptr, ty);
  if (!rmw_value(t, LLVMGetAtomicRMWBinOp(t->in), val, w, &nv)) return 0;
  sxl_tr_mem(t, 1, nv, ptr, ty);
  return 1;
}

static int tr_cmpxchg(tr *t) {
  LLVMValueRef pv = LLVMGetOperand(t->in, 0), cv = LLVMGetOperand(t->in, 1),
               nv = LLVMGetOperand(t->in, 2);
  LLVMTypeRef ty = LLVMTypeOf(cv);
  int w = sxl_type_width(ty);
  if (!w || w > 64) return 0;
  uint32_t ptr = sxl_tr_operand(t, pv), cmp = sxl_tr_operand(t, cv), nw = sxl_tr_operand(t, nv);
  uint32_t old = t->dst, ok = t->dst + 1, chosen = t->dst + 2;
  sxl_tr_mem(t, 0, old, ptr, ty);
  sxl_ins *o = sxl_tr_ins(t, OP_ICMP, 1, ok, old, cmp);
  o->w2 = (uint8_t)w;
  o->flag = LLVMIntEQ;
  o = sxl_tr_ins(t, OP_SELECT, w, chosen, ok, nw);
  o->c = old;
  sxl_tr_mem(t, 1, chosen, ptr, ty);
  return 1;
}

int sxl_tr_atomic(tr *t) {
  return t->op == LLVMAtomicRMW ? tr_rmw(t) : tr_cmpxchg(t);
}
