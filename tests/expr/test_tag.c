/*
** test_tag.c — expression tag bits: a tag on x reaches every expression
** built from x ((x + 1) < y), untagged builds stay untagged, a tagged node
** is a node of its own that evaluates as the untagged one, and bad calls
** fail with a message.
*/
#include "check.h"
#include "symx.h"

static void test_tags_flow(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *x = symx_var(ctx, "x", 8), *y = symx_var(ctx, "y", 8), *one = symx_const(ctx, 8, 1);
  symx_expr *xt = symx_expr_tag(ctx, x, SYMX_TAG_NEW);
  CHECK(xt && xt != x && symx_expr_tags(xt) == SYMX_TAG_NEW && symx_expr_tags(x) == 0);
  symx_expr *s = symx_add(ctx, xt, one), *c = symx_ult(ctx, s, y);
  CHECK_EQ_U64(symx_expr_tags(c), SYMX_TAG_NEW);
  symx_expr *s0 = symx_add(ctx, x, one), *c0 = symx_ult(ctx, s0, y);
  CHECK_EQ_U64(symx_expr_tags(c0), 0);
  CHECK(c0 != c);
  symx_expr *y2 = symx_expr_tag(ctx, y, 4), *c2 = symx_ult(ctx, s, y2);
  CHECK_EQ_U64(symx_expr_tags(c2), SYMX_TAG_NEW | 4);
  /* the same value under every assignment */
  symx_assign *a = symx_assign_new(ctx);
  for (unsigned v = 0; v < 256; v += 7) {
    uint8_t bx = (uint8_t)v, by = (uint8_t)(v * 3);
    symx_assign_set(a, "x", &bx, 1);
    symx_assign_set(a, "y", &by, 1);
    uint64_t r0, r1;
    symx_eval(ctx, c0, a, &r0);
    symx_eval(ctx, c, a, &r1);
    CHECK(r0 == r1);
  }
  symx_expr *again = symx_expr_tag(ctx, xt, SYMX_TAG_NEW);
  CHECK(again == xt); /* hash-consed: tagging twice is the same node */
  CHECK(symx_expr_tag(ctx, x, 0x10) == NULL && symx_errcode(ctx) == SYMX_RANGE);
  symx_expr *arr = symx_array_input(ctx, "in", 4, 32);
  CHECK(symx_expr_tag(ctx, arr, 1) == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  symx_expr *all[] = {x, y, one, xt, s, c, s0, c0, y2, c2, again, arr};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) symx_expr_release(all[i]);
  symx_assign_free(a);
  CHECK_EQ_U64(symx_expr_live(ctx), 3); /* the input arrays x, y, in: the context keeps them */
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_tags_flow))
