/*
** batching.c — keeps running the state it chose last until that state has
** had batch_instructions instructions or run for batch_time (each 0 = no
** such budget; or it left the set), then asks the searcher underneath:
** fewer switches between states. A time budget shorter than the time
** between two selections of the same state grows to that time (else every
** selection would switch).
*/
#include "searcher.h"
#include "stats.h"

typedef struct bt {
  symx_ctx *ctx;
  const uint64_t *instructions;
  sx_searcher sub;
  sx_state *last;
  uint64_t since, start_ns, time_ns; /* time_ns: the budget, grown as needed */
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
  uint64_t now = *s->instructions, ins = (uint64_t)s->ctx->opts.batch_instructions;
  uint64_t t = sx_now_ns(), opt_ns = (uint64_t)s->ctx->opts.batch_time * 1000000u;
  if (s->time_ns < opt_ns) s->time_ns = opt_ns;
  if (!opt_ns) s->time_ns = 0;
  bool in_ins = !ins || now - s->since < ins, in_time = !s->time_ns || t - s->start_ns <= s->time_ns;
  if (s->last && in_ins && in_time) return s->last;
  if (s->last && s->time_ns && t - s->start_ns > s->time_ns + s->time_ns / 10)
    s->time_ns = t - s->start_ns;
  s->last = sx_search_select(&s->sub);
  s->since = now;
  s->start_ns = t;
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
