/*
** cache_branch.c — the branch cache (see cache_branch.h): a chained hash
** table keyed by (set ids, canonical condition id).
*/
#include "cache_branch.h"
#include "alloc.h"
#include "error.h"
#include "hash.h"

#include <string.h>

typedef struct bent {
  struct bent *next;
  uint64_t hash;
  sx_expr *cond; /* retained: keeps the ids of the key alive */
  uint64_t tag, a, b; /* the canonical key (see canon) */
  sx_expr **set; /* retained */
  size_t n;
  int ans[2]; /* [0]: set && cond, [1]: set && !cond */
} bent;

struct sx_bcache {
  symx_ctx *ctx;
  size_t max, count;
  bent **buckets;
  size_t nb;
};

sx_bcache *sx_bcache_new(symx_ctx *ctx, size_t max_entries) {
  sx_bcache *b = sx_calloc(ctx, sizeof *b);
  if (!b) return NULL;
  b->ctx = ctx;
  b->max = max_entries;
  b->nb = 1024;
  b->buckets = sx_calloc(ctx, b->nb * sizeof *b->buckets);
  if (!b->buckets) {
    sx_free(ctx, b, sizeof *b);
    return NULL;
  }
  return b;
}

static void ent_free(symx_ctx *ctx, bent *e) {
  for (size_t i = 0; i < e->n; i++) sx_expr_release_nonnull(e->set[i]);
  sx_free(ctx, e->set, e->n * sizeof *e->set);
  sx_expr_release_nonnull(e->cond);
  sx_free(ctx, e, sizeof *e);
}

static void flush(sx_bcache *b) {
  for (size_t i = 0; i < b->nb; i++) {
    for (bent *e = b->buckets[i], *n; e; e = n) {
      n = e->next;
      ent_free(b->ctx, e);
    }
    b->buckets[i] = NULL;
  }
  b->count = 0;
}

void sx_bcache_free(sx_bcache *b) {
  if (!b) return;
  flush(b);
  sx_free(b->ctx, b->buckets, b->nb * sizeof *b->buckets);
  sx_free(b->ctx, b, sizeof *b);
}

/* The canonical key of a condition up to negation: (tag, id, id) and a
** polarity. Comparisons map onto EQ, ULT and SLT (x <= y is !(y < x)), the
** forms the rewriter produces when it negates a comparison. */
typedef struct ckey {
  uint64_t tag, a, b;
  int pol;
} ckey;

static ckey canon(sx_expr *c) {
  int pol = 0;
  for (;;) {
    if (c->kind == SYMX_K_NOT && c->width == 1) {
      c = c->args[0];
      pol ^= 1;
      continue;
    }
    if (c->kind == SYMX_K_EQ && c->args[0]->width == 1 && sx_is_const(c->args[0]) != sx_is_const(c->args[1])) {
      sx_expr *k = sx_is_const(c->args[0]) ? c->args[0] : c->args[1];
      pol ^= k->value == 0;
      c = k == c->args[0] ? c->args[1] : c->args[0];
      continue;
    }
    break;
  }
  if (c->nargs != 2 || c->width != 1 || c->kind < SYMX_K_EQ || c->kind > SYMX_K_SGE)
    return (ckey){0, c->id, 0, pol};
  uint64_t x = c->args[0]->id, y = c->args[1]->id;
  switch (c->kind) {
  case SYMX_K_EQ: return (ckey){SYMX_K_EQ, x, y, pol};
  case SYMX_K_NE: return (ckey){SYMX_K_EQ, x, y, pol ^ 1};
  case SYMX_K_ULT: return (ckey){SYMX_K_ULT, x, y, pol};
  case SYMX_K_UGT: return (ckey){SYMX_K_ULT, y, x, pol};
  case SYMX_K_ULE: return (ckey){SYMX_K_ULT, y, x, pol ^ 1};
  case SYMX_K_UGE: return (ckey){SYMX_K_ULT, x, y, pol ^ 1};
  case SYMX_K_SLT: return (ckey){SYMX_K_SLT, x, y, pol};
  case SYMX_K_SGT: return (ckey){SYMX_K_SLT, y, x, pol};
  case SYMX_K_SLE: return (ckey){SYMX_K_SLT, y, x, pol ^ 1};
  default: return (ckey){SYMX_K_SLT, x, y, pol ^ 1}; /* SGE */
  }
}

static uint64_t key_hash(sx_expr *const *s, size_t n, ckey c) {
  uint64_t h = sx_hash_mix(sx_hash_mix(sx_hash_mix(0x243f6a8885a308d3ull, c.tag), c.a), c.b);
  for (size_t i = 0; i < n; i++) h = sx_hash_mix(h, s[i]->id);
  return h;
}

static bent *find(sx_bcache *b, sx_expr *const *s, size_t n, ckey c, uint64_t h) {
  for (bent *e = b->buckets[h & (b->nb - 1)]; e; e = e->next)
    if (e->hash == h && e->tag == c.tag && e->a == c.a && e->b == c.b && e->n == n &&
        (!n || !memcmp(e->set, s, n * sizeof *s)))
      return e;
  return NULL;
}

static void grow(sx_bcache *b) {
  size_t nb = b->nb * 2;
  bent **nbk = sx_calloc(b->ctx, nb * sizeof *nbk);
  if (!nbk) return; /* longer chains, still correct */
  for (size_t i = 0; i < b->nb; i++)
    for (bent *e = b->buckets[i], *n; e; e = n) {
      n = e->next;
      e->next = nbk[e->hash & (nb - 1)];
      nbk[e->hash & (nb - 1)] = e;
    }
  sx_free(b->ctx, b->buckets, b->nb * sizeof *b->buckets);
  b->buckets = nbk;
  b->nb = nb;
}

int sx_bcache_get(sx_bcache *b, sx_expr *const *s, size_t n, sx_expr *cond, int *neg) {
  ckey c = canon(cond);
  bent *e = find(b, s, n, c, key_hash(s, n, c));
  *neg = e ? e->ans[!c.pol] : 0;
  return e ? e->ans[c.pol] : 0;
}

int sx_bcache_put(sx_bcache *b, sx_expr *const *s, size_t n, sx_expr *cond, int answer) {
  symx_ctx *ctx = b->ctx;
  ckey c = canon(cond);
  uint64_t h = key_hash(s, n, c);
  bent *e = find(b, s, n, c, h);
  if (e) {
    e->ans[c.pol] = answer;
    return SYMX_OK;
  }
  if (b->max && b->count >= b->max) {
    SX_ADD(ctx, branch_cache_evictions, b->count);
    flush(b);
  }
  e = sx_calloc(ctx, sizeof *e);
  if (!e) return sx_error(ctx, SYMX_NOMEM, "sx_bcache_put", "out of memory");
  e->set = n ? sx_alloc(ctx, n * sizeof *e->set) : NULL;
  if (n && !e->set) {
    sx_free(ctx, e, sizeof *e);
    return sx_error(ctx, SYMX_NOMEM, "sx_bcache_put", "out of memory");
  }
  for (size_t i = 0; i < n; i++) e->set[i] = symx_expr_retain(s[i]);
  e->n = n;
  e->cond = symx_expr_retain(cond);
  e->tag = c.tag;
  e->a = c.a;
  e->b = c.b;
  e->hash = h;
  e->ans[c.pol] = answer;
  size_t k = h & (b->nb - 1);
  e->next = b->buckets[k];
  b->buckets[k] = e;
  if (++b->count > b->nb) grow(b);
  return SYMX_OK;
}
