/*
** fastsat.c — fast satisfiability (paper Algorithm 3) beyond the parent's
** witness: known assignments are substituted into the path and the new
** condition (tier b), and the solver chain's caches are asked (tier c); no
** backend is ever called here.
*/
#include "pending.h"

static sx_assign *verified(symx_ctx *ctx, sx_assign *a, sx_state *st, sx_expr *c, bool neg) {
  if (!a) return NULL;
  /* a hook's answer is trusted only once the evaluator agrees */
  SX_INC(ctx, model_checks);
  if (sx_holds(ctx, c, neg, a) && sx_clist_holds(ctx, st->cs, a)) return a;
  symx_assign_free(a);
  return NULL;
}

int sx_fastsat_chain(void *user, sx_state *st, sx_expr *c, bool neg, sx_assign **hit) {
  return sx_oracle_lookup(user, st, c, neg, hit);
}

int sx_fastsat_try(symx_ctx *ctx, const sx_fastsat *fs, sx_state *st, sx_expr *c, bool neg,
                   sx_assign **hit) {
  sx_assign *a;
  if (fs->seed && (a = verified(ctx, fs->seed(fs->seed_user, st, c, neg), st, c, neg))) {
    *hit = a;
    return SX_FS_SEED;
  }
  if (fs->cex) {
    a = NULL;
    int rc = fs->cex(fs->cex_user, st, c, neg, &a);
    /* an error (out of memory, a model the evaluator rejects) is a miss:
    ** the side goes pending and the solver decides it later */
    if (rc == SYMX_UNSAT) return SX_FS_UNSAT;
    if (rc == SYMX_SAT && (a = verified(ctx, a, st, c, neg))) {
      *hit = a;
      return SX_FS_CEX;
    }
    if (rc != SYMX_SAT) symx_assign_free(a);
  }
  return SX_FS_MISS;
}
