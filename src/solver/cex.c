/*
** cex.c — the counterexample cache (see cex.h): a slot array of entries
** with a CLOCK hand, a chained hash table for exact hits, and a trie over
** sorted ids for subset searches.
*/
#include "cex.h"
#include "alloc.h"
#include "error.h"
#include "hash.h"

#include <stdlib.h>
#include <string.h>

typedef struct tnode {
  uint64_t key;
  int32_t entry; /* slot of the set ending here, -1 = none */
  uint32_t n, cap;
  struct tnode **kids; /* sorted by key */
  struct tnode *parent;
} tnode;

typedef struct entry {
  uint64_t hash;
  sx_expr **set; /* retained; NULL = free slot */
  size_t n;
  sx_assign *model; /* shared reference; NULL = UNSAT */
  tnode *end;
  int32_t next; /* hash chain */
  uint8_t used; /* CLOCK: hit since the hand passed */
} entry;

/* models evaluated per lookup at most: bounds the cost of a miss */
#define EVAL_BUDGET 32
#define RECENT 8 /* recent models tried on every miss */

struct sx_cex {
  symx_ctx *ctx;
  size_t max;
  entry *e;
  size_t ne, cap;
  int32_t *buckets;
  size_t nb;
  size_t count, hand;
  tnode root;
  /* lookup state */
  sx_expr *const *q;
  size_t qn;
  bool want_sat;
  int budget;
  sx_assign *tried[EVAL_BUDGET];
  int ntried;
  int32_t found;
  sx_assign *recent[RECENT]; /* shared references, newest at recent_next - 1 */
  unsigned recent_next;
};

sx_cex *sx_cex_new(symx_ctx *ctx, size_t max_entries) {
  sx_cex *c = sx_calloc(ctx, sizeof *c);
  if (!c) return NULL;
  c->ctx = ctx;
  c->max = max_entries;
  c->nb = 1024;
  c->buckets = sx_alloc(ctx, c->nb * sizeof *c->buckets);
  if (!c->buckets) {
    sx_free(ctx, c, sizeof *c);
    return NULL;
  }
  memset(c->buckets, 0xff, c->nb * sizeof *c->buckets);
  c->root.entry = -1;
  return c;
}

static void tnode_free_kids(symx_ctx *ctx, tnode *t) {
  for (uint32_t i = 0; i < t->n; i++) {
    tnode_free_kids(ctx, t->kids[i]);
    sx_free(ctx, t->kids[i], sizeof(tnode));
  }
  sx_free(ctx, t->kids, t->cap * sizeof *t->kids);
  t->kids = NULL;
  t->n = t->cap = 0;
}

static void entry_clear(symx_ctx *ctx, entry *en) {
  for (size_t i = 0; i < en->n; i++) sx_expr_release_nonnull(en->set[i]);
  sx_free(ctx, en->set, en->n * sizeof *en->set);
  symx_assign_free(en->model);
  en->set = NULL;
  en->model = NULL;
  en->n = 0;
}

void sx_cex_free(sx_cex *c) {
  if (!c) return;
  symx_ctx *ctx = c->ctx;
  for (size_t i = 0; i < c->ne; i++)
    if (c->e[i].set || c->e[i].end) entry_clear(ctx, &c->e[i]);
  sx_free(ctx, c->e, c->cap * sizeof *c->e);
  sx_free(ctx, c->buckets, c->nb * sizeof *c->buckets);
  tnode_free_kids(ctx, &c->root);
  for (int i = 0; i < RECENT; i++) symx_assign_free(c->recent[i]);
  sx_free(ctx, c, sizeof *c);
}

size_t sx_cex_count(const sx_cex *c) { return c ? c->count : 0; }

static int by_id(const void *a, const void *b) {
  uint64_t x = (*(sx_expr *const *)a)->id, y = (*(sx_expr *const *)b)->id;
  return x < y ? -1 : x > y;
}

void sx_cex_sort(sx_exprs *v) {
  size_t n = SX_SIZE(*v), m = 0;
  if (n < 2) return;
  qsort(v->begin, n, sizeof *v->begin, by_id);
  for (size_t i = 0; i < n; i++)
    if (!m || v->begin[m - 1] != v->begin[i]) v->begin[m++] = v->begin[i];
  v->end = v->begin + m;
}

static uint64_t set_hash(sx_expr *const *s, size_t n) {
  uint64_t h = 0x6a09e667f3bcc909ull ^ n;
  for (size_t i = 0; i < n; i++) h = sx_hash_mix(h, s[i]->id);
  return h;
}

static int32_t exact(const sx_cex *c, sx_expr *const *s, size_t n, uint64_t h) {
  for (int32_t i = c->buckets[h & (c->nb - 1)]; i >= 0; i = c->e[i].next) {
    const entry *en = &c->e[i];
    if (en->hash == h && en->n == n && (!n || !memcmp(en->set, s, n * sizeof *s))) return i;
  }
  return -1;
}

/* index of the child with key, or -(insertion point) - 1 */
static long kid_find(const tnode *t, uint64_t key) {
  size_t lo = 0, hi = t->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (t->kids[mid]->key == key) return (long)mid;
    if (t->kids[mid]->key < key) lo = mid + 1;
    else hi = mid;
  }
  return -(long)lo - 1;
}

static tnode *trie_insert(symx_ctx *ctx, tnode *t, sx_expr *const *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    long k = kid_find(t, s[i]->id);
    if (k >= 0) {
      t = t->kids[k];
      continue;
    }
    size_t at = (size_t)(-k - 1);
    if (t->n == t->cap) {
      uint32_t ncap = t->cap ? t->cap * 2 : 2;
      tnode **nk = sx_realloc(ctx, t->kids, t->cap * sizeof *nk, ncap * sizeof *nk);
      if (!nk) return NULL;
      t->kids = nk;
      t->cap = ncap;
    }
    tnode *c = sx_calloc(ctx, sizeof *c);
    if (!c) return NULL;
    c->key = s[i]->id;
    c->entry = -1;
    c->parent = t;
    memmove(&t->kids[at + 1], &t->kids[at], (t->n - at) * sizeof *t->kids);
    t->kids[at] = c;
    t->n++;
    t = c;
  }
  return t;
}

/* drops the end mark of t and prunes the branch that became empty */
static void trie_remove(symx_ctx *ctx, tnode *root, tnode *t) {
  t->entry = -1;
  while (t != root && t->n == 0 && t->entry < 0) {
    tnode *p = t->parent;
    long k = kid_find(p, t->key);
    memmove(&p->kids[k], &p->kids[k + 1], (p->n - (size_t)k - 1) * sizeof *p->kids);
    p->n--;
    sx_free(ctx, t->kids, t->cap * sizeof *t->kids);
    sx_free(ctx, t, sizeof *t);
    t = p;
  }
}

static void unlink_hash(sx_cex *c, int32_t slot) {
  int32_t *p = &c->buckets[c->e[slot].hash & (c->nb - 1)];
  while (*p != slot) p = &c->e[*p].next;
  *p = c->e[slot].next;
}

static void evict(sx_cex *c, int32_t slot) {
  entry *en = &c->e[slot];
  unlink_hash(c, slot);
  trie_remove(c->ctx, &c->root, en->end);
  en->end = NULL;
  entry_clear(c->ctx, en);
  c->count--;
  SX_INC(c->ctx, cex_evictions);
}

/* a slot for a new entry: a fresh one, or the CLOCK victim's */
static int32_t take_slot(sx_cex *c) {
  if (!c->max || c->ne < c->max) {
    if (c->ne == c->cap) {
      size_t ncap = c->cap ? c->cap * 2 : 64;
      if (c->max && ncap > c->max) ncap = c->max;
      entry *ne = sx_realloc(c->ctx, c->e, c->cap * sizeof *ne, ncap * sizeof *ne);
      if (!ne) return -1;
      c->e = ne;
      c->cap = ncap;
    }
    memset(&c->e[c->ne], 0, sizeof *c->e);
    return (int32_t)c->ne++;
  }
  for (;;) {
    entry *en = &c->e[c->hand];
    int32_t slot = (int32_t)c->hand;
    c->hand = (c->hand + 1) % c->ne;
    if (en->used) {
      en->used = 0;
      continue;
    }
    evict(c, slot);
    return slot;
  }
}

static void grow_buckets(sx_cex *c) {
  size_t nb = c->nb * 2;
  int32_t *b = sx_alloc(c->ctx, nb * sizeof *b);
  if (!b) return; /* longer chains, still correct */
  memset(b, 0xff, nb * sizeof *b);
  for (size_t i = 0; i < c->ne; i++)
    if (c->e[i].end) {
      size_t j = c->e[i].hash & (nb - 1);
      c->e[i].next = b[j];
      b[j] = (int32_t)i;
    }
  sx_free(c->ctx, c->buckets, c->nb * sizeof *c->buckets);
  c->buckets = b;
  c->nb = nb;
}

int sx_cex_insert(sx_cex *c, sx_expr *const *s, size_t n, sx_assign *model) {
  symx_ctx *ctx = c->ctx;
  uint64_t h = set_hash(s, n);
  int32_t old = exact(c, s, n, h);
  if (old >= 0) {
    entry *en = &c->e[old];
    symx_assign_free(en->model);
    en->model = model ? sx_assign_share(model) : NULL;
    return SYMX_OK;
  }
  int32_t slot = take_slot(c);
  if (slot < 0) return sx_error(ctx, SYMX_NOMEM, "sx_cex_insert", "out of memory");
  entry *en = &c->e[slot];
  en->set = n ? sx_alloc(ctx, n * sizeof *en->set) : NULL;
  tnode *end = (en->set || !n) ? trie_insert(ctx, &c->root, s, n) : NULL;
  if (!end) {
    sx_free(ctx, en->set, n * sizeof *en->set);
    en->set = NULL;
    return sx_error(ctx, SYMX_NOMEM, "sx_cex_insert", "out of memory");
  }
  for (size_t i = 0; i < n; i++) en->set[i] = symx_expr_retain(s[i]);
  en->n = n;
  en->hash = h;
  en->model = model ? sx_assign_share(model) : NULL;
  en->end = end;
  en->used = 0;
  end->entry = slot;
  size_t b = h & (c->nb - 1);
  en->next = c->buckets[b];
  c->buckets[b] = slot;
  c->count++;
  if (c->count > c->nb) grow_buckets(c);
  if (model) {
    unsigned k = c->recent_next++ % RECENT;
    symx_assign_free(c->recent[k]);
    c->recent[k] = sx_assign_share(model);
  }
  return SYMX_OK;
}

/* Whether m satisfies q[0..n), the newest constraint (highest id) first:
** it is the one a cached model of the same path most often fails. */
static bool holds(symx_ctx *ctx, sx_expr *const *q, size_t n, sx_assign *m) {
  for (size_t i = n; i-- > 0;)
    if (sx_eval(ctx, q[i], m) != 1) return false;
  return true;
}

/* position of id in q[from..), or -1 */
static long q_find(const sx_cex *c, size_t from, uint64_t id) {
  size_t lo = from, hi = c->qn;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    uint64_t m = c->q[mid]->id;
    if (m == id) return (long)mid;
    if (m < id) lo = mid + 1;
    else hi = mid;
  }
  return -1;
}

/* true when the search should stop (c->found set) */
static bool visit(sx_cex *c, tnode *t) {
  if (t->entry >= 0) {
    entry *en = &c->e[t->entry];
    if (!en->model) {
      c->found = t->entry;
      return true;
    }
    if (c->want_sat && c->budget > 0) {
      bool seen = false;
      for (int i = 0; i < c->ntried; i++) seen |= c->tried[i] == en->model;
      if (!seen) {
        c->budget--;
        c->tried[c->ntried++] = en->model;
        if (holds(c->ctx, c->q, c->qn, en->model)) {
          c->found = t->entry;
          return true;
        }
      }
    }
  }
  return false;
}

static bool dfs(sx_cex *c, tnode *t, size_t qi) {
  if (visit(c, t)) return true;
  if (!t->n || qi >= c->qn) return false;
  if (t->n <= c->qn - qi) {
    for (uint32_t i = 0; i < t->n; i++) {
      long j = q_find(c, qi, t->kids[i]->key);
      if (j >= 0 && dfs(c, t->kids[i], (size_t)j + 1)) return true;
    }
  } else {
    for (size_t j = qi; j < c->qn; j++) {
      long k = kid_find(t, c->q[j]->id);
      if (k >= 0 && dfs(c, t->kids[k], j + 1)) return true;
    }
  }
  return false;
}

int sx_cex_lookup(sx_cex *c, sx_expr *const *s, size_t n, bool want_sat, sx_assign **model,
                  int *how) {
  *how = SX_CEX_MISS;
  *model = NULL;
  int32_t hit = exact(c, s, n, set_hash(s, n));
  if (hit >= 0) {
    c->e[hit].used = 1;
    *how = SX_CEX_EXACT;
    *model = c->e[hit].model;
    return *model ? SYMX_SAT : SYMX_UNSAT;
  }
  c->q = s;
  c->qn = n;
  c->budget = EVAL_BUDGET;
  c->ntried = 0;
  c->found = -1;
  /* an UNSAT subset first: it costs no evaluation, and the checks of a
  ** long path are mostly UNSAT, where every model tried is wasted */
  c->want_sat = false;
  dfs(c, &c->root, 0);
  c->want_sat = want_sat;
  if (c->found < 0 && want_sat) dfs(c, &c->root, 0);
  if (c->found < 0 && want_sat) {
    for (unsigned i = 1; i <= RECENT && c->budget > 0; i++) {
      sx_assign *m = c->recent[(c->recent_next - i) % RECENT];
      bool seen = !m;
      for (int j = 0; j < c->ntried && !seen; j++) seen = c->tried[j] == m;
      if (seen) continue;
      c->budget--;
      c->tried[c->ntried++] = m;
      if (holds(c->ctx, s, n, m)) {
        c->q = NULL;
        *model = m;
        *how = SX_CEX_RECENT;
        return SYMX_SAT;
      }
    }
  }
  c->q = NULL;
  if (c->found < 0) return 0;
  entry *en = &c->e[c->found];
  en->used = 1;
  *model = en->model;
  *how = en->model ? SX_CEX_SAT_SUBSET : SX_CEX_UNSAT_SUBSET;
  return en->model ? SYMX_SAT : SYMX_UNSAT;
}

sx_assign *sx_cex_recent(const sx_cex *c, unsigned i) {
  return i < RECENT && i < c->recent_next ? c->recent[(c->recent_next - 1 - i) % RECENT] : NULL;
}
