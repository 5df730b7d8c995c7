/*
** pool.c — chunked free-list pools.
*/
#include "pool.h"
#include "state.h"
#include "tree.h"
#include "alloc.h"

#define PER_CHUNK 256
#define CHUNK_HEAD 16 /* keeps objects 16-byte aligned after the link word */

void sx_pools_init(sx_pools *ps, symx_ctx *ctx) {
  static const size_t sizes[SX_POOL_COUNT_] = {sizeof(sx_state), sizeof(sx_tnode), sizeof(sx_clist)};
  ps->ctx = ctx;
  for (int i = 0; i < SX_POOL_COUNT_; i++) ps->p[i] = (sx_pool){NULL, NULL, sizes[i], 0};
}

void sx_pools_release(sx_pools *ps) {
  for (int i = 0; i < SX_POOL_COUNT_; i++) {
    sx_pool *p = &ps->p[i];
    while (p->chunks) {
      void *next = *(void **)p->chunks;
      sx_free(ps->ctx, p->chunks, CHUNK_HEAD + PER_CHUNK * p->size);
      p->chunks = next;
    }
    p->free = NULL;
    p->nfree = 0;
  }
}

void *sx_pool_get(sx_pools *ps, int which) {
  sx_pool *p = &ps->p[which];
  if (SX_UNLIKELY(!p->free)) {
    char *c = sx_alloc(ps->ctx, CHUNK_HEAD + PER_CHUNK * p->size);
    if (!c) return NULL;
    *(void **)c = p->chunks;
    p->chunks = c;
    for (size_t i = PER_CHUNK; i-- > 0;) {
      void *o = c + CHUNK_HEAD + i * p->size;
      *(void **)o = p->free;
      p->free = o;
    }
    p->nfree += PER_CHUNK;
  }
  void *o = p->free;
  p->free = *(void **)o;
  p->nfree--;
  return o;
}

void sx_pool_put(sx_pools *ps, int which, void *obj) {
  sx_pool *p = &ps->p[which];
  *(void **)obj = p->free;
  p->free = obj;
  p->nfree++;
}

size_t sx_pools_idle(const sx_pools *ps) {
  size_t n = 0;
  for (int i = 0; i < SX_POOL_COUNT_; i++) n += ps->p[i].nfree * ps->p[i].size;
  return n;
}
