/*
** state.h — one path under exploration (struct symx_state), its persistent
** constraint list and its copy-on-write witness. States only know their
** engine as an opaque pointer; the engine layer decides what they do.
*/
#ifndef SX_STATE_H
#define SX_STATE_H

#include "expr/assign.h"
#include "pool.h"
#include "solver/factors.h"

/*
** Path constraints: an immutable cons list shared with the ancestors.
** A cell stands for c (neg = 0) or !c (neg = 1) so that a fork never builds
** a negation; len is the length of the list starting at the cell.
*/
typedef struct sx_clist {
  struct sx_clist *next; /* owned reference (NULL = end) */
  sx_expr *c;            /* owned reference, width 1 */
  uint32_t refs;
  uint32_t len : 31;
  uint32_t neg : 1;
} sx_clist;

/* Searcher position slots per state (a state is in the feasible set or in
** the pending set, never both, so both sides reuse the same slots). */
#define SX_SLOTS 4

/* state flags */
#define SX_SF_PNEG 0x01    /* the pending condition is !pcond */
#define SX_SF_COVNEW 0x02  /* the front end reported new coverage */
#define SX_SF_ERRSIDE 0x04 /* relaxed check: ends with an error when revived */
#define SX_SF_INSET 0x08   /* in the feasible or pending searcher */
#define SX_SF_RETRY 0x10   /* a revival timed out once (unknown_policy retry) */
#define SX_SF_FRESH 0x80   /* placed since the last next(): its key is read again then */
/* pressure (pending/pressure.c): the pending condition was asked once */
#define SX_SF_PCACHED 0x20 /* of the chain's caches */
#define SX_SF_PSOLVED 0x40 /* of the solver */
#define SX_SF_PCHECKS (SX_SF_PCACHED | SX_SF_PSOLVED)

struct sx_tnode;
struct symx_engine;
struct sx_seedset;

/* The inputs a path made, in order (inorder.c): input ids; shared
** copy-on-write between states. */
typedef struct sx_inorder {
  uint32_t refs, n, cap;
  uint32_t id[];
} sx_inorder;

struct symx_state {
  struct symx_engine *eng;
  uint64_t id;
  void *payload;
  sx_clist *cs;          /* path constraints (owned reference) */
  sx_factors *factors;   /* the oldest factors_len constraints of cs as independent
                            factors (owned); sx_state_factors catches up lazily, so
                            a fork allocates nothing for them */
  sx_assign *witness;    /* shared copy-on-write; satisfies cs when ACTIVE */
  sx_expr *pcond;        /* pending condition (owned) or NULL */
  struct sx_tnode *node; /* leaf in the execution tree (NULL once removed) */
  char *msg;             /* error message of an error side / termination */
  char *loc;             /* an error side's location (symx_state_set_location's) or NULL */
  struct sx_seedset *seeds; /* seeds still consistent with the path (engine/seeds.c) or NULL */
  sx_inorder *inorder;   /* inputs the path made (symx_state_new_input), or NULL */
  struct sx_cuts *cuts;  /* call depth and loop counts (cuts/cuts.c), shared copy-on-write, or NULL */
  uint32_t depth;
  uint32_t factors_len;   /* constraints of cs that factors covers */
  uint32_t pos[SX_SLOTS]; /* searchers' positions */
  uint8_t status;         /* symx_status */
  uint8_t reason;         /* symx_reason */
  uint8_t kind;           /* symx_error_kind */
  uint8_t flags;          /* SX_SF_* */
};

typedef struct symx_state sx_state;

/* Constraint lists. */
SX_INTERNAL sx_clist *sx_clist_push(sx_pools *ps, sx_clist *list, sx_expr *c, bool neg);
SX_INTERNAL void sx_clist_release(sx_pools *ps, sx_clist *list);
static inline sx_clist *sx_clist_retain(sx_clist *l) {
  if (l) l->refs++;
  return l;
}
static inline uint32_t sx_clist_len(const sx_clist *l) { return l ? l->len : 0; }

/* Evaluates c (or !c) under a. */
static inline bool sx_holds(symx_ctx *ctx, sx_expr *c, bool neg, sx_assign *a) {
  return (sx_eval(ctx, c, a) & 1) != (uint64_t)neg;
}
/*
** Step 1 of a branch: what the path already says about c, whose negation as
** the builder writes it is nc, by identity of hash-consed nodes among the
** newest `bound` constraints: 1 (c holds), 0 (!c holds), -1 (unknown).
*/
SX_INTERNAL int sx_clist_implies(const sx_clist *l, sx_expr *c, sx_expr *nc, uint32_t bound);
/* 1 when every constraint of l holds under a. */
SX_INTERNAL bool sx_clist_holds(symx_ctx *ctx, const sx_clist *l, sx_assign *a);

/* A new state (status ACTIVE, no constraints, empty witness); NULL on OOM. */
SX_INTERNAL sx_state *sx_state_new(sx_pools *ps, struct symx_engine *eng, uint64_t id,
                                   void *payload);
/*
** A copy of st sharing its constraints and witness (payload given by the
** caller, already cloned), depth and status copied; pending condition,
** message and searcher bookkeeping not copied. NULL on OOM.
*/
SX_INTERNAL sx_state *sx_state_fork(sx_pools *ps, sx_state *st, uint64_t id, void *payload);
/* Frees the state's own memory (not the payload, not the tree node). */
SX_INTERNAL void sx_state_destroy(sx_pools *ps, sx_state *st);
/* inorder.c: input_id joins st's inputs (once); release of a list. */
SX_INTERNAL int sx_state_add_input(symx_ctx *ctx, sx_state *st, uint32_t input_id);
SX_INTERNAL void sx_inorder_release(symx_ctx *ctx, sx_inorder *o);
/* cuts/cuts.c: a reference to a state's cut counts is dropped */
SX_INTERNAL void sx_cuts_release(symx_ctx *ctx, struct sx_cuts *c);
SX_INTERNAL struct sx_cuts *sx_cuts_share(struct sx_cuts *c);

/* st's factors brought up to date with its whole path (borrowed; NULL is
** the empty version). On OOM *ok = false (and NULL). */
SX_INTERNAL sx_factors *sx_state_factors(sx_pools *ps, sx_state *st, bool *ok);
/* Appends c (or !c) to the path; SYMX_NOMEM on failure (st unchanged). */
SX_INTERNAL int sx_state_add(sx_pools *ps, sx_state *st, sx_expr *c, bool neg);
/*
** st's path plus (c, neg) without changing st: a new cell in front of st->cs
** and st's factor version, still covering the older prefix (new references
** in *cell and *fac). SYMX_NOMEM
** on failure (nothing to release). sx_state_set_path installs them.
*/
SX_INTERNAL int sx_state_extend_path(sx_pools *ps, const sx_state *st, sx_expr *c, bool neg,
                                     sx_clist **cell, sx_factors **fac);
/* Replaces st's path by cell and fac (the state takes both references). */
SX_INTERNAL void sx_state_set_path(sx_pools *ps, sx_state *st, sx_clist *cell, sx_factors *fac);
/* A new reference to c (neg = 0) or to !c; NULL on OOM. */
SX_INTERNAL sx_expr *sx_state_literal(symx_ctx *ctx, sx_expr *c, bool neg);
/* Sets the pending condition (takes a new reference to c). */
SX_INTERNAL void sx_state_set_pending(sx_state *st, sx_expr *c, bool neg);
/* Moves the pending condition into the path. SYMX_NOMEM on failure. */
SX_INTERNAL int sx_state_commit_pending(sx_pools *ps, sx_state *st);
/* Drops the pending condition. */
SX_INTERNAL void sx_state_clear_pending(sx_state *st);
/* Replaces the witness by a (the state takes the caller's reference). */
SX_INTERNAL void sx_state_set_witness(sx_state *st, sx_assign *a);
/* Overwrites in the witness the bytes model binds (unsharing it first). */
SX_INTERNAL int sx_state_merge_witness(sx_state *st, const sx_assign *model);

#endif
