/*
** revive.c — deciding a pending state with the solver (Algorithm 2, lines
** 24-31): SAT puts the condition on the path and the model into the
** witness.
*/
#include "pending.h"
#include "error.h"

int sx_pending_revive(sx_oracle *o, sx_state *st, const char *func) {
  symx_ctx *ctx = o->ctx;
  bool neg = st->flags & SX_SF_PNEG;
  sx_assign *model = symx_assign_new(ctx);
  if (!model) return SYMX_NOMEM;
  int rc = sx_oracle_check(o, st->cs, st->pcond, neg, model, func);
  if (rc == SYMX_SAT) {
    sx_assign *w;
    int r = sx_oracle_witness(o, st->cs, st->pcond, neg, st->witness, model, &w, func);
    if (r != SYMX_OK) {
      rc = r;
    } else if (sx_state_add(o->pools, st, st->pcond, neg) != SYMX_OK) {
      symx_assign_free(w);
      rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    } else {
      sx_state_clear_pending(st);
      sx_state_set_witness(st, w);
    }
  }
  symx_assign_free(model);
  return rc;
}
