/*
** stack.h — the one growable vector of libsymx (begin/end/allocated), on the
** context's allocator. Instances are named once:
**   typedef SX_STACK(struct sx_expr *) sx_exprs;
*/
#ifndef SX_STACK_H
#define SX_STACK_H

#include "alloc.h"

#define SX_STACK(T) struct { T *begin; T *end; T *allocated; }

#define SX_SIZE(S) ((size_t)((S).end - (S).begin))
#define SX_CAPACITY(S) ((size_t)((S).allocated - (S).begin))
#define SX_EMPTY(S) ((S).end == (S).begin)
#define SX_TOP(S) ((S).end[-1])
#define SX_POP(S) (*--(S).end)
#define SX_CLEAR(S) ((S).end = (S).begin)
#define SX_AT(S, I) ((S).begin[I])

/* Grows S so that one more element fits; evaluates to false on OOM. */
#define SX_RESERVE1(CTX, S)                                                   \
  ((S).end < (S).allocated ||                                                 \
   sx_stack_grow((CTX), (void **)&(S).begin, (void **)&(S).end,               \
                 (void **)&(S).allocated, sizeof *(S).begin))

/* Pushes E; evaluates to false on OOM (S unchanged). */
#define SX_PUSH(CTX, S, E) (SX_RESERVE1(CTX, S) ? (*(S).end++ = (E), true) : false)

#define SX_RELEASE(CTX, S)                                                    \
  do {                                                                        \
    sx_free((CTX), (S).begin, SX_CAPACITY(S) * sizeof *(S).begin);            \
    (S).begin = (S).end = (S).allocated = NULL;                               \
  } while (0)

SX_INTERNAL bool sx_stack_grow(symx_ctx *ctx, void **begin, void **end,
                               void **allocated, size_t elem);

#endif
