/*
** dfs.c — depth-first: the most recently added state runs next.
*/
#include "searcher.h"
#include "svec.h"

static int add(void *self, symx_state *st) { return sx_svec_push(self, st); }
static void rem(void *self, symx_state *st) { sx_svec_remove(self, st); }
static symx_state *select_(void *self) { return sx_svec_back(self); }
static int empty(void *self) { return ((sx_svec *)self)->live == 0; }
static void destroy(void *self) {
  sx_svec *s = self;
  sx_svec_release(s);
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_dfs(const sx_search_env *env, sx_searcher *out) {
  int slot = sx_search_slot(env);
  if (slot < 0) return sx_error(env->ctx, SYMX_RANGE, "symx_engine_new", "too many searchers");
  sx_svec *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) return SYMX_NOMEM;
  s->ctx = env->ctx;
  s->slot = slot;
  *out = (sx_searcher){{add, rem, select_, empty, NULL, destroy}, s};
  return SYMX_OK;
}
