/*
** assign.h — assignments (input name -> bytes): models, seeds, witnesses,
** test cases. Bindings are kept sorted by name; each binding also caches the
** context's input id of its name so the evaluator finds bytes in O(1).
** Assignments are reference counted internally so witnesses can be shared
** copy-on-write between states (sx_assign_share / sx_assign_unshare).
*/
#ifndef SX_ASSIGN_H
#define SX_ASSIGN_H

#include "expr.h"

typedef struct sx_binding {
  char *name;     /* owned */
  uint8_t *bytes; /* owned */
  size_t len;
} sx_binding;

struct symx_assign {
  symx_ctx *ctx;
  uint32_t refs;      /* sharing count (1 = exclusively owned) */
  sx_binding *b;      /* sorted by name */
  size_t n, cap;
  /* by_id[i] = binding index + 1 of input id i (0 = unbound); rebuilt when
  ** the context has more inputs than when it was last resolved */
  uint32_t *by_id;
  size_t nresolved, cap_by_id;
  /* a fresh epoch of the context at every change of the bindings: values
  ** the evaluator memoized in nodes under this stamp stay valid until then
  ** (conditions share large sub-DAGs, e.g. a symbolic array's write chain,
  ** and the same seed or witness evaluates one after another) */
  uint64_t stamp;
};

typedef struct symx_assign sx_assign;

/* The bytes bound to input id (NULL, *len = 0 when unbound). */
SX_INTERNAL const uint8_t *sx_assign_bytes(sx_assign *a, uint32_t input_id, size_t *len);
/* Sets bytes [off, off+n) of name, growing the binding with zeros. */
SX_INTERNAL int sx_assign_write(sx_assign *a, const char *name, size_t off,
                                const uint8_t *bytes, size_t n);
/* Copy-on-write sharing: share adds a holder; unshare returns an
** exclusively owned assignment (a copy when shared), or NULL on OOM. */
SX_INTERNAL sx_assign *sx_assign_share(sx_assign *a);
SX_INTERNAL sx_assign *sx_assign_unshare(sx_assign *a);
/* Overwrites in dst the bytes that src binds (factor merge). */
SX_INTERNAL int sx_assign_merge(sx_assign *dst, const sx_assign *src);
/* Equality of contents (same names, same bytes). */
SX_INTERNAL bool sx_assign_equal(const sx_assign *a, const sx_assign *b);
SX_INTERNAL uint64_t sx_assign_hash(const sx_assign *a);

/* Evaluates e under a (a may be NULL: every byte reads 0). Never fails on
** a well-formed bit-vector expression; iterative (no recursion). */
SX_INTERNAL uint64_t sx_eval(symx_ctx *ctx, sx_expr *e, sx_assign *a);
/* 1 when every cs[i] evaluates to 1 under a. */
SX_INTERNAL bool sx_eval_all(symx_ctx *ctx, sx_expr *const *cs, size_t n, sx_assign *a);

#endif
