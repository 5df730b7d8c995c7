/*
** aig.h — the and-inverter graph of the bit-blaster. A literal is
** 2 * node + negation; node 0 is the constant, so literal 0 is false and 1
** is true. AND nodes are hash-consed on their two inputs in normalized order
** and simplified on construction (constants, x&x, x&!x, and the one-level
** contradiction/idempotence rules), so equal circuits share one node.
**
** Construction never fails visibly: on OOM the graph sets a sticky flag
** and returns false literals; callers check sx_aig_failed() once at the end.
*/
#ifndef SX_CADICAL_AIG_H
#define SX_CADICAL_AIG_H

#include "internal.h"
#include "stack.h"

typedef uint32_t sx_lit;
typedef SX_STACK(uint32_t) sx_u32s;

#define SX_LIT_FALSE 0u
#define SX_LIT_TRUE 1u
#define SX_AIG_INPUT UINT32_MAX /* fan0 of an input node */

static inline uint32_t sx_lit_node(sx_lit l) { return l >> 1; }
static inline bool sx_lit_sign(sx_lit l) { return l & 1; }
static inline sx_lit sx_lit_not(sx_lit l) { return l ^ 1; }
static inline bool sx_lit_is_const(sx_lit l) { return l < 2; }

/*
** A long build's way out: every SX_POLL_EVERY nodes (or variables) the
** owner's stop() says whether to give up (the stop flag, a deadline, the
** process near max_memory), since one query's circuits can outgrow the
** whole process. Growth comes in jumps (arrays that double), so stop()
** is told how many bytes the next jump may take. Once it has said so the
** build fails like an OOM, with stopped set, and the caller answers
** unknown and drops the session.
*/
typedef struct sx_poll {
  bool (*stop)(void *ud, uint64_t jump);
  void *ud;
  bool stopped;
} sx_poll;

#define SX_POLL_EVERY (1u << 16)

/* Whether the build at count (a counter that only grows), whose arrays
** take per_count bytes each when they double next, must stop. */
static inline bool sx_poll_due(sx_poll *p, uint64_t count, uint64_t *next, unsigned per_count) {
  if (!p || count < *next || count < SX_POLL_EVERY) return p && p->stopped;
  *next = count + SX_POLL_EVERY;
  if (!p->stopped && p->stop) p->stopped = p->stop(p->ud, count * per_count);
  return p->stopped;
}

typedef struct sx_aig {
  symx_ctx *ctx;
  uint32_t *fan; /* fan[2n], fan[2n+1]: inputs of AND node n; inputs: SX_AIG_INPUT */
  size_t nnodes, cap;
  uint32_t *table; /* hash of AND nodes (0 = empty slot; node 0 is no AND) */
  size_t tcap, tcount;
  bool failed;
  sx_poll *poll;      /* borrowed; NULL = never stops */
  uint64_t poll_next; /* nnodes at the next poll */
} sx_aig;

SX_INTERNAL bool sx_aig_init(symx_ctx *ctx, sx_aig *g);
SX_INTERNAL void sx_aig_free(sx_aig *g);
static inline bool sx_aig_failed(const sx_aig *g) { return g->failed; }
static inline bool sx_aig_is_input(const sx_aig *g, uint32_t node) {
  return node && g->fan[2 * node] == SX_AIG_INPUT;
}

/* A fresh unconstrained input. */
SX_INTERNAL sx_lit sx_aig_input(sx_aig *g);
SX_INTERNAL sx_lit sx_aig_and(sx_aig *g, sx_lit a, sx_lit b);
SX_INTERNAL sx_lit sx_aig_or(sx_aig *g, sx_lit a, sx_lit b);
SX_INTERNAL sx_lit sx_aig_xor(sx_aig *g, sx_lit a, sx_lit b);
SX_INTERNAL sx_lit sx_aig_ite(sx_aig *g, sx_lit c, sx_lit t, sx_lit e);

/*
** Value of l with inputs valued by in(ud, node). memo has one entry per
** node; entries of an earlier epoch count as unknown, so a caller evaluates
** many literals of one model with one epoch and never clears memo.
*/
SX_INTERNAL bool sx_aig_eval(sx_aig *g, sx_lit l, uint32_t *memo, uint32_t epoch,
                             sx_u32s *stack, bool (*in)(void *ud, uint32_t node), void *ud);

#endif
