/*
** cnf.h — Tseitin encoding of AIG cones into one CaDiCaL instance, on
** demand: a node gets a SAT variable the first time a cone that reaches it
** is asked for, so a query pays only for the circuits it uses, and circuits
** shared between constraints or queries are encoded once. The encoding is
** full (both polarities), so any encoded literal can be assumed or asserted
** later. AND trees that form an if-then-else or xor get the 4/6-clause
** encoding of that gate instead of three ANDs.
*/
#ifndef SX_CADICAL_CNF_H
#define SX_CADICAL_CNF_H

#include "aig.h"

#include <ccadical.h>

typedef struct sx_cnf {
  symx_ctx *ctx;
  CCaDiCaL *sat;
  int32_t *var; /* per AIG node: SAT variable, 0 = not encoded */
  size_t cap;
  int nvars;
  uint64_t nclauses;
  sx_u32s stack;
  bool failed;        /* OOM, or stopped by poll */
  sx_poll *poll;      /* borrowed; NULL = never stops */
  uint64_t poll_next; /* nvars at the next poll */
} sx_cnf;

SX_INTERNAL bool sx_cnf_init(symx_ctx *ctx, sx_cnf *c);
SX_INTERNAL void sx_cnf_free(sx_cnf *c);
/* The SAT literal of a non-constant AIG literal, encoding its cone first;
** 0 on OOM or when poll stopped the encoding. */
SX_INTERNAL int sx_cnf_lit(sx_cnf *c, sx_aig *g, sx_lit l);
/* Asserts l permanently (l must not be constant). */
SX_INTERNAL bool sx_cnf_assert(sx_cnf *c, sx_aig *g, sx_lit l);
/* After SAT: the value of an encoded node's variable. */
static inline bool sx_cnf_node_value(const sx_cnf *c, uint32_t node) {
  return ccadical_val(c->sat, c->var[node]) > 0;
}
static inline bool sx_cnf_encoded(const sx_cnf *c, uint32_t node) {
  return node < c->cap && c->var[node] != 0;
}

#endif
