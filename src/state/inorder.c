/*
** inorder.c — the inputs a path made, in the order it made them (KLEE's
** order of a test case's objects, which seeds matched by position follow).
** Shared copy-on-write between the states of a fork.
*/
#include "state.h"
#include "alloc.h"

#include <string.h>

static size_t inorder_size(uint32_t cap) { return sizeof(sx_inorder) + (size_t)cap * sizeof(uint32_t); }

void sx_inorder_release(symx_ctx *ctx, sx_inorder *o) {
  if (o && --o->refs == 0) sx_free(ctx, o, inorder_size(o->cap));
}

int sx_state_add_input(symx_ctx *ctx, sx_state *st, uint32_t input_id) {
  sx_inorder *o = st->inorder;
  for (uint32_t i = 0; o && i < o->n; i++)
    if (o->id[i] == input_id) return SYMX_OK;
  uint32_t n = o ? o->n : 0;
  if (!o || o->refs > 1 || o->n == o->cap) {
    uint32_t cap = n < 4 ? 8 : 2 * n;
    sx_inorder *c = sx_alloc(ctx, inorder_size(cap));
    if (!c) return SYMX_NOMEM;
    c->refs = 1;
    c->n = n;
    c->cap = cap;
    if (n) memcpy(c->id, o->id, n * sizeof *o->id);
    sx_inorder_release(ctx, o);
    st->inorder = o = c;
  }
  o->id[o->n++] = input_id;
  return SYMX_OK;
}
