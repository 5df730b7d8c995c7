/*
** circuits.h — bit-vector circuits over AIG literals, one per operator of
** the expression layer, with exactly the semantics of sx_apply (apply.c):
** SMT-LIB division by zero, shifts >= width, signed forms. Vectors are
** arrays of literals, least significant bit first, width 1..64; out may
** alias no input.
*/
#ifndef SX_CADICAL_CIRCUITS_H
#define SX_CADICAL_CIRCUITS_H

#include "aig.h"

/* out = kind(a, b) for a unary or binary bit-vector operator of the
** expression layer that keeps the width (NOT..ASHR), or a comparison
** (EQ..SGE, out[0] only). b is ignored for unary kinds. */
SX_INTERNAL void sx_bv_op(sx_aig *g, int kind, const sx_lit *a, const sx_lit *b, unsigned w,
                          sx_lit *out);

/* Single-purpose circuits (also used by the array code). */
SX_INTERNAL void sx_bv_const(uint64_t v, unsigned w, sx_lit *out);
SX_INTERNAL sx_lit sx_bv_eq(sx_aig *g, const sx_lit *a, const sx_lit *b, unsigned w);
SX_INTERNAL sx_lit sx_bv_ult(sx_aig *g, const sx_lit *a, const sx_lit *b, unsigned w);
SX_INTERNAL void sx_bv_ite(sx_aig *g, sx_lit c, const sx_lit *t, const sx_lit *e, unsigned w,
                           sx_lit *out);
/* The constant value of v when every bit is constant. */
SX_INTERNAL bool sx_bv_is_const(const sx_lit *v, unsigned w, uint64_t *value);

#endif
