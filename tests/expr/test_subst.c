/*
** test_subst.c — symx_expr_substitute and symx_expr_inputs on random
** expressions (randexpr.h): with input rx_a replaced by an array whose
** bytes are known under an assignment A (constants, and one byte that is
** rx_b's first), the result evaluates under A as the original does under A
** with rx_a bound to those bytes; the result no longer reads rx_a; an input
** an expression does not read leaves it unchanged; bad pairs are misuse.
*/
#include "check.h"
#include "randexpr.h"
#include "symx.h"

/* Whether e reads input arr (by symx_expr_inputs). */
static int reads(symx_ctx *ctx, symx_expr *e, symx_expr *arr) {
  symx_expr *in[8];
  size_t n = symx_expr_inputs(ctx, e, in, 8);
  for (size_t i = 0; i < n && i < 8; i++)
    if (in[i] == arr) return 1;
  return 0;
}

static void test_subst_random(void) {
  symx_ctx *ctx = symx_ctx_new();
  for (uint64_t seed = 1; seed <= 300; seed++) {
    rx_gen g;
    CHECK(rx_init(&g, ctx, seed, NULL, 0) == 0);
    symx_expr *e = rx_expr(&g, rx_width(&g), 4);
    symx_assign *a = rx_assign(&g);
    CHECK(e && a);
    if (!e || !a) break;
    /* the replacement of rx_a: constant bytes, byte 0 := rx_b[0] */
    uint8_t bytes[12];
    for (unsigned i = 0; i < 12; i++) bytes[i] = (uint8_t)rx_next(&g);
    symx_expr *k = symx_array_const(ctx, NULL, bytes, 12, 32);
    symx_expr *i0 = symx_const(ctx, 32, 0), *j0 = symx_const(ctx, 64, 0);
    symx_expr *b0 = symx_read(ctx, g.arr[1], j0);
    symx_expr *rep = symx_array_write(ctx, k, i0, b0);
    symx_expr *from = g.arr[0];
    symx_expr *r = symx_expr_substitute(ctx, e, &from, &rep, 1);
    CHECK(r != NULL);
    /* the oracle: rx_a bound to the replacement's bytes under a */
    size_t blen = 0;
    const uint8_t *bb = symx_assign_get(a, "rx_b", &blen);
    bytes[0] = blen ? bb[0] : 0;
    symx_assign *a2 = symx_assign_copy(a);
    symx_assign_set(a2, "rx_a", bytes, 12);
    uint64_t want = 0, got = 1;
    CHECK(symx_eval(ctx, e, a2, &want) == SYMX_OK);
    CHECK(r && symx_eval(ctx, r, a, &got) == SYMX_OK);
    CHECK_EQ_U64(got, want);
    CHECK(r && !reads(ctx, r, g.arr[0]));
    /* an input e does not read: e itself */
    if (!reads(ctx, e, g.arr[2])) {
      symx_expr *c3 = symx_array_const(ctx, NULL, bytes, 3, 32), *f3 = g.arr[2];
      symx_expr *same = symx_expr_substitute(ctx, e, &f3, &c3, 1);
      CHECK(same == e);
      symx_expr_release(same);
      symx_expr_release(c3);
    }
    symx_expr *all[] = {e, k, i0, j0, b0, rep, r};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) symx_expr_release(all[i]);
    symx_assign_free(a);
    symx_assign_free(a2);
    rx_fini(&g);
  }
  CHECK_EQ_U64(symx_expr_live(ctx), 3); /* the inputs rx_a, rx_b, rx_c alone */
  symx_ctx_free(ctx);
}

static void test_subst_misuse(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *x = symx_var(ctx, "x", 8), *y = symx_var(ctx, "y", 16), *arr = symx_array_input(ctx, "in", 4, 32);
  CHECK(symx_expr_substitute(ctx, x, &x, &y, 1) == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  CHECK(symx_expr_substitute(ctx, x, &arr, &x, 1) == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  CHECK(symx_expr_substitute(ctx, NULL, NULL, NULL, 0) == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  symx_expr *one = symx_const(ctx, 8, 1), *r = symx_expr_substitute(ctx, x, &x, &one, 1);
  CHECK(r == one); /* a node itself replaced */
  CHECK_EQ_U64(symx_expr_inputs(ctx, x, NULL, 0), 1);
  CHECK_EQ_U64(symx_expr_inputs(ctx, one, NULL, 0), 0);
  symx_expr *all[] = {x, y, arr, one, r};
  for (size_t i = 0; i < sizeof all / sizeof *all; i++) symx_expr_release(all[i]);
  CHECK_EQ_U64(symx_expr_live(ctx), 3); /* the inputs x, y, in */
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_subst_random), CHECK_CASE(test_subst_misuse))
