/*
** independence.c — key scans (which input bytes an expression touches), the
** per-query partition into independent factors, and the factor merge of
** models. The per-state incremental structure is factors.c.
*/
#include "independence.h"
#include "alloc.h"
#include "keychains.h"
#include "error.h"
#include "hash.h"

#include <stdlib.h>
#include <string.h>

#define ROOTS_CAP 256 /* power of two */

/* keys of recent constraints, by expression id (ids are never reused, so a
** stale entry can never match a new node) */
typedef struct cache_ent {
  uint64_t id; /* 0 = empty */
  sx_key *keys;
  uint32_t n;
} cache_ent;

#define CACHE_CAP 8192 /* power of two; flushed when half full */

typedef struct visit_ent {
  const sx_expr *p;
  uint32_t gen;
} visit_ent;

struct sx_keyscan {
  symx_ctx *ctx;
  visit_ent *vis;
  size_t vis_cap, vis_count;
  uint32_t gen;
  SX_STACK(sx_expr *) work;
  sx_keys out;
  cache_ent *cache;
  size_t cache_count;
  /* where recent write chains end, direct-mapped by the head write's id
  ** (ids are never reused: a stale entry never matches) */
  struct { uint64_t id; sx_expr *root; } roots[ROOTS_CAP];
  /* long chains' summaries, made on the first long chain; sub scans their
  ** indices and values, looking summaries up only (no recursion) */
  int summaries; /* MAKE_SUMS, or LOOK_UP_SUMS (sub's: sums borrowed) */
  sx_chainsums *sums;
  sx_keyscan *sub;
};

enum { MAKE_SUMS, LOOK_UP_SUMS };

static sx_keyscan *keyscan_new(symx_ctx *ctx, int summaries) {
  sx_keyscan *ks = sx_calloc(ctx, sizeof *ks);
  if (!ks) return NULL;
  ks->ctx = ctx;
  ks->summaries = summaries;
  ks->cache = sx_calloc(ctx, CACHE_CAP * sizeof *ks->cache);
  if (!ks->cache) {
    sx_free(ctx, ks, sizeof *ks);
    return NULL;
  }
  return ks;
}

sx_keyscan *sx_keyscan_new(symx_ctx *ctx) { return keyscan_new(ctx, MAKE_SUMS); }

static void cache_flush(sx_keyscan *ks) {
  for (size_t i = 0; i < CACHE_CAP; i++)
    if (ks->cache[i].id) {
      sx_free(ks->ctx, ks->cache[i].keys, ks->cache[i].n * sizeof(sx_key));
      ks->cache[i] = (cache_ent){0, NULL, 0};
    }
  ks->cache_count = 0;
}

void sx_keyscan_free(sx_keyscan *ks) {
  if (!ks) return;
  symx_ctx *ctx = ks->ctx;
  cache_flush(ks);
  if (ks->summaries == MAKE_SUMS) sx_chainsums_free(ks->sums);
  sx_keyscan_free(ks->sub);
  sx_free(ctx, ks->cache, CACHE_CAP * sizeof *ks->cache);
  sx_free(ctx, ks->vis, ks->vis_cap * sizeof *ks->vis);
  SX_RELEASE(ctx, ks->work);
  SX_RELEASE(ctx, ks->out);
  sx_free(ctx, ks, sizeof *ks);
}

/* true when p was not yet visited in this generation (and marks it) */
static int visit(sx_keyscan *ks, const sx_expr *p) {
  if (ks->vis_count * 2 >= ks->vis_cap) {
    size_t ncap = ks->vis_cap ? ks->vis_cap * 2 : 256;
    visit_ent *nv = sx_calloc(ks->ctx, ncap * sizeof *nv);
    if (!nv) return -1;
    for (size_t i = 0; i < ks->vis_cap; i++)
      if (ks->vis[i].p && ks->vis[i].gen == ks->gen) {
        size_t j = sx_hash_mix(0, (uintptr_t)ks->vis[i].p) & (ncap - 1);
        while (nv[j].p) j = (j + 1) & (ncap - 1);
        nv[j] = ks->vis[i];
      }
    sx_free(ks->ctx, ks->vis, ks->vis_cap * sizeof *ks->vis);
    ks->vis = nv;
    ks->vis_cap = ncap;
  }
  size_t j = sx_hash_mix(0, (uintptr_t)p) & (ks->vis_cap - 1);
  while (ks->vis[j].p && ks->vis[j].gen == ks->gen) {
    if (ks->vis[j].p == p) return 0;
    j = (j + 1) & (ks->vis_cap - 1);
  }
  ks->vis[j] = (visit_ent){p, ks->gen};
  ks->vis_count++;
  return 1;
}

static void new_generation(sx_keyscan *ks) {
  ks->vis_count = 0;
  if (++ks->gen == 0) { /* wrapped: stale stamps could match again */
    if (ks->vis) memset(ks->vis, 0, ks->vis_cap * sizeof *ks->vis);
    ks->gen = 1;
  }
}

static int key_qcmp(const void *a, const void *b) {
  return sx_key_cmp(*(const sx_key *)a, *(const sx_key *)b);
}

#define PUSH_WORK(x)                                                                      \
  do {                                                                                    \
    if (sx_is_symbolic(x) && !SX_PUSH(ctx, ks->work, (x))) return SYMX_NOMEM;            \
  } while (0)

/* Where a's write chain ends (a walk per read would be quadratic again). */
static sx_expr *chain_root(sx_keyscan *ks, sx_expr *a) {
  size_t slot = a->id & (ROOTS_CAP - 1);
  if (ks->roots[slot].id == a->id) return ks->roots[slot].root;
  ks->roots[slot].id = a->id;
  while (a->kind == SYMX_K_ARRAY_WRITE) a = a->args[0];
  return ks->roots[slot].root = a;
}

/*
** A chain of LONG_CHAIN writes or more is read at hundreds of indices (a
** buffer after a write at a symbolic offset), as if every read could see
** every write: a superset of the keys, so the factors stay sound. Its keys
** come from the chain's summary (keychains.h: built once per write across
** scans), else its writes are expanded once per scan; a walk per read was
** quadratic. Shorter chains keep the exact walk.
*/
#define LONG_CHAIN 64

/* Expands the writes from a down to the first one already expanded (those
** below it were expanded with it); returns the chain's array. */
static sx_expr *expand_chain(sx_keyscan *ks, sx_expr *a, int *rc) {
  symx_ctx *ctx = ks->ctx;
  sx_expr *root = chain_root(ks, a);
  for (; a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0]) {
    int v = visit(ks, a);
    if (v <= 0) {
      *rc = v < 0 ? SYMX_NOMEM : SYMX_OK;
      return root;
    }
    if ((sx_is_symbolic(a->args[1]) && !SX_PUSH(ctx, ks->work, a->args[1])) ||
        (sx_is_symbolic(a->args[2]) && !SX_PUSH(ctx, ks->work, a->args[2]))) {
      *rc = SYMX_NOMEM;
      return root;
    }
  }
  *rc = SYMX_OK;
  return root;
}

/* The summary's keys for a long chain at *a (once per scan), *a set to the
** chain's array; 0 when there is no summary (too large). */
static int summarized(sx_keyscan *ks, sx_expr **a, int *rc) {
  *rc = SYMX_OK;
  if (ks->summaries == LOOK_UP_SUMS && !ks->sums) return 0;
  if (!ks->sums) {
    ks->sums = sx_chainsums_new(ks->ctx);
    ks->sub = keyscan_new(ks->ctx, LOOK_UP_SUMS);
    if (ks->sub) ks->sub->sums = ks->sums;
    if (!ks->sums || !ks->sub) {
      sx_chainsums_free(ks->sums);
      sx_keyscan_free(ks->sub);
      ks->sums = NULL, ks->sub = NULL;
      *rc = SYMX_NOMEM;
      return 0;
    }
  }
  size_t n;
  sx_expr *root;
  const sx_key *k = sx_chainsums_get(ks->sums, ks->summaries == MAKE_SUMS ? ks->sub : NULL, *a, &n,
                                     &root, rc);
  if (!k) return 0;
  int v = visit(ks, *a); /* marked: what is below it is covered (expand_chain stops) */
  for (size_t i = 0; v > 0 && i < n; i++)
    if (!SX_PUSH(ks->ctx, ks->out, k[i])) v = -1;
  if (v < 0) {
    *rc = SYMX_NOMEM;
    return 0;
  }
  *a = root;
  return 1;
}

static int scan(sx_keyscan *ks, sx_expr *root) {
  symx_ctx *ctx = ks->ctx;
  new_generation(ks);
  SX_CLEAR(ks->work);
  SX_CLEAR(ks->out);
  PUSH_WORK(root);
  while (!SX_EMPTY(ks->work)) {
    sx_expr *e = SX_POP(ks->work);
    int v = visit(ks, e);
    if (v < 0) return SYMX_NOMEM;
    if (!v) continue;
    if (e->kind != SYMX_K_READ) {
      for (unsigned i = 0; i < e->nargs; i++) PUSH_WORK(e->args[i]);
      continue;
    }
    sx_expr *idx = e->args[1], *a = e->args[0];
    bool cidx = sx_is_const(idx);
    PUSH_WORK(idx);
    bool shadowed = false;
    bool chain_long = a->kind == SYMX_K_ARRAY_WRITE && a->value >= LONG_CHAIN;
    int rc = SYMX_OK;
    if (chain_long && summarized(ks, &a, &rc)) {
      /* keys in out; a is the array */
    } else if (rc != SYMX_OK) {
      return rc;
    } else if (!cidx || chain_long) {
      a = expand_chain(ks, a, &rc); /* exact for a symbolic index: it sees every write */
      if (rc != SYMX_OK) return rc;
    }
    while (a->kind == SYMX_K_ARRAY_WRITE) {
      sx_expr *wi = a->args[1], *wv = a->args[2];
      if (cidx && sx_is_const(wi)) {
        if (wi->value == idx->value) { /* this write decides the read */
          PUSH_WORK(wv);
          shadowed = true;
          break;
        }
      } else {
        PUSH_WORK(wi);
        PUSH_WORK(wv);
      }
      a = a->args[0];
    }
    if (shadowed || a->kind != SYMX_K_ARRAY_INPUT) continue;
    sx_key k = {a->arr->input_id, SX_KEY_WHOLE};
    if (cidx) {
      if (idx->value >= a->arr->size) continue; /* reads 0 by definition */
      k.byte = idx->value;
    }
    if (!SX_PUSH(ctx, ks->out, k)) return SYMX_NOMEM;
  }
  size_t n = SX_SIZE(ks->out), m = 0;
  if (n > 1) {
    qsort(ks->out.begin, n, sizeof(sx_key), key_qcmp);
    for (size_t i = 0; i < n; i++)
      if (m == 0 || sx_key_cmp(ks->out.begin[m - 1], ks->out.begin[i]))
        ks->out.begin[m++] = ks->out.begin[i];
    ks->out.end = ks->out.begin + m;
  }
  return SYMX_OK;
}

int sx_keys_of(sx_keyscan *ks, sx_expr *e, const sx_key **keys, size_t *n) {
  size_t slot = sx_hash_mix(0, e->id) & (CACHE_CAP - 1);
  while (ks->cache[slot].id) {
    if (ks->cache[slot].id == e->id) {
      *keys = ks->cache[slot].keys;
      *n = ks->cache[slot].n;
      return SYMX_OK;
    }
    slot = (slot + 1) & (CACHE_CAP - 1);
  }
  int rc = scan(ks, e);
  if (rc != SYMX_OK) return sx_error(ks->ctx, rc, "sx_keys_of", "out of memory");
  *keys = ks->out.begin;
  *n = SX_SIZE(ks->out);
  /* remember it (best effort: a failed allocation only skips the cache) */
  if (ks->cache_count * 2 >= CACHE_CAP) {
    cache_flush(ks);
    slot = sx_hash_mix(0, e->id) & (CACHE_CAP - 1);
  }
  sx_key *copy = *n ? sx_alloc(ks->ctx, *n * sizeof *copy) : NULL;
  if (*n && !copy) return SYMX_OK;
  if (*n) memcpy(copy, *keys, *n * sizeof *copy);
  ks->cache[slot] = (cache_ent){e->id, copy, (uint32_t)*n};
  ks->cache_count++;
  *keys = copy;
  return SYMX_OK;
}

int sx_keys_collect(sx_keyscan *ks, sx_expr *const *cs, size_t n, sx_keys *out) {
  for (size_t i = 0; i < n; i++) {
    const sx_key *k;
    size_t nk;
    if (sx_keys_of(ks, cs[i], &k, &nk) != SYMX_OK) return SYMX_NOMEM;
    for (size_t j = 0; j < nk; j++)
      if (!SX_PUSH(ks->ctx, *out, k[j])) return sx_error(ks->ctx, SYMX_NOMEM, "sx_keys_collect", "out of memory");
  }
  return SYMX_OK;
}

/* ---- per-query partition: union-find over the distinct keys ---- */

typedef struct kmap {
  sx_key *k;
  uint32_t *v; /* UINT32_MAX = empty */
  size_t cap;
} kmap;

static uint64_t key_hash(sx_key k) { return sx_hash_mix(sx_hash_mix(0x51ed, k.input), k.byte); }

/* slot of k (found or the empty slot where it goes) */
static size_t kmap_slot(const kmap *m, sx_key k) {
  size_t j = key_hash(k) & (m->cap - 1);
  while (m->v[j] != UINT32_MAX && sx_key_cmp(m->k[j], k)) j = (j + 1) & (m->cap - 1);
  return j;
}

static uint32_t uf_find(uint32_t *parent, uint32_t x) {
  while (parent[x] != x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

static void uf_union(uint32_t *parent, uint32_t a, uint32_t b) {
  a = uf_find(parent, a);
  b = uf_find(parent, b);
  if (a != b) parent[a < b ? b : a] = a < b ? a : b;
}

int sx_indep_partition(sx_keyscan *ks, sx_expr *const *cs, size_t n, uint32_t *fac, size_t *nfac) {
  symx_ctx *ctx = ks->ctx;
  size_t total = 0;
  for (size_t i = 0; i < n; i++) {
    const sx_key *k;
    size_t nk;
    if (sx_keys_of(ks, cs[i], &k, &nk) != SYMX_OK) return SYMX_NOMEM;
    total += nk;
  }
  kmap m = {NULL, NULL, 16};
  while (m.cap < 2 * total + 2) m.cap *= 2;
  size_t nodes = total + n; /* one node per distinct key, one per keyless constraint */
  m.k = sx_alloc(ctx, m.cap * sizeof *m.k);
  m.v = sx_alloc(ctx, m.cap * sizeof *m.v);
  uint32_t *parent = sx_alloc(ctx, nodes * sizeof *parent);
  uint32_t *rep = sx_alloc(ctx, (n ? n : 1) * sizeof *rep);
  uint32_t *num = sx_alloc(ctx, nodes * sizeof *num);
  int rc = SYMX_OK;
  if (!m.k || !m.v || !parent || !rep || !num) {
    rc = sx_error(ctx, SYMX_NOMEM, "sx_indep_partition", "out of memory");
    goto done;
  }
  memset(m.v, 0xff, m.cap * sizeof *m.v);
  uint32_t used = 0;
  for (size_t i = 0; i < n; i++) {
    const sx_key *k;
    size_t nk;
    if (sx_keys_of(ks, cs[i], &k, &nk) != SYMX_OK) {
      rc = SYMX_NOMEM;
      goto done;
    }
    if (!nk) {
      parent[used] = used;
      rep[i] = used++;
      continue;
    }
    for (size_t j = 0; j < nk; j++) {
      size_t s = kmap_slot(&m, k[j]);
      if (m.v[s] == UINT32_MAX) {
        m.k[s] = k[j];
        m.v[s] = used;
        parent[used] = used;
        used++;
      }
      if (j == 0) rep[i] = m.v[s];
      else uf_union(parent, rep[i], m.v[s]);
    }
  }
  /* a whole-input key joins every byte key of that input */
  for (size_t s = 0; s < m.cap; s++) {
    if (m.v[s] == UINT32_MAX || m.k[s].byte == SX_KEY_WHOLE) continue;
    size_t w = kmap_slot(&m, (sx_key){m.k[s].input, SX_KEY_WHOLE});
    if (m.v[w] != UINT32_MAX) uf_union(parent, m.v[s], m.v[w]);
  }
  for (uint32_t i = 0; i < used; i++) num[i] = UINT32_MAX;
  uint32_t nf = 0;
  for (size_t i = 0; i < n; i++) {
    uint32_t r = uf_find(parent, rep[i]);
    if (num[r] == UINT32_MAX) num[r] = nf++;
    fac[i] = num[r];
  }
  *nfac = nf;
done:
  sx_free(ctx, m.k, m.cap * sizeof *m.k);
  sx_free(ctx, m.v, m.cap * sizeof *m.v);
  sx_free(ctx, parent, nodes * sizeof *parent);
  sx_free(ctx, rep, (n ? n : 1) * sizeof *rep);
  sx_free(ctx, num, nodes * sizeof *num);
  return rc;
}

/* ---- factor merge ---- */

int sx_indep_merge(symx_ctx *ctx, sx_assign *dst, sx_assign *src, const sx_key *keys, size_t n) {
  uint8_t run[256];
  for (size_t i = 0; i < n;) {
    sx_key k = keys[i];
    sx_expr *in = sx_input_by_id(ctx, k.input);
    if (!in) { /* the global key or an unknown id: nothing to copy */
      i++;
      continue;
    }
    size_t len;
    const uint8_t *b = sx_assign_bytes(src, k.input, &len);
    if (k.byte == SX_KEY_WHOLE) {
      if (symx_assign_set(dst, in->arr->name, b, len) != SYMX_OK) return SYMX_NOMEM;
      i++;
      continue;
    }
    /* a run of consecutive bytes of one input in one write */
    size_t r = 0;
    uint64_t start = k.byte;
    while (i < n && r < sizeof run && keys[i].input == k.input && keys[i].byte == start + r) {
      run[r] = keys[i].byte < len ? b[keys[i].byte] : 0;
      r++;
      i++;
    }
    if (sx_assign_write(dst, in->arr->name, (size_t)start, run, r) != SYMX_OK) return SYMX_NOMEM;
  }
  return SYMX_OK;
}
