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
  c->factors = sx_factors_retain(st->factors); /* O(1): versions are persistent */
  c->factors_len = st->factors_len;
  c->witness = sx_assign_share(st->witness);
  if ((c->inorder = st->inorder)) c->inorder->refs++;
  c->cuts = sx_cuts_share(st->cuts);
  c->depth = st->depth;
  c->status = st->status;
  c->flags = st->flags & SX_SF_COVNEW;
  return c;
}

void sx_state_destroy(sx_pools *ps, sx_state *st) {
  sx_clist_release(ps, st->cs);
  sx_factors_release(st->factors);
  symx_assign_free(st->witness);
  sx_inorder_release(ps->ctx, st->inorder);
  sx_cuts_release(ps->ctx, st->cuts);
  if (st->pcond) sx_expr_release_nonnull(st->pcond);
  sx_strfree(ps->ctx, st->msg);
  sx_strfree(ps->ctx, st->loc);
  sx_pool_put(ps, SX_POOL_STATE, st);
}

sx_expr *sx_state_literal(symx_ctx *ctx, sx_expr *c, bool neg) {
  return neg ? symx_bool_not(ctx, c) : symx_expr_retain(c);
}

int sx_state_extend_path(sx_pools *ps, const sx_state *st, sx_expr *c, bool neg, sx_clist **cell,
                         sx_factors **fac) {
  sx_clist *l = sx_clist_push(ps, st->cs, c, neg);
  if (!l) return SYMX_NOMEM;
  *cell = l;
  *fac = sx_factors_retain(st->factors); /* catches up in sx_state_factors */
  return SYMX_OK;
}

sx_factors *sx_state_factors(sx_pools *ps, sx_state *st, bool *ok) {
  *ok = true;
  uint32_t len = st->cs ? st->cs->len : 0;
  if (st->factors_len == len) return st->factors;
  /* the cells not yet in the factors are the newest: collect, add oldest first */
  uint32_t n = len - st->factors_len;
  sx_clist **todo = sx_alloc(ps->ctx, n * sizeof *todo);
  if (!todo) goto oom;
  uint32_t k = 0;
  for (sx_clist *l = st->cs; l && l->len > st->factors_len; l = l->next) todo[k++] = l;
  sx_factors *f = sx_factors_retain(st->factors);
  while (k) {
    sx_clist *l = todo[--k];
    /* the factors hold literals; the list keeps (c, neg) so a fork builds
    ** no negation for the list itself */
    sx_expr *lit = sx_state_literal(ps->ctx, l->c, l->neg);
    if (!lit) goto oom_f;
    if (sx_is_const(lit) && (lit->value & 1)) { /* true adds nothing */
      sx_expr_release_nonnull(lit);
      continue;
    }
    sx_factors *g = sx_factors_add(ps->ctx, f, lit);
    sx_expr_release_nonnull(lit);
    if (!g) goto oom_f;
    sx_factors_release(f);
    f = g;
  }
  sx_free(ps->ctx, todo, n * sizeof *todo);
  sx_factors_release(st->factors);
  st->factors = f;
  st->factors_len = len;
  return f;
oom_f:
  sx_factors_release(f);
  sx_free(ps->ctx, todo, n * sizeof *todo);
oom:
  *ok = false;
  return NULL;
}

void sx_state_set_path(sx_pools *ps, sx_state *st, sx_clist *cell, sx_factors *fac) {
  sx_clist_release(ps, st->cs);
  sx_factors_release(st->factors);
  st->cs = cell;
  st->factors = fac;
}

int sx_state_add(sx_pools *ps, sx_state *st, sx_expr *c, bool neg) {
  sx_clist *l;
  sx_factors *f;
  if (sx_state_extend_path(ps, st, c, neg, &l, &f) != SYMX_OK) return SYMX_NOMEM;
  sx_state_set_path(ps, st, l, f);
  return SYMX_OK;
}

void sx_state_set_pending(sx_state *st, sx_expr *c, bool neg) {
  c->refs++;
  if (st->pcond) sx_expr_release_nonnull(st->pcond);
  st->pcond = c;
  /* a new condition: what pressure learnt of the old one is void */
  st->flags = (uint8_t)((st->flags & ~(SX_SF_PNEG | SX_SF_PCHECKS)) | (neg ? SX_SF_PNEG : 0));
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
  st->flags &= (uint8_t)~(SX_SF_PNEG | SX_SF_PCHECKS);
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
