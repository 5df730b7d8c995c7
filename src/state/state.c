/*
** state.c — creating, forking and freeing states; the witness and the
** pending condition of a state.
*/
#include "state.h"
#include "alloc.h"
#include "error.h"

#include <string.h>

sx_state *sx_state_new(sx_pools *ps, struct symx_engine *eng, uint64_t id, void *payload) {
  sx_state *st = sx_pool_get(ps, SX_POOL_STATE);
  if (!st) return NULL;
  memset(st, 0, sizeof *st);
  st->witness = symx_assign_new(ps->ctx);
  if (!st->witness) {
    sx_pool_put(ps, SX_POOL_STATE, st);
    return NULL;
  }
  st->eng = eng;
  st->id = id;
  st->payload = payload;
  st->status = SYMX_ST_ACTIVE;
  return st;
}

sx_state *sx_state_fork(sx_pools *ps, sx_state *st, uint64_t id, void *payload) {
  sx_state *c = sx_pool_get(ps, SX_POOL_STATE);
  if (!c) return NULL;
  memset(c, 0, sizeof *c);
  c->eng = st->eng;
  c->id = id;
  c->payload = payload;
  c->cs = sx_clist_retain(st->cs);
  c->witness = sx_assign_share(st->witness);
  c->depth = st->depth;
  c->status = st->status;
  c->flags = st->flags & SX_SF_COVNEW;
  return c;
}

void sx_state_destroy(sx_pools *ps, sx_state *st) {
  sx_clist_release(ps, st->cs);
  symx_assign_free(st->witness);
  if (st->pcond) sx_expr_release_nonnull(st->pcond);
  sx_strfree(ps->ctx, st->msg);
  sx_pool_put(ps, SX_POOL_STATE, st);
}

int sx_state_add(sx_pools *ps, sx_state *st, sx_expr *c, bool neg) {
  sx_clist *l = sx_clist_push(ps, st->cs, c, neg);
  if (!l) return SYMX_NOMEM;
  sx_clist_release(ps, st->cs);
  st->cs = l;
  return SYMX_OK;
}

void sx_state_set_pending(sx_state *st, sx_expr *c, bool neg) {
  c->refs++;
  if (st->pcond) sx_expr_release_nonnull(st->pcond);
  st->pcond = c;
  st->flags = (uint8_t)((st->flags & ~SX_SF_PNEG) | (neg ? SX_SF_PNEG : 0));
}

int sx_state_commit_pending(sx_pools *ps, sx_state *st) {
  if (!st->pcond) return SYMX_OK;
  int rc = sx_state_add(ps, st, st->pcond, st->flags & SX_SF_PNEG);
  if (rc == SYMX_OK) sx_state_clear_pending(st);
  return rc;
}

void sx_state_clear_pending(sx_state *st) {
  if (st->pcond) sx_expr_release_nonnull(st->pcond);
  st->pcond = NULL;
  st->flags &= (uint8_t)~SX_SF_PNEG;
}

void sx_state_set_witness(sx_state *st, sx_assign *a) {
  symx_assign_free(st->witness);
  st->witness = a;
}

int sx_state_merge_witness(sx_state *st, const sx_assign *model) {
  sx_assign *w = sx_assign_unshare(st->witness);
  if (!w) return SYMX_NOMEM;
  st->witness = w;
  return sx_assign_merge(w, model);
}
