/*
** test_pending.c — revival against brute force (a checker enumerating all
** values of a 2-byte input stands in for the solver), witnesses built from
** models, fast-sat hooks (a wrong answer is never trusted), and the
** pressure policy of section 3.4 (infeasible pending states first, never a
** revival) on a scripted engine.
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

/* A scripted engine for the pressure policy: states 0..n-1, each with a
** verdict for the chain's caches and one for the solver; the order in
** which they end is recorded. */
enum { V_UNKNOWN, V_SAT, V_UNSAT };
typedef struct script {
  sx_state st[8];
  int cache[8], solver[8];
  size_t asked_cache, asked_solver, nended;
  int ended[8];    /* state index, in the order the states ended */
  bool dropped[8]; /* ended as infeasible (else killed) */
} script;

static int s_decide(void *u, sx_state *st, bool solver) {
  script *s = u;
  int i = (int)(st - s->st), v = solver ? s->solver[i] : s->cache[i];
  solver ? s->asked_solver++ : s->asked_cache++;
  return v == V_SAT ? SYMX_SAT : v == V_UNSAT ? SYMX_UNSAT : SYMX_UNKNOWN;
}
static void s_end(void *u, sx_state *st, bool infeasible) {
  script *s = u;
  int i = (int)(st - s->st);
  s->ended[s->nended++] = i;
  s->dropped[i] = infeasible;
  st->status = infeasible ? SYMX_ST_INFEASIBLE : SYMX_ST_TERMINATED;
}

/* 6 pending states (1 and 4 infeasible by the caches, 5 only by the
** solver, 0, 2, 3 feasible) and 2 active ones (6, 7). */
static void script_init(script *s) {
  static const int cache[8] = {V_UNKNOWN, V_UNSAT, V_SAT, V_UNKNOWN, V_UNSAT, V_UNKNOWN};
  static const int solver[8] = {V_SAT, V_UNSAT, V_SAT, V_SAT, V_UNSAT, V_UNSAT};
  memset(s, 0, sizeof *s);
  for (int i = 0; i < 8; i++) {
    s->st[i].status = i < 6 ? SYMX_ST_PENDING : SYMX_ST_ACTIVE;
    s->cache[i] = cache[i];
    s->solver[i] = solver[i];
  }
}

/* A scripted searcher: its next choice is the live state of highest index. */
static sx_state *s_pick(void *u) {
  script *s = u;
  for (int i = 7; i >= 0; i--)
    if (s->st[i].status <= SYMX_ST_PENDING) return &s->st[i];
  return NULL;
}

static size_t relieve_by(script *s, sx_rng *rng, size_t want, size_t asks, size_t solves,
                         sx_relief *r, sx_state *(*pick)(void *)) {
  sx_pressure_ops ops = {s, rng, s_decide, s_end, pick};
  sx_state *live[8];
  size_t n = 0;
  for (int i = 0; i < 8; i++)
    if (s->st[i].status <= SYMX_ST_PENDING) live[n++] = &s->st[i];
  *r = (sx_relief){want, asks, solves, 0, 0};
  sx_pending_relieve(&ops, live, n, r);
  return r->dropped + r->killed;
}

static size_t relieve(script *s, sx_rng *rng, size_t want, size_t asks, size_t solves,
                      sx_relief *r) {
  return relieve_by(s, rng, want, asks, solves, r, NULL);
}

/* Section 3.4: infeasible pending states go before any other, nothing is
** revived, every pending state is asked once in its life. */
static void test_pressure(void) {
  sx_rng rng;
  sx_rng_seed(&rng, 1);
  script s;
  sx_relief r;
  /* room for 3: the three infeasible ones, none feasible */
  script_init(&s);
  CHECK_EQ_U64(relieve(&s, &rng, 3, 8, 8, &r), 3);
  CHECK_EQ_U64(r.dropped, 3);
  CHECK_EQ_U64(r.killed, 0);
  CHECK(s.dropped[1] && s.dropped[4] && s.dropped[5]);
  for (int i = 0; i < 8; i++)
    if (i != 1 && i != 4 && i != 5) CHECK(s.st[i].status <= SYMX_ST_PENDING);
  CHECK_EQ_U64(s.asked_cache, 6); /* the caches first, every pending state */
  CHECK_EQ_U64(s.asked_solver, 3); /* 0 and 3 feasible, 5 refuted: enough */
  CHECK(s.st[2].flags & SX_SF_PSOLVED); /* the caches' sat needs no solver */
  /* asked once in their lives: a second relief asks nobody, then kills */
  size_t asked = s.asked_cache + s.asked_solver;
  CHECK_EQ_U64(relieve(&s, &rng, 2, 8, 8, &r), 2);
  CHECK_EQ_U64(s.asked_cache + s.asked_solver, asked);
  CHECK_EQ_U64(r.killed, 2);
  /* room for 5: the infeasible ones, then two picked at random */
  script_init(&s);
  CHECK_EQ_U64(relieve(&s, &rng, 5, 8, 8, &r), 5);
  CHECK_EQ_U64(r.dropped, 3);
  CHECK_EQ_U64(r.killed, 2);
  for (size_t k = 0; k < 3; k++) CHECK(s.dropped[s.ended[k]]);
  for (size_t k = 3; k < 5; k++) CHECK(!s.dropped[s.ended[k]]);
  /* the budgets bound the asking */
  script_init(&s);
  CHECK_EQ_U64(relieve(&s, &rng, 1, 0, 1, &r), 1);
  CHECK_EQ_U64(s.asked_cache, 0);
  CHECK_EQ_U64(s.asked_solver, 1);
  CHECK_EQ_U64(r.asks + r.solves, 0);
  /* nothing left to kill */
  script_init(&s);
  CHECK_EQ_U64(relieve(&s, &rng, 20, 8, 8, &r), 8);
  CHECK_EQ_U64(r.dropped, 3);
  /* by the searcher's choice (memory_kill=searcher): after the infeasible
  ** ones, the states it would run next, in its order */
  script_init(&s);
  CHECK_EQ_U64(relieve_by(&s, &rng, 6, 8, 8, &r, s_pick), 6);
  CHECK_EQ_U64(r.dropped, 3);
  CHECK_EQ_U64(r.killed, 3);
  CHECK(s.ended[3] == 7 && s.ended[4] == 6 && s.ended[5] == 3);
  CHECK(s.st[0].status == SYMX_ST_PENDING && s.st[2].status == SYMX_ST_PENDING);
}

CHECK_MAIN(CHECK_CASE(test_revive), CHECK_CASE(test_witness_merge), CHECK_CASE(test_fastsat_hooks),
           CHECK_CASE(test_pressure))
