/*
** zesti.c — the ZESTI order (paper section 4.7, KLEE PR #1334's
** ZESTIPendingSearcher): after a seed's path, the divergence points closest
** to a sensitive operation recorded on it are explored first, ties deepest
** first, then the most recent state (largest id). Keys are (distance, -depth); they are recomputed when the set of
** sensitive depths changes (version) and on update. select scans for the
** smallest key and caches it until the set changes.
*/
#include "zesti.h"

typedef struct zs {
  symx_ctx *ctx;
  const sx_sensitive *sens;
  SX_STACK(sx_state *) v;
  SX_STACK(uint64_t) key;
  uint64_t version;
  size_t best; /* valid when have_best */
  bool have_best;
  int slot;
} zs;

static uint64_t key_of(zs *s, sx_state *st) {
  /* a deferred error check (relaxed error side) sits on its sensitive operation */
  uint32_t d = st->flags & SX_SF_ERRSIDE ? 0 : sx_sensitive_distance(s->sens, st->depth);
  return (uint64_t)d << 32 | (uint32_t)(UINT32_MAX - st->depth);
}

static int add(void *self, symx_state *st) {
  zs *s = self;
  if (!SX_RESERVE1(s->ctx, s->v) || !SX_RESERVE1(s->ctx, s->key)) return SYMX_NOMEM;
  st->pos[s->slot] = (uint32_t)SX_SIZE(s->v);
  *s->v.end++ = st;
  *s->key.end++ = key_of(s, st);
  size_t i = SX_SIZE(s->v) - 1;
  /* ties go to the more recent state (larger id), as in select */
  if (s->have_best) {
    uint64_t ki = s->key.begin[i], kb = s->key.begin[s->best];
    if (ki < kb || (ki == kb && st->id > s->v.begin[s->best]->id)) s->best = i;
  }
  return SYMX_OK;
}

static void rem(void *self, symx_state *st) {
  zs *s = self;
  size_t i = st->pos[s->slot], last = SX_SIZE(s->v) - 1;
  if (s->have_best && s->best == i) s->have_best = false;
  if (i != last) {
    sx_state *m = s->v.begin[last];
    s->v.begin[i] = m;
    s->key.begin[i] = s->key.begin[last];
    m->pos[s->slot] = (uint32_t)i;
    /* the moved member was the best: it is still, at its new index */
    if (s->have_best && s->best == last) s->best = i;
  }
  s->v.end--;
  s->key.end--;
}

static void rekey(zs *s) {
  for (size_t i = 0; i < SX_SIZE(s->v); i++) s->key.begin[i] = key_of(s, s->v.begin[i]);
  s->have_best = false;
}

static symx_state *select_(void *self) {
  zs *s = self;
  if (SX_EMPTY(s->v)) return NULL;
  if (s->sens && s->sens->version != s->version) {
    s->version = s->sens->version;
    rekey(s);
  }
  if (!s->have_best) {
    /* ties: the member with the larger id (the more recent state) */
    size_t b = 0;
    for (size_t i = 1; i < SX_SIZE(s->v); i++) {
      uint64_t ki = s->key.begin[i], kb = s->key.begin[b];
      if (ki < kb || (ki == kb && s->v.begin[i]->id > s->v.begin[b]->id)) b = i;
    }
    s->best = b;
    s->have_best = true;
  }
  return s->v.begin[s->best];
}

static int empty(void *self) { return SX_EMPTY(((zs *)self)->v); }

static void update(void *self, symx_state *st) {
  zs *s = self;
  s->key.begin[st->pos[s->slot]] = key_of(s, st);
  s->have_best = false;
}

static void destroy(void *self) {
  zs *s = self;
  SX_RELEASE(s->ctx, s->v);
  SX_RELEASE(s->ctx, s->key);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_zesti(const sx_search_env *env, sx_searcher *out) {
  int slot = sx_search_slot(env);
  if (slot < 0) return sx_error(env->ctx, SYMX_RANGE, "symx_engine_new", "too many searchers");
  zs *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) return SYMX_NOMEM;
  s->ctx = env->ctx;
  s->slot = slot;
  *out = (sx_searcher){{add, rem, select_, empty, update, destroy}, s};
  return SYMX_OK;
}

bool sx_searcher_zesti_bind(sx_searcher *s, const sx_sensitive *sens) {
  if (s->vt.select != select_) return false;
  zs *z = s->self;
  z->sens = sens;
  z->version = sens->version;
  rekey(z);
  return true;
}
