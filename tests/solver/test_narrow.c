/*
** test_narrow.c — bit-width narrowing (src/solver/narrow.c). Oracles: the
** evaluator (a narrowed term equals its original under every assignment
** of a one-byte input and under random assignments of wider ones) and z3
** (a narrowed query has the original's answer, and its model satisfies
** the original). Terms come from the random generator (every operator,
** every width) and from a generator of the programs' shape: 32-bit
** arithmetic and comparisons over zero-extended input bytes, where the
** test also checks that the dividers shrank.
*/
#include "check.h"
#include "keep.h"
#include "chain_off.h"
#include "randexpr.h"
#include "expr/assign.h"
#include "solver/backend.h"
#include "solver/narrow.h"

static uint64_t val(symx_ctx *ctx, symx_expr *e, symx_assign *a) {
  uint64_t v = 0;
  CHECK_EQ_U64(symx_eval(ctx, e, a, &v), SYMX_OK);
  return v;
}

/* a 32-bit term as toyvm programs build them over bytes x, y */
static symx_expr *shaped(symx_ctx *ctx, rx_gen *g, symx_expr *const *leaves, int depth) {
  if (depth == 0 || rx_below(g, 4) == 0) {
    if (rx_below(g, 3)) return symx_expr_retain(leaves[rx_below(g, 2)]);
    return symx_const(ctx, 32, rx_below(g, 3) ? rx_below(g, 8) : rx_next(g) & 0xffffffffu);
  }
  static const int ops[] = {SYMX_K_ADD, SYMX_K_SUB, SYMX_K_MUL, SYMX_K_UDIV, SYMX_K_UREM, SYMX_K_AND,
                            SYMX_K_OR, SYMX_K_XOR, SYMX_K_SHL, SYMX_K_LSHR, SYMX_K_ASHR};
  symx_expr *a = shaped(ctx, g, leaves, depth - 1), *b = shaped(ctx, g, leaves, depth - 1), *r;
  unsigned pick = (unsigned)rx_below(g, 14);
  if (pick < 11) {
    r = symx_mk2(ctx, (symx_kind)ops[pick], a, b);
  } else if (pick == 11) { /* a byte store and load: zext (extract 7..0) */
    symx_expr *byte = symx_extract(ctx, a, 7, 0);
    r = symx_zext(ctx, byte, 32);
    symx_expr_release(byte);
  } else {
    symx_expr *c = rx_below(g, 2) ? symx_slt(ctx, a, b) : symx_ult(ctx, a, b);
    r = symx_ite(ctx, c, a, b);
    symx_expr_release(c);
  }
  symx_expr_release(a);
  symx_expr_release(b);
  return r;
}

static symx_expr *shaped_cmp(symx_ctx *ctx, rx_gen *g, symx_expr *const *leaves) {
  static const int cmps[] = {SYMX_K_EQ, SYMX_K_NE, SYMX_K_ULT, SYMX_K_ULE, SYMX_K_UGT,
                             SYMX_K_UGE, SYMX_K_SLT, SYMX_K_SLE, SYMX_K_SGT, SYMX_K_SGE};
  symx_expr *a = shaped(ctx, g, leaves, 3), *b = shaped(ctx, g, leaves, 3);
  symx_expr *r = symx_mk2(ctx, (symx_kind)cmps[rx_below(g, 10)], a, b);
  symx_expr_release(a);
  symx_expr_release(b);
  return r;
}

/* widest divider left in e */
static unsigned widest_div(const sx_expr *e) {
  unsigned w = (e->kind == SYMX_K_UDIV || e->kind == SYMX_K_UREM) ? e->width : 0;
  for (unsigned i = 0; i < e->nargs; i++) {
    unsigned a = widest_div(e->args[i]);
    if (a > w) w = a;
  }
  return w;
}

/* every term of the programs' shape equals its narrowing on all 65,536 inputs of two bytes
** (sampled: every 31st) and every divider over bytes narrows below 32 bits */
static void test_shaped_exhaustive(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = K(symx_array_input(ctx, "in", 2, 32));
  symx_expr *leaves[2] = {K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 0)))), 32)),
                          K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 1)))), 32))};
  rx_gen g;
  CHECK(rx_init(&g, ctx, 3, &in, 1) == 0);
  symx_assign *a = symx_assign_new(ctx);
  unsigned terms = 0, bad = 0, divs = 0, narrowed_divs = 0;
  for (int t = 0; t < 120; t++) {
    symx_expr *e = t & 1 ? shaped(ctx, &g, leaves, 4) : shaped_cmp(ctx, &g, leaves);
    CHECK(e != NULL);
    if (!e) break;
    sx_expr *n = NULL;
    CHECK_EQ_U64(sx_narrow(ctx, NULL, &e, 1, &n), SYMX_OK);
    CHECK_EQ_U64(n->width, e->width);
    terms++;
    for (uint32_t v = (uint32_t)t % 31; v < 65536; v += 31) {
      uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
      symx_assign_set(a, "in", b, 2);
      if (val(ctx, e, a) != val(ctx, n, a)) {
        if (!bad++) {
          char *s1 = symx_expr_str(ctx, e), *s2 = symx_expr_str(ctx, n);
          fprintf(stderr, "  differs at %u:\n  %s\n  %s\n", v, s1, s2);
          free(s1);
          free(s2);
        }
        break;
      }
    }
    if (widest_div(e) == 32) {
      divs++;
      narrowed_divs += widest_div(n) < 32;
    }
    symx_expr_release(n);
    symx_expr_release(e);
  }
  fprintf(stderr, "  %u terms, %u differ; %u of %u with a 32-bit divider lost it\n", terms, bad, narrowed_divs, divs);
  CHECK_EQ_U64(bad, 0);
  CHECK(divs > 0 && narrowed_divs > 0);
  symx_assign_free(a);
  rx_fini(&g);
  keep_release();
  symx_ctx_free(ctx);
}

/* every operator at every width: equal values under random assignments */
static void test_random_terms(void) {
  symx_ctx *ctx = symx_ctx_new();
  rx_gen g;
  CHECK(rx_init(&g, ctx, 17, NULL, 0) == 0);
  unsigned bad = 0, changed = 0;
  for (int t = 0; t < 1500; t++) {
    symx_expr *e = rx_expr(&g, rx_width(&g), 4);
    CHECK(e != NULL);
    if (!e) break;
    sx_expr *n = NULL;
    CHECK_EQ_U64(sx_narrow(ctx, NULL, &e, 1, &n), SYMX_OK);
    changed += n != e;
    for (int k = 0; k < 40; k++) {
      symx_assign *a = rx_assign(&g);
      if (val(ctx, e, a) != val(ctx, n, a) && !bad++) {
        char *s1 = symx_expr_str(ctx, e), *s2 = symx_expr_str(ctx, n);
        fprintf(stderr, "  differs:\n  %s\n  %s\n", s1, s2);
        free(s1);
        free(s2);
      }
      symx_assign_free(a);
    }
    symx_expr_release(n);
    symx_expr_release(e);
  }
  fprintf(stderr, "  random terms: %u narrowed, %u differ\n", changed, bad);
  CHECK_EQ_U64(bad, 0);
  CHECK(changed > 0);
  rx_fini(&g);
  symx_ctx_free(ctx);
}

/* queries of the programs' shape: z3 gives the same answers narrowed and
** not, and a model of the narrowed query satisfies the original */
static void test_z3_agrees(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = K(symx_array_input(ctx, "in", 2, 32));
  symx_expr *leaves[2] = {K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 0)))), 32)),
                          K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 1)))), 32))};
  rx_gen g;
  CHECK(rx_init(&g, ctx, 11, &in, 1) == 0);
  sx_backend *z = sx_backend_z3.create(ctx);
  unsigned sat = 0, unsat = 0, differ = 0, bad_models = 0;
  for (int q = 0; q < 50; q++) {
    symx_expr *cs[3], *ns[3];
    size_t n = 1 + (size_t)rx_below(&g, 3);
    for (size_t i = 0; i < n; i++) cs[i] = shaped_cmp(ctx, &g, leaves);
    CHECK_EQ_U64(sx_narrow(ctx, NULL, cs, n, ns), SYMX_OK);
    sx_assign *m1 = symx_assign_new(ctx), *m2 = symx_assign_new(ctx);
    int r1 = sx_backend_z3.check(z, cs, n, 0, m1), r2 = sx_backend_z3.check(z, ns, n, 0, m2);
    differ += r1 != r2;
    sat += r2 == SYMX_SAT;
    unsat += r2 == SYMX_UNSAT;
    if (r2 == SYMX_SAT) bad_models += !sx_eval_all(ctx, cs, n, m2);
    symx_assign_free(m1);
    symx_assign_free(m2);
    for (size_t i = 0; i < n; i++) {
      symx_expr_release(cs[i]);
      symx_expr_release(ns[i]);
    }
  }
  fprintf(stderr, "  z3: %u sat, %u unsat, %u answers differ, %u bad models\n", sat, unsat, differ, bad_models);
  CHECK_EQ_U64(differ, 0);
  CHECK_EQ_U64(bad_models, 0);
  CHECK(sat > 0 && unsat > 0);
  sx_backend_z3.destroy(z);
  rx_fini(&g);
  keep_release();
  symx_ctx_free(ctx);
}

/* a malformed node (built raw) is an error, not a crash, and the solver
** then hands the query to the backend as it is, which reports it */
static void test_malformed(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  CHECK_EQ_U64(symx_option_get(ctx, "narrow"), 1);
  symx_expr *x = K(symx_var(ctx, "x", 8));
  /* bits 40..3 of an 8-bit value */
  sx_expr *bad = K(sx_expr_make(ctx, SYMX_K_EXTRACT, 38, 1, &x, 40, 3, "test"));
  sx_expr *c = K(symx_eq(ctx, bad, K(symx_const(ctx, 38, 1))));
  sx_expr *out = NULL;
  CHECK(sx_narrow(ctx, NULL, &c, 1, &out) != SYMX_OK);
  CHECK(out == NULL);
  CHECK(symx_solver_check(s, &c, 1, 0, NULL) == SYMX_SOLVER);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "z3: ");
  /* an unknown kind has nothing to narrow: it comes back as it is */
  sx_expr *odd = K(sx_expr_make(ctx, SYMX_K_COUNT_ + 3, 1, 1, &x, 0, 0, "test"));
  CHECK_EQ_U64(sx_narrow(ctx, NULL, &odd, 1, &out), SYMX_OK);
  CHECK(out == odd);
  symx_expr_release(out);
  /* through a cache, a constraint asked again gets the same narrowed node,
  ** also after the cache was flushed for space */
  sx_narrow_cache *cache = sx_narrow_cache_new(ctx);
  symx_expr *in = K(symx_array_input(ctx, "in", 2, 32));
  symx_expr *zx = K(symx_zext(ctx, K(symx_read(ctx, in, K(symx_const(ctx, 32, 0)))), 32));
  symx_expr *q = K(symx_ult(ctx, K(symx_urem(ctx, zx, K(symx_const(ctx, 32, 7)))), K(symx_const(ctx, 32, 3))));
  sx_expr *n1 = NULL, *n2 = NULL;
  CHECK_EQ_U64(sx_narrow(ctx, cache, &q, 1, &n1), SYMX_OK);
  CHECK(n1 != q && n1->args[0]->width < 32);
  for (uint64_t v = 0; v < 3000; v++) { /* fills the cache past its bound */
    sx_expr *k = symx_const(ctx, 32, v + 1000), *c = symx_ult(ctx, zx, k), *o;
    CHECK_EQ_U64(sx_narrow(ctx, cache, &c, 1, &o), SYMX_OK);
    symx_expr_release(o);
    symx_expr_release(c);
    symx_expr_release(k);
  }
  CHECK_EQ_U64(sx_narrow(ctx, cache, &q, 1, &n2), SYMX_OK);
  CHECK(n2 == n1);
  symx_expr_release(n1);
  symx_expr_release(n2);
  sx_narrow_cache_free(cache);
  symx_solver_free(s);
  keep_release();
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_malformed), CHECK_CASE(test_shaped_exhaustive), CHECK_CASE(test_random_terms), CHECK_CASE(test_z3_agrees))
