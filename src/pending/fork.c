/*
** fork.c — forking a state and growing its path in the pending modes
** (Algorithm 2): the fork itself, a condition joining a path, a state
** waiting in the pending set, and the fast-sat tiers tried for a new side.
** What the engine keeps (its sets, counts and seeds) is reached through
** the host (pending/ sits above engine/).
*/
#include "pending.h"
#include "state/tree.h"
#include "alloc.h"
#include "error.h"

sx_assign *sx_pending_fastsat(const sx_pending_host *h, sx_state *st, sx_expr *c, bool neg,
                              bool *infeasible, bool pend) {
  sx_assign *hit = NULL;
  *infeasible = false;
  SX_INC(h->ctx, fastsat_witness_hits); /* it took the other side */
  switch (sx_fastsat_try(h->ctx, h->fs, st, c, neg, &hit)) {
  case SX_FS_SEED: SX_INC(h->ctx, fastsat_seed_hits); return hit;
  case SX_FS_CEX: SX_INC(h->ctx, fastsat_cex_hits); return hit;
  case SX_FS_UNSAT:
    /* pend: a miss would have made it a pending state */
    if (pend) SX_INC(h->ctx, pending_killed_no_solver);
    *infeasible = true;
    return NULL;
  default: SX_INC(h->ctx, fastsat_misses); return NULL;
  }
}

int sx_pending_extend(const sx_pending_host *h, sx_state *st, sx_expr *c, bool neg, sx_assign *w,
                      const char *func) {
  if (sx_state_add(h->pools, st, c, neg) != SYMX_OK) {
    symx_assign_free(w);
    return sx_error(h->ctx, SYMX_NOMEM, func, "out of memory");
  }
  if (w) sx_state_set_witness(st, w);
  h->seeds_filter(h->user, st, c, neg);
  return SYMX_OK;
}

int sx_pending_make(const sx_pending_host *h, sx_state *st, sx_expr *c, bool neg,
                    const char *func) {
  h->unplace(h->user, st);
  sx_state_set_pending(st, c, neg);
  st->status = SYMX_ST_PENDING;
  h->count(h->user, SYMX_ST_ACTIVE, SYMX_ST_PENDING);
  SX_INC(h->ctx, pending_created);
  if (h->place(h->user, st) != SYMX_OK) {
    h->drop(h->user, st);
    return sx_error(h->ctx, SYMX_NOMEM, func, "out of memory");
  }
  return SYMX_OK;
}

int sx_pending_fork(const sx_pending_host *h, sx_state *st, sx_expr *c, bool wneg, sx_assign *cw,
                    sx_state **childp, const char *func) {
  symx_ctx *ctx = h->ctx;
  const symx_payload_vt *vt = h->vt;
  void *payload = st->payload;
  if (payload && vt->clone) {
    payload = vt->clone(vt->user, st->payload);
    if (!payload) {
      symx_assign_free(cw);
      return sx_error(ctx, SYMX_NOMEM, func, "the payload clone failed");
    }
  }
  sx_clist *cell_w = NULL, *cell_o = NULL;
  sx_factors *fac_w = NULL, *fac_o = NULL; /* in step with the cells */
  sx_state *child = sx_state_fork(h->pools, st, *h->next_id, payload);
  if (!child) goto oom;
  if (sx_state_extend_path(h->pools, st, c, wneg, &cell_w, &fac_w) != SYMX_OK) goto oom;
  if (cw && sx_state_extend_path(h->pools, st, c, !wneg, &cell_o, &fac_o) != SYMX_OK) goto oom;
  if (sx_tree_fork(h->tree, st, child) != SYMX_OK) goto oom;
  child->depth = st->depth + 1;
  if (cw) {
    sx_state_set_path(h->pools, child, cell_o, fac_o);
    cell_o = NULL;
    fac_o = NULL;
    sx_state_set_witness(child, cw);
    cw = NULL;
    child->status = SYMX_ST_ACTIVE;
  } else {
    sx_state_set_pending(child, c, !wneg);
    child->status = SYMX_ST_PENDING;
  }
  if (h->place(h->user, child) != SYMX_OK) {
    sx_tree_remove(h->tree, child);
    goto oom;
  }
  (*h->next_id)++;
  sx_state_set_path(h->pools, st, cell_w, fac_w);
  st->depth++;
  h->count(h->user, -1, child->status);
  h->seeds_fork(h->user, st, child, c, wneg);
  SX_INC(ctx, forks);
  if (child->status == SYMX_ST_PENDING) SX_INC(ctx, pending_created);
  *childp = child;
  return SYMX_OK;
oom:
  sx_clist_release(h->pools, cell_w);
  sx_clist_release(h->pools, cell_o);
  sx_factors_release(fac_w);
  sx_factors_release(fac_o);
  symx_assign_free(cw);
  if (child) {
    child->payload = NULL;
    sx_state_destroy(h->pools, child);
  }
  if (payload != st->payload && vt->free) vt->free(vt->user, payload);
  return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
}

int sx_pending_branch(const sx_pending_host *h, sx_state *st, sx_expr *c, bool v,
                      sx_state **child, const char *func) {
  *child = NULL;
  bool dead; /* the other side is (c, neg = v) */
  sx_assign *cw = sx_pending_fastsat(h, st, c, v, &dead, true);
  if (dead) return SYMX_OK;
  return sx_pending_fork(h, st, c, !v, cw, child, func);
}
