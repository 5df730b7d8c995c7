/*
** bfs.c — breadth-first: the oldest state runs next; a state that ran and
** forked goes to the back, behind its new sibling.
*/
#include "searcher.h"
#include "svec.h"

static int add(void *self, symx_state *st) { return sx_svec_push(self, st); }
static void rem(void *self, symx_state *st) { sx_svec_remove(self, st); }
static symx_state *select_(void *self) { return sx_svec_front(self); }
static int empty(void *self) { return ((sx_svec *)self)->live == 0; }
static void update(void *self, symx_state *st) {
  sx_svec *s = self;
  if (sx_svec_back(s) == st) return;
  if (!SX_RESERVE1(s->ctx, s->v)) return; /* stays where it is */
  sx_svec_remove(s, st);
  sx_svec_push(s, st); /* cannot fail: room reserved above */
}
static void destroy(void *self) {
  sx_svec *s = self;
  sx_svec_release(s);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_bfs(const sx_search_env *env, sx_searcher *out) {
  int slot = sx_search_slot(env);
  if (slot < 0) return sx_error(env->ctx, SYMX_RANGE, "symx_engine_new", "too many searchers");
  sx_svec *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) return SYMX_NOMEM;
  s->ctx = env->ctx;
  s->slot = slot;
  *out = (sx_searcher){{add, rem, select_, empty, update, destroy}, s};
  return SYMX_OK;
}
