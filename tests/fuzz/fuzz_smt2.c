/*
** fuzz_smt2.c — libFuzzer harness of the SMT-LIB2 reader (symx_smt2_parse).
** A rejected script leaves SYMX_PARSE and a message. An accepted one is
** printed back (symx_smt2_query of its asserts) and read again, in the same
** context and in a fresh one; "scripts printed by symx_smt2_query read back
** exactly": every assert read back must evaluate as the original under a few
** assignments (zeros, ones, bytes of the input). Once every script is freed,
** only the context's input arrays may still be alive (no reference leaks).
*/
#include "fuzz.h"
#include "expr/expr.h"

enum { NASSIGN = 3, NBYTES = 16 };

/* The asserted expressions of s, in order (borrowed). */
static symx_expr **asserts(const symx_smt2 *s, size_t *n) {
  symx_expr **v = malloc((symx_smt2_count(s) + 1) * sizeof *v);
  FUZZ_CHECK(v, "out of memory");
  *n = 0;
  for (size_t i = 0; i < symx_smt2_count(s); i++) {
    size_t k = symx_smt2_nexprs(s, i);
    if (symx_smt2_kind(s, i) == SYMX_SMT2_ASSERT) {
      FUZZ_CHECK(k == 1, "assert %zu has %zu expressions", i, k);
      v[(*n)++] = symx_smt2_expr(s, i, 0);
    }
    for (size_t j = 0; j < k; j++) {
      FUZZ_CHECK(symx_smt2_expr(s, i, j), "command %zu: expression %zu is NULL", i, j);
      if (symx_smt2_kind(s, i) == SYMX_SMT2_GET_VALUE)
        FUZZ_CHECK(symx_smt2_expr_text(s, i, j), "get-value %zu: no text of %zu", i, j);
    }
  }
  return v;
}

/* Assignment r of the inputs of ctx (bound to at most NBYTES bytes each) in
** context to: zeros, ones, or bytes of data. */
static symx_assign *assignment(symx_ctx *ctx, symx_ctx *to, unsigned r, const uint8_t *data, size_t size) {
  symx_assign *a = symx_assign_new(to);
  FUZZ_CHECK(a, "out of memory");
  for (size_t i = 0; i < ctx->exprs->ninputs; i++) {
    const sx_array_info *ai = ctx->exprs->inputs[i]->arr;
    uint8_t b[NBYTES];
    size_t n = ai->size < NBYTES ? (size_t)ai->size : NBYTES;
    for (size_t k = 0; k < n; k++)
      b[k] = r == 0 ? 0 : r == 1 ? 0xff : size ? data[(i * NBYTES + k) % size] : (uint8_t)k;
    FUZZ_CHECK(!symx_assign_set(a, ai->name, b, n), "symx_assign_set failed");
  }
  return a;
}

/* cs[i] in ctx and back[i] in bctx evaluate alike. */
static void same_values(symx_ctx *ctx, symx_expr **cs, symx_ctx *bctx, symx_expr **back, size_t n,
                        const char *text, const uint8_t *data, size_t size) {
  for (unsigned r = 0; r < NASSIGN; r++) {
    symx_assign *a = assignment(ctx, ctx, r, data, size), *b = assignment(ctx, bctx, r, data, size);
    for (size_t i = 0; i < n; i++) {
      uint64_t v = 2, w = 3;
      FUZZ_CHECK(!symx_eval(ctx, cs[i], a, &v) && !symx_eval(bctx, back[i], b, &w), "eval failed: %s %s",
                 symx_errmsg(ctx), symx_errmsg(bctx));
      if (v == w) continue;
      char *x = symx_expr_str(ctx, cs[i]), *y = symx_expr_str(bctx, back[i]);
      FUZZ_CHECK(v == w, "assert %zu (assignment %u): %llu, read back %llu\n  %s\n  %s\n%s", i, r,
                 (unsigned long long)v, (unsigned long long)w, x, y, text);
    }
    symx_assign_free(a);
    symx_assign_free(b);
  }
}

/* Reads the printed text in bctx and compares its asserts with cs. */
static void read_back(symx_ctx *ctx, symx_expr **cs, size_t n, symx_ctx *bctx, const char *text,
                      const uint8_t *data, size_t size) {
  symx_smt2 *again = symx_smt2_parse(bctx, text, strlen(text), "printed");
  FUZZ_CHECK(again, "the printed script does not parse: %s\n%s", symx_errmsg(bctx), text);
  size_t m;
  symx_expr **back = asserts(again, &m);
  FUZZ_CHECK(m == n, "%zu asserts printed, %zu read back", n, m);
  same_values(ctx, cs, bctx, back, n, text, data, size);
  free(back);
  symx_smt2_free(again);
}

static void round_trip(symx_ctx *ctx, symx_expr **cs, size_t n, const uint8_t *data, size_t size) {
  char *text = symx_smt2_query(ctx, cs, n);
  FUZZ_CHECK(text, "symx_smt2_query failed: %s", symx_errmsg(ctx));
  read_back(ctx, cs, n, ctx, text, data, size);
  symx_ctx *fresh = fuzz_ctx();
  read_back(ctx, cs, n, fresh, text, data, size);
  symx_ctx_free(fresh);
  symx_string_free(ctx, text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  symx_ctx *ctx = fuzz_ctx();
  symx_smt2 *s = symx_smt2_parse(ctx, (const char *)data, size, "fuzz");
  if (!s) {
    fuzz_check_rejected(ctx, SYMX_PARSE);
  } else {
    size_t n;
    symx_expr **cs = asserts(s, &n);
    round_trip(ctx, cs, n, data, size);
    free(cs);
    symx_smt2_free(s);
  }
  uint64_t live = symx_stat_get(ctx, "expr_live");
  FUZZ_CHECK(live == ctx->exprs->ninputs, "%llu expressions alive after freeing, %zu inputs",
             (unsigned long long)live, ctx->exprs->ninputs);
  symx_ctx_free(ctx);
  return 0;
}
