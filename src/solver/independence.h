/*
** independence.h — which input bytes an expression touches, and the split
** of a constraint list into independent factors (sets of constraints that
** share no input byte).
**
** A key is (input id, byte) or (input id, SX_KEY_WHOLE). A read at a
** constant index touches one byte of its input; a read at a symbolic index
** touches the whole input. A read through a write chain touches the chain's
** indices and values that can reach it (on a chain of 64 writes or more:
** all of them, a superset found in linear time), and the input byte (or
** the whole input when its index is symbolic). Two constraints are dependent when they
** share a key, or when one touches (X, WHOLE) and the other any byte of X.
*/
#ifndef SX_INDEPENDENCE_H
#define SX_INDEPENDENCE_H

#include "expr/assign.h"
#include "stack.h"

#define SX_KEY_WHOLE UINT64_MAX
/* The key of constraints that touch no input (constant false after all):
** it makes them relevant to every query. */
#define SX_KEY_GLOBAL_INPUT UINT32_MAX

typedef struct sx_key {
  uint32_t input;
  uint64_t byte;
} sx_key;

typedef SX_STACK(sx_key) sx_keys;
typedef SX_STACK(sx_expr *) sx_exprs;

static inline int sx_key_cmp(sx_key a, sx_key b) {
  if (a.input != b.input) return a.input < b.input ? -1 : 1;
  return a.byte < b.byte ? -1 : a.byte > b.byte;
}

/* Scratch space for key scans (a visited set and a work stack), reused
** across calls, plus a bounded cache of the keys of recent constraints. */
typedef struct sx_keyscan sx_keyscan;

SX_INTERNAL sx_keyscan *sx_keyscan_new(symx_ctx *ctx);
SX_INTERNAL void sx_keyscan_free(sx_keyscan *ks);

/*
** The keys of e, sorted and unique: *keys points to storage owned by ks (or
** its cache), valid until the next sx_keys_of call. Returns SYMX_OK or
** SYMX_NOMEM.
*/
SX_INTERNAL int sx_keys_of(sx_keyscan *ks, sx_expr *e, const sx_key **keys, size_t *n);

/*
** Splits cs[0..n) into independent factors: fac[i] receives the factor
** number (0..*nfac-1) of cs[i]; factors are numbered in order of their first
** constraint. Constraints touching no key are factors of their own.
*/
SX_INTERNAL int sx_indep_partition(sx_keyscan *ks, sx_expr *const *cs, size_t n, uint32_t *fac,
                                   size_t *nfac);

/* Appends the keys of cs[0..n) to out (unsorted, possibly repeated). */
SX_INTERNAL int sx_keys_collect(sx_keyscan *ks, sx_expr *const *cs, size_t n, sx_keys *out);

/*
** Factor merge: writes into dst the bytes of src named by keys (a whole key
** copies the whole input); bytes src does not bind are written as 0. Only
** those bytes of dst change.
*/
SX_INTERNAL int sx_indep_merge(symx_ctx *ctx, sx_assign *dst, sx_assign *src, const sx_key *keys,
                               size_t n);

#endif
