/*
** seeded.c — the seeding phase's selection (paper section 2.2.2): states
** that still carry seeds run before every other state, one seed's path to
** its end before the next, so no pending state is revived (and no solver
** called) until the seeds' paths are done. Seeded states are few (at most
** one per seed), so they sit in a plain vector.
*/
#include "searcher.h"

#include <string.h>

typedef struct sw {
  symx_ctx *ctx;
  sx_searcher sub;
  SX_STACK(sx_state *) seeded; /* in insertion order */
  sx_state *last;              /* the last selection (sticky) */
  bool off;                    /* flushed: everything goes to sub */
} sw;

static bool carries(const sx_state *st) { return st->seeds != NULL; }

static ptrdiff_t find(sw *s, sx_state *st) {
  for (ptrdiff_t i = (ptrdiff_t)SX_SIZE(s->seeded) - 1; i >= 0; i--)
    if (s->seeded.begin[i] == st) return i;
  return -1;
}

static void erase(sw *s, ptrdiff_t i) {
  sx_state **p = s->seeded.begin + i;
  if (*p == s->last) s->last = NULL;
  memmove(p, p + 1, (size_t)(s->seeded.end - p - 1) * sizeof *p);
  s->seeded.end--;
}

static int add(void *self, symx_state *st) {
  sw *s = self;
  if (!s->off && carries(st)) return SX_PUSH(s->ctx, s->seeded, st) ? SYMX_OK : SYMX_NOMEM;
  return sx_search_add(&s->sub, st);
}

static void rem(void *self, symx_state *st) {
  sw *s = self;
  ptrdiff_t i = find(s, st);
  if (i >= 0) erase(s, i);
  else sx_search_remove(&s->sub, st);
}

static symx_state *select_(void *self) {
  sw *s = self;
  if (SX_EMPTY(s->seeded)) return sx_search_select(&s->sub);
  if (!s->last || find(s, s->last) < 0) s->last = SX_TOP(s->seeded);
  return s->last;
}

static int empty(void *self) {
  sw *s = self;
  return SX_EMPTY(s->seeded) && sx_search_empty(&s->sub);
}

static void update(void *self, symx_state *st) {
  sw *s = self;
  ptrdiff_t i = find(s, st);
  if (i < 0) {
    /* it took seeds at a fork after it was placed: it joins the seeded */
    if (!s->off && carries(st) && SX_PUSH(s->ctx, s->seeded, st)) sx_search_remove(&s->sub, st);
    else sx_search_update(&s->sub, st);
    return;
  }
  /* its seeds went elsewhere at a fork: an ordinary state from now on */
  if (!carries(st) && sx_search_add(&s->sub, st) == SYMX_OK) erase(s, i);
}

static void destroy(void *self) {
  sw *s = self;
  sx_search_free(&s->sub);
  SX_RELEASE(s->ctx, s->seeded);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_seeded(const sx_search_env *env, sx_searcher *sub, sx_searcher *out) {
  sw *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) {
    sx_search_free(sub);
    return SYMX_NOMEM;
  }
  s->ctx = env->ctx;
  s->sub = *sub;
  *out = (sx_searcher){{add, rem, select_, empty, update, destroy}, s};
  return SYMX_OK;
}

size_t sx_seeded_count(const sx_searcher *s) { return SX_SIZE(((const sw *)s->self)->seeded); }

int sx_seeded_flush(sx_searcher *s) {
  sw *w = s->self;
  w->off = true;
  while (!SX_EMPTY(w->seeded)) {
    if (sx_search_add(&w->sub, SX_TOP(w->seeded)) != SYMX_OK) {
      w->off = false; /* try again at the next call */
      return SYMX_NOMEM;
    }
    w->seeded.end--;
  }
  w->last = NULL;
  return SYMX_OK;
}
