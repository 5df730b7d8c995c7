/*
** stack.c — growth policy of SX_STACK: doubling, so pushes are amortised O(1).
*/
#include "stack.h"

bool sx_stack_grow(symx_ctx *ctx, void **begin, void **end, void **allocated,
                   size_t elem) {
  size_t size = (size_t)((char *)*end - (char *)*begin);
  size_t cap = (size_t)((char *)*allocated - (char *)*begin);
  size_t ncap = cap ? cap * 2 : 8 * elem;
  char *p = sx_realloc(ctx, *begin, cap, ncap);
  if (!p) return false;
  *begin = p;
  *end = p + size;
  *allocated = p + ncap;
  return true;
}
