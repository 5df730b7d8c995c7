/*
** seeds.c — fast-sat tier b: seeds as known assignments. A seed satisfying
** a child's whole path and its new condition becomes the child's witness.
**
** HOOK(seeding): this default scans every seed and re-checks the whole
** path (O(seeds x path)); the seeding work replaces it (eng->fs.seed) with
** seeds tracked per path (the seeds still consistent with the parent).
*/
#include "engine.h"
#include "seeding/seed.h"

sx_assign *sx_engine_seed_hook(void *user, sx_state *st, sx_expr *c, bool neg) {
  symx_engine *eng = user;
  const sx_seeds *s = eng->seeds;
  if (!s) return NULL;
  symx_ctx *ctx = eng->ctx;
  for (sx_seed *p = s->list.begin; p < s->list.end; p++)
    if (sx_holds(ctx, c, neg, p->assign) && sx_clist_holds(ctx, st->cs, p->assign))
      return sx_assign_share(p->assign);
  return NULL;
}
