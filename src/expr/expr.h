/*
** expr.h — the expression node and the internal expression API (sx_expr_).
** Nodes are immutable, hash-consed (structurally equal nodes are one node)
** and reference counted. struct symx_expr is the node itself.
*/
#ifndef SX_EXPR_H
#define SX_EXPR_H

#include "internal.h"

/* node flags */
#define SX_F_SYMBOLIC 0x01 /* depends on an input array */
#define SX_F_ARRAY 0x02    /* an array (width 0) */
/* user tag bits (symx_expr_tag): part of a node's identity, OR-ed from its
** arguments into every node built from a tagged one */
#define SX_F_TAG_SHIFT 4
#define SX_F_TAGS 0xf0

/* Extra data of array leaves (inputs and constant arrays). */
typedef struct sx_array_info {
  char *name;          /* owned; inputs: the user's name */
  uint64_t size;       /* bytes */
  uint8_t *bytes;      /* constant arrays: the contents (owned) */
  uint32_t input_id;   /* inputs: dense id 0..n-1 in the context */
  uint8_t index_width; /* 32 or 64 */
} sx_array_info;

struct symx_expr {
  uint32_t refs;
  uint8_t kind;  /* symx_kind */
  uint8_t width; /* 1..64; 0 for arrays */
  uint8_t nargs;
  uint8_t flags; /* SX_F_* */
  uint32_t aux;  /* EXTRACT: lo; arrays (write chains too): index width */
  uint32_t depth; /* longest path to a leaf (for scheduling, bounded 2^32) */
  uint64_t value; /* CONST: value; EXTRACT: hi; ARRAY_WRITE: chain length */
  uint64_t id;    /* creation order, unique in the context */
  uint64_t hash;
  struct symx_expr *args[3];
  struct symx_expr *next_in_bucket;
  symx_ctx *ctx;
  sx_array_info *arr; /* ARRAY_INPUT / ARRAY_CONST; NULL otherwise */
  /* a traversal's mark (each takes a fresh epoch), or the evaluator's memo:
  ** eval_value is the node's value under the assignment whose stamp is
  ** eval_stamp (assign.h) */
  uint64_t eval_stamp;
  uint64_t eval_value;
};

typedef struct symx_expr sx_expr;

/* Hash-consing table: open hashing with chaining. */
struct sx_expr_table {
  sx_expr **buckets;
  size_t nbuckets; /* power of two */
  size_t count;
  uint64_t next_id;
  sx_expr **inputs; /* by input_id */
  size_t ninputs, cap_inputs;
  uint64_t eval_epoch;
  uint64_t const_array_counter;
  void *scratch; /* evaluator work stack (owned by eval.c) */
  size_t scratch_cap;
  /* evaluator plans: compiled straight-line programs of roots evaluated
  ** more than once (eval.c); keyed by root id, which is never reused */
  struct sx_eval_plan *plans[8];
  unsigned plan_next;
  uint64_t seen_roots[8]; /* ids of roots recently evaluated without a plan */
  unsigned seen_next;
};

SX_INTERNAL int sx_expr_table_init(symx_ctx *ctx);
SX_INTERNAL void sx_expr_table_free(symx_ctx *ctx);

/*
** The raw node constructor: finds or creates the node (kind, width, args,
** value, aux), with no simplification and no type checks. Returns a new
** reference, or NULL on OOM (error recorded naming func).
*/
SX_INTERNAL sx_expr *sx_expr_make(symx_ctx *ctx, int kind, unsigned width,
                                  unsigned nargs, sx_expr *const *args,
                                  uint64_t value, uint32_t aux,
                                  const char *func);

/*
** The checked, simplifying builder behind every public symx_mk* call:
** type-checks (reporting misuse naming func), then rewrites per the
** "rewrite" option (src/expr/rewrite.c), then hash-conses.
** p0/p1 are EXTRACT's hi/lo and the target width of ZEXT/SEXT.
*/
SX_INTERNAL sx_expr *sx_expr_build(symx_ctx *ctx, int kind, unsigned nargs,
                                   sx_expr *const *args, unsigned p0,
                                   unsigned p1, const char *func);

/* The simplifier (rewrite.c): returns a new reference to a simpler
** equivalent of kind(args), or NULL to say "no rewrite applies" (and then
** *failed == 0), or NULL with *failed = 1 on OOM. Arguments are type-correct. */
SX_INTERNAL sx_expr *sx_rewrite(symx_ctx *ctx, int kind, unsigned width,
                                unsigned nargs, sx_expr *const *args,
                                uint64_t value, uint32_t aux, int *failed);

/* Constant helpers. */
static inline uint64_t sx_mask(unsigned w) { return w >= 64 ? ~0ull : ((1ull << w) - 1); }
static inline int64_t sx_sign_extend(uint64_t v, unsigned w) {
  return w >= 64 ? (int64_t)v : (int64_t)(v << (64 - w)) >> (64 - w);
}
static inline bool sx_is_const(const sx_expr *e) { return e->kind == SYMX_K_CONST; }
static inline bool sx_is_symbolic(const sx_expr *e) { return e->flags & SX_F_SYMBOLIC; }

/* The comparison kind that is the negation of comparison kind k (x < y
** becomes x >= y), or -1 when k is not a comparison. */
static inline int sx_cmp_negate(int k) {
  static const int neg[] = {SYMX_K_NE, SYMX_K_EQ, SYMX_K_UGE, SYMX_K_UGT, SYMX_K_ULE, SYMX_K_ULT,
                            SYMX_K_SGE, SYMX_K_SGT, SYMX_K_SLE, SYMX_K_SLT};
  return k >= SYMX_K_EQ && k <= SYMX_K_SGE ? neg[k - SYMX_K_EQ] : -1;
}

/* Release without the NULL check (hot paths). */
SX_INTERNAL void sx_expr_release_nonnull(sx_expr *e);

/*
** Concrete semantics of one operator on constants (shared by the evaluator,
** the constant folder and the backends' tests): SMT-LIB semantics for
** division by zero and over-wide shifts. Results are masked to width.
** For EXTRACT, a = operand, hi = value, lo = aux.
*/
SX_INTERNAL uint64_t sx_apply(int kind, unsigned width, unsigned arg_width,
                              uint64_t a, uint64_t b, uint64_t c, uint64_t p,
                              uint32_t aux);

/* Frees the evaluator's plan cache (called when the table is freed). */
SX_INTERNAL void sx_eval_cache_free(symx_ctx *ctx);

/* The input array with dense id i. */
SX_INTERNAL sx_expr *sx_input_by_id(symx_ctx *ctx, uint32_t id);

#endif
