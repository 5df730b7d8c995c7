/*
** fork.c — forking a state and growing its path (the pending modes'
** Algorithm 2): the fork itself, a condition joining a path, a state
** waiting in the pending set, and the fast-sat tiers tried for a new side.
*/
#include "engine/engine.h"
#include "alloc.h"
#include "error.h"

/* Fast-sat tiers b and c, with their counters: a new witness for st's
** path and (c, neg) on a hit, else NULL; *infeasible tells that tier c
** proved the side infeasible (no solver: the side is dropped). */
sx_assign *sx_pending_fastsat(symx_engine *eng, sx_state *st, sx_expr *c, bool neg,
                             bool *infeasible, bool pend) {
  sx_assign *hit = NULL;
  *infeasible = false;
  switch (sx_fastsat_try(eng->ctx, &eng->fs, st, c, neg, &hit)) {
  case SX_FS_SEED: SX_INC(eng->ctx, fastsat_seed_hits); return hit;
  case SX_FS_CEX: SX_INC(eng->ctx, fastsat_cex_hits); return hit;
  case SX_FS_UNSAT:
    /* pend: a miss would have made it a pending state */
    if (pend) SX_INC(eng->ctx, pending_killed_no_solver);
    *infeasible = true;
    return NULL;
  default: SX_INC(eng->ctx, fastsat_misses); return NULL;
  }
}

/* Adds (c, neg) to st's path and, when w != NULL, makes w its witness
** (reference taken either way). */
int sx_pending_extend(symx_engine *eng, sx_state *st, sx_expr *c, bool neg, sx_assign *w,
                      const char *func) {
  if (sx_state_add(&eng->pools, st, c, neg) != SYMX_OK) {
    symx_assign_free(w);
    return sx_error(eng->ctx, SYMX_NOMEM, func, "out of memory");
  }
  if (w) sx_state_set_witness(st, w);
  sx_engine_seeds_filter(eng, st, c, neg);
  return SYMX_OK;
}

/* st stops running: its path waits for (c, neg) in the pending set. */
int sx_pending_make(symx_engine *eng, sx_state *st, sx_expr *c, bool neg, const char *func) {
  sx_engine_unplace(eng, st);
  sx_state_set_pending(st, c, neg);
  st->status = SYMX_ST_PENDING;
  sx_engine_count(eng, SYMX_ST_ACTIVE, SYMX_ST_PENDING);
  SX_INC(eng->ctx, pending_created);
  if (sx_engine_place(eng, st) != SYMX_OK) {
    sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
    return sx_error(eng->ctx, SYMX_NOMEM, func, "out of memory");
  }
  return SYMX_OK;
}

/*
** Forks st: st goes on with (c, wneg), which its witness satisfies; a new
** child takes (c, !wneg): ACTIVE with witness cw when cw != NULL (reference
** taken, also on failure), PENDING otherwise. On failure nothing changed.
*/
int sx_pending_fork(symx_engine *eng, sx_state *st, sx_expr *c, bool wneg, sx_assign *cw,
                      sx_state **childp, const char *func) {
  symx_ctx *ctx = eng->ctx;
  void *payload = st->payload;
  if (payload && eng->vt.clone) {
    payload = eng->vt.clone(eng->vt.user, st->payload);
    if (!payload) {
      symx_assign_free(cw);
      return sx_error(ctx, SYMX_NOMEM, func, "the payload clone failed");
    }
  }
  sx_clist *cell_w = NULL, *cell_o = NULL;
  sx_factors *fac_w = NULL, *fac_o = NULL; /* in step with the cells */
  sx_state *child = sx_state_fork(&eng->pools, st, eng->next_id, payload);
  if (!child) goto oom;
  if (sx_state_extend_path(&eng->pools, st, c, wneg, &cell_w, &fac_w) != SYMX_OK) goto oom;
  if (cw && sx_state_extend_path(&eng->pools, st, c, !wneg, &cell_o, &fac_o) != SYMX_OK) goto oom;
  if (sx_tree_fork(&eng->tree, st, child) != SYMX_OK) goto oom;
  child->depth = st->depth + 1;
  if (cw) {
    sx_state_set_path(&eng->pools, child, cell_o, fac_o);
    cell_o = NULL;
    fac_o = NULL;
    sx_state_set_witness(child, cw);
    cw = NULL;
    child->status = SYMX_ST_ACTIVE;
  } else {
    sx_state_set_pending(child, c, !wneg);
    child->status = SYMX_ST_PENDING;
  }
  if (sx_engine_place(eng, child) != SYMX_OK) {
    sx_tree_remove(&eng->tree, child);
    goto oom;
  }
  eng->next_id++;
  sx_state_set_path(&eng->pools, st, cell_w, fac_w);
  st->depth++;
  sx_engine_count(eng, -1, child->status);
  sx_engine_seeds_fork(eng, st, child, c, wneg);
  SX_INC(ctx, forks);
  if (child->status == SYMX_ST_PENDING) SX_INC(ctx, pending_created);
  *childp = child;
  return SYMX_OK;
oom:
  sx_clist_release(&eng->pools, cell_w);
  sx_clist_release(&eng->pools, cell_o);
  sx_factors_release(fac_w);
  sx_factors_release(fac_o);
  symx_assign_free(cw);
  if (child) {
    child->payload = NULL;
    sx_state_destroy(&eng->pools, child);
  }
  if (payload != st->payload && eng->vt.free) eng->vt.free(eng->vt.user, payload);
  return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
}

