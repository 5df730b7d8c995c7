/*
** simplify.c — substitution of the facts of earlier constraints into later
** ones (see simplify.h). Two pointer maps per call: facts (term -> constant)
** and a memo of rewritten nodes, cleared whenever the facts grow. A fact
** about a subterm of an earlier constraint (a hash of input bytes, then a
** branch fixing one of those bytes) is also substituted back into the
** earlier ones, as KLEE rewrites its constraints on a new equality: left
** alone, the backend must rediscover it inside the hash circuit.
*/
#include "simplify.h"
#include "alloc.h"
#include "error.h"
#include "hash.h"

#include <string.h>

typedef struct pmap {
  const sx_expr **k;
  sx_expr **v; /* retained */
  size_t cap, count;
} pmap;

static size_t slot_of(const pmap *m, const sx_expr *k) {
  size_t j = sx_hash_mix(0, (uintptr_t)k) & (m->cap - 1);
  while (m->k[j] && m->k[j] != k) j = (j + 1) & (m->cap - 1);
  return j;
}

static sx_expr *pmap_get(const pmap *m, const sx_expr *k) {
  if (!m->count) return NULL;
  size_t j = slot_of(m, k);
  return m->k[j] ? m->v[j] : NULL;
}

static void pmap_clear(symx_ctx *ctx, pmap *m) {
  if (!m->count) return;
  for (size_t i = 0; i < m->cap; i++)
    if (m->k[i]) {
      sx_expr_release_nonnull(m->v[i]);
      m->k[i] = NULL;
    }
  m->count = 0;
  SX_UNUSED(ctx);
}

static void pmap_free(symx_ctx *ctx, pmap *m) {
  pmap_clear(ctx, m);
  sx_free(ctx, m->k, m->cap * sizeof *m->k);
  sx_free(ctx, m->v, m->cap * sizeof *m->v);
}

/* room for one more entry; false on OOM */
static bool pmap_room(symx_ctx *ctx, pmap *m) {
  if ((m->count + 1) * 2 <= m->cap) return true;
  size_t ncap = m->cap ? m->cap * 2 : 64;
  pmap n = {sx_calloc(ctx, ncap * sizeof *n.k), sx_alloc(ctx, ncap * sizeof *n.v), ncap, m->count};
  if (!n.k || !n.v) {
    sx_free(ctx, n.k, ncap * sizeof *n.k);
    sx_free(ctx, n.v, ncap * sizeof *n.v);
    return false;
  }
  for (size_t i = 0; i < m->cap; i++)
    if (m->k[i]) {
      size_t j = slot_of(&n, m->k[i]);
      n.k[j] = m->k[i];
      n.v[j] = m->v[i];
    }
  sx_free(ctx, m->k, m->cap * sizeof *m->k);
  sx_free(ctx, m->v, m->cap * sizeof *m->v);
  *m = n;
  return true;
}

/* k -> v (v's reference is consumed) */
static bool pmap_put(symx_ctx *ctx, pmap *m, const sx_expr *k, sx_expr *v) {
  if (!pmap_room(ctx, m)) {
    sx_expr_release_nonnull(v);
    return false;
  }
  size_t j = slot_of(m, k);
  if (m->k[j]) {
    sx_expr_release_nonnull(m->v[j]);
  } else {
    m->k[j] = k;
    m->count++;
  }
  m->v[j] = v;
  return true;
}

void sx_exprs_release_all(sx_exprs *v) {
  for (sx_expr **p = v->begin; p < v->end; p++) sx_expr_release_nonnull(*p);
  SX_CLEAR(*v);
}

/*
** The one parent each rewritten node was met under (MANY: more than one),
** so a new fact about a node clears the memo only when a memoised node
** other than a fact's own may contain it. Without it every constraint's
** fact (c is true) cleared the memo, and each query re-walked its whole
** path: quadratic on the long paths of real programs. A pmap whose
** values are borrowed (never released).
*/
#define MANY ((sx_expr *)1)

typedef struct simp {
  symx_ctx *ctx;
  pmap facts, memo;
  pmap *scratch; /* when set, new rewrites go there (the query's condition) */
  pmap up;
  pmap seen;  /* every node of a kept constraint (borrowed values) */
  sx_exprs old; /* constraints replaced by back-substitution: keys above */
  SX_STACK(sx_expr *) work;
} simp;

/* records that child was met under parent (MANY: under another before);
** with parent = child, a plain set (seen) */
static bool up_note(symx_ctx *ctx, pmap *m, const sx_expr *child, sx_expr *parent) {
  if (!pmap_room(ctx, m)) return false;
  size_t j = slot_of(m, child);
  if (!m->k[j]) {
    m->k[j] = child;
    m->v[j] = parent;
    m->count++;
  } else if (m->v[j] != parent) {
    m->v[j] = MANY;
  }
  return true;
}

/* whether a memoised rewrite may depend on t (t is about to get a fact) */
static bool memo_uses(const simp *s, const sx_expr *t) {
  if (!s->memo.count) return false;
  if (!t->nargs) return true; /* leaves are not tracked */
  const sx_expr *p = pmap_get(&s->up, t);
  if (!p) return false;
  /* a parent with a fact of its own reads that fact, not its memo entry */
  return p == MANY || !pmap_get(&s->facts, p);
}

/* the already-known result of e, or NULL when children must be done first */
static sx_expr *known(simp *s, sx_expr *e) {
  sx_expr *r = pmap_get(&s->facts, e);
  if (r) return r;
  if (!sx_is_symbolic(e) || e->nargs == 0) return e;
  r = pmap_get(&s->memo, e);
  return r || !s->scratch ? r : pmap_get(s->scratch, e);
}

/* a new node of e's kind and parameters over args, or NULL on failure */
static sx_expr *rebuild(symx_ctx *ctx, const sx_expr *e, sx_expr *const *args) {
  unsigned p0 = 0, p1 = 0;
  if (e->kind == SYMX_K_EXTRACT) {
    p0 = (unsigned)e->value;
    p1 = e->aux;
  } else if (e->kind == SYMX_K_ZEXT || e->kind == SYMX_K_SEXT) {
    p0 = e->width;
  }
  return sx_expr_build(ctx, e->kind, e->nargs, args, p0, p1, "sx_simplify");
}

/* a new reference to e with the facts substituted, or NULL on failure */
static sx_expr *rewrite(simp *s, sx_expr *root) {
  symx_ctx *ctx = s->ctx;
  if (!s->facts.count) return symx_expr_retain(root);
  SX_CLEAR(s->work);
  if (!known(s, root) && !SX_PUSH(ctx, s->work, root)) return NULL;
  while (!SX_EMPTY(s->work)) {
    sx_expr *e = SX_TOP(s->work);
    if (known(s, e)) {
      (void)SX_POP(s->work);
      continue;
    }
    bool ready = true;
    for (unsigned i = 0; i < e->nargs; i++)
      if (!known(s, e->args[i])) {
        if (!SX_PUSH(ctx, s->work, e->args[i])) return NULL;
        ready = false;
      }
    if (!ready) continue;
    (void)SX_POP(s->work);
    sx_expr *args[3];
    bool same = true;
    for (unsigned i = 0; i < e->nargs; i++) {
      if (!s->scratch && !up_note(ctx, &s->up, e->args[i], e)) return NULL;
      args[i] = known(s, e->args[i]);
      same &= args[i] == e->args[i];
    }
    sx_expr *r = same ? symx_expr_retain(e) : rebuild(ctx, e, args);
    if (!r) return NULL;
    if (!pmap_put(ctx, s->scratch ? s->scratch : &s->memo, e, r)) return NULL;
  }
  return symx_expr_retain(known(s, root));
}

/* records the facts c states; false on a contradiction (*unsat) or OOM;
** *back when a new fact is about a node of an earlier kept constraint */
static bool add_fact(simp *s, const sx_expr *t, uint64_t v, unsigned w, bool *unsat, bool *back) {
  sx_expr *old = pmap_get(&s->facts, t);
  if (old) {
    if (old->value != v) *unsat = true;
    return !*unsat;
  }
  if (pmap_get(&s->seen, t)) *back = true;
  sx_expr *c = sx_expr_make(s->ctx, SYMX_K_CONST, w, 0, NULL, v, 0, "sx_simplify");
  bool stale = memo_uses(s, t); /* memoised rewrites predate this fact */
  if (!c || !pmap_put(s->ctx, &s->facts, t, c)) return false;
  if (stale) pmap_clear(s->ctx, &s->memo);
  return true;
}

/* The term c states a value of besides c itself (t of t == v, b of !b),
** or c; *v its value. */
static sx_expr *fact_term(sx_expr *c, uint64_t *v) {
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

static bool learn(simp *s, sx_expr *c, bool *unsat, bool *back) {
  if (!add_fact(s, c, 1, 1, unsat, back)) return false;
  uint64_t v;
  sx_expr *t = fact_term(c, &v);
  return t == c || add_fact(s, t, v, t->width, unsat, back);
}

/* marks every node of c seen; false on OOM */
static bool see(simp *s, sx_expr *c) {
  symx_ctx *ctx = s->ctx;
  SX_CLEAR(s->work);
  if (!SX_PUSH(ctx, s->work, c)) return false;
  while (!SX_EMPTY(s->work)) {
    sx_expr *e = SX_POP(s->work);
    if (!sx_is_symbolic(e) || pmap_get(&s->seen, e)) continue;
    if (!up_note(ctx, &s->seen, e, e)) return false;
    for (unsigned i = 0; i < e->nargs; i++)
      if (!SX_PUSH(ctx, s->work, e->args[i])) return false;
  }
  return true;
}

/* a new reference to x over its arguments rewritten (x itself is not looked up) */
static sx_expr *rewrite_args(simp *s, sx_expr *x) {
  sx_expr *args[3];
  unsigned k = 0;
  bool same = true;
  for (; k < x->nargs; k++) {
    if (!(args[k] = rewrite(s, x->args[k]))) break;
    same &= args[k] == x->args[k];
  }
  sx_expr *r = k < x->nargs ? NULL : same ? symx_expr_retain(x) : rebuild(s->ctx, x, args);
  while (k--) sx_expr_release_nonnull(args[k]);
  return r;
}

/*
** A new reference to c rewritten under the facts of the other constraints.
** c's own facts are about c and its fact term, so below those only: c
** must not prove itself.
*/
static sx_expr *rewrite_other(simp *s, sx_expr *c) {
  uint64_t v;
  sx_expr *t = fact_term(c, &v);
  if (t == c) return rewrite_args(s, c);
  sx_expr *nt = rewrite_args(s, t);
  if (!nt) return NULL;
  if (nt == t) {
    sx_expr_release_nonnull(nt);
    return symx_expr_retain(c);
  }
  sx_expr *args[2];
  for (unsigned i = 0; i < c->nargs; i++) args[i] = c->args[i] == t ? nt : c->args[i];
  sx_expr *r = rebuild(s->ctx, c, args);
  sx_expr_release_nonnull(nt);
  return r;
}

struct sx_simp_cache {
  simp s;       /* the facts and memo after in[] */
  sx_exprs in;  /* the constraints simplified (retained: keys of s's maps are in their DAGs) */
  sx_exprs out; /* what they became (retained) */
};

static void simp_free(simp *s) {
  symx_ctx *ctx = s->ctx;
  pmap_free(ctx, &s->memo);
  pmap_free(ctx, &s->facts);
  pmap *borrowed[] = {&s->up, &s->seen}; /* borrowed values: no release */
  for (size_t i = 0; i < 2; i++) {
    sx_free(ctx, borrowed[i]->k, borrowed[i]->cap * sizeof *borrowed[i]->k);
    sx_free(ctx, borrowed[i]->v, borrowed[i]->cap * sizeof *borrowed[i]->v);
  }
  sx_exprs_release_all(&s->old); /* after the maps keyed on them */
  SX_RELEASE(ctx, s->old);
  SX_RELEASE(ctx, s->work);
  *s = (simp){.ctx = ctx};
}

static void cache_reset(sx_simp_cache *c) {
  simp_free(&c->s);
  sx_exprs_release_all(&c->in);
  sx_exprs_release_all(&c->out);
}

void sx_simp_cache_free(symx_ctx *ctx, sx_simp_cache *c) {
  if (!c) return;
  c->s.ctx = ctx;
  cache_reset(c);
  SX_RELEASE(ctx, c->in);
  SX_RELEASE(ctx, c->out);
  sx_free(ctx, c, sizeof *c);
}

sx_simp_cache *sx_simp_cache_new(symx_ctx *ctx) {
  sx_simp_cache *c = sx_calloc(ctx, sizeof *c);
  if (c) c->s.ctx = ctx;
  return c;
}

/* How much of cs the cache has done (its in[] is a prefix of cs): that
** many; else the cache is emptied and 0. */
static size_t cache_prefix(sx_simp_cache *c, sx_expr *const *cs, size_t n) {
  size_t k = SX_SIZE(c->in);
  bool prefix = k <= n;
  for (size_t i = 0; i < k && prefix; i++) prefix = c->in.begin[i] == cs[i];
  if (prefix) return k;
  cache_reset(c);
  return 0;
}

static bool push_ref(symx_ctx *ctx, sx_exprs *v, sx_expr *e) {
  if (!SX_PUSH(ctx, *v, e)) return false;
  symx_expr_retain(e);
  return true;
}

/*
** out[0..k) rewritten under the facts of the others (see rewrite_other),
** those made true dropped; a changed one states its facts in turn. The
** replaced ones stay alive in s->old: the maps are keyed on their nodes.
*/
static int back_subst(simp *s, sx_exprs *out, size_t k) {
  symx_ctx *ctx = s->ctx;
  size_t n = SX_SIZE(*out), w = 0, j = 0;
  int rc = SYMX_OK;
  for (; j < k && rc == SYMX_OK; j++) {
    sx_expr *e = out->begin[j], *r = rewrite_other(s, e);
    if (r == e || !r || !SX_PUSH(ctx, s->old, e)) { /* kept as it was */
      if (r) sx_expr_release_nonnull(r);
      if (r != e) rc = SYMX_NOMEM;
      out->begin[w++] = e;
      continue;
    }
    SX_INC(ctx, simplify_back);
    if (sx_is_const(r)) { /* dropped when true */
      rc = r->value ? SYMX_OK : SYMX_UNSAT;
      sx_expr_release_nonnull(r);
      continue;
    }
    out->begin[w++] = r;
    bool unsat = false, back = false;
    if (!learn(s, r, &unsat, &back) || !see(s, r)) rc = unsat ? SYMX_UNSAT : SYMX_NOMEM;
  }
  while (j < n) out->begin[w++] = out->begin[j++]; /* out[k..), and the rest on an early stop */
  out->end = out->begin + w;
  return rc;
}

/* the cache's kept list made out again (after back_subst) */
static bool mirror(symx_ctx *ctx, sx_exprs *to, const sx_exprs *out) {
  sx_exprs_release_all(to);
  for (sx_expr **p = out->begin; p < out->end; p++)
    if (!push_ref(ctx, to, *p)) return false;
  return true;
}

/* cs[i] simplified under s (from cs[from]) into out and the cache's lists;
** SYMX_OK, SYMX_UNSAT, or SYMX_NOMEM (not recorded) */
static int path_from(simp *s, sx_simp_cache *c, sx_expr *const *cs, size_t from, size_t n, sx_exprs *out) {
  symx_ctx *ctx = s->ctx;
  for (size_t i = from; i < n; i++) {
    sx_expr *r = rewrite(s, cs[i]);
    if (!r) return SYMX_NOMEM;
    if (c && !push_ref(ctx, &c->in, cs[i])) r = (sx_expr_release_nonnull(r), NULL);
    if (!r) return SYMX_NOMEM;
    if (sx_is_const(r)) {
      bool is_false = r->value == 0;
      sx_expr_release_nonnull(r);
      if (is_false) return SYMX_UNSAT;
      continue;
    }
    if (!SX_PUSH(ctx, *out, r)) {
      sx_expr_release_nonnull(r);
      return SYMX_NOMEM;
    }
    if (c && !push_ref(ctx, &c->out, r)) return SYMX_NOMEM;
    bool unsat = false, back = false;
    if (!learn(s, r, &unsat, &back)) return unsat ? SYMX_UNSAT : SYMX_NOMEM;
    if (!see(s, r)) return SYMX_NOMEM;
    if (back) {
      int rc = back_subst(s, out, SX_SIZE(*out) - 1);
      if (rc != SYMX_OK) return rc;
      if (c && !mirror(ctx, &c->out, out)) return SYMX_NOMEM;
    }
  }
  return SYMX_OK;
}

int sx_simplify(symx_ctx *ctx, sx_simp_cache *cache, sx_expr *const *cs, size_t n, sx_expr *cond,
                sx_exprs *out, sx_expr **cond_out) {
  simp local = {.ctx = ctx}, *s = cache ? &cache->s : &local;
  pmap scratch = {0};
  int rc = SYMX_OK;
  if (cond_out) *cond_out = NULL;
  size_t from = cache ? cache_prefix(cache, cs, n) : 0;
  for (size_t i = 0; from && i < SX_SIZE(cache->out) && rc == SYMX_OK; i++)
    if (!push_ref(ctx, out, cache->out.begin[i])) rc = SYMX_NOMEM;
  SX_ADD(ctx, simplify_reused, from);
  if (rc == SYMX_OK) rc = path_from(s, cache, cs, from, n, out);
  if (cache && rc != SYMX_OK) cache_reset(cache); /* it may be half-done */
  if (rc == SYMX_OK && cond) {
    /* the condition's rewrites go to a scratch memo: its nodes are not
    ** kept alive by the cache, so they must not stay in its maps */
    s->scratch = &scratch;
    sx_expr *r = rewrite(s, cond);
    s->scratch = NULL;
    if (!r) rc = SYMX_NOMEM;
    else if (sx_is_const(r) && !r->value) rc = SYMX_UNSAT;
    else if (!sx_is_const(r) && !push_ref(ctx, out, r)) rc = SYMX_NOMEM;
    if (r && rc == SYMX_OK && cond_out) *cond_out = symx_expr_retain(r);
    if (r) sx_expr_release_nonnull(r);
  }
  pmap_free(ctx, &scratch);
  if (rc != SYMX_OK) {
    sx_exprs_release_all(out);
    if (cond_out && *cond_out) sx_expr_release_nonnull(*cond_out);
    if (cond_out) *cond_out = NULL;
  }
  if (!cache) simp_free(&local);
  return rc == SYMX_NOMEM ? sx_error(ctx, SYMX_NOMEM, "sx_simplify", "out of memory") : rc;
}
