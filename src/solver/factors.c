/*
** factors.c — persistent factor structure (see factors.h). Two persistent
** treaps with path copying: `keys` maps an input key to the id of its
** factor, `facs` maps a factor id to its constraints, kept as an immutable
** rope (concatenation is O(1)). A node is mutated in place only when the
** version being built holds its one reference; otherwise it is copied, so
** every published version stays intact.
*/
#include "factors.h"
#include "alloc.h"
#include "chain.h"
#include "error.h"
#include "hash.h"

#include <string.h>

/* ---- ropes of constraints ---- */

typedef struct rope {
  uint32_t refs;
  uint32_t nk;        /* leaf: number of keys */
  size_t ncons;       /* constraints in the subtree */
  size_t nkeys;       /* key occurrences in the subtree */
  struct rope *l, *r; /* inner node; both NULL for a leaf */
  sx_expr *e;         /* leaf: the constraint (retained) */
  sx_key *keys;       /* leaf: its keys (owned) */
  struct rope *next;  /* free list while releasing */
} rope;

static void rope_release(symx_ctx *ctx, rope *r) {
  /* iterative: a path's rope is a long left spine */
  rope *work = NULL;
  if (r && --r->refs == 0) {
    r->next = NULL;
    work = r;
  }
  while (work) {
    rope *n = work;
    work = n->next;
    rope *kids[2] = {n->l, n->r};
    for (int i = 0; i < 2; i++)
      if (kids[i] && --kids[i]->refs == 0) {
        kids[i]->next = work;
        work = kids[i];
      }
    if (n->e) sx_expr_release_nonnull(n->e);
    sx_free(ctx, n->keys, n->nk * sizeof(sx_key));
    sx_free(ctx, n, sizeof *n);
  }
}

static rope *rope_leaf(symx_ctx *ctx, sx_expr *e, const sx_key *keys, size_t nk) {
  rope *r = sx_calloc(ctx, sizeof *r);
  if (!r) return NULL;
  if (nk) {
    r->keys = sx_alloc(ctx, nk * sizeof *r->keys);
    if (!r->keys) {
      sx_free(ctx, r, sizeof *r);
      return NULL;
    }
    memcpy(r->keys, keys, nk * sizeof *r->keys);
  }
  r->refs = 1;
  r->nk = (uint32_t)nk;
  r->ncons = 1;
  r->nkeys = nk;
  r->e = symx_expr_retain(e);
  return r;
}

/* consumes a and b */
static rope *rope_cat(symx_ctx *ctx, rope *a, rope *b) {
  if (!a) return b;
  if (!b) return a;
  rope *r = sx_calloc(ctx, sizeof *r);
  if (!r) {
    rope_release(ctx, a);
    rope_release(ctx, b);
    return NULL;
  }
  r->refs = 1;
  r->l = a;
  r->r = b;
  r->ncons = a->ncons + b->ncons;
  r->nkeys = a->nkeys + b->nkeys;
  return r;
}

typedef SX_STACK(rope *) ropes;

/* calls fn on every leaf of r; stops at the first non-OK return */
static int rope_leaves(symx_ctx *ctx, rope *r, ropes *st, int (*fn)(void *, rope *), void *ud) {
  SX_CLEAR(*st);
  if (r && !SX_PUSH(ctx, *st, r)) return SYMX_NOMEM;
  while (!SX_EMPTY(*st)) {
    rope *n = SX_POP(*st);
    if (n->e) {
      int rc = fn(ud, n);
      if (rc != SYMX_OK) return rc;
      continue;
    }
    if (!SX_PUSH(ctx, *st, n->r) || !SX_PUSH(ctx, *st, n->l)) return SYMX_NOMEM;
  }
  return SYMX_OK;
}

/* ---- persistent treaps ---- */

typedef struct pnode {
  uint32_t refs;
  uint32_t prio;
  sx_key k;
  uintptr_t val; /* keys: factor id; facs: rope* (owned) */
  struct pnode *l, *r;
} pnode;

static void pval_retain(bool ropes_, uintptr_t v) {
  if (ropes_ && v) ((rope *)v)->refs++;
}

static void pnode_release(symx_ctx *ctx, pnode *t, bool ropes_) {
  while (t && --t->refs == 0) { /* recursion on one side only: depth O(log n) */
    pnode_release(ctx, t->l, ropes_);
    pnode *r = t->r;
    if (ropes_) rope_release(ctx, (rope *)t->val);
    sx_free(ctx, t, sizeof *t);
    t = r;
  }
}

static uint32_t key_prio(sx_key k) { return (uint32_t)sx_hash_mix(sx_hash_mix(7, k.input), k.byte); }

static pnode *pnode_new(symx_ctx *ctx, sx_key k, uintptr_t v) {
  pnode *n = sx_alloc(ctx, sizeof *n);
  if (!n) return NULL;
  *n = (pnode){1, key_prio(k), k, v, NULL, NULL};
  return n;
}

/* an exclusively owned version of t (consumes the caller's ref to t) */
static pnode *own(symx_ctx *ctx, pnode *t, bool ropes_, bool *oom) {
  if (t->refs == 1) return t;
  pnode *n = sx_alloc(ctx, sizeof *n);
  if (!n) { /* t is consumed either way */
    *oom = true;
    pnode_release(ctx, t, ropes_);
    return NULL;
  }
  *n = *t;
  n->refs = 1;
  if (n->l) n->l->refs++;
  if (n->r) n->r->refs++;
  pval_retain(ropes_, n->val);
  t->refs--; /* was >= 2: still alive in another version */
  return n;
}

static uintptr_t pget(const pnode *t, sx_key k, bool *found) {
  while (t) {
    int c = sx_key_cmp(k, t->k);
    if (!c) {
      *found = true;
      return t->val;
    }
    t = c < 0 ? t->l : t->r;
  }
  *found = false;
  return 0;
}

/* t with k -> v (v's reference is consumed); consumes t. NULL on OOM with
** *oom set (t is then released). */
static pnode *pset(symx_ctx *ctx, pnode *t, sx_key k, uintptr_t v, bool ropes_, bool *oom) {
  pnode *n = t ? own(ctx, t, ropes_, oom) : pnode_new(ctx, k, v);
  if (!n) { /* v is consumed on failure too */
    *oom = true;
    if (ropes_) rope_release(ctx, (rope *)v);
    return NULL;
  }
  if (!t) return n;
  t = n;
  int c = sx_key_cmp(k, t->k);
  if (!c) {
    if (ropes_) rope_release(ctx, (rope *)t->val);
    t->val = v;
    return t;
  }
  if (c < 0) {
    t->l = pset(ctx, t->l, k, v, ropes_, oom);
    if (!t->l) goto fail;
    if (t->l->prio > t->prio) { /* rotate right; t->l is exclusively ours */
      pnode *l = t->l;
      t->l = l->r;
      l->r = t;
      return l;
    }
  } else {
    t->r = pset(ctx, t->r, k, v, ropes_, oom);
    if (!t->r) goto fail;
    if (t->r->prio > t->prio) {
      pnode *r = t->r;
      t->r = r->l;
      r->l = t;
      return r;
    }
  }
  return t;
fail:
  pnode_release(ctx, t, ropes_);
  return NULL;
}

/* consumes a and b */
static pnode *pmerge(symx_ctx *ctx, pnode *a, pnode *b, bool ropes_, bool *oom) {
  if (!a) return b;
  if (!b) return a;
  bool left = a->prio > b->prio; /* a stays the root */
  pnode *o = own(ctx, left ? a : b, ropes_, oom);
  if (!o) {
    pnode_release(ctx, left ? b : a, ropes_);
    return NULL;
  }
  if (left) o->r = pmerge(ctx, o->r, b, ropes_, oom);
  else o->l = pmerge(ctx, a, o->l, ropes_, oom);
  return o;
}

/* t without k; consumes t */
static pnode *pdel(symx_ctx *ctx, pnode *t, sx_key k, bool ropes_, bool *oom) {
  if (!t) return NULL;
  if (!(t = own(ctx, t, ropes_, oom))) return NULL;
  int c = sx_key_cmp(k, t->k);
  if (c < 0) {
    t->l = pdel(ctx, t->l, k, ropes_, oom);
    return t;
  }
  if (c > 0) {
    t->r = pdel(ctx, t->r, k, ropes_, oom);
    return t;
  }
  pnode *res = pmerge(ctx, t->l, t->r, ropes_, oom);
  if (ropes_) rope_release(ctx, (rope *)t->val);
  sx_free(ctx, t, sizeof *t);
  return res;
}

typedef SX_STACK(uint64_t) ids;

static int push_id(symx_ctx *ctx, ids *v, uint64_t id) {
  for (uint64_t *p = v->begin; p < v->end; p++)
    if (*p == id) return SYMX_OK;
  return SX_PUSH(ctx, *v, id) ? SYMX_OK : SYMX_NOMEM;
}

/* ids of every byte key of input in t (in-order, pruned) */
static int prange(symx_ctx *ctx, const pnode *t, uint32_t input, ids *out) {
  while (t) {
    if (t->k.input < input) {
      t = t->r;
      continue;
    }
    if (t->k.input > input) {
      t = t->l;
      continue;
    }
    if (prange(ctx, t->l, input, out) != SYMX_OK) return SYMX_NOMEM;
    if (t->k.byte != SX_KEY_WHOLE && push_id(ctx, out, t->val) != SYMX_OK) return SYMX_NOMEM;
    t = t->r;
  }
  return SYMX_OK;
}

/* ---- versions ---- */

struct sx_factors {
  uint32_t refs;
  symx_ctx *ctx;
  pnode *keys; /* key -> factor id */
  pnode *facs; /* (0, id) -> rope */
  uint64_t next_id;
  size_t nfactors, ncons;
};

sx_factors *sx_factors_retain(sx_factors *f) {
  if (f) f->refs++;
  return f;
}

void sx_factors_release(sx_factors *f) {
  if (!f || --f->refs) return;
  symx_ctx *ctx = f->ctx;
  pnode_release(ctx, f->keys, false);
  pnode_release(ctx, f->facs, true);
  sx_free(ctx, f, sizeof *f);
}

size_t sx_factors_count(const sx_factors *f) { return f ? f->nfactors : 0; }
size_t sx_factors_size(const sx_factors *f) { return f ? f->ncons : 0; }

static sx_key fac_key(uint64_t id) { return (sx_key){0, id}; }

/* the factor ids the keys touch */
static int touched(symx_ctx *ctx, const sx_factors *f, const sx_key *k, size_t nk, ids *out) {
  bool found;
  for (size_t i = 0; i < nk; i++) {
    uintptr_t id = pget(f->keys, (sx_key){k[i].input, SX_KEY_WHOLE}, &found);
    if (found) {
      if (push_id(ctx, out, id) != SYMX_OK) return SYMX_NOMEM;
      continue; /* the whole input is in one factor already */
    }
    if (k[i].byte == SX_KEY_WHOLE) {
      if (prange(ctx, f->keys, k[i].input, out) != SYMX_OK) return SYMX_NOMEM;
      continue;
    }
    id = pget(f->keys, k[i], &found);
    if (found && push_id(ctx, out, id) != SYMX_OK) return SYMX_NOMEM;
  }
  /* constraints with no keys live under the global key, relevant to all */
  uintptr_t g = pget(f->keys, (sx_key){SX_KEY_GLOBAL_INPUT, 0}, &found);
  if (found && push_id(ctx, out, g) != SYMX_OK) return SYMX_NOMEM;
  return SYMX_OK;
}

typedef struct remap {
  symx_ctx *ctx;
  sx_factors *nf;
  uint64_t to;
  bool oom;
} remap;

static int remap_leaf(void *ud, rope *leaf) {
  remap *m = ud;
  for (uint32_t i = 0; i < leaf->nk; i++) {
    m->nf->keys = pset(m->ctx, m->nf->keys, leaf->keys[i], m->to, false, &m->oom);
    if (m->oom) return SYMX_NOMEM;
  }
  return SYMX_OK;
}

sx_factors *sx_factors_add(symx_ctx *ctx, sx_factors *parent, sx_expr *c) {
  if (sx_is_const(c) && c->value == 1) {
    if (parent) return sx_factors_retain(parent);
    sx_factors *e = sx_calloc(ctx, sizeof *e);
    if (!e) goto oom0;
    e->refs = 1;
    e->ctx = ctx;
    e->next_id = 1;
    return e;
  }
  sx_keyscan *ks = sx_chain_keyscan(ctx);
  if (!ks) return NULL;
  const sx_key *k0;
  size_t nk;
  if (sx_keys_of(ks, c, &k0, &nk) != SYMX_OK) return NULL;
  static const sx_key global = {SX_KEY_GLOBAL_INPUT, 0};
  if (!nk) {
    k0 = &global;
    nk = 1;
  }
  sx_factors *nf = sx_calloc(ctx, sizeof *nf);
  rope *leaf = nf ? rope_leaf(ctx, c, k0, nk) : NULL;
  ids hit = {0};
  ropes st = {0};
  if (!leaf) goto oom;
  const sx_key *k = leaf->keys;
  nf->refs = 1;
  nf->ctx = ctx;
  if (parent) {
    nf->keys = parent->keys;
    if (nf->keys) nf->keys->refs++;
    nf->facs = parent->facs;
    if (nf->facs) nf->facs->refs++;
    nf->next_id = parent->next_id;
    nf->nfactors = parent->nfactors;
    nf->ncons = parent->ncons;
  } else {
    nf->next_id = 1;
  }
  if (touched(ctx, nf, k, nk, &hit) != SYMX_OK) goto oom;
  /* the biggest touched factor keeps its id; the others move into it */
  uint64_t to = 0;
  size_t best = 0;
  bool found;
  for (uint64_t *p = hit.begin; p < hit.end; p++) {
    rope *r = (rope *)pget(nf->facs, fac_key(*p), &found);
    size_t w = r ? r->nkeys + r->ncons : 0;
    if (!to || w > best) {
      to = *p;
      best = w;
    }
  }
  if (!to) {
    to = nf->next_id++;
    nf->nfactors++;
  }
  rope *merged = (rope *)pget(nf->facs, fac_key(to), &found);
  if (merged) merged->refs++;
  merged = rope_cat(ctx, merged, leaf);
  leaf = NULL;
  if (!merged) goto oom;
  remap m = {ctx, nf, to, false};
  for (uint64_t *p = hit.begin; p < hit.end; p++) {
    if (*p == to) continue;
    rope *r = (rope *)pget(nf->facs, fac_key(*p), &found);
    r->refs++;
    if (rope_leaves(ctx, r, &st, remap_leaf, &m) != SYMX_OK) {
      rope_release(ctx, r);
      rope_release(ctx, merged);
      goto oom;
    }
    merged = rope_cat(ctx, merged, r);
    if (!merged) goto oom;
    nf->facs = pdel(ctx, nf->facs, fac_key(*p), true, &m.oom);
    nf->nfactors--;
    if (m.oom) {
      rope_release(ctx, merged);
      goto oom;
    }
  }
  for (size_t i = 0; i < nk; i++) {
    uintptr_t cur = pget(nf->keys, k[i], &found);
    if (found && cur == to) continue;
    nf->keys = pset(ctx, nf->keys, k[i], to, false, &m.oom);
    if (m.oom) {
      rope_release(ctx, merged);
      goto oom;
    }
  }
  nf->facs = pset(ctx, nf->facs, fac_key(to), (uintptr_t)merged, true, &m.oom);
  if (m.oom) goto oom;
  nf->ncons++;
  SX_RELEASE(ctx, hit);
  SX_RELEASE(ctx, st);
  return nf;
oom:
  SX_RELEASE(ctx, hit);
  SX_RELEASE(ctx, st);
  if (leaf) rope_release(ctx, leaf);
  if (nf) {
    nf->refs = 1;
    nf->ctx = ctx; /* nf may fail before it is set up */
    sx_factors_release(nf);
  }
oom0:
  sx_error(ctx, SYMX_NOMEM, "sx_factors_add", "out of memory");
  return NULL;
}

typedef struct collect {
  symx_ctx *ctx;
  sx_exprs *out;
} collect;

static int collect_leaf(void *ud, rope *leaf) {
  collect *c = ud;
  return SX_PUSH(c->ctx, *c->out, leaf->e) ? SYMX_OK : SYMX_NOMEM;
}

static int collect_all(symx_ctx *ctx, const pnode *t, ropes *st, collect *c) {
  while (t) {
    if (collect_all(ctx, t->l, st, c) != SYMX_OK) return SYMX_NOMEM;
    if (rope_leaves(ctx, (rope *)t->val, st, collect_leaf, c) != SYMX_OK) return SYMX_NOMEM;
    t = t->r;
  }
  return SYMX_OK;
}

int sx_factors_relevant(symx_ctx *ctx, sx_factors *f, sx_expr *cond, sx_exprs *out) {
  if (!f) return SYMX_OK;
  ids hit = {0};
  ropes st = {0};
  collect c = {ctx, out};
  int rc = SYMX_OK;
  if (!cond) {
    rc = collect_all(ctx, f->facs, &st, &c);
    goto done;
  }
  sx_keyscan *ks = sx_chain_keyscan(ctx);
  if (!ks) return SYMX_NOMEM;
  const sx_key *k;
  size_t nk;
  if (sx_keys_of(ks, cond, &k, &nk) != SYMX_OK) return SYMX_NOMEM;
  if ((rc = touched(ctx, f, k, nk, &hit)) != SYMX_OK) goto done;
  for (uint64_t *p = hit.begin; p < hit.end && rc == SYMX_OK; p++) {
    bool found;
    rope *r = (rope *)pget(f->facs, fac_key(*p), &found);
    rc = rope_leaves(ctx, r, &st, collect_leaf, &c);
  }
done:
  SX_RELEASE(ctx, hit);
  SX_RELEASE(ctx, st);
  if (rc != SYMX_OK) return sx_error(ctx, SYMX_NOMEM, "sx_factors_relevant", "out of memory");
  return SYMX_OK;
}
