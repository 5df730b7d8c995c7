/*
** revive.c — deciding a pending state (Algorithm 2, lines 24-31): one
** query of the solver chain, whose caches come before its backend. SAT
** puts the condition on the path and the witness (the hint plus the
** solved factors' bytes) in place.
*/
#include "pending.h"
#include "solver/chain.h"
#include "error.h"

int sx_pending_revive(sx_oracle *o, sx_state *st, const char *func) {
  symx_ctx *ctx = o->ctx;
  bool neg = st->flags & SX_SF_PNEG;
  sx_assign *w = NULL;
  /* one run of the chain: its caches come first, the backend last */
  int rc = sx_oracle_decide(o, st, st->pcond, neg, &w, func);
  if (rc == SYMX_UNSAT && o->layer != SX_LAYER_BACKEND) {
    SX_INC(ctx, pending_killed_no_solver); /* a cache or simplification */
    return SYMX_UNSAT;
  }
  if (rc == SYMX_SAT) {
    if (sx_state_add(o->pools, st, st->pcond, neg) != SYMX_OK) {
      symx_assign_free(w);
      return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    }
    sx_state_clear_pending(st);
    sx_state_set_witness(st, w);
  }
  return rc;
}
