/*
** simplify.c — substitution of the facts of earlier constraints into later
** ones (see simplify.h). Two pointer maps per call: facts (term -> constant)
** and a memo of rewritten nodes, cleared whenever the facts grow.
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

/* k -> v (v's reference is consumed) */
static bool pmap_put(symx_ctx *ctx, pmap *m, const sx_expr *k, sx_expr *v) {
  if ((m->count + 1) * 2 > m->cap) {
    size_t ncap = m->cap ? m->cap * 2 : 64;
    pmap n = {sx_calloc(ctx, ncap * sizeof *n.k), sx_alloc(ctx, ncap * sizeof *n.v), ncap, m->count};
    if (!n.k || !n.v) {
      sx_free(ctx, n.k, ncap * sizeof *n.k);
      sx_free(ctx, n.v, ncap * sizeof *n.v);
      sx_expr_release_nonnull(v);
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

typedef struct simp {
  symx_ctx *ctx;
  pmap facts, memo;
  SX_STACK(sx_expr *) work;
} simp;

/* the already-known result of e, or NULL when children must be done first */
static sx_expr *known(simp *s, sx_expr *e) {
  sx_expr *r = pmap_get(&s->facts, e);
  if (r) return r;
  if (!sx_is_symbolic(e) || e->nargs == 0) return e;
  return pmap_get(&s->memo, e);
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
      args[i] = known(s, e->args[i]);
      same &= args[i] == e->args[i];
    }
    sx_expr *r;
    if (same) {
      r = symx_expr_retain(e);
    } else {
      unsigned p0 = 0, p1 = 0;
      if (e->kind == SYMX_K_EXTRACT) {
        p0 = (unsigned)e->value;
        p1 = e->aux;
      } else if (e->kind == SYMX_K_ZEXT || e->kind == SYMX_K_SEXT) {
        p0 = e->width;
      }
      r = sx_expr_build(ctx, e->kind, e->nargs, args, p0, p1, "sx_simplify");
      if (!r) return NULL;
    }
    if (!pmap_put(ctx, &s->memo, e, r)) return NULL;
  }
  return symx_expr_retain(known(s, root));
}

/* records the facts c states; false on a contradiction (*unsat) or OOM */
static bool add_fact(simp *s, const sx_expr *t, uint64_t v, unsigned w, bool *unsat) {
  sx_expr *old = pmap_get(&s->facts, t);
  if (old) {
    if (old->value != v) *unsat = true;
    return !*unsat;
  }
  sx_expr *c = sx_expr_make(s->ctx, SYMX_K_CONST, w, 0, NULL, v, 0, "sx_simplify");
  if (!c || !pmap_put(s->ctx, &s->facts, t, c)) return false;
  pmap_clear(s->ctx, &s->memo); /* memoised rewrites predate this fact */
  return true;
}

static bool learn(simp *s, sx_expr *c, bool *unsat) {
  if (!add_fact(s, c, 1, 1, unsat)) return false;
  if (c->kind == SYMX_K_EQ) {
    sx_expr *a = c->args[0], *b = c->args[1];
    if (sx_is_const(b) && !sx_is_const(a)) return add_fact(s, a, b->value, a->width, unsat);
    if (sx_is_const(a) && !sx_is_const(b)) return add_fact(s, b, a->value, b->width, unsat);
  } else if (c->kind == SYMX_K_NOT && c->width == 1 && !sx_is_const(c->args[0])) {
    return add_fact(s, c->args[0], 0, 1, unsat);
  }
  return true;
}

int sx_simplify(symx_ctx *ctx, sx_expr *const *cs, size_t n, sx_expr *cond, sx_exprs *out,
                sx_expr **cond_out) {
  simp s = {ctx, {0}, {0}, {0}};
  bool unsat = false;
  int rc = SYMX_OK;
  if (cond_out) *cond_out = NULL;
  for (size_t i = 0; i <= n; i++) {
    sx_expr *c = i < n ? cs[i] : cond;
    if (!c) break;
    sx_expr *r = rewrite(&s, c);
    if (!r) goto oom;
    if (sx_is_const(r)) {
      bool is_false = r->value == 0;
      if (!is_false && i == n && cond_out) *cond_out = symx_expr_retain(r);
      sx_expr_release_nonnull(r);
      if (is_false) {
        unsat = true;
        break;
      }
      continue;
    }
    if (i == n && cond_out) *cond_out = symx_expr_retain(r);
    if (!SX_PUSH(ctx, *out, r)) {
      sx_expr_release_nonnull(r);
      goto oom;
    }
    if (i < n && !learn(&s, r, &unsat)) {
      if (unsat) break;
      goto oom;
    }
  }
  if (unsat) {
    sx_exprs_release_all(out);
    if (cond_out && *cond_out) {
      sx_expr_release_nonnull(*cond_out);
      *cond_out = NULL;
    }
    rc = SYMX_UNSAT;
  }
  goto done;
oom:
  sx_exprs_release_all(out);
  if (cond_out && *cond_out) {
    sx_expr_release_nonnull(*cond_out);
    *cond_out = NULL;
  }
  rc = sx_error(ctx, SYMX_NOMEM, "sx_simplify", "out of memory");
done:
  pmap_free(ctx, &s.memo);
  pmap_free(ctx, &s.facts);
  SX_RELEASE(ctx, s.work);
  return rc;
}
