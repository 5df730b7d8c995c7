/*
** test_simplify.c — the chain's first layer (src/solver/simplify.c) by its
** defining property: under every assignment, the simplified list holds
** exactly when the original does (each fact substituted is implied by the
** constraints before it), and UNSAT only when Z3 agrees. The lists state
** facts about subterms of earlier constraints (t == v, b, !b) and then
** reuse those subterms, so rewrites memoised before a fact must not be
** reused after it. Assignments: random ones and Z3's models of every
** prefix (they keep long prefixes true, where substitution matters).
** A later fact about a subterm of an earlier constraint is substituted
** back into it (below its own facts). A stale memo entry would still be
** sound, only weaker: so the output must also be exactly what a plain
** recursive substitution without any memo gives (ref_*), node for node.
*/
#include "check.h"
#include "failalloc.h"
#include "randexpr.h"
#include "solver/backend.h"
#include "solver/simplify.h"

#define TRIALS 300
#define MAXN 14

/* a random symbolic subterm of e (e itself possibly), borrowed */
static sx_expr *subterm(rx_gen *g, sx_expr *e) {
  for (int d = 0; d < 6 && e->nargs && rx_below(g, 4); d++) {
    sx_expr *k = e->args[rx_below(g, e->nargs)];
    if (!sx_is_symbolic(k) || (k->flags & SX_F_ARRAY)) break;
    e = k;
  }
  return e;
}

/* a fact about a subterm of c, true under a (sometimes false anyway) */
static symx_expr *fact_about(rx_gen *g, symx_ctx *ctx, sx_expr *c, symx_assign *a) {
  sx_expr *t = subterm(g, c);
  uint64_t v = 0;
  CHECK(symx_eval(ctx, t, a, &v) == SYMX_OK);
  if (!rx_below(g, 6)) v ^= 1;
  if (t->width == 1) return v & 1 ? symx_expr_retain(t) : symx_bool_not(ctx, t);
  symx_expr *k = symx_const(ctx, t->width, v);
  symx_expr *eq = symx_eq(ctx, t, k);
  symx_expr_release(k);
  return eq;
}

/* ---- the reference: substitution by plain recursion, no memo ---- */

#define MAXF 64
typedef struct ref {
  const sx_expr *t[MAXF];
  sx_expr *v[MAXF]; /* retained constants */
  int n;
  bool full;
  sx_exprs hist; /* every kept constraint, replaced ones too (retained) */
} ref;

static sx_expr *ref_fact(const ref *r, const sx_expr *e) {
  for (int i = 0; i < r->n; i++)
    if (r->t[i] == e) return r->v[i];
  return NULL;
}

static sx_expr *ref_build(symx_ctx *ctx, sx_expr *e, sx_expr **args) {
  unsigned p0 = 0, p1 = 0;
  if (e->kind == SYMX_K_EXTRACT) p0 = (unsigned)e->value, p1 = e->aux;
  else if (e->kind == SYMX_K_ZEXT || e->kind == SYMX_K_SEXT) p0 = e->width;
  return sx_expr_build(ctx, e->kind, e->nargs, args, p0, p1, "ref");
}

static sx_expr *ref_rewrite(symx_ctx *ctx, const ref *r, sx_expr *e);

/* e over its rewritten arguments, e itself not looked up */
static sx_expr *ref_rewrite_args(symx_ctx *ctx, const ref *r, sx_expr *e) {
  sx_expr *args[3];
  bool same = true;
  for (unsigned i = 0; i < e->nargs; i++) {
    args[i] = ref_rewrite(ctx, r, e->args[i]);
    same &= args[i] == e->args[i];
  }
  sx_expr *out = same ? symx_expr_retain(e) : ref_build(ctx, e, args);
  for (unsigned i = 0; i < e->nargs; i++) symx_expr_release(args[i]);
  return out;
}

static sx_expr *ref_rewrite(symx_ctx *ctx, const ref *r, sx_expr *e) {
  sx_expr *f = ref_fact(r, e);
  if (f) return symx_expr_retain(f);
  if (!sx_is_symbolic(e) || !e->nargs) return symx_expr_retain(e);
  return ref_rewrite_args(ctx, r, e);
}

/* the term c fixes besides itself, or c */
static sx_expr *ref_term(sx_expr *c, uint64_t *v) {
  *v = 1;
  if (c->kind == SYMX_K_EQ) {
    sx_expr *a = c->args[0], *b = c->args[1];
    if (sx_is_const(b) && !sx_is_const(a)) return *v = b->value, a;
    if (sx_is_const(a) && !sx_is_const(b)) return *v = a->value, b;
  } else if (c->kind == SYMX_K_NOT && c->width == 1 && !sx_is_const(c->args[0])) {
    return *v = 0, c->args[0];
  }
  return c;
}

/* c under the facts of the others: only below c and its own fact's term */
static sx_expr *ref_rewrite_other(symx_ctx *ctx, const ref *r, sx_expr *c) {
  uint64_t v;
  sx_expr *t = ref_term(c, &v);
  if (t == c) return ref_rewrite_args(ctx, r, c);
  sx_expr *nt = ref_rewrite_args(ctx, r, t);
  if (nt == t) {
    symx_expr_release(nt);
    return symx_expr_retain(c);
  }
  sx_expr *args[2];
  for (unsigned i = 0; i < c->nargs; i++) args[i] = c->args[i] == t ? nt : c->args[i];
  sx_expr *out = ref_build(ctx, c, args);
  symx_expr_release(nt);
  return out;
}

static bool occurs(const sx_expr *e, const sx_expr *t) {
  if (e == t) return true;
  for (unsigned i = 0; i < e->nargs; i++)
    if (occurs(e->args[i], t)) return true;
  return false;
}

/* false on a contradiction; *back when t is in an earlier kept constraint */
static bool ref_add(symx_ctx *ctx, ref *r, const sx_expr *t, uint64_t v, unsigned w, bool *back) {
  sx_expr *old = ref_fact(r, t);
  if (old) return old->value == v;
  for (sx_expr **h = r->hist.begin; h < r->hist.end; h++) *back |= occurs(*h, t);
  if (r->n == MAXF) return r->full = true;
  r->t[r->n] = t;
  r->v[r->n++] = symx_const(ctx, w, v);
  return true;
}

static bool ref_learn(symx_ctx *ctx, ref *r, sx_expr *c, bool *back) {
  if (!ref_add(ctx, r, c, 1, 1, back)) return false;
  uint64_t v;
  sx_expr *t = ref_term(c, &v);
  return t == c || ref_add(ctx, r, t, v, t->width, back);
}

static void ref_keep(symx_ctx *ctx, ref *r, sx_expr *c) {
  CHECK(SX_PUSH(ctx, r->hist, c));
  symx_expr_retain(c);
}

/* out[0..k) rewritten under the others' facts, as simplify.c's back_subst */
static int ref_back(symx_ctx *ctx, ref *r, sx_exprs *out, size_t k) {
  size_t n = SX_SIZE(*out), w = 0, j = 0;
  int rc = SYMX_OK;
  for (; j < n && rc == SYMX_OK; j++) {
    sx_expr *e = out->begin[j], *x = j < k ? ref_rewrite_other(ctx, r, e) : symx_expr_retain(e);
    symx_expr_release(e); /* hist holds it */
    if (x == e) {
      out->begin[w++] = x;
      continue;
    }
    if (sx_is_const(x)) {
      if (!x->value) rc = SYMX_UNSAT;
      symx_expr_release(x);
      continue;
    }
    out->begin[w++] = x;
    bool back = false;
    if (!ref_learn(ctx, r, x, &back)) rc = SYMX_UNSAT;
    ref_keep(ctx, r, x);
  }
  while (j < n) out->begin[w++] = out->begin[j++];
  out->end = out->begin + w;
  return rc;
}

/* the reference's kept constraints in out; SYMX_UNSAT or SYMX_OK; -1 when
** its fact table overflowed (the list is skipped) */
static int ref_simplify(symx_ctx *ctx, symx_expr *const *cs, size_t n, sx_exprs *out) {
  ref r = {.n = 0};
  int rc = SYMX_OK;
  for (size_t i = 0; i < n && rc == SYMX_OK; i++) {
    sx_expr *x = ref_rewrite(ctx, &r, cs[i]);
    if (sx_is_const(x)) {
      if (!x->value) rc = SYMX_UNSAT;
      symx_expr_release(x);
      continue;
    }
    CHECK(SX_PUSH(ctx, *out, x));
    bool back = false;
    if (!ref_learn(ctx, &r, x, &back)) rc = SYMX_UNSAT;
    ref_keep(ctx, &r, x);
    if (rc == SYMX_OK && back) rc = ref_back(ctx, &r, out, SX_SIZE(*out) - 1);
  }
  for (int i = 0; i < r.n; i++) symx_expr_release(r.v[i]);
  sx_exprs_release_all(&r.hist);
  SX_RELEASE(ctx, r.hist);
  if (rc == SYMX_UNSAT) sx_exprs_release_all(out);
  return r.full ? -1 : rc;
}

/* Z3's model of cs, or NULL (UNSAT, or undecided in a second: a few random
** lists cost it 3-5 s, and no model weakens no check) */
static symx_assign *z3_model(symx_ctx *ctx, sx_backend *b, symx_expr *const *cs, size_t n) {
  symx_assign *m = symx_assign_new(ctx);
  if (sx_backend_z3.check(b, cs, n, sx_now_ns() + 1000000000ull, m) == SYMX_SAT) return m;
  symx_assign_free(m);
  return NULL;
}

/* out is equivalent to cs under a */
static bool same_under(symx_ctx *ctx, symx_assign *a, symx_expr *const *cs, size_t n, sx_exprs *out) {
  int x = symx_assign_satisfies(ctx, a, cs, n);
  int y = symx_assign_satisfies(ctx, a, out->begin, SX_SIZE(*out));
  return x >= 0 && x == y;
}

static void one_list(rx_gen *g, symx_ctx *ctx, sx_backend *b, int *bad, int *weaker, int *unsat) {
  symx_expr *cs[MAXN];
  size_t n = 2 + rx_below(g, MAXN - 1);
  symx_assign *r = rx_assign(g);
  for (size_t i = 0; i < n; i++) {
    if (i && rx_below(g, 2)) cs[i] = fact_about(g, ctx, cs[rx_below(g, i)], r);
    else if (i && rx_below(g, 3)) cs[i] = symx_expr_retain(subterm(g, cs[rx_below(g, i)]));
    else cs[i] = rx_bool(g, 3);
    CHECK(cs[i] != NULL);
    if (cs[i]->width != 1) { /* a bit-vector subterm: make it a condition */
      symx_expr *z = symx_const(ctx, cs[i]->width, 0), *ne = symx_ne(ctx, cs[i], z);
      symx_expr_release(z);
      symx_expr_release(cs[i]);
      cs[i] = ne;
    }
  }
  symx_assign_free(r);
  sx_exprs out = {0};
  int rc = sx_simplify(ctx, NULL, cs, n, NULL, &out, NULL);
  CHECK(rc == SYMX_OK || rc == SYMX_UNSAT);
  sx_exprs want = {0};
  int wrc = ref_simplify(ctx, cs, n, &want);
  if (wrc >= 0) {
    bool same = wrc == rc && SX_SIZE(want) == SX_SIZE(out);
    for (size_t i = 0; same && i < SX_SIZE(out); i++) same = want.begin[i] == out.begin[i];
    if (!same) (*weaker)++;
  }
  sx_exprs_release_all(&want);
  SX_RELEASE(ctx, want);
  if (rc == SYMX_UNSAT) {
    (*unsat)++;
    symx_assign *m = z3_model(ctx, b, cs, n);
    if (m) (*bad)++;
    symx_assign_free(m);
  } else {
    for (int j = 0; j < 3; j++) {
      size_t k = j ? 1 + rx_below(g, n) : n;
      symx_assign *m = z3_model(ctx, b, cs, k);
      if (m && !same_under(ctx, m, cs, n, &out)) (*bad)++;
      symx_assign_free(m);
    }
    for (int k = 0; k < 8; k++) {
      symx_assign *a = rx_assign(g);
      if (!same_under(ctx, a, cs, n, &out)) (*bad)++;
      symx_assign_free(a);
    }
  }
  sx_exprs_release_all(&out);
  SX_RELEASE(ctx, out);
  for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
}

/* out == want, node for node, and the same answer */
static bool same_list(int rc, sx_exprs *out, sx_expr *cond, int wrc, sx_exprs *want, sx_expr *wcond) {
  bool same = rc == wrc && SX_SIZE(*out) == SX_SIZE(*want) && cond == wcond;
  for (size_t i = 0; same && i < SX_SIZE(*out); i++) same = out->begin[i] == want->begin[i];
  return same;
}

static void drop_list(symx_ctx *ctx, sx_exprs *v, sx_expr *cond) {
  sx_exprs_release_all(v);
  SX_RELEASE(ctx, *v);
  symx_expr_release(cond);
}

/* A path asked step by step through one cache (each prefix with the next
** constraint as the condition), sometimes another path in between: every
** answer as without the cache. */
static void cached_walk(rx_gen *g, symx_ctx *ctx, sx_simp_cache *cache, int *diff) {
  symx_expr *cs[MAXN];
  size_t n = 2 + rx_below(g, MAXN - 1);
  symx_assign *r = rx_assign(g);
  for (size_t i = 0; i < n; i++) {
    cs[i] = i && rx_below(g, 2) ? fact_about(g, ctx, cs[rx_below(g, i)], r) : rx_bool(g, 3);
    if (cs[i]->width != 1) {
      symx_expr *z = symx_const(ctx, cs[i]->width, 0), *ne = symx_ne(ctx, cs[i], z);
      symx_expr_release(z);
      symx_expr_release(cs[i]);
      cs[i] = ne;
    }
  }
  symx_assign_free(r);
  for (size_t k = 0; k < n; k++) {
    size_t from = rx_below(g, 5) ? 0 : rx_below(g, k + 1); /* mostly the path from its start */
    sx_exprs out = {0}, want = {0};
    sx_expr *oc = NULL, *wc = NULL;
    int rc = sx_simplify(ctx, cache, cs + from, k - from, cs[k], &out, &oc);
    int wrc = sx_simplify(ctx, NULL, cs + from, k - from, cs[k], &want, &wc);
    if (!same_list(rc, &out, oc, wrc, &want, wc)) (*diff)++;
    drop_list(ctx, &out, oc);
    drop_list(ctx, &want, wc);
  }
  for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
}

static void test_cached(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_simp_cache *cache = sx_simp_cache_new(ctx);
  CHECK(cache != NULL);
  rx_gen g;
  CHECK(rx_init(&g, ctx, 29, NULL, 0) == 0);
  int diff = 0;
  for (int t = 0; t < TRIALS; t++) cached_walk(&g, ctx, cache, &diff);
  CHECK_EQ_U64(diff, 0);
  CHECK(symx_stat_get(ctx, "simplify_reused") > 0);
  uint64_t held = symx_expr_live(ctx);
  sx_simp_cache_free(ctx, cache);
  CHECK(symx_expr_live(ctx) < held); /* the last path it held (ASan: nothing leaks) */
  rx_fini(&g);
  symx_ctx_free(ctx);
}

static void test_equivalent(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_backend *b = sx_backend_z3.create(ctx);
  rx_gen g;
  CHECK(rx_init(&g, ctx, 23, NULL, 0) == 0);
  int bad = 0, weaker = 0, unsat = 0;
  for (int t = 0; t < TRIALS; t++) one_list(&g, ctx, b, &bad, &weaker, &unsat);
  CHECK_EQ_U64(bad, 0);
  CHECK_EQ_U64(weaker, 0);
  CHECK(unsat > 0); /* contradicting facts were met */
  CHECK(symx_stat_get(ctx, "simplify_back") > 0);
  rx_fini(&g);
  sx_backend_z3.destroy(b);
  symx_ctx_free(ctx);
}

typedef struct held {
  symx_expr *e[16];
  int n;
} held;

/* e, to be released at the end */
static symx_expr *hold(held *h, symx_expr *e) {
  CHECK(e != NULL && h->n < 16);
  return h->e[h->n++] = e;
}

/* make's variable lookup: a table read at a hash of argument bytes, and
** later a branch fixing the first byte (cs[1]); *b0 that byte. */
static void lookup_path(symx_ctx *ctx, held *k, symx_expr *cs[2], symx_expr **b0) {
  static const uint8_t tab[256] = {[7] = 1};
  symx_expr *in = hold(k, symx_array_input(ctx, "arg", 2, 32));
  symx_expr *t = hold(k, symx_array_const(ctx, "tab", tab, sizeof tab, 32));
  *b0 = hold(k, symx_read(ctx, in, hold(k, symx_const(ctx, 32, 0))));
  symx_expr *b1 = hold(k, symx_read(ctx, in, hold(k, symx_const(ctx, 32, 1))));
  symx_expr *m = hold(k, symx_mul(ctx, *b0, hold(k, symx_const(ctx, 8, 0x9d))));
  symx_expr *h = hold(k, symx_zext(ctx, hold(k, symx_add(ctx, m, b1)), 32));
  cs[0] = hold(k, symx_ne(ctx, hold(k, symx_read(ctx, t, h)), hold(k, symx_const(ctx, 8, 0))));
  cs[1] = hold(k, symx_eq(ctx, *b0, hold(k, symx_const(ctx, 8, '-'))));
}

/* The earlier read must get the byte as a constant, else the backend
** solves for it inside the hash. */
static void test_back(void) {
  symx_ctx *ctx = symx_ctx_new();
  held k = {.n = 0};
  symx_expr *cs[2], *b0;
  lookup_path(ctx, &k, cs, &b0);
  sx_exprs out = {0};
  CHECK(sx_simplify(ctx, NULL, cs, 2, NULL, &out, NULL) == SYMX_OK);
  CHECK_EQ_U64(SX_SIZE(out), 2);
  CHECK(!occurs(out.begin[0], b0)); /* the byte is a constant in the read */
  CHECK(out.begin[1] == cs[1]);     /* the fact itself kept as it was */
  CHECK_EQ_U64(symx_stat_get(ctx, "simplify_back"), 1);
  sx_exprs_release_all(&out);
  SX_RELEASE(ctx, out);
  while (k.n) symx_expr_release(k.e[--k.n]);
  symx_ctx_free(ctx);
}

/* ---- the same under allocation failures, through a cache ---- */

typedef struct back_job {
  held k;
  symx_expr *cs[2], *b0;
  sx_simp_cache *cache;
} back_job;

static symx_ctx *back_open(failalloc *fa, void *user) {
  back_job *j = user;
  symx_ctx *ctx = failalloc_ctx(fa);
  j->k.n = 0;
  lookup_path(ctx, &j->k, j->cs, &j->b0);
  CHECK((j->cache = sx_simp_cache_new(ctx)) != NULL);
  return ctx;
}

/* the path asked as a running state asks it: cs[0] with cs[1] as the
** condition, then both; digest: what the second kept */
static int back_run(symx_ctx *ctx, void *user, uint64_t *digest) {
  back_job *j = user;
  int rc = SYMX_OK;
  for (size_t n = 1; n <= 2 && rc == SYMX_OK; n++) {
    sx_exprs out = {0};
    rc = sx_simplify(ctx, j->cache, j->cs, n, n == 1 ? j->cs[1] : NULL, &out, NULL);
    if (rc == SYMX_OK && n == 2)
      *digest = SX_SIZE(out) * 2 + (SX_SIZE(out) && occurs(out.begin[0], j->b0));
    sx_exprs_release_all(&out);
    SX_RELEASE(ctx, out);
  }
  return rc;
}

static void back_close(symx_ctx *ctx, void *user) {
  back_job *j = user;
  sx_simp_cache_free(ctx, j->cache);
  while (j->k.n) symx_expr_release(j->k.e[--j->k.n]);
  symx_ctx_free(ctx);
}

static void test_back_nomem(void) {
  back_job j;
  uint64_t want = failalloc_sweep(&(failalloc_job){"simplify back", &j, back_open, back_run, back_close, false});
  CHECK_EQ_U64(want, 4); /* two kept, the byte gone from the read */
}

CHECK_MAIN(CHECK_CASE(test_equivalent), CHECK_CASE(test_cached), CHECK_CASE(test_back),
           CHECK_CASE(test_back_nomem))
