/*
** chain_off.h — switches off every layer of the solver chain (each
** boolean option named chain_*, read from the option table, so a new layer
** is covered without editing its callers): every query then reaches the
** backend as built. For differential tests against a backend and for the
** chain's on/off comparisons.
*/
#ifndef SX_TEST_CHAIN_OFF_H
#define SX_TEST_CHAIN_OFF_H

#include "symx.h"

#include <string.h>

/* Sets every chain layer of ctx to on (1) or off (0). */
static inline void chain_layers(symx_ctx *ctx, int on) {
  for (size_t i = 0; i < symx_option_count(); i++) {
    const symx_option_info *o = symx_option_info_at(i);
    if (o->type == SYMX_OPT_BOOL && !strncmp(o->name, "chain_", 6)) symx_option_set(ctx, o->name, on);
  }
}

/* A Z3 solver with the chain's layers off. */
static inline symx_solver *z3_direct(symx_ctx *ctx) {
  chain_layers(ctx, 0);
  return symx_solver_new(ctx, "z3");
}

#endif
