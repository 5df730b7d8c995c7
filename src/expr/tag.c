/*
** tag.c — user tag bits on expressions (Oasis's "new code" flag): a tagged
** copy of a node is another node (tags are part of its identity), and every
** node built from a tagged one carries its tags (core.c ORs them in), so a
** condition knows that data from tagged code flows into it.
*/
#include "expr.h"
#include "error.h"

symx_expr *symx_expr_tag(symx_ctx *ctx, symx_expr *e, uint32_t tags) {
  if (!ctx) return NULL;
  if (!e) {
    if (ctx->errcode == SYMX_OK) SX_MISUSE(ctx, "NULL expression");
    return NULL;
  }
  if (tags > 0xf) {
    sx_error(ctx, SYMX_RANGE, __func__, "tags 0x%x: only bits 0..3 exist", (unsigned)tags);
    return NULL;
  }
  if (e->flags & SX_F_ARRAY) {
    SX_MISUSE(ctx, "arrays carry no tags (tag what is read from them)");
    return NULL;
  }
  unsigned want = (e->flags & SX_F_TAGS) | tags << SX_F_TAG_SHIFT;
  if (want == (e->flags & SX_F_TAGS)) return symx_expr_retain(e);
  ctx->tag_extra = (uint8_t)want;
  sx_expr *t = sx_expr_make(ctx, e->kind, e->width, e->nargs, e->args, e->value, e->aux, __func__);
  ctx->tag_extra = 0;
  return t;
}

uint32_t symx_expr_tags(const symx_expr *e) {
  return e ? (uint32_t)(e->flags & SX_F_TAGS) >> SX_F_TAG_SHIFT : 0;
}
