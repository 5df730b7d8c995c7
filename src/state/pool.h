/*
** pool.h — fixed-size object pools for what every fork allocates (states,
** tree nodes, constraint cells): objects come from chunks on the context's
** allocator and go back to a free list, so a fork costs no malloc in the
** steady state. Bytes held in free lists are reported by sx_pools_idle so
** memory-pressure decisions see only live objects.
*/
#ifndef SX_POOL_H
#define SX_POOL_H

#include "internal.h"

typedef struct sx_pool {
  void *free;   /* singly linked through the first word */
  void *chunks; /* singly linked through the first word */
  size_t size;  /* object size (>= sizeof(void *)) */
  size_t nfree;
} sx_pool;

enum { SX_POOL_STATE = 0, SX_POOL_NODE, SX_POOL_CELL, SX_POOL_COUNT_ };

typedef struct sx_pools {
  symx_ctx *ctx;
  sx_pool p[SX_POOL_COUNT_];
} sx_pools;

SX_INTERNAL void sx_pools_init(sx_pools *ps, symx_ctx *ctx);
/* Frees every chunk (objects still in use become invalid). */
SX_INTERNAL void sx_pools_release(sx_pools *ps);
SX_INTERNAL void *sx_pool_get(sx_pools *ps, int which); /* NULL on OOM */
SX_INTERNAL void sx_pool_put(sx_pools *ps, int which, void *obj);
/* Bytes sitting in free lists. */
SX_INTERNAL size_t sx_pools_idle(const sx_pools *ps);

#endif
