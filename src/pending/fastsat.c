/*
** fastsat.c — fast satisfiability (paper Algorithm 3) beyond the parent's
** witness: known assignments are substituted into the path and the new
** condition; no solver is ever called here.
*/
#include "pending.h"

static sx_assign *verified(symx_ctx *ctx, sx_assign *a, sx_state *st, sx_expr *c, bool neg) {
  if (!a) return NULL;
  /* a hook's answer is trusted only once the evaluator agrees */
  if (sx_holds(ctx, c, neg, a) && sx_clist_holds(ctx, st->cs, a)) return a;
  symx_assign_free(a);
  return NULL;
}

int sx_fastsat_try(symx_ctx *ctx, const sx_fastsat *fs, sx_state *st, sx_expr *c, bool neg,
                   sx_assign **hit) {
  sx_assign *a;
  if (fs->seed && (a = verified(ctx, fs->seed(fs->seed_user, st, c, neg), st, c, neg))) {
    *hit = a;
    return SX_FS_SEED;
  }
  if (fs->cex && (a = verified(ctx, fs->cex(fs->cex_user, st, c, neg), st, c, neg))) {
    *hit = a;
    return SX_FS_CEX;
  }
  return SX_FS_MISS;
}
