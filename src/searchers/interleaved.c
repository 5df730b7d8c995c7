/*
** interleaved.c — round robin over several searchers that all hold the
** same set: each select asks the next one.
*/
#include "searcher.h"

typedef struct il {
  symx_ctx *ctx;
  sx_searcher *subs;
  size_t n, next;
} il;

static int add(void *self, symx_state *st) {
  il *s = self;
  for (size_t i = 0; i < s->n; i++)
    if (sx_search_add(&s->subs[i], st) != SYMX_OK) {
      while (i--) sx_search_remove(&s->subs[i], st);
      return SYMX_NOMEM;
    }
  return SYMX_OK;
}
static void rem(void *self, symx_state *st) {
  il *s = self;
  for (size_t i = 0; i < s->n; i++) sx_search_remove(&s->subs[i], st);
}
static void update(void *self, symx_state *st) {
  il *s = self;
  for (size_t i = 0; i < s->n; i++) sx_search_update(&s->subs[i], st);
}
static symx_state *select_(void *self) {
  il *s = self;
  sx_searcher *sub = &s->subs[s->next];
  s->next = (s->next + 1) % s->n;
  return sx_search_select(sub);
}
static int empty(void *self) { return sx_search_empty(&((il *)self)->subs[0]); }
static void destroy(void *self) {
  il *s = self;
  for (size_t i = 0; i < s->n; i++) sx_search_free(&s->subs[i]);
  sx_free(s->ctx, s->subs, s->n * sizeof *s->subs);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_interleaved(const sx_search_env *env, sx_searcher *subs, size_t n,
                            sx_searcher *out) {
  il *s = sx_calloc(env->ctx, sizeof *s);
  sx_searcher *copy = n ? sx_alloc(env->ctx, n * sizeof *copy) : NULL;
  if (!s || !copy) {
    sx_free(env->ctx, s, s ? sizeof *s : 0);
    sx_free(env->ctx, copy, copy ? n * sizeof *copy : 0);
    for (size_t i = 0; i < n; i++) sx_search_free(&subs[i]);
    return SYMX_NOMEM;
  }
  for (size_t i = 0; i < n; i++) copy[i] = subs[i];
  s->ctx = env->ctx;
  s->subs = copy;
  s->n = n;
  *out = (sx_searcher){{add, rem, select_, empty, update, destroy}, s};
  return SYMX_OK;
}
