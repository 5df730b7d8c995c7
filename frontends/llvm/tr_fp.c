/*
** tr_fp.c — floating-point instructions and intrinsics into OP_FP. A float
** is its 32 bits in a register slot, a double its 64 bits, so loads,
** stores, phis, selects, calls and bitcasts need nothing of their own. An
** x86_fp80 (long double) is two slots, as its memory image {i64
** significand, i16 sign and exponent}: tr_agg.c moves it like an aggregate,
** OP_FP names the first slot of each pair (w or w2 80). half and fp128
** have no host type here: each such instruction is unsupported with its
** own message.
*/
#include "translate.h"

#include <string.h>

/* Bits of a floating-point type we compute with; 0 for the others. */
static unsigned fp_width(LLVMTypeRef ty) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMFloatTypeKind: return 32;
  case LLVMDoubleTypeKind: return 64;
  case LLVMX86_FP80TypeKind: return 80;
  default: return 0;
  }
}

static const char *fp_type_name(LLVMTypeRef ty) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMHalfTypeKind: case LLVMBFloatTypeKind: return "half";
  case LLVMFP128TypeKind: case LLVMPPC_FP128TypeKind: return "fp128";
  default: return "an unknown floating-point type";
  }
}

static void bad_type(tr *t, const char *opname, LLVMTypeRef ty) {
  char what[200];
  snprintf(what, sizeof what, "'%s' on %s", opname, fp_type_name(ty));
  sxl_tr_unsupported(t, "unsupported floating point: %s", what);
}

/* The slot of an operand (the first of an x86_fp80's two). */
static uint32_t fp_operand(tr *t, LLVMValueRef v) {
  return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMX86_FP80TypeKind ? sxl_tr_pair(t, v)
                                                                : sxl_tr_operand(t, v);
}

/* OP_FP with the first n operands of instruction call. */
static void emit_fp(tr *t, int op, unsigned w, unsigned w2, LLVMValueRef call, unsigned n) {
  uint32_t s[3] = {UINT32_MAX, UINT32_MAX, UINT32_MAX};
  for (unsigned i = 0; i < n && i < 3; i++) s[i] = fp_operand(t, LLVMGetOperand(call, i));
  sxl_ins *o = sxl_tr_emit(t, OP_FP, (int)w);
  o->flag = (uint8_t)op;
  o->w2 = (uint8_t)w2;
  o->dst = t->dst;
  o->a = s[0];
  o->b = s[1];
  o->c = s[2];
}

static int fp_opcode(LLVMOpcode op) {
  switch (op) {
  case LLVMFAdd: return FP_FADD;
  case LLVMFSub: return FP_FSUB;
  case LLVMFMul: return FP_FMUL;
  case LLVMFDiv: return FP_FDIV;
  case LLVMFRem: return FP_FREM;
  case LLVMFNeg: return FP_FNEG;
  case LLVMFCmp: return FP_FCMP;
  case LLVMFPToSI: return FP_FPTOSI;
  case LLVMFPToUI: return FP_FPTOUI;
  case LLVMSIToFP: return FP_SITOFP;
  case LLVMUIToFP: return FP_UITOFP;
  case LLVMFPExt: return FP_FPEXT;
  default: return FP_FPTRUNC;
  }
}

int sxl_tr_fp(tr *t, const char *opname) {
  LLVMValueRef src = LLVMGetOperand(t->in, 0);
  LLVMTypeRef st = LLVMTypeOf(src);
  int op = fp_opcode(t->op);
  if (LLVMGetTypeKind(t->ty) == LLVMVectorTypeKind || LLVMGetTypeKind(st) == LLVMVectorTypeKind)
    return 0; /* tr_unsupported names it */
  unsigned w, w2;
  if (op == FP_SITOFP || op == FP_UITOFP) {
    w = fp_width(t->ty);
    w2 = (unsigned)sxl_type_width(st);
    if (!w) {
      bad_type(t, opname, t->ty);
      return 1;
    }
    if (!w2 || w2 > 64) return 0;
  } else {
    w2 = fp_width(st);
    w = op == FP_FCMP ? 1 : op == FP_FPTOSI || op == FP_FPTOUI ? (unsigned)t->w : fp_width(t->ty);
    if (!w2 || !w) {
      bad_type(t, opname, w2 ? t->ty : st);
      return 1;
    }
    if ((op == FP_FPTOSI || op == FP_FPTOUI) && w > 64) return 0;
  }
  emit_fp(t, op, w, w2, t->in, op == FP_FNEG || op >= FP_FPTOSI ? 1 : 2);
  if (op == FP_FCMP) t->code[t->ncode - 1].imm = (uint64_t)LLVMGetFCmpPredicate(t->in);
  return 1;
}

/* The intrinsics computed here: name without the type suffixes. */
static const struct {
  const char *name;
  int op;
  unsigned nargs;
} fp_funcs[] = {
    {"llvm.fabs", FP_FABS, 1},     {"llvm.sqrt", FP_SQRT, 1},       {"llvm.floor", FP_FLOOR, 1},
    {"llvm.ceil", FP_CEIL, 1},     {"llvm.trunc", FP_TRUNC, 1},     {"llvm.round", FP_ROUND, 1},
    {"llvm.rint", FP_RINT, 1},     {"llvm.nearbyint", FP_RINT, 1},  {"llvm.copysign", FP_COPYSIGN, 2},
    {"llvm.fma", FP_FMA, 3},       {"llvm.fmuladd", FP_FMULADD, 3}, {"llvm.minnum", FP_MINNUM, 2},
    {"llvm.maxnum", FP_MAXNUM, 2}, {"llvm.pow", FP_POW, 2},         {"llvm.powi", FP_POWI, 2},
    {"llvm.exp", FP_EXP, 1},       {"llvm.exp2", FP_EXP2, 1},       {"llvm.log", FP_LOG, 1},
    {"llvm.log2", FP_LOG2, 1},     {"llvm.log10", FP_LOG10, 1},     {"llvm.sin", FP_SIN, 1},
    {"llvm.cos", FP_COS, 1},       {"llvm.lround", FP_LROUND, 1},   {"llvm.llround", FP_LROUND, 1},
    {"llvm.lrint", FP_LRINT, 1},   {"llvm.llrint", FP_LRINT, 1},
};

/* libm's functions of the same meaning, used when the program has no
** definition of them (no libm bitcode linked): errno is not set. */
static const struct {
  const char *name;
  int op;
  unsigned nargs;
} libm_funcs[] = {
    {"fabs", FP_FABS, 1},   {"sqrt", FP_SQRT, 1},   {"floor", FP_FLOOR, 1},
    {"ceil", FP_CEIL, 1},   {"trunc", FP_TRUNC, 1}, {"round", FP_ROUND, 1},
    {"rint", FP_RINT, 1},   {"nearbyint", FP_RINT, 1}, {"copysign", FP_COPYSIGN, 2},
    {"fma", FP_FMA, 3},     {"fmin", FP_MINNUM, 2}, {"fmax", FP_MAXNUM, 2},
    {"pow", FP_POW, 2},     {"exp", FP_EXP, 1},     {"exp2", FP_EXP2, 1},
    {"log", FP_LOG, 1},     {"log2", FP_LOG2, 1},   {"log10", FP_LOG10, 1},
    {"sin", FP_SIN, 1},     {"cos", FP_COS, 1},     {"fmod", FP_FREM, 2},
};

/* A call of an undefined libm function (name, or name with an 'f' for
** float, an 'l' for long double): 1 when translated. */
static int libm_call(tr *t, LLVMValueRef callee, const char *name) {
  unsigned w = fp_width(t->ty);
  if (!LLVMIsDeclaration(callee) || !w) return 0;
  size_t n = strlen(name);
  if (w == 80 && (!n || name[n - 1] != 'l')) return 0;
  if (n && name[n - 1] == (w == 32 ? 'f' : 'l') && w != 64) n--;
  for (size_t i = 0; i < sizeof libm_funcs / sizeof libm_funcs[0]; i++) {
    if (strlen(libm_funcs[i].name) != n || strncmp(name, libm_funcs[i].name, n) != 0) continue;
    if (LLVMGetNumArgOperands(t->in) != libm_funcs[i].nargs) return 0;
    emit_fp(t, libm_funcs[i].op, w, w, t->in, libm_funcs[i].nargs);
    return 1;
  }
  return 0;
}

/* A call of a floating-point intrinsic or undefined libm function: 1 when
** translated (or reported), 0 when name is not one. */
int sxl_tr_fp_call(tr *t, LLVMValueRef callee, const char *name) {
  if (strncmp(name, "llvm.", 5) != 0) return libm_call(t, callee, name);
  for (size_t i = 0; i < sizeof fp_funcs / sizeof fp_funcs[0]; i++) {
    size_t n = strlen(fp_funcs[i].name); /* then the type suffixes: llvm.powi.f64.i32 */
    if (strncmp(name, fp_funcs[i].name, n) != 0 || name[n] != '.') continue;
    int to_int = fp_funcs[i].op == FP_LROUND || fp_funcs[i].op == FP_LRINT;
    LLVMTypeRef ft = to_int ? LLVMTypeOf(LLVMGetOperand(t->in, 0)) : t->ty;
    unsigned w2 = fp_width(ft), w = to_int ? (unsigned)t->w : w2;
    if (!w2 || !w || (to_int && w > 64)) {
      bad_type(t, name, ft);
      return 1;
    }
    emit_fp(t, fp_funcs[i].op, w, w2, t->in, fp_funcs[i].nargs);
    return 1;
  }
  return 0;
}
