/*
** atable.c — the α-renamed cache's table: creation, entries in hash
** buckets and in a ring in insertion order (the oldest is evicted when
** max entries are held), and freeing.
*/
#include "acache_int.h"
#include "error.h"

#include <string.h>

static void entry_free(symx_ctx *ctx, sx_ac_entry *e) {
  sx_free(ctx, e->text, e->len + 1);
  if (e->vals) sx_free(ctx, e->vals, e->nvars ? e->nvars : 1);
  sx_free(ctx, e, sizeof *e);
}

static void unlink_entry(sx_acache *ac, sx_ac_entry *e) {
  sx_ac_entry **p = &ac->buckets[e->hash & (ac->nbuckets - 1)];
  while (*p != e) p = &(*p)->next;
  *p = e->next;
}

static bool grow(sx_acache *ac) {
  if (ac->count < ac->nbuckets && ac->count < ac->fcap) return true;
  size_t nb = ac->nbuckets ? 2 * ac->nbuckets : 256;
  sx_ac_entry **b = sx_calloc(ac->ctx, nb * sizeof *b);
  sx_ac_entry **f = b ? sx_alloc(ac->ctx, nb * sizeof *f) : NULL;
  if (!f) {
    sx_free(ac->ctx, b, nb * sizeof *b);
    return false;
  }
  for (size_t i = 0; i < ac->count; i++) {
    sx_ac_entry *e = ac->fifo[(ac->fhead + i) % ac->fcap];
    f[i] = e;
    e->next = b[e->hash & (nb - 1)];
    b[e->hash & (nb - 1)] = e;
  }
  sx_free(ac->ctx, ac->buckets, ac->nbuckets * sizeof *ac->buckets);
  sx_free(ac->ctx, ac->fifo, ac->fcap * sizeof *ac->fifo);
  ac->buckets = b;
  ac->fifo = f;
  ac->nbuckets = ac->fcap = nb;
  ac->fhead = 0;
  return true;
}

int sx_ac_add(sx_acache *ac, const char *text, size_t len, uint64_t h, bool sat, uint8_t *vals,
              uint32_t nvars) {
  symx_ctx *ctx = ac->ctx;
  sx_ac_entry *e = sx_calloc(ctx, sizeof *e);
  char *t = e ? sx_alloc(ctx, len + 1) : NULL;
  if (!t || !grow(ac)) {
    if (t) sx_free(ctx, t, len + 1);
    sx_free(ctx, e, sizeof *e);
    if (vals) sx_free(ctx, vals, nvars ? nvars : 1);
    return SYMX_NOMEM;
  }
  if (ac->count == ac->max) { /* the oldest makes room */
    sx_ac_entry *old = ac->fifo[ac->fhead];
    unlink_entry(ac, old);
    entry_free(ctx, old);
    ac->fhead = (ac->fhead + 1) % ac->fcap;
    ac->count--;
    SX_INC(ctx, acache_evictions);
  }
  memcpy(t, text, len);
  t[len] = 0;
  *e = (sx_ac_entry){ac->buckets[h & (ac->nbuckets - 1)], t, len, h, vals, nvars, sat};
  ac->buckets[h & (ac->nbuckets - 1)] = e;
  ac->fifo[(ac->fhead + ac->count) % ac->fcap] = e;
  ac->count++;
  SX_INC(ctx, acache_inserts);
  return SYMX_OK;
}

sx_acache *sx_ac_new(symx_ctx *ctx, const char *dir, const char *key, int64_t max) {
  sx_acache *ac = sx_calloc(ctx, sizeof *ac);
  if (!ac) return NULL;
  ac->ctx = ctx;
  ac->max = max > 0 ? (size_t)max : SIZE_MAX;
  ac->dir = sx_strdup(ctx, dir ? dir : "");
  ac->key = sx_strdup(ctx, key ? key : "");
  sx_sb_init(&ac->text, ctx);
  if (!ac->dir || !ac->key) {
    sx_ac_free(ac);
    return NULL;
  }
  return ac;
}

void sx_ac_clear(sx_acache *ac) {
  for (size_t i = 0; i < ac->count; i++) entry_free(ac->ctx, ac->fifo[(ac->fhead + i) % ac->fcap]);
  if (ac->buckets) memset(ac->buckets, 0, ac->nbuckets * sizeof *ac->buckets);
  ac->count = ac->fhead = 0;
}

void sx_ac_free(sx_acache *ac) {
  if (!ac) return;
  symx_ctx *ctx = ac->ctx;
  for (size_t i = 0; i < ac->count; i++) entry_free(ctx, ac->fifo[(ac->fhead + i) % ac->fcap]);
  sx_free(ctx, ac->buckets, ac->nbuckets * sizeof *ac->buckets);
  sx_free(ctx, ac->fifo, ac->fcap * sizeof *ac->fifo);
  sx_free(ctx, ac->vars, ac->capvars * sizeof *ac->vars);
  sx_free(ctx, ac->vis, ac->vcap * sizeof *ac->vis);
  SX_RELEASE(ctx, ac->stack);
  sx_sb_free(&ac->text);
  if (ac->dir) sx_strfree(ctx, ac->dir);
  if (ac->key) sx_strfree(ctx, ac->key);
  sx_free(ctx, ac, sizeof *ac);
}
