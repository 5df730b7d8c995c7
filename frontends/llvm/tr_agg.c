/*
** tr_agg.c — small aggregate values (what clang makes of a struct returned
** in registers, {iN, i1} of the *.with.overflow intrinsics and cmpxchg): a
** struct or array of up to SXL_AGG_MAX scalar fields takes one register
** slot per field, consecutive; an x86_fp80 (long double) is one too, as
** its memory image {i64 significand, i16 sign and exponent} (a constant
** one: two consecutive constant slots, exact from its printed form), and
** so is an i80 (tr_wide.c);
** extractvalue, insertvalue, select, phi and ret move fields; a load or
** store of one is a load or store per field (at -O0 clang-14 loads the
** struct it returns in registers), through a scratch pointer slot after
** the fields.
*/
#include "translate.h"

#include <string.h>

/* Fields of an aggregate type of scalars (0: not one). */
unsigned sxl_tr_agg_fields(LLVMTypeRef ty) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  unsigned n;
  if (sxl_type_slots(ty) == 2) return 2; /* x86_fp80 and i80 */
  if (k == LLVMStructTypeKind)
    n = LLVMCountStructElementTypes(ty);
  else if (k == LLVMArrayTypeKind)
    n = LLVMGetArrayLength(ty);
  else
    return 0;
  if (n == 0 || n > SXL_AGG_MAX) return 0;
  for (unsigned i = 0; i < n; i++) {
    int w = sxl_type_width(sxl_tr_agg_type(ty, i));
    if (w <= 0 || w > 64) return 0;
  }
  return n;
}

LLVMTypeRef sxl_tr_agg_type(LLVMTypeRef ty, unsigned i) {
  if (sxl_type_slots(ty) == 2) return LLVMIntTypeInContext(LLVMGetTypeContext(ty), i ? 16 : 64);
  return LLVMGetTypeKind(ty) == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(ty, i)
                                                    : LLVMGetElementType(ty);
}

/* Slots instruction in needs: its value's (one per field of an aggregate)
** and the scratch slots of atomics (tr_atomic.c). */
unsigned sxl_tr_nslots(LLVMValueRef in) {
  LLVMTypeRef ty = LLVMTypeOf(in);
  unsigned n = LLVMGetTypeKind(ty) == LLVMVoidTypeKind ? 0 : 1, f = sxl_tr_agg_fields(ty);
  if (f) n = f;
  switch (LLVMGetInstructionOpcode(in)) {
  case LLVMLoad: return f ? n + 1 : n;
  case LLVMStore: return sxl_tr_agg_fields(LLVMTypeOf(LLVMGetOperand(in, 0))) ? 1 : 0;
  case LLVMCall: /* inline assembly's atomics have scratch slots (asm.c) */
    return LLVMIsAInlineAsm(LLVMGetCalledValue(in)) ? n + 3 : n;
  case LLVMAtomicRMW: return n + 2;
  case LLVMAtomicCmpXchg: return n + 1;
  default: return n;
  }
}

/* The first of two consecutive constant slots holding lo, hi. */
static uint32_t const_pair(tr *t, uint64_t lo, uint64_t hi) {
  for (uint32_t i = 0; i + 1 < t->nconst; i++)
    if (t->consts[i] == lo && t->consts[i + 1] == hi) return SLOT_CONST_BASE + i;
  if (SXL_GROW(t->consts, t->nconst + 1, t->capconst)) {
    t->oom = 1;
    return SLOT_CONST_BASE;
  }
  t->consts[t->nconst++] = lo;
  t->consts[t->nconst++] = hi;
  return SLOT_CONST_BASE + t->nconst - 2;
}

/* The two halves of an i80 constant (folded by LLVM). 0, or -1 when v is
** not one. */
static int const_i80(LLVMValueRef v, uint64_t *lo, uint64_t *hi) {
  if (!LLVMIsAConstantInt(v)) return -1;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(v)));
  LLVMValueRef l = LLVMConstTrunc(v, i64),
               h = LLVMConstTrunc(LLVMConstLShr(v, LLVMConstInt(LLVMTypeOf(v), 64, 0)), i64);
  if (!LLVMIsAConstantInt(l) || !LLVMIsAConstantInt(h)) return -1;
  *lo = LLVMConstIntGetZExtValue(l);
  *hi = LLVMConstIntGetZExtValue(h) & 0xffff;
  return 0;
}

uint32_t sxl_tr_pair(tr *t, LLVMValueRef v) {
  uint32_t s;
  uint64_t lo, hi;
  if (sxl_pmap_get(&t->slots, v, &s)) return s;
  if (LLVMIsAConstant(v) && (!sxl_const_fp80(v, &lo, &hi) || !const_i80(v, &lo, &hi)))
    return const_pair(t, lo, hi);
  t->bad = 1;
  return const_pair(t, 0, 0);
}

/* The slot of field i of aggregate value v. */
uint32_t sxl_tr_field(tr *t, LLVMValueRef v, unsigned i) {
  uint32_t s;
  if (sxl_type_slots(LLVMTypeOf(v)) == 2) return sxl_tr_pair(t, v) + i;
  if (!LLVMIsAConstant(v)) {
    if (LLVMIsAInstruction(v) && sxl_pmap_get(&t->slots, v, &s)) return s + i;
    t->bad = 1;
    return sxl_tr_const(t, 0);
  }
  if (LLVMIsAUndefValue(v) || LLVMIsAPoisonValue(v) || LLVMIsAConstantAggregateZero(v))
    return sxl_tr_const(t, 0);
  if (LLVMIsAConstantDataSequential(v))
    return sxl_tr_operand(t, LLVMGetElementAsConstant(v, i));
  if ((LLVMIsAConstantStruct(v) || LLVMIsAConstantArray(v)) &&
      i < (unsigned)LLVMGetNumOperands(v))
    return sxl_tr_operand(t, LLVMGetOperand(v, i));
  t->bad = 1;
  return sxl_tr_const(t, 0);
}

static void move(tr *t, uint32_t dst, uint32_t src, int w) {
  sxl_ins *o = sxl_tr_emit(t, OP_MOV, w);
  o->dst = dst;
  o->a = src;
  o->w2 = (uint8_t)w;
}

/* The only index of an extractvalue/insertvalue (nested ones are refused). */
static int one_index(tr *t, unsigned *idx) {
  if (LLVMGetNumIndices(t->in) != 1) return 0;
  *idx = LLVMGetIndices(t->in)[0];
  return 1;
}

static int tr_extract(tr *t) {
  LLVMValueRef agg = LLVMGetOperand(t->in, 0);
  unsigned idx, n = sxl_tr_agg_fields(LLVMTypeOf(agg));
  if (!n || !t->w || t->w > 64 || !one_index(t, &idx) || idx >= n) return 0;
  move(t, t->dst, sxl_tr_field(t, agg, idx), t->w);
  return 1;
}

static int tr_insert(tr *t) {
  LLVMValueRef agg = LLVMGetOperand(t->in, 0), v = LLVMGetOperand(t->in, 1);
  unsigned idx, n = sxl_tr_agg_fields(t->ty);
  if (!n || !one_index(t, &idx) || idx >= n) return 0;
  for (unsigned i = 0; i < n; i++) {
    uint32_t src = i == idx ? sxl_tr_operand(t, v) : sxl_tr_field(t, agg, i);
    move(t, t->dst + i, src, sxl_type_width(sxl_tr_agg_type(t->ty, i)));
  }
  return 1;
}

static int tr_agg_select(tr *t) {
  unsigned n = sxl_tr_agg_fields(t->ty);
  LLVMValueRef cv = LLVMGetOperand(t->in, 0);
  if (!n || sxl_type_width(LLVMTypeOf(cv)) != 1) return 0;
  uint32_t c = sxl_tr_operand(t, cv);
  for (unsigned i = 0; i < n; i++) {
    uint32_t a = sxl_tr_field(t, LLVMGetOperand(t->in, 1), i),
             b = sxl_tr_field(t, LLVMGetOperand(t->in, 2), i);
    sxl_ins *o = sxl_tr_emit(t, OP_SELECT, sxl_type_width(sxl_tr_agg_type(t->ty, i)));
    o->dst = t->dst + i;
    o->a = c;
    o->b = a;
    o->c = b;
  }
  return 1;
}

/* ret of an aggregate: OP_RET with flag 1, its field slots in the argument
** list at imm, c of them (frames.c copies them to the caller's slots). */
static int tr_agg_ret(tr *t) {
  LLVMValueRef rv = LLVMGetOperand(t->in, 0);
  unsigned n = sxl_tr_agg_fields(LLVMTypeOf(rv));
  if (!n) return 0;
  uint32_t a0 = t->nargs;
  for (unsigned i = 0; i < n; i++) {
    uint32_t s = sxl_tr_field(t, rv, i);
    if (SXL_GROW(t->args, t->nargs, t->capargs)) {
      t->oom = 1;
      return 1;
    }
    t->args[t->nargs++] = s;
  }
  sxl_ins *o = sxl_tr_emit(t, OP_RET, 0);
  o->flag = 1;
  o->imm = a0;
  o->c = n;
  return 1;
}

/* Field i's address into scratch slot tmp: ptr + its offset. */
static void field_addr(tr *t, LLVMTypeRef ty, unsigned i, uint32_t ptr, uint32_t tmp) {
  sxl_ins *o = sxl_tr_emit(t, OP_GEPI, 64);
  o->dst = tmp;
  o->a = ptr;
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  o->imm = k == LLVMStructTypeKind     ? LLVMOffsetOfElement(t->p->td, ty, i)
           : k != LLVMArrayTypeKind    ? i * 8 /* x86_fp80, i80 */
                                       : i * LLVMABISizeOfType(t->p->td, LLVMGetElementType(ty));
}

/* A load of an aggregate: its fields, then its scratch slot; a store's
** scratch slot is the one the slot numbering gave it. */
static int tr_agg_load(tr *t) {
  unsigned n = sxl_tr_agg_fields(t->ty);
  if (!n) return 0;
  uint32_t ptr = sxl_tr_operand(t, LLVMGetOperand(t->in, 0)), tmp = t->dst + n;
  for (unsigned i = 0; i < n; i++) {
    LLVMTypeRef ft = sxl_tr_agg_type(t->ty, i);
    field_addr(t, t->ty, i, ptr, tmp);
    sxl_ins *o = sxl_tr_emit(t, OP_LOAD, sxl_type_width(ft));
    o->dst = t->dst + i;
    o->a = tmp;
    o->w2 = (uint8_t)LLVMStoreSizeOfType(t->p->td, ft);
  }
  return 1;
}

static int tr_agg_store(tr *t) {
  LLVMValueRef v = LLVMGetOperand(t->in, 0);
  LLVMTypeRef ty = LLVMTypeOf(v);
  unsigned n = sxl_tr_agg_fields(ty);
  uint32_t tmp = UINT32_MAX;
  if (!n || !sxl_pmap_get(&t->slots, t->in, &tmp)) return 0;
  uint32_t ptr = sxl_tr_operand(t, LLVMGetOperand(t->in, 1));
  for (unsigned i = 0; i < n; i++) {
    LLVMTypeRef ft = sxl_tr_agg_type(ty, i);
    uint32_t src = sxl_tr_field(t, v, i);
    field_addr(t, ty, i, ptr, tmp);
    sxl_ins *o = sxl_tr_emit(t, OP_STORE, sxl_type_width(ft));
    o->a = src;
    o->b = tmp;
    o->w2 = (uint8_t)LLVMStoreSizeOfType(t->p->td, ft);
  }
  return 1;
}

int sxl_tr_agg(tr *t) {
  switch (t->op) {
  case LLVMExtractValue: return tr_extract(t);
  case LLVMInsertValue: return tr_insert(t);
  case LLVMSelect: return tr_agg_select(t);
  case LLVMPHI: return sxl_tr_agg_fields(t->ty) != 0; /* moves on the incoming edges */
  case LLVMRet: return LLVMGetNumOperands(t->in) > 0 && tr_agg_ret(t);
  case LLVMLoad: return tr_agg_load(t);
  case LLVMStore: return tr_agg_store(t);
  default: return 0;
  }
}
