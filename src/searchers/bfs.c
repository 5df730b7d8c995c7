/*
** bfs.c — breadth-first: the oldest state runs next; a state that ran and
** forked goes to the back, behind its new sibling.
*/
#include "searcher.h"
#include "svec.h"

static symx_state *select_(void *self) { return sx_svec_front(self); }
static void update(void *self, symx_state *st) {
  sx_svec *s = self;
  if (sx_svec_back(s) == st) return;
  if (!SX_RESERVE1(s->ctx, s->v)) return; /* stays where it is */
  sx_svec_remove(s, st);
  sx_svec_push(s, st); /* cannot fail: room reserved above */
}

int sx_searcher_bfs(const sx_search_env *env, sx_searcher *out) {
  return sx_svec_searcher(env, select_, update, out);
}
