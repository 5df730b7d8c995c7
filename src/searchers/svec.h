/*
** svec.h — a vector of states with tombstones, the store of dfs and bfs:
** O(1) add at the back, O(1) removal anywhere (a tombstone; compaction when
** half are dead), members at [head, end) in insertion order.
*/
#ifndef SX_SVEC_H
#define SX_SVEC_H

#include "searcher.h"
#include "stack.h"

typedef struct sx_svec {
  symx_ctx *ctx;
  SX_STACK(sx_state *) v;
  size_t head; /* first live position (bfs pops here) */
  size_t live;
  int slot;
} sx_svec;

SX_INTERNAL int sx_svec_push(sx_svec *s, sx_state *st);
SX_INTERNAL void sx_svec_remove(sx_svec *s, sx_state *st);
SX_INTERNAL void sx_svec_release(sx_svec *s);
/* A searcher over an svec: the store's add/remove/empty/free with the
** given select and update (update may be NULL). dfs and bfs differ only
** there. */
SX_INTERNAL int sx_svec_searcher(const sx_search_env *env, symx_state *(*select)(void *self),
                                 void (*update)(void *self, symx_state *st), sx_searcher *out);
static inline sx_state *sx_svec_front(sx_svec *s) { return s->live ? s->v.begin[s->head] : NULL; }
static inline sx_state *sx_svec_back(sx_svec *s) { return s->live ? s->v.end[-1] : NULL; }

#endif
