/*
** clist.c — persistent constraint lists: a fork shares the whole list, an
** added constraint is one new cell in front.
*/
#include "state.h"

sx_clist *sx_clist_push(sx_pools *ps, sx_clist *list, sx_expr *c, bool neg) {
  sx_clist *cell = sx_pool_get(ps, SX_POOL_CELL);
  if (!cell) return NULL;
  c->refs++;
  cell->c = c;
  cell->next = sx_clist_retain(list);
  cell->refs = 1;
  cell->len = sx_clist_len(list) + 1;
  cell->neg = neg;
  return cell;
}

/* Iterative: lists are as long as paths are deep. */
void sx_clist_release(sx_pools *ps, sx_clist *l) {
  while (l && --l->refs == 0) {
    sx_clist *next = l->next;
    sx_expr_release_nonnull(l->c);
    sx_pool_put(ps, SX_POOL_CELL, l);
    l = next;
  }
}

int sx_clist_implies(const sx_clist *l, sx_expr *c, sx_expr *nc, uint32_t bound) {
  for (; l && bound; l = l->next, bound--)
    if (l->c == c || l->c == nc) return (int)((l->c == c) != l->neg);
  return -1;
}

bool sx_clist_holds(symx_ctx *ctx, const sx_clist *l, sx_assign *a) {
  for (; l; l = l->next)
    if (!sx_holds(ctx, l->c, l->neg, a)) return false;
  return true;
}
