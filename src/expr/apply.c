/*
** apply.c — the concrete semantics of every bit-vector operator, in one
** place (apply_inline.h): the evaluator and the constant folder both use
** it, so they cannot disagree. Division by zero and shifts follow SMT-LIB.
*/
#include "expr.h"
#include "apply_inline.h"

uint64_t sx_apply(int kind, unsigned w, unsigned aw, uint64_t a, uint64_t b,
                  uint64_t c, uint64_t p, uint32_t aux) {
  SX_UNUSED(p);
  return sx_apply_inline(kind, w, aw, a, b, c, aux);
}
