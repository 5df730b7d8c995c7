/*
** dfs.c — depth-first: the most recently added state runs next.
*/
#include "searcher.h"
#include "svec.h"

static symx_state *select_(void *self) { return sx_svec_back(self); }

int sx_searcher_dfs(const sx_search_env *env, sx_searcher *out) {
  return sx_svec_searcher(env, select_, NULL, out);
}
