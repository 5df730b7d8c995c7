/*
** subst.c — substitution of nodes (typically input arrays) in an
** expression, rebuilt through the simplifying builder, and the input arrays
** an expression reads. A path condition found from one place of a program
** becomes a condition at another by putting the values found there for its
** inputs (CCBSE's path stitching in symx-llvm). One memo per call, keyed by
** node, so a DAG is walked once.
*/
#include "expr.h"
#include "alloc.h"
#include "error.h"
#include "hash.h"
#include "stack.h"

#include <string.h>

typedef struct memo {
  const sx_expr **k;
  sx_expr **v; /* borrowed from the caller (to[]) or retained (rebuilt) */
  bool *own;
  size_t cap, count;
} memo;

static size_t slot(const memo *m, const sx_expr *k) {
  size_t j = sx_hash_mix(0, (uintptr_t)k) & (m->cap - 1);
  while (m->k[j] && m->k[j] != k) j = (j + 1) & (m->cap - 1);
  return j;
}

static sx_expr *get(const memo *m, const sx_expr *k) {
  if (!m->cap) return NULL;
  size_t j = slot(m, k);
  return m->k[j] ? m->v[j] : NULL;
}

static bool grow(symx_ctx *ctx, memo *m) {
  if ((m->count + 1) * 2 <= m->cap) return true;
  size_t ncap = m->cap ? 2 * m->cap : 64;
  memo n = {sx_calloc(ctx, ncap * sizeof *n.k), sx_alloc(ctx, ncap * sizeof *n.v),
            sx_alloc(ctx, ncap * sizeof *n.own), ncap, m->count};
  if (!n.k || !n.v || !n.own) {
    sx_free(ctx, n.k, ncap * sizeof *n.k);
    sx_free(ctx, n.v, ncap * sizeof *n.v);
    sx_free(ctx, n.own, ncap * sizeof *n.own);
    return false;
  }
  for (size_t i = 0; i < m->cap; i++)
    if (m->k[i]) {
      size_t j = slot(&n, m->k[i]);
      n.k[j] = m->k[i], n.v[j] = m->v[i], n.own[j] = m->own[i];
    }
  sx_free(ctx, m->k, m->cap * sizeof *m->k);
  sx_free(ctx, m->v, m->cap * sizeof *m->v);
  sx_free(ctx, m->own, m->cap * sizeof *m->own);
  *m = n;
  return true;
}

static bool put(symx_ctx *ctx, memo *m, const sx_expr *k, sx_expr *v, bool own) {
  if (!grow(ctx, m)) {
    if (own) sx_expr_release_nonnull(v);
    return false;
  }
  size_t j = slot(m, k);
  m->k[j] = k, m->v[j] = v, m->own[j] = own;
  m->count++;
  return true;
}

static void memo_free(symx_ctx *ctx, memo *m) {
  for (size_t i = 0; i < m->cap; i++)
    if (m->k[i] && m->own[i]) sx_expr_release_nonnull(m->v[i]);
  sx_free(ctx, m->k, m->cap * sizeof *m->k);
  sx_free(ctx, m->v, m->cap * sizeof *m->v);
  sx_free(ctx, m->own, m->cap * sizeof *m->own);
}

typedef SX_STACK(sx_expr *) work_t;

/* e's node rebuilt from its arguments' results (all in m); NULL on OOM. */
static sx_expr *rebuild(symx_ctx *ctx, memo *m, sx_expr *e) {
  sx_expr *args[3];
  bool same = true;
  for (unsigned i = 0; i < e->nargs; i++) {
    args[i] = get(m, e->args[i]);
    same &= args[i] == e->args[i];
  }
  if (same) return symx_expr_retain(e);
  unsigned p0 = 0, p1 = 0;
  if (e->kind == SYMX_K_EXTRACT) p0 = (unsigned)e->value, p1 = e->aux;
  else if (e->kind == SYMX_K_ZEXT || e->kind == SYMX_K_SEXT) p0 = e->width;
  return sx_expr_build(ctx, e->kind, e->nargs, args, p0, p1, "symx_expr_substitute");
}

/* Every node under root mapped in m (post-order, iterative: paths may be
** deep); false on OOM. */
static bool walk(symx_ctx *ctx, memo *m, work_t *w, sx_expr *root) {
  if (get(m, root) || !SX_PUSH(ctx, *w, root)) return get(m, root) != NULL;
  while (!SX_EMPTY(*w)) {
    sx_expr *e = SX_TOP(*w);
    if (get(m, e)) {
      (void)SX_POP(*w);
      continue;
    }
    bool ready = true;
    for (unsigned i = 0; i < e->nargs; i++)
      if (!get(m, e->args[i])) {
        if (!SX_PUSH(ctx, *w, e->args[i])) return false;
        ready = false;
      }
    if (!ready) continue;
    (void)SX_POP(*w);
    sx_expr *r = e->nargs ? rebuild(ctx, m, e) : e;
    if (!r || !put(ctx, m, e, r, e->nargs != 0)) return false;
  }
  return true;
}

symx_expr *symx_expr_substitute(symx_ctx *ctx, symx_expr *e, symx_expr *const *from,
                                symx_expr *const *to, size_t n) {
  if (!ctx) return NULL;
  if (!e || (n && (!from || !to))) {
    SX_MISUSE(ctx, "NULL expression or map");
    return NULL;
  }
  for (size_t i = 0; i < n; i++)
    if (!from[i] || !to[i] || from[i]->width != to[i]->width ||
        (from[i]->flags & SX_F_ARRAY) != (to[i]->flags & SX_F_ARRAY)) {
      SX_MISUSE(ctx, "pair %zu: NULL, or of different widths or sorts", i);
      return NULL;
    }
  memo m = {0};
  work_t w = {0};
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) ok = get(&m, from[i]) || put(ctx, &m, from[i], to[i], false);
  ok = ok && walk(ctx, &m, &w, e);
  sx_expr *r = ok ? symx_expr_retain(get(&m, e)) : NULL;
  SX_RELEASE(ctx, w);
  memo_free(ctx, &m);
  if (!r) sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  return r;
}

size_t symx_expr_inputs(symx_ctx *ctx, symx_expr *e, symx_expr **out, size_t max) {
  if (!ctx || !e) return 0;
  memo m = {0};
  work_t w = {0};
  size_t n = 0;
  bool ok = SX_PUSH(ctx, w, e);
  while (ok && !SX_EMPTY(w)) {
    sx_expr *x = SX_POP(w);
    if (get(&m, x) || !(x->flags & SX_F_SYMBOLIC)) continue;
    ok = put(ctx, &m, x, x, false);
    if (ok && x->kind == SYMX_K_ARRAY_INPUT && n++ < max && out) out[n - 1] = x;
    for (unsigned i = 0; ok && i < x->nargs; i++) ok = SX_PUSH(ctx, w, x->args[i]);
  }
  SX_RELEASE(ctx, w);
  memo_free(ctx, &m);
  if (!ok) sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  return ok ? n : 0;
}
