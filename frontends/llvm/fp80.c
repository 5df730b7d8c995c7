/*
** fp80.c — OP_FP with an x86_fp80 (long double) operand or result,
** computed with the host's long double, which on x86-64 is that format
** (x87 extended precision, 64-bit significand), so each operation rounds
** as the program's own code would. An x86_fp80 is two slots: its
** significand (64 bits) and its sign with exponent (16 bits), its memory
** image. A symbolic operand takes one value under the witness and is
** counted once, as in fp.c; fneg, fabs and copysign of a symbolic one stay
** expressions (bit operations on the 16-bit slot).
*/
#include "exec_impl.h"

#include <float.h>
#include <math.h>
#include <string.h>

#if LDBL_MANT_DIG != 64
#error "fp80.c needs a host whose long double is x87's 80-bit format (x86-64)"
#endif

long double sxl_fp80_value(uint64_t lo, uint64_t hi) {
  unsigned char b[sizeof(long double)] = {0};
  uint16_t h = (uint16_t)hi;
  memcpy(b, &lo, 8);
  memcpy(b + 8, &h, 2);
  long double x;
  memcpy(&x, b, sizeof x);
  return x;
}

void sxl_fp80_bits(long double x, uint64_t *lo, uint64_t *hi) {
  unsigned char b[sizeof(long double)];
  uint16_t h;
  memcpy(b, &x, sizeof x);
  memcpy(lo, b, 8);
  memcpy(&h, b + 8, 2);
  *hi = h;
}

/* Operand i's format: 80, 64 or 32 bits of floating point, 0 an integer. */
static unsigned operand_format(const sxl_ins *in, unsigned i) {
  switch (in->flag) {
  case FP_SITOFP: case FP_UITOFP: return 0;
  case FP_FPEXT: case FP_FPTRUNC: case FP_FCMP: case FP_FPTOSI: case FP_FPTOUI:
  case FP_LROUND: case FP_LRINT: return in->w2;
  case FP_POWI: return i ? 0 : in->w;
  default: return in->w;
  }
}

/* An operand of format fmt at slot (a pair for 80): its value, and its
** bits (*iv) when it is an integer; concretized, and counted, when
** symbolic. */
static int operand(run *r, uint32_t slot, unsigned fmt, long double *x, uint64_t *iv) {
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  int sym = sxl_reg_sym(fr, slot) || (fmt == 80 && sxl_reg_sym(fr, slot + 1));
  uint64_t lo, hi = 0;
  int rc = sxl_concrete(r, slot, 64, &lo);
  if (rc == SXL_CONTINUE && fmt == 80) rc = sxl_concrete(r, slot + 1, 16, &hi);
  if (rc != SXL_CONTINUE) return rc;
  if (sym) r->x->fp_concretized++;
  *iv = lo;
  if (fmt == 80) {
    *x = sxl_fp80_value(lo, hi);
  } else if (fmt == 64) {
    double d;
    memcpy(&d, &lo, 8);
    *x = d;
  } else if (fmt == 32) {
    float f;
    uint32_t b = (uint32_t)lo;
    memcpy(&f, &b, 4);
    *x = f;
  }
  return SXL_CONTINUE;
}

/* Arithmetic and the libm-like functions in extended precision. */
static long double arith(int op, long double a, long double b, long double c) {
  switch (op) {
  case FP_FADD: return a + b;
  case FP_FSUB: return a - b;
  case FP_FMUL: return a * b;
  case FP_FDIV: return a / b;
  case FP_FREM: return fmodl(a, b);
  case FP_FMA: return fmal(a, b, c);
  case FP_FMULADD: return a * b + c;
  case FP_FNEG: return -a;
  case FP_FABS: return fabsl(a);
  case FP_SQRT: return sqrtl(a);
  case FP_FLOOR: return floorl(a);
  case FP_CEIL: return ceill(a);
  case FP_TRUNC: return truncl(a);
  case FP_ROUND: return roundl(a);
  case FP_RINT: return rintl(a);
  case FP_COPYSIGN: return copysignl(a, b);
  case FP_MINNUM: return fminl(a, b);
  case FP_MAXNUM: return fmaxl(a, b);
  case FP_POW: return powl(a, b);
  case FP_EXP: return expl(a);
  case FP_EXP2: return exp2l(a);
  case FP_LOG: return logl(a);
  case FP_LOG2: return log2l(a);
  case FP_LOG10: return log10l(a);
  case FP_SIN: return sinl(a);
  default: return cosl(a);
  }
}

/* The floating-point result of op (format in->w) from the operands. */
static long double fp_result(const sxl_ins *in, const long double *x, const uint64_t *iv) {
  int op = in->flag;
  unsigned w2 = in->w2;
  uint64_t v = iv[0];
  int64_t s = w2 && w2 < 64 ? (int64_t)(v << (64 - w2)) >> (64 - w2) : (int64_t)v;
  switch (op) {
  case FP_SITOFP: return (long double)s;
  case FP_UITOFP: return (long double)(w2 && w2 < 64 ? v & (~0ull >> (64 - w2)) : v);
  case FP_FPEXT: case FP_FPTRUNC: return x[0];
  case FP_POWI: return powl(x[0], (long double)(int32_t)iv[1]);
  default: return arith(op, x[0], x[1], x[2]);
  }
}

/* Sets the result slot(s) to x in format w: a pair for 80, else the bits of
** x rounded once to double or float. */
static int put_fp(run *r, uint32_t dst, unsigned w, long double x) {
  uint64_t lo, hi;
  if (w == 80) {
    sxl_fp80_bits(x, &lo, &hi);
    int rc = sxl_setc(r, dst, lo);
    return rc == SXL_CONTINUE ? sxl_setc(r, dst + 1, hi) : rc;
  }
  if (w == 64) {
    double d = (double)x;
    memcpy(&lo, &d, 8);
    return sxl_setc(r, dst, lo);
  }
  float f = (float)x;
  uint32_t b;
  memcpy(&b, &f, 4);
  return sxl_setc(r, dst, b);
}

/* fneg, fabs, copysign of a symbolic x86_fp80: the significand moves, the
** sign changes in the 16-bit slot. SXL_CONTINUE when done, else 0. */
static int sign_op(run *r, const sxl_ins *in) {
  const sxl_frame *fr = top(r);
  int op = in->flag;
  if ((op != FP_FNEG && op != FP_FABS && op != FP_COPYSIGN) || in->dst == UINT32_MAX ||
      in->w != 80 ||
      (!sxl_reg_sym(fr, in->a) && !sxl_reg_sym(fr, in->a + 1) &&
       (op != FP_COPYSIGN || !sxl_reg_sym(fr, in->b + 1))))
    return 0;
  int rc = sxl_set(r, in->dst, sxl_ex(r, in->a, 64));
  if (rc != SXL_CONTINUE) return rc;
  return sxl_fp_sign_bits(r, op, in->a + 1, in->b + 1, in->dst + 1, 16);
}

int sxl_fp80_op(run *r, const sxl_ins *in) {
  int rc = sign_op(r, in);
  if (rc) return rc;
  long double x[3] = {0, 0, 0};
  uint64_t iv[3] = {0, 0, 0};
  const uint32_t slots[3] = {in->a, in->b, in->c};
  for (unsigned i = 0; i < sxl_fp_arity(in->flag); i++) {
    rc = operand(r, slots[i], operand_format(in, i), &x[i], &iv[i]);
    if (rc != SXL_CONTINUE) return rc;
  }
  if (in->dst == UINT32_MAX) return SXL_CONTINUE;
  switch (in->flag) {
  case FP_FCMP: return sxl_setc(r, in->dst, (uint64_t)sxl_fcmp((int)in->imm, x[0], x[1]));
  case FP_FPTOSI: case FP_FPTOUI:
    return sxl_setc(r, in->dst, sxl_fp_to_int(x[0], in->w, in->flag == FP_FPTOSI));
  case FP_LROUND: return sxl_setc(r, in->dst, sxl_fp_to_int(roundl(x[0]), in->w, 1));
  case FP_LRINT: return sxl_setc(r, in->dst, sxl_fp_to_int(rintl(x[0]), in->w, 1));
  default: return put_fp(r, in->dst, in->w, fp_result(in, x, iv));
  }
}
