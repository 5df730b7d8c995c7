/*
** test_cadical_ops.c — every operator circuit of the cadical backend,
** exhaustively at widths 1..4, against sx_apply: first the circuits alone
** (AIG evaluated on all input pairs), then through the whole backend
** (blaster + CNF + CaDiCaL): "inputs fixed, result != sx_apply" is UNSAT.
*/
#include "check.h"
#include "solver/backend.h"
#include "solver/cadical/circuits.h"

static const int binary_kinds[] = {
    SYMX_K_ADD, SYMX_K_SUB, SYMX_K_MUL, SYMX_K_UDIV, SYMX_K_SDIV, SYMX_K_UREM, SYMX_K_SREM,
    SYMX_K_AND, SYMX_K_OR, SYMX_K_XOR, SYMX_K_SHL, SYMX_K_LSHR, SYMX_K_ASHR, SYMX_K_EQ,
    SYMX_K_NE, SYMX_K_ULT, SYMX_K_ULE, SYMX_K_UGT, SYMX_K_UGE, SYMX_K_SLT, SYMX_K_SLE,
    SYMX_K_SGT, SYMX_K_SGE};
#define NBIN (sizeof binary_kinds / sizeof binary_kinds[0])

static bool node_value(void *ud, uint32_t node) { return ((const uint8_t *)ud)[node]; }

/* value of the vector out[0..w) with inputs valued by vals */
static uint64_t eval_vec(sx_aig *g, const sx_lit *out, unsigned w, uint8_t *vals, uint32_t *memo,
                         uint32_t epoch, sx_u32s *st) {
  uint64_t v = 0;
  for (unsigned i = 0; i < w; i++) v |= (uint64_t)sx_aig_eval(g, out[i], memo, epoch, st, node_value, vals) << i;
  return v;
}

static void circuits_exhaustive(void) {
  symx_ctx *ctx = symx_ctx_new();
  for (unsigned w = 1; w <= 4; w++) {
    sx_aig g;
    CHECK(sx_aig_init(ctx, &g));
    sx_lit a[4], b[4], c = sx_aig_input(&g);
    for (unsigned i = 0; i < w; i++) a[i] = sx_aig_input(&g), b[i] = sx_aig_input(&g);
    sx_lit outs[NBIN + 3][4];
    for (size_t k = 0; k < NBIN; k++) sx_bv_op(&g, binary_kinds[k], a, b, w, outs[k]);
    sx_bv_op(&g, SYMX_K_NOT, a, NULL, w, outs[NBIN]);
    sx_bv_op(&g, SYMX_K_NEG, a, NULL, w, outs[NBIN + 1]);
    sx_bv_ite(&g, c, a, b, w, outs[NBIN + 2]);
    CHECK(!sx_aig_failed(&g));
    uint8_t *vals = calloc(g.nnodes, 1);
    uint32_t *memo = calloc(g.nnodes, sizeof *memo), epoch = 0;
    sx_u32s st = {0};
    for (uint64_t x = 0; x < (1u << w); x++)
      for (uint64_t y = 0; y < (1u << w); y++)
        for (int cv = 0; cv < 2; cv++) {
          vals[sx_lit_node(c)] = (uint8_t)cv;
          for (unsigned i = 0; i < w; i++) {
            vals[sx_lit_node(a[i])] = (x >> i) & 1;
            vals[sx_lit_node(b[i])] = (y >> i) & 1;
          }
          epoch++;
          for (size_t k = 0; k < NBIN + 3; k++) {
            int kind = k < NBIN ? binary_kinds[k] : k == NBIN ? SYMX_K_NOT : k == NBIN + 1 ? SYMX_K_NEG : SYMX_K_ITE;
            unsigned ow = kind >= SYMX_K_EQ && kind <= SYMX_K_SGE ? 1 : w;
            uint64_t got = eval_vec(&g, outs[k], ow, vals, memo, epoch, &st);
            uint64_t want = kind == SYMX_K_ITE ? sx_apply(kind, w, 1, (uint64_t)cv, x, y, 0, 0)
                                               : sx_apply(kind, ow, w, x, y, 0, 0, 0);
            if (got != want)
              fprintf(stderr, "%s w=%u x=%" PRIu64 " y=%" PRIu64 " c=%d: %" PRIu64 " != %" PRIu64 "\n",
                      symx_kind_name((symx_kind)kind), w, x, y, cv, got, want);
            CHECK_EQ_U64(got, want);
          }
        }
    SX_RELEASE(ctx, st);
    free(vals);
    free(memo);
    sx_aig_free(&g);
  }
  symx_ctx_free(ctx);
}

/* structural hashing and constant propagation */
static void aig_rules(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_aig g;
  CHECK(sx_aig_init(ctx, &g));
  sx_lit x = sx_aig_input(&g), y = sx_aig_input(&g);
  CHECK(sx_aig_and(&g, x, SX_LIT_FALSE) == SX_LIT_FALSE);
  CHECK(sx_aig_and(&g, SX_LIT_TRUE, x) == x);
  CHECK(sx_aig_and(&g, x, x) == x);
  CHECK(sx_aig_and(&g, x, sx_lit_not(x)) == SX_LIT_FALSE);
  sx_lit xy = sx_aig_and(&g, x, y);
  CHECK(sx_aig_and(&g, y, x) == xy);
  CHECK(sx_aig_and(&g, xy, x) == xy);
  CHECK(sx_aig_and(&g, xy, sx_lit_not(y)) == SX_LIT_FALSE);
  CHECK(sx_aig_xor(&g, x, y) == sx_aig_xor(&g, sx_lit_not(x), sx_lit_not(y)));
  CHECK(sx_aig_xor(&g, x, y) == sx_lit_not(sx_aig_xor(&g, sx_lit_not(x), y)));
  CHECK(sx_aig_ite(&g, x, y, y) == y);
  size_t before = g.nnodes;
  sx_lit a[8], b[8], s1[8], s2[8];
  for (int i = 0; i < 8; i++) a[i] = sx_aig_input(&g), b[i] = sx_aig_input(&g);
  before = g.nnodes;
  sx_bv_op(&g, SYMX_K_ADD, a, b, 8, s1);
  size_t mid = g.nnodes;
  sx_bv_op(&g, SYMX_K_ADD, a, b, 8, s2); /* the same circuit again: all shared */
  CHECK(g.nnodes == mid && mid > before);
  CHECK(!memcmp(s1, s2, sizeof s1));
  sx_lit k[8], p[8];
  sx_bv_const(0, 8, k);
  sx_bv_op(&g, SYMX_K_MUL, a, k, 8, p); /* x * 0 folds to constants */
  for (int i = 0; i < 8; i++) CHECK(p[i] == SX_LIT_FALSE);
  sx_aig_free(&g);
  symx_ctx_free(ctx);
}

/* asks the backend whether x == a, y == b, f != want is satisfiable */
static int ask_wrong(symx_ctx *ctx, sx_backend *be, symx_expr *x, symx_expr *y, uint64_t a, uint64_t b,
                     symx_expr *f, uint64_t want) {
  symx_expr *ka = symx_const(ctx, x->width, a), *kb = y ? symx_const(ctx, y->width, b) : NULL;
  symx_expr *kw = symx_const(ctx, f->width, want);
  symx_expr *c0 = symx_eq(ctx, x, ka), *c1 = y ? symx_eq(ctx, y, kb) : NULL;
  symx_expr *c2 = symx_ne(ctx, f, kw);
  symx_expr *cs[3] = {c0, c2, c1};
  int rc = sx_backend_cadical.check(be, cs, y ? 3 : 2, 0, NULL);
  symx_expr *all[] = {ka, kb, kw, c0, c1, c2};
  for (size_t i = 0; i < 6; i++) symx_expr_release(all[i]);
  return rc;
}

/* the whole backend on every operator, widths 1..4, all operand pairs */
static void backend_exhaustive(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "rewrite", 0); /* keep the operators for the blaster */
  sx_backend *be = sx_backend_cadical.create(ctx);
  size_t wrong = 0, asked = 0;
  for (unsigned w = 1; w <= 4; w++) {
    symx_expr *x = symx_var(ctx, w == 1 ? "x1" : w == 2 ? "x2" : w == 3 ? "x3" : "x4", w);
    symx_expr *y = symx_var(ctx, w == 1 ? "y1" : w == 2 ? "y2" : w == 3 ? "y3" : "y4", w);
    for (size_t k = 0; k < NBIN + 2; k++) {
      int kind = k < NBIN ? binary_kinds[k] : k == NBIN ? SYMX_K_NOT : SYMX_K_NEG;
      bool unary = k >= NBIN;
      symx_expr *f = unary ? symx_mk1(ctx, (symx_kind)kind, x) : symx_mk2(ctx, (symx_kind)kind, x, y);
      CHECK(f != NULL);
      for (uint64_t a = 0; a < (1u << w); a++)
        for (uint64_t b = 0; b < (unary ? 1u : 1u << w); b++) {
          uint64_t want = sx_apply(kind, f->width, w, a, b, 0, 0, 0);
          int rc = ask_wrong(ctx, be, x, unary ? NULL : y, a, b, f, want);
          asked++;
          if (rc != SYMX_UNSAT) {
            wrong++;
            fprintf(stderr, "%s w=%u a=%" PRIu64 " b=%" PRIu64 ": rc %d\n", symx_kind_name((symx_kind)kind), w, a, b, rc);
          }
        }
      symx_expr_release(f);
    }
    /* structure: extract every range, extend to every width up to 8, concat with y */
    for (uint64_t a = 0; a < (1u << w); a++) {
      for (unsigned hi = 0; hi < w; hi++)
        for (unsigned lo = 0; lo <= hi; lo++) {
          symx_expr *f = symx_extract(ctx, x, hi, lo);
          CHECK(ask_wrong(ctx, be, x, NULL, a, 0, f, sx_apply(SYMX_K_EXTRACT, hi - lo + 1, w, a, 0, 0, hi, lo)) == SYMX_UNSAT);
          symx_expr_release(f);
        }
      for (unsigned tw = w + 1; tw <= 8; tw++) {
        symx_expr *z = symx_zext(ctx, x, tw), *s = symx_sext(ctx, x, tw);
        CHECK(ask_wrong(ctx, be, x, NULL, a, 0, z, sx_apply(SYMX_K_ZEXT, tw, w, a, 0, 0, 0, 0)) == SYMX_UNSAT);
        CHECK(ask_wrong(ctx, be, x, NULL, a, 0, s, sx_apply(SYMX_K_SEXT, tw, w, a, 0, 0, 0, 0)) == SYMX_UNSAT);
        symx_expr_release(z);
        symx_expr_release(s);
      }
      for (uint64_t b = 0; b < (1u << w); b++) {
        symx_expr *f = symx_concat(ctx, x, y);
        CHECK(ask_wrong(ctx, be, x, y, a, b, f, sx_apply(SYMX_K_CONCAT, 2 * w, w, a, b, 0, 0, 0)) == SYMX_UNSAT);
        symx_expr_release(f);
        symx_expr *c = symx_extract(ctx, y, 0, 0);
        symx_expr *t = symx_ite(ctx, c, x, y);
        CHECK(ask_wrong(ctx, be, x, y, a, b, t, (b & 1) ? a : b) == SYMX_UNSAT);
        symx_expr_release(c);
        symx_expr_release(t);
      }
    }
    symx_expr_release(x);
    symx_expr_release(y);
  }
  CHECK(wrong == 0);
  CHECK(asked > 5000);
  sx_backend_cadical.destroy(be);
  CHECK(symx_expr_live(ctx) < 100); /* only inputs and cached constants remain */
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(aig_rules), CHECK_CASE(circuits_exhaustive), CHECK_CASE(backend_exhaustive))
