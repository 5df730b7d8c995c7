/*
** fp.c — floating point on concrete values (OP_FP): arithmetic, fcmp,
** conversions and the libm-like intrinsics, computed with the host's float
** and double (IEEE 754 binary32/binary64, as on x86-64); an operation with
** an x86_fp80 operand or result goes to fp80.c. The expression layer has
** no floating point: a symbolic operand takes one value under the path's
** witness (the equality is added to the path, nothing is enumerated) and
** the run counts it (sxl_exec.fp_concretized); only fneg, fabs and
** copysign, bit operations on the sign, keep it symbolic.
*/
#include "exec_impl.h"

#include <math.h>
#include <string.h>

unsigned sxl_fp_arity(int op) {
  switch (op) {
  case FP_FADD: case FP_FSUB: case FP_FMUL: case FP_FDIV: case FP_FREM: case FP_FCMP:
  case FP_COPYSIGN: case FP_MINNUM: case FP_MAXNUM: case FP_POW: case FP_POWI:
    return 2;
  case FP_FMA: case FP_FMULADD: return 3;
  default: return 1;
  }
}

/* An operand's bits, concretized (and counted) when symbolic. */
static int operand(run *r, uint32_t slot, uint64_t *v) {
  int sym = sxl_top_sym(r, slot) != NULL;
  int rc = sxl_concrete(r, slot, 64, v);
  if (sym && rc == SXL_CONTINUE) r->x->fp_concretized++;
  return rc;
}

static double as_double(uint64_t bits, unsigned w) {
  if (w == 32) {
    float f;
    uint32_t b = (uint32_t)bits;
    memcpy(&f, &b, 4);
    return f;
  }
  double d;
  memcpy(&d, &bits, 8);
  return d;
}

static uint64_t from_double(double d, unsigned w) {
  if (w == 32) {
    float f = (float)d;
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
  }
  uint64_t b;
  memcpy(&b, &d, 8);
  return b;
}

/* fcmp: the ordered predicates are false on a NaN, the unordered true
** (long double holds a float's or double's value exactly). */
int sxl_fcmp(int pred, long double a, long double b) {
  int uno = isnan(a) || isnan(b);
  switch (pred) {
  case LLVMRealPredicateFalse: return 0;
  case LLVMRealOEQ: return !uno && a == b;
  case LLVMRealOGT: return !uno && a > b;
  case LLVMRealOGE: return !uno && a >= b;
  case LLVMRealOLT: return !uno && a < b;
  case LLVMRealOLE: return !uno && a <= b;
  case LLVMRealONE: return !uno && a != b;
  case LLVMRealORD: return !uno;
  case LLVMRealUNO: return uno;
  case LLVMRealUEQ: return uno || a == b;
  case LLVMRealUGT: return uno || a > b;
  case LLVMRealUGE: return uno || a >= b;
  case LLVMRealULT: return uno || a < b;
  case LLVMRealULE: return uno || a <= b;
  case LLVMRealUNE: return uno || a != b;
  default: return 1; /* true */
  }
}

/* x86-64's truncating conversion to int64 (cvttsd2si, x87's fistp): out of
** range and NaN give INT64_MIN. */
static int64_t cvt64(long double d) {
  return d >= -0x1p63 && d < 0x1p63 ? (int64_t)d : INT64_MIN;
}

/* fptosi/fptoui: out of range is poison in LLVM; we give what clang's x86-64
** code gives (through cvttsd2si or fistp), not C's undefined conversion. */
uint64_t sxl_fp_to_int(long double d, unsigned w, int is_signed) {
  uint64_t m = ~0ull >> (64 - w);
  if (is_signed) {
    if (w == 32) return (d >= -0x1p31 && d < 0x1p31 ? (uint64_t)(int64_t)d : 0x80000000u) & m;
    return (uint64_t)cvt64(d) & m;
  }
  if (w < 64) return (uint64_t)cvt64(d) & m;
  return d < 0x1p63 ? (uint64_t)cvt64(d) : (uint64_t)cvt64(d - 0x1p63) ^ (1ull << 63);
}

/* sitofp/uitofp from w2 bits, rounded once to the result's format. */
static uint64_t from_int(uint64_t v, unsigned w2, int is_signed, unsigned w) {
  if (is_signed) {
    int64_t s = w2 < 64 ? (int64_t)(v << (64 - w2)) >> (64 - w2) : (int64_t)v;
    return w == 32 ? from_double((double)(float)s, 32) : from_double((double)s, 64);
  }
  return w == 32 ? from_double((double)(float)v, 32) : from_double((double)v, 64);
}

/* The float operations in single precision, so each rounds once. */
static float arith32(int op, float a, float b, float c) {
  switch (op) {
  case FP_FADD: return a + b;
  case FP_FSUB: return a - b;
  case FP_FMUL: return a * b;
  case FP_FDIV: return a / b;
  case FP_FREM: return fmodf(a, b);
  case FP_FMA: return fmaf(a, b, c);
  default: return a * b + c; /* fmuladd: fused or not, as LLVM allows */
  }
}

static double arith64(int op, double a, double b, double c) {
  switch (op) {
  case FP_FADD: return a + b;
  case FP_FSUB: return a - b;
  case FP_FMUL: return a * b;
  case FP_FDIV: return a / b;
  case FP_FREM: return fmod(a, b);
  case FP_FMA: return fma(a, b, c);
  default: return a * b + c;
  }
}

/* One-operand functions (and copysign, min, max, pow). */
static double func(int op, double a, double b) {
  switch (op) {
  case FP_FNEG: return -a;
  case FP_FABS: return fabs(a);
  case FP_SQRT: return sqrt(a);
  case FP_FLOOR: return floor(a);
  case FP_CEIL: return ceil(a);
  case FP_TRUNC: return trunc(a);
  case FP_ROUND: return round(a);
  case FP_RINT: return rint(a);
  case FP_COPYSIGN: return copysign(a, b);
  case FP_MINNUM: return fmin(a, b);
  case FP_MAXNUM: return fmax(a, b);
  case FP_POW: return pow(a, b);
  case FP_EXP: return exp(a);
  case FP_EXP2: return exp2(a);
  case FP_LOG: return log(a);
  case FP_LOG2: return log2(a);
  case FP_LOG10: return log10(a);
  case FP_SIN: return sin(a);
  default: return cos(a);
  }
}

static float func32(int op, float a, float b) {
  switch (op) {
  case FP_SQRT: return sqrtf(a);
  case FP_POW: return powf(a, b);
  case FP_EXP: return expf(a);
  case FP_LOG: return logf(a);
  case FP_SIN: return sinf(a);
  case FP_COS: return cosf(a);
  default: return (float)func(op, a, b); /* exact in double, then exact in float */
  }
}

/* The result of sub-operation op on concrete operand bits v[]. */
static uint64_t compute(const sxl_ins *in, const uint64_t *v) {
  unsigned w = in->w, w2 = in->w2;
  int op = in->flag;
  switch (op) {
  case FP_FCMP: return (uint64_t)sxl_fcmp((int)in->imm, as_double(v[0], w2), as_double(v[1], w2));
  case FP_FPTOSI: case FP_FPTOUI: return sxl_fp_to_int(as_double(v[0], w2), w, op == FP_FPTOSI);
  case FP_SITOFP: case FP_UITOFP: return from_int(v[0], w2, op == FP_SITOFP, w);
  case FP_FPEXT: case FP_FPTRUNC: return from_double(as_double(v[0], w2), w);
  case FP_POWI: return from_double(pow(as_double(v[0], w), (double)(int32_t)v[1]), w);
  case FP_LROUND: return sxl_fp_to_int(round(as_double(v[0], w2)), w, 1);
  case FP_LRINT: return sxl_fp_to_int(rint(as_double(v[0], w2)), w, 1);
  case FP_FADD: case FP_FSUB: case FP_FMUL: case FP_FDIV: case FP_FREM: case FP_FMA:
  case FP_FMULADD:
    if (w == 32)
      return from_double(arith32(op, (float)as_double(v[0], 32), (float)as_double(v[1], 32),
                                 (float)as_double(v[2], 32)), 32);
    return from_double(arith64(op, as_double(v[0], 64), as_double(v[1], 64),
                               as_double(v[2], 64)), 64);
  default:
    if (w == 32)
      return from_double(func32(op, (float)as_double(v[0], 32), (float)as_double(v[1], 32)), 32);
    return from_double(func(op, as_double(v[0], 64), as_double(v[1], 64)), 64);
  }
}

int sxl_fp_sign_bits(run *r, int op, uint32_t a, uint32_t b, uint32_t dst, unsigned w) {
  symx_ctx *c = r->ctx;
  symx_expr *x = sxl_ex(r, a, w), *sign = symx_const(c, w, 1ull << (w - 1)), *e;
  if (op == FP_FNEG) {
    e = symx_xor(c, x, sign);
  } else {
    symx_expr *ns = symx_not(c, sign), *mag = symx_and(c, x, ns);
    symx_expr *y = op == FP_COPYSIGN ? sxl_ex(r, b, w) : NULL;
    symx_expr *bs = y ? symx_and(c, y, sign) : NULL;
    e = bs ? symx_or(c, mag, bs) : symx_expr_retain(mag);
    symx_expr_release(ns);
    symx_expr_release(mag);
    symx_expr_release(y);
    symx_expr_release(bs);
  }
  symx_expr_release(x);
  symx_expr_release(sign);
  return sxl_set(r, dst, e);
}

/* fneg, fabs and copysign only move the sign bit: a symbolic operand stays
** an expression. SXL_CONTINUE when done, else 0 (not such a case). */
static int sign_op(run *r, const sxl_ins *in) {
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  int op = in->flag;
  if ((op != FP_FNEG && op != FP_FABS && op != FP_COPYSIGN) || in->dst == UINT32_MAX ||
      (!sxl_reg_sym(fr, in->a) && (op != FP_COPYSIGN || !sxl_reg_sym(fr, in->b))))
    return 0;
  return sxl_fp_sign_bits(r, op, in->a, in->b, in->dst, in->w);
}

int sxl_fp_op(run *r, const sxl_ins *in) {
  if (in->w == 80 || in->w2 == 80) return sxl_fp80_op(r, in);
  int rc = sign_op(r, in);
  if (rc) return rc;
  uint64_t v[3] = {0, 0, 0};
  const uint32_t slots[3] = {in->a, in->b, in->c};
  unsigned n = sxl_fp_arity(in->flag);
  for (unsigned i = 0; i < n; i++) {
    rc = operand(r, slots[i], &v[i]);
    if (rc != SXL_CONTINUE) return rc;
  }
  return in->dst != UINT32_MAX ? sxl_setc(r, in->dst, compute(in, v)) : SXL_CONTINUE;
}
