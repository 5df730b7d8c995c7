/*
** batching.c — keeps running the state it chose last until that state has
** had batch_instructions instructions (or left the set), then asks the
** searcher underneath: fewer switches between states.
*/
#include "searcher.h"

typedef struct bt {
  symx_ctx *ctx;
  const uint64_t *instructions;
  sx_searcher sub;
  sx_state *last;
  uint64_t since;
} bt;

static int add(void *self, symx_state *st) { return sx_search_add(&((bt *)self)->sub, st); }
static void rem(void *self, symx_state *st) {
  bt *s = self;
  if (s->last == st) s->last = NULL;
  sx_search_remove(&s->sub, st);
}
static void update(void *self, symx_state *st) { sx_search_update(&((bt *)self)->sub, st); }
static symx_state *select_(void *self) {
  bt *s = self;
  uint64_t now = *s->instructions;
  if (s->last && now - s->since < (uint64_t)s->ctx->opts.batch_instructions) return s->last;
  s->last = sx_search_select(&s->sub);
  s->since = now;
  return s->last;
}
static int empty(void *self) { return sx_search_empty(&((bt *)self)->sub); }
static void destroy(void *self) {
  bt *s = self;
  sx_search_free(&s->sub);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_batching(const sx_search_env *env, sx_searcher *sub, sx_searcher *out) {
  bt *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) {
    sx_search_free(sub);
    return SYMX_NOMEM;
  }
  s->ctx = env->ctx;
  s->instructions = env->instructions;
  s->sub = *sub;
  *out = (sx_searcher){{add, rem, select_, empty, update, destroy}, s};
  return SYMX_OK;
}
