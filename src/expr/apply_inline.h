/*
** apply_inline.h — the concrete semantics of every bit-vector operator, as
** an inline function so the evaluator's inner loop can use it without a
** call; sx_apply (apply.c) is the same function out of line. Division by
** zero and over-wide shifts follow SMT-LIB.
*/
#ifndef SX_APPLY_INLINE_H
#define SX_APPLY_INLINE_H

#include "expr.h"

static inline uint64_t sx_apply_inline(int kind, unsigned w, unsigned aw, uint64_t a, uint64_t b,
                                       uint64_t c, uint32_t aux) {

  const uint64_t m = sx_mask(w), am = sx_mask(aw);
  switch (kind) {
  case SYMX_K_NOT: return ~a & m;
  case SYMX_K_NEG: return (0 - a) & m;
  case SYMX_K_ADD: return (a + b) & m;
  case SYMX_K_SUB: return (a - b) & m;
  case SYMX_K_MUL: return (a * b) & m;
  case SYMX_K_UDIV: return b == 0 ? m : (a / b) & m;
  case SYMX_K_UREM: return b == 0 ? a : (a % b) & m;
  case SYMX_K_SDIV: {
    int64_t x = sx_sign_extend(a, w), y = sx_sign_extend(b, w);
    if (y == 0) return x < 0 ? 1 : m; /* SMT-LIB: via udiv on magnitudes */
    if (x == INT64_MIN && y == -1) return (uint64_t)x & m;
    return (uint64_t)(x / y) & m;
  }
  case SYMX_K_SREM: {
    int64_t x = sx_sign_extend(a, w), y = sx_sign_extend(b, w);
    if (y == 0) return a;
    if (y == -1) return 0;
    return (uint64_t)(x % y) & m; /* sign follows the dividend, as bvsrem */
  }
  case SYMX_K_AND: return a & b;
  case SYMX_K_OR: return a | b;
  case SYMX_K_XOR: return a ^ b;
  case SYMX_K_SHL: return b >= w ? 0 : (a << b) & m;
  case SYMX_K_LSHR: return b >= w ? 0 : a >> b;
  case SYMX_K_ASHR: {
    int64_t x = sx_sign_extend(a, w);
    return (uint64_t)(x >> (b >= w ? w - 1 : b)) & m;
  }
  case SYMX_K_CONCAT: return ((a << (w - aw)) | b) & m;
  case SYMX_K_EXTRACT: return (a >> aux) & m;
  case SYMX_K_ZEXT: return a & am;
  case SYMX_K_SEXT: return (uint64_t)sx_sign_extend(a, aw) & m;
  case SYMX_K_EQ: return a == b;
  case SYMX_K_NE: return a != b;
  case SYMX_K_ULT: return a < b;
  case SYMX_K_ULE: return a <= b;
  case SYMX_K_UGT: return a > b;
  case SYMX_K_UGE: return a >= b;
  case SYMX_K_SLT: return sx_sign_extend(a, aw) < sx_sign_extend(b, aw);
  case SYMX_K_SLE: return sx_sign_extend(a, aw) <= sx_sign_extend(b, aw);
  case SYMX_K_SGT: return sx_sign_extend(a, aw) > sx_sign_extend(b, aw);
  case SYMX_K_SGE: return sx_sign_extend(a, aw) >= sx_sign_extend(b, aw);
  case SYMX_K_ITE: return a ? b : c;
  default: return 0;
  }
}

#endif
