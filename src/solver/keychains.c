/*
** keychains.c — summaries of long write chains (keychains.h): a table by
** write id (ids are never reused, and a write is looked up only while the
** caller holds it), each entry the sorted keys of the chain below and the
** chain's array. Flushed when half full or past SUMS_BYTES of keys.
*/
#include "keychains.h"
#include "alloc.h"
#include "hash.h"

#include <string.h>

typedef struct sum_ent {
  uint64_t id; /* 0 = empty */
  sx_key *keys;
  uint32_t n;
  sx_expr *root;
} sum_ent;

#define SUMS_CAP 16384            /* power of two */
#define SUMS_BYTES (32u << 20)    /* of keys kept, all entries together */
#define SUM_EVERY_MAX_KEYS 256    /* larger summaries: kept for heads only */
#define TOO_LARGE UINT32_MAX      /* an entry's n: more than SX_CHAIN_MAX_KEYS */

struct sx_chainsums {
  symx_ctx *ctx;
  sum_ent *t;
  size_t count, bytes;
  SX_STACK(sx_expr *) writes; /* the writes a lookup must summarize */
  sx_keys acc;                /* the summary being built */
};

sx_chainsums *sx_chainsums_new(symx_ctx *ctx) {
  sx_chainsums *cs = sx_calloc(ctx, sizeof *cs);
  if (!cs) return NULL;
  cs->ctx = ctx;
  cs->t = sx_calloc(ctx, SUMS_CAP * sizeof *cs->t);
  if (!cs->t) {
    sx_free(ctx, cs, sizeof *cs);
    return NULL;
  }
  return cs;
}

static void flush(sx_chainsums *cs) {
  for (size_t i = 0; i < SUMS_CAP; i++)
    if (cs->t[i].id) {
      sx_free(cs->ctx, cs->t[i].keys, cs->t[i].n * sizeof(sx_key));
      cs->t[i] = (sum_ent){0, NULL, 0, NULL};
    }
  cs->count = cs->bytes = 0;
}

void sx_chainsums_free(sx_chainsums *cs) {
  if (!cs) return;
  flush(cs);
  sx_free(cs->ctx, cs->t, SUMS_CAP * sizeof *cs->t);
  SX_RELEASE(cs->ctx, cs->writes);
  SX_RELEASE(cs->ctx, cs->acc);
  sx_free(cs->ctx, cs, sizeof *cs);
}

static sum_ent *find(sx_chainsums *cs, uint64_t id) {
  for (size_t j = sx_hash_mix(0, id) & (SUMS_CAP - 1); cs->t[j].id; j = (j + 1) & (SUMS_CAP - 1))
    if (cs->t[j].id == id) return &cs->t[j];
  return NULL;
}

static bool full(const sx_chainsums *cs, size_t n) {
  return cs->count * 2 >= SUMS_CAP || cs->bytes + n * sizeof(sx_key) > SUMS_BYTES;
}

/* Keeps acc as id's summary (best effort: a failed allocation keeps none). */
static sum_ent *keep(sx_chainsums *cs, uint64_t id, sx_expr *root) {
  size_t n = SX_SIZE(cs->acc);
  if (full(cs, n)) flush(cs);
  sx_key *copy = n ? sx_alloc(cs->ctx, n * sizeof *copy) : NULL;
  if (n && !copy) return NULL;
  if (n) memcpy(copy, cs->acc.begin, n * sizeof *copy);
  size_t j = sx_hash_mix(0, id) & (SUMS_CAP - 1);
  while (cs->t[j].id) j = (j + 1) & (SUMS_CAP - 1);
  cs->t[j] = (sum_ent){id, copy, (uint32_t)n, root};
  cs->count++;
  cs->bytes += n * sizeof *copy;
  return &cs->t[j];
}

/* Adds the keys of e (a write's index or value) to acc, kept sorted. */
static int add_keys(sx_chainsums *cs, sx_keyscan *sub, sx_expr *e) {
  if (!sx_is_symbolic(e)) return SYMX_OK;
  const sx_key *k;
  size_t nk;
  if (sx_keys_of(sub, e, &k, &nk) != SYMX_OK) return SYMX_NOMEM;
  for (size_t i = 0; i < nk; i++) {
    size_t lo = 0, hi = SX_SIZE(cs->acc);
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (sx_key_cmp(cs->acc.begin[mid], k[i]) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (lo < SX_SIZE(cs->acc) && !sx_key_cmp(cs->acc.begin[lo], k[i])) continue;
    if (!SX_PUSH(cs->ctx, cs->acc, k[i])) return SYMX_NOMEM;
    memmove(cs->acc.begin + lo + 1, cs->acc.begin + lo, (SX_SIZE(cs->acc) - lo - 1) * sizeof(sx_key));
    cs->acc.begin[lo] = k[i];
  }
  return SYMX_OK;
}

/* From the summary below (or the array), up to head, one write at a time. */
static const sum_ent *build(sx_chainsums *cs, sx_keyscan *sub, sx_expr *head, int *rc) {
  SX_CLEAR(cs->writes);
  SX_CLEAR(cs->acc);
  sx_expr *a = head;
  const sum_ent *below = NULL;
  for (; a->kind == SYMX_K_ARRAY_WRITE && !(below = find(cs, a->id)); a = a->args[0])
    if (!SX_PUSH(cs->ctx, cs->writes, a)) goto oom;
  sx_expr *root = below ? below->root : a;
  for (uint32_t i = 0; below && i < below->n; i++)
    if (!SX_PUSH(cs->ctx, cs->acc, below->keys[i])) goto oom;
  while (!SX_EMPTY(cs->writes)) { /* a flush in keep() frees below: copied first */
    sx_expr *w = SX_POP(cs->writes);
    if (add_keys(cs, sub, w->args[1]) != SYMX_OK || add_keys(cs, sub, w->args[2]) != SYMX_OK) goto oom;
    if (SX_SIZE(cs->acc) > SX_CHAIN_MAX_KEYS) { /* remembered: the next read expands at once */
      SX_CLEAR(cs->acc);
      sum_ent *e = keep(cs, head->id, root);
      if (e) e->n = TOO_LARGE;
      return NULL;
    }
    if (w == head || SX_SIZE(cs->acc) <= SUM_EVERY_MAX_KEYS) {
      const sum_ent *e = keep(cs, w->id, root);
      if (w == head) return e ? e : (*rc = SYMX_NOMEM, NULL);
    }
  }
  return NULL; /* not reached: head is a write */
oom:
  *rc = SYMX_NOMEM;
  return NULL;
}

const sx_key *sx_chainsums_get(sx_chainsums *cs, sx_keyscan *sub, sx_expr *head, size_t *n,
                               sx_expr **root, int *rc) {
  *rc = SYMX_OK;
  const sum_ent *e = find(cs, head->id);
  if (!e && sub) e = build(cs, sub, head, rc);
  if (!e || e->n == TOO_LARGE) return NULL;
  static const sx_key none[1];
  *n = e->n;
  *root = e->root;
  return e->keys ? e->keys : none; /* no keys: a chain of constants */
}
