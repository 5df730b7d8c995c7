/*
** revive.c — deciding a pending state (Algorithm 2, lines 24-31): the
** chain's caches first, then the solver chain. SAT puts the condition on
** the path and the witness (the hint plus the solved factors' bytes) in
** place.
*/
#include "pending.h"
#include "error.h"

int sx_pending_revive(sx_oracle *o, sx_state *st, const char *func) {
  symx_ctx *ctx = o->ctx;
  bool neg = st->flags & SX_SF_PNEG;
  sx_assign *w = NULL;
  /* a cached UNSAT subset kills the state without the solver */
  int rc = sx_oracle_lookup(o, st, st->pcond, neg, &w);
  if (rc == SYMX_UNSAT) {
    SX_INC(ctx, pending_killed_no_solver);
    return SYMX_UNSAT;
  }
  if (rc != SYMX_SAT) {
    symx_assign_free(w);
    rc = sx_oracle_decide(o, st, st->pcond, neg, &w, func);
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
