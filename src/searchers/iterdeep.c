/*
** iterdeep.c — iterative deepening on time (KLEE's
** --use-iterative-deepening-time-search): a state that ran longer than the
** time budget since it was selected is paused (taken out of the searcher
** underneath); when nothing else is left, the budget doubles and the paused
** states come back. The budget starts at one second. Wall-clock time
** decides which states pause, so the order is not reproducible; the set of
** paths explored is the same as without it.
*/
#include "searcher.h"
#include "stats.h"
#include "svec.h"

typedef struct idt {
  symx_ctx *ctx;
  sx_searcher sub;
  sx_svec paused;
  sx_state *last;
  uint64_t start_ns, budget_ns;
} idt;

static bool is_paused(idt *s, sx_state *st) {
  size_t i = st->pos[s->paused.slot];
  return i < SX_SIZE(s->paused.v) && s->paused.v.begin[i] == st;
}

static int add(void *self, symx_state *st) { return sx_search_add(&((idt *)self)->sub, st); }

static void rem(void *self, symx_state *st) {
  idt *s = self;
  if (s->last == st) s->last = NULL;
  if (is_paused(s, st)) sx_svec_remove(&s->paused, st);
  else sx_search_remove(&s->sub, st);
}

static void update(void *self, symx_state *st) {
  idt *s = self;
  if (is_paused(s, st)) return;
  if (st == s->last && sx_now_ns() - s->start_ns > s->budget_ns &&
      sx_svec_push(&s->paused, st) == SYMX_OK) {
    sx_search_remove(&s->sub, st);
    s->last = NULL;
    return;
  }
  sx_search_update(&s->sub, st);
}

/* Nothing left underneath: the paused states come back, with twice the
** time. A state that cannot be re-added stays paused. */
static void resume_all(idt *s) {
  s->budget_ns *= 2;
  while (s->paused.live) {
    sx_state *st = sx_svec_front(&s->paused);
    sx_svec_remove(&s->paused, st);
    if (sx_search_add(&s->sub, st) != SYMX_OK) {
      (void)sx_svec_push(&s->paused, st); /* it was just removed: room */
      return;
    }
  }
}

static symx_state *select_(void *self) {
  idt *s = self;
  if (sx_search_empty(&s->sub) && s->paused.live) resume_all(s);
  s->last = sx_search_select(&s->sub);
  s->start_ns = sx_now_ns();
  return s->last;
}

static int empty(void *self) {
  idt *s = self;
  return sx_search_empty(&s->sub) && !s->paused.live;
}

static void destroy(void *self) {
  idt *s = self;
  sx_search_free(&s->sub);
  sx_svec_release(&s->paused);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_iterdeep(const sx_search_env *env, sx_searcher *sub, sx_searcher *out) {
  int slot = sx_search_slot(env);
  idt *s = slot < 0 ? NULL : sx_calloc(env->ctx, sizeof *s);
  if (!s) {
    sx_search_free(sub);
    return slot < 0 ? sx_error(env->ctx, SYMX_RANGE, "symx_engine_new", "too many searchers")
                    : SYMX_NOMEM;
  }
  s->ctx = env->ctx;
  s->sub = *sub;
  s->paused.ctx = env->ctx;
  s->paused.slot = slot;
  s->budget_ns = 1000000000ull;
  *out = (sx_searcher){{add, rem, select_, empty, update, destroy}, s};
  return SYMX_OK;
}
