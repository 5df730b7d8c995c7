/*
** consts.c — LLVM constants as symx-llvm sees them: the value of a scalar
** constant (addresses of globals and functions included, folded through
** constant expressions) and the byte image of an initializer.
*/
#include "prog_impl.h"

#include <stdlib.h>
#include <string.h>

int sxl_type_width(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return (int)LLVMGetIntTypeWidth(t);
  case LLVMPointerTypeKind: return 64;
  case LLVMFloatTypeKind: return 32; /* floats are their bits (tr_fp.c) */
  case LLVMDoubleTypeKind: return 64;
  default: return 0;
  }
}

unsigned sxl_type_slots(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMX86_FP80TypeKind || (k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 80)
             ? 2 : 1;
}

static int global_index(const sxl_prog *p, LLVMValueRef g, uint32_t *obj) {
  for (uint32_t i = 0; i < p->nglobals; i++)
    if (p->globals[i].ref == g) {
      *obj = p->globals[i].obj;
      return 1;
    }
  return 0;
}

int sxl_fn_index(const sxl_prog *p, LLVMValueRef f) {
  for (uint32_t i = 0; i < p->nfns; i++)
    if (p->fns[i].ref == f) return (int)i;
  return -1;
}

/* No value we handle. */
static uint64_t none(int *ok) {
  *ok = 0;
  return 0;
}

/* Byte offset of constant GEP indices; -1 when an index is not constant. */
static int gep_offset(sxl_prog *p, LLVMTypeRef t, LLVMValueRef *idx, unsigned n, int64_t *off) {
  int64_t o = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!LLVMIsAConstant(idx[i])) return -1;
    int ok = 1;
    uint64_t v = sxl_const_value(p, idx[i], &ok);
    if (!ok) return -1;
    int w = sxl_type_width(LLVMTypeOf(idx[i]));
    int64_t s = w > 0 && w < 64 ? (int64_t)(v << (64 - w)) >> (64 - w) : (int64_t)v;
    if (i == 0) {
      o += s * (int64_t)LLVMABISizeOfType(p->td, t);
    } else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
      o += (int64_t)LLVMOffsetOfElement(p->td, t, (unsigned)s);
      t = LLVMStructGetTypeAtIndex(t, (unsigned)s);
    } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
      t = LLVMGetElementType(t);
      o += s * (int64_t)LLVMABISizeOfType(p->td, t);
    } else {
      return -1;
    }
  }
  *off = o;
  return 0;
}

static uint64_t const_gep(sxl_prog *p, LLVMValueRef c, int *ok) {
  unsigned n = (unsigned)LLVMGetNumOperands(c);
  uint64_t base = sxl_const_value(p, LLVMGetOperand(c, 0), ok);
  LLVMValueRef idx[32];
  if (n - 1 > 32) return none(ok);
  for (unsigned i = 1; i < n; i++) idx[i - 1] = LLVMGetOperand(c, i);
  int64_t off = 0;
  if (gep_offset(p, LLVMGetGEPSourceElementType(c), idx, n - 1, &off)) return none(ok);
  return base + (uint64_t)off;
}

static uint64_t const_sext(sxl_prog *p, LLVMValueRef c, int *ok) {
  int sw = sxl_type_width(LLVMTypeOf(LLVMGetOperand(c, 0)));
  uint64_t v = sxl_const_value(p, LLVMGetOperand(c, 0), ok);
  if (sw <= 0 || sw > 64) return none(ok);
  return (uint64_t)((int64_t)(v << (64 - sw)) >> (64 - sw));
}

/* Unsigned division and shifts of constants (an address's alignment test:
** urem of ptrtoint); a zero divisor or an overshift has no value. */
static uint64_t const_udiv_shift(LLVMOpcode op, uint64_t a, uint64_t b, int w, int *ok) {
  if ((op == LLVMUDiv || op == LLVMURem) && b == 0) return none(ok);
  if ((op == LLVMShl || op == LLVMLShr) && b >= (uint64_t)w) return none(ok);
  switch (op) {
  case LLVMUDiv: return a / b;
  case LLVMURem: return a % b;
  case LLVMShl: return a << b;
  default: return a >> b;
  }
}

static uint64_t const_arith(sxl_prog *p, LLVMValueRef c, LLVMOpcode op, int *ok) {
  uint64_t a = sxl_const_value(p, LLVMGetOperand(c, 0), ok);
  uint64_t b = sxl_const_value(p, LLVMGetOperand(c, 1), ok);
  int w = sxl_type_width(LLVMTypeOf(c));
  if (op == LLVMUDiv || op == LLVMURem || op == LLVMShl || op == LLVMLShr)
    return w > 0 && w <= 64 ? const_udiv_shift(op, a, b, w, ok) : none(ok);
  return op == LLVMAdd   ? a + b
         : op == LLVMSub ? a - b
         : op == LLVMMul ? a * b
         : op == LLVMAnd ? a & b
         : op == LLVMOr  ? a | b
                         : a ^ b;
}

/* icmp of constants (an address against null: a weak symbol's test). */
static uint64_t const_icmp(sxl_prog *p, LLVMValueRef c, int *ok) {
  LLVMValueRef x = LLVMGetOperand(c, 0);
  int w = sxl_type_width(LLVMTypeOf(x));
  uint64_t a = sxl_const_value(p, x, ok), b = sxl_const_value(p, LLVMGetOperand(c, 1), ok);
  if (w <= 0 || w > 64) return none(ok);
  return (uint64_t)sxl_icmp_concrete(LLVMGetICmpPredicate(c), a, b, (unsigned)w);
}

/* A constant expression: casts, sext, integer arithmetic (unsigned division
** and shifts too), GEP, icmp. */
static uint64_t const_expr(sxl_prog *p, LLVMValueRef c, int *ok) {
  LLVMOpcode op = LLVMGetConstOpcode(c);
  int w = sxl_type_width(LLVMTypeOf(c));
  uint64_t mask = w >= 64 ? ~0ull : (w ? (1ull << w) - 1 : 0);
  switch (op) {
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMTrunc:
  case LLVMZExt:
    return sxl_const_value(p, LLVMGetOperand(c, 0), ok) & mask;
  case LLVMSExt:
    return const_sext(p, c, ok) & mask;
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMUDiv:
  case LLVMURem:
  case LLVMShl:
  case LLVMLShr:
    return const_arith(p, c, op, ok) & mask;
  case LLVMGetElementPtr:
    return const_gep(p, c, ok);
  case LLVMICmp:
    return const_icmp(p, c, ok);
  default:
    return none(ok);
  }
}

/* The exact bits of an x86_fp80 constant, from its printed form
** "x86_fp80 0xK<4 hex digits: sign and exponent><16: significand>" (the
** C API gives only a double, which loses bits). 0, or -1 when it is not
** such a constant. */
int sxl_const_fp80(LLVMValueRef c, uint64_t *lo, uint64_t *hi) {
  if (LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c) || LLVMIsAConstantAggregateZero(c)) {
    *lo = *hi = 0;
    return 0;
  }
  if (!LLVMIsAConstantFP(c) || LLVMGetTypeKind(LLVMTypeOf(c)) != LLVMX86_FP80TypeKind) return -1;
  char *str = LLVMPrintValueToString(c), *k = strstr(str, "0xK");
  int rc = -1;
  if (k && strspn(k + 3, "0123456789ABCDEFabcdef") >= 20) {
    char h[5] = {0}, l[17] = {0};
    memcpy(h, k + 3, 4);
    memcpy(l, k + 7, 16);
    *hi = strtoull(h, NULL, 16);
    *lo = strtoull(l, NULL, 16);
    rc = 0;
  }
  LLVMDisposeMessage(str);
  return rc;
}

static void write_real(LLVMValueRef c, LLVMTypeKind k, uint8_t *buf, uint64_t size) {
  if (k == LLVMX86_FP80TypeKind) { /* 10 bytes: significand, sign and exponent */
    uint64_t lo, hi;
    if (size < 10 || sxl_const_fp80(c, &lo, &hi)) return;
    for (unsigned i = 0; i < 8; i++) buf[i] = (uint8_t)(lo >> (8 * i));
    buf[8] = (uint8_t)hi;
    buf[9] = (uint8_t)(hi >> 8);
    return;
  }
  LLVMBool lose;
  double d = LLVMConstRealGetDouble(c, &lose);
  if (k == LLVMFloatTypeKind) {
    float f = (float)d;
    if (size >= 4) memcpy(buf, &f, 4);
  } else if (size >= 8) {
    memcpy(buf, &d, 8);
  }
}

/* The bits of a float or double constant. */
static uint64_t const_real(LLVMValueRef c, int *ok) {
  uint8_t b[8] = {0};
  LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(c));
  if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind) return none(ok);
  write_real(c, k, b, 8);
  uint64_t v;
  memcpy(&v, b, 8);
  return v;
}

uint64_t sxl_block_address(sxl_prog *p, LLVMValueRef fn, LLVMBasicBlockRef bb, int *ok) {
  int fi = sxl_fn_index(p, fn);
  uint32_t n = 1;
  if (fi < 0) return none(ok);
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b), n++)
    if (b == bb) return SXL_ADDR(p->fns[fi].obj, n);
  return none(ok);
}

uint64_t sxl_const_value(sxl_prog *p, LLVMValueRef c, int *ok) {
  if (LLVMIsAConstantInt(c))
    return LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64 ? none(ok) : LLVMConstIntGetZExtValue(c);
  if (LLVMIsAConstantPointerNull(c) || LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c) ||
      LLVMIsAConstantAggregateZero(c))
    return 0;
  if ((LLVMIsAFunction(c) || LLVMIsAGlobalVariable(c)) && LLVMIsDeclaration(c) &&
      LLVMGetLinkage(c) == LLVMExternalWeakLinkage)
    return 0; /* an undefined weak symbol is null */
  if (LLVMIsAFunction(c)) {
    int i = sxl_fn_index(p, c);
    return i < 0 ? none(ok) : SXL_ADDR(p->fns[i].obj, 0);
  }
  if (LLVMIsAGlobalVariable(c)) {
    uint32_t obj;
    return global_index(p, c, &obj) ? SXL_ADDR(obj, 0) : none(ok);
  }
  if (LLVMIsAGlobalAlias(c)) return sxl_const_value(p, LLVMAliasGetAliasee(c), ok);
  if (LLVMIsAConstantExpr(c)) return const_expr(p, c, ok);
  if (LLVMIsAConstantFP(c)) return const_real(c, ok);
  if (LLVMIsABlockAddress(c))
    return sxl_block_address(p, LLVMGetOperand(c, 0), LLVMValueAsBasicBlock(LLVMGetOperand(c, 1)),
                             ok);
  return none(ok);
}

/* Elements of an array or vector constant, es bytes apart. */
static int write_seq(sxl_prog *p, LLVMValueRef c, LLVMTypeKind k, uint8_t *buf, uint64_t size) {
  LLVMTypeRef t = LLVMTypeOf(c), et = LLVMGetElementType(t);
  uint64_t es = LLVMABISizeOfType(p->td, et);
  unsigned n = k == LLVMArrayTypeKind ? LLVMGetArrayLength(t) : LLVMGetVectorSize(t);
  if (LLVMIsAConstantDataSequential(c)) {
    if (LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) == 8) {
      size_t len;
      const char *s = LLVMGetAsString(c, &len);
      memcpy(buf, s, len < size ? len : size);
      return 0;
    }
    for (unsigned i = 0; i < n; i++)
      if ((i + 1) * es <= size &&
          sxl_const_write(p, LLVMGetElementAsConstant(c, i), buf + i * es, es))
        return -1;
    return 0;
  }
  for (unsigned i = 0; i < n && i < (unsigned)LLVMGetNumOperands(c); i++)
    if ((i + 1) * es <= size && sxl_const_write(p, LLVMGetOperand(c, i), buf + i * es, es))
      return -1;
  return 0;
}

static int write_struct(sxl_prog *p, LLVMValueRef c, uint8_t *buf, uint64_t size) {
  LLVMTypeRef t = LLVMTypeOf(c);
  unsigned n = LLVMCountStructElementTypes(t);
  for (unsigned i = 0; i < n && i < (unsigned)LLVMGetNumOperands(c); i++) {
    uint64_t off = LLVMOffsetOfElement(p->td, t, i);
    if (sxl_const_write(p, LLVMGetOperand(c, i), buf + off, size - off)) return -1;
  }
  return 0;
}

int sxl_const_write(sxl_prog *p, LLVMValueRef c, uint8_t *buf, uint64_t size) {
  LLVMTypeRef t = LLVMTypeOf(c);
  if (LLVMIsAConstantAggregateZero(c) || LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c) ||
      LLVMIsAConstantPointerNull(c))
    return 0;
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind || k == LLVMX86_FP80TypeKind) {
    write_real(c, k, buf, size);
    return 0;
  }
  if (k == LLVMIntegerTypeKind || k == LLVMPointerTypeKind) {
    int ok = 1;
    uint64_t v = sxl_const_value(p, c, &ok);
    if (!ok) return -1;
    uint64_t n = LLVMStoreSizeOfType(p->td, t);
    for (uint64_t i = 0; i < n && i < 8 && i < size; i++) buf[i] = (uint8_t)(v >> (8 * i));
    return 0;
  }
  if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) return write_seq(p, c, k, buf, size);
  if (k == LLVMStructTypeKind) return write_struct(p, c, buf, size);
  return -1;
}
