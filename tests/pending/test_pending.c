/*
** test_pending.c — revival against brute force (a checker enumerating all
** values of a 2-byte input stands in for the solver), witnesses built from
** models, fast-sat hooks (a wrong answer is never trusted), and the memory
** pressure policy of section 3.4 on a scripted engine.
*/
#include "check.h"
#include "brute.h"
#include "pending/pending.h"
#include "alloc.h"


typedef struct fx {
  symx_ctx *ctx;
  sx_pools ps;
  sx_oracle o;
  symx_expr *in, *x, *y;
  int calls;
} fx;

static void fx_init(fx *f) {
  f->ctx = symx_ctx_new();
  sx_pools_init(&f->ps, f->ctx);
  sx_oracle_init(&f->o, &f->ps);
  f->o.check = brute_in2;
  f->o.check_user = &f->calls;
  f->calls = 0;
  f->in = symx_array_input(f->ctx, "in", 2, 32);
  f->x = symx_read_le(f->ctx, f->in, 0, 1);
  f->y = symx_read_le(f->ctx, f->in, 1, 1);
}
static void fx_free(fx *f) {
  symx_expr_release(f->x);
  symx_expr_release(f->y);
  symx_expr_release(f->in);
  sx_oracle_release(&f->o);
  sx_pools_release(&f->ps);
  symx_ctx_free(f->ctx);
}
static symx_expr *cmpk(fx *f, symx_kind k, symx_expr *a, uint64_t c) {
  symx_expr *kc = symx_const(f->ctx, 8, c), *e = symx_mk2(f->ctx, k, a, kc);
  symx_expr_release(kc);
  return e;
}

static void test_revive(void) {
  fx f;
  fx_init(&f);
  sx_state *st = sx_state_new(&f.ps, NULL, 1, NULL);
  symx_expr *c1 = cmpk(&f, SYMX_K_UGT, f.x, 100), *c2 = cmpk(&f, SYMX_K_ULT, f.y, 7);
  symx_expr *c3 = cmpk(&f, SYMX_K_EQ, f.x, 50);
  /* the path: x <= 100 (witness 0 holds); pending: x > 100 — infeasible... no: feasible alone */
  CHECK(sx_state_add(&f.ps, st, c2, false) == SYMX_OK);
  sx_state_set_pending(st, c1, false);
  CHECK(sx_pending_revive(&f.o, st, "test") == SYMX_SAT);
  CHECK(st->pcond == NULL);
  CHECK_EQ_U64(sx_clist_len(st->cs), 2);
  CHECK(sx_clist_holds(f.ctx, st->cs, st->witness)); /* the witness invariant */
  /* now x > 100 and x == 50 is UNSAT: the state stays as it was */
  sx_state_set_pending(st, c3, false);
  CHECK(sx_pending_revive(&f.o, st, "test") == SYMX_UNSAT);
  CHECK(st->pcond == c3);
  CHECK_EQ_U64(sx_clist_len(st->cs), 2);
  /* its negation holds: x != 50 */
  sx_state_set_pending(st, c3, true);
  CHECK(sx_pending_revive(&f.o, st, "test") == SYMX_SAT);
  CHECK(sx_clist_holds(f.ctx, st->cs, st->witness));
  CHECK_EQ_U64(f.calls, 3); /* the checker stands for the whole chain */
  sx_state_destroy(&f.ps, st);
  symx_expr_release(c1);
  symx_expr_release(c2);
  symx_expr_release(c3);
  fx_free(&f);
}

/* A model binding only part of the inputs is merged into the base; when
** that breaks the path, the model alone is tried; when both fail, an error. */
static void test_witness_merge(void) {
  fx f;
  fx_init(&f);
  symx_expr *c = cmpk(&f, SYMX_K_EQ, f.y, 9), *d = cmpk(&f, SYMX_K_EQ, f.x, 3);
  sx_clist *cs = sx_clist_push(&f.ps, NULL, c, false);
  sx_assign *base = symx_assign_new(f.ctx), *model = symx_assign_new(f.ctx), *w = NULL;
  uint8_t b[2] = {0, 9};
  symx_assign_set(base, "in", b, 2); /* y = 9 */
  uint8_t m = 3;
  sx_assign_write(model, "in", 0, &m, 1); /* binds x only */
  CHECK(sx_oracle_witness(&f.o, cs, d, false, base, model, &w, "test") == SYMX_OK);
  CHECK(w && sx_clist_holds(f.ctx, cs, w) && sx_holds(f.ctx, d, false, w));
  symx_assign_free(w);
  /* a model that cannot satisfy y == 9 in any way: reported, not trusted */
  uint8_t bad[2] = {4, 1};
  symx_assign_set(model, "in", bad, 2);
  CHECK(sx_oracle_witness(&f.o, cs, d, false, base, model, &w, "test") == SYMX_SOLVER);
  CHECK_STR_CONTAINS(symx_errmsg(f.ctx), "does not satisfy");
  symx_assign_free(base);
  symx_assign_free(model);
  sx_clist_release(&f.ps, cs);
  symx_expr_release(c);
  symx_expr_release(d);
  fx_free(&f);
}

static sx_assign *hook_value;
static sx_assign *hook(void *user, sx_state *st, sx_expr *c, bool neg) {
  (void)user; (void)st; (void)c; (void)neg;
  return hook_value ? sx_assign_share(hook_value) : NULL;
}

static int cex_verdict = SYMX_SAT;
static int cex_hook(void *user, sx_state *st, sx_expr *c, bool neg, sx_assign **hit) {
  if (cex_verdict != SYMX_SAT) return cex_verdict;
  *hit = hook(user, st, c, neg);
  return *hit ? SYMX_SAT : SYMX_UNKNOWN;
}

static void test_fastsat_hooks(void) {
  fx f;
  fx_init(&f);
  sx_state *st = sx_state_new(&f.ps, NULL, 1, NULL);
  symx_expr *c = cmpk(&f, SYMX_K_UGT, f.x, 10);
  sx_fastsat fs = {hook, NULL, NULL, NULL};
  sx_assign *hit = NULL;
  hook_value = NULL;
  CHECK(sx_fastsat_try(f.ctx, &fs, st, c, false, &hit) == SX_FS_MISS);
  hook_value = symx_assign_new(f.ctx);
  uint8_t v = 5;
  symx_assign_set(hook_value, "in", &v, 1);
  /* a wrong answer (x = 5 is not > 10) is rejected */
  CHECK(sx_fastsat_try(f.ctx, &fs, st, c, false, &hit) == SX_FS_MISS);
  CHECK(sx_fastsat_try(f.ctx, &fs, st, c, true, &hit) == SX_FS_SEED);
  symx_assign_free(hit);
  fs = (sx_fastsat){NULL, NULL, cex_hook, NULL};
  /* tier c's wrong SAT answer is rejected too */
  CHECK(sx_fastsat_try(f.ctx, &fs, st, c, false, &hit) == SX_FS_MISS);
  v = 11;
  symx_assign_set(hook_value, "in", &v, 1);
  CHECK(sx_fastsat_try(f.ctx, &fs, st, c, false, &hit) == SX_FS_CEX);
  symx_assign_free(hit);
  /* tier c's UNSAT drops the side; UNKNOWN is a miss */
  cex_verdict = SYMX_UNSAT;
  CHECK(sx_fastsat_try(f.ctx, &fs, st, c, false, &hit) == SX_FS_UNSAT);
  cex_verdict = SYMX_UNKNOWN;
  CHECK(sx_fastsat_try(f.ctx, &fs, st, c, false, &hit) == SX_FS_MISS);
  cex_verdict = SYMX_SAT;
  CHECK_EQ_U64(hook_value->refs, 1); /* every shared reference came back */
  symx_assign_free(hook_value);
  hook_value = NULL;
  sx_state_destroy(&f.ps, st);
  symx_expr_release(c);
  fx_free(&f);
}

/* A scripted engine for the pressure policy: pending states 0..np-1, of
** which those in infeasible[] revive UNSAT. */
typedef struct script {
  size_t np, nf, revived, killed_feasible, killed_pending, dropped;
  const bool *infeasible;
  size_t next;
} script;
static size_t s_np(void *u) { return ((script *)u)->np; }
static sx_state *s_take(void *u) {
  script *s = u;
  if (!s->np) return NULL;
  s->np--;
  return (sx_state *)(uintptr_t)(++s->next);
}
static int s_revive(void *u, sx_state *st) {
  script *s = u;
  s->revived++;
  if (s->infeasible[(uintptr_t)st - 1]) {
    s->dropped++;
    return 0;
  }
  s->nf++;
  return 1;
}
static bool s_kill(void *u) {
  script *s = u;
  if (s->nf) s->nf--, s->killed_feasible++;
  else if (s->np) s->np--, s->killed_pending++;
  else return false;
  return true;
}

static void test_pressure(void) {
  bool inf[10] = {false, true, false, true, true, false, false, false, false, false};
  /* kill 3 of 10 pending + 5 feasible: revive while pending > still to kill */
  script s = {10, 5, 0, 0, 0, 0, inf, 0};
  sx_pressure_ops ops = {&s, s_np, s_take, s_revive, s_kill};
  size_t killed;
  CHECK(sx_pending_relieve(&ops, 3, &killed) == SYMX_OK);
  CHECK_EQ_U64(killed, 3);
  CHECK_EQ_U64(s.dropped, 3); /* states 1, 3, 4 were infeasible */
  CHECK_EQ_U64(s.revived, 5);
  CHECK_EQ_U64(s.killed_feasible + s.killed_pending, 0);
  /* all feasible: revive until pending == still to kill, then the searcher kills */
  bool none[10] = {0};
  script t = {6, 0, 0, 0, 0, 0, none, 0};
  ops.user = &t;
  t.infeasible = none;
  CHECK(sx_pending_relieve(&ops, 4, &killed) == SYMX_OK);
  CHECK_EQ_U64(killed, 4);
  CHECK_EQ_U64(t.revived, 2); /* 6 pending, 4 to kill: stop at 4 pending */
  CHECK_EQ_U64(t.killed_feasible, 2);
  CHECK_EQ_U64(t.killed_pending, 2);
  /* nothing left to kill */
  script u = {0, 1, 0, 0, 0, 0, none, 0};
  ops.user = &u;
  CHECK(sx_pending_relieve(&ops, 5, &killed) == SYMX_OK);
  CHECK_EQ_U64(killed, 1);
}

CHECK_MAIN(CHECK_CASE(test_revive), CHECK_CASE(test_witness_merge), CHECK_CASE(test_fastsat_hooks),
           CHECK_CASE(test_pressure))
