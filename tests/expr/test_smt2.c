/* tests/expr/test_smt2.c — the SMT-LIB2 printer and reader: printed
** queries parse back to expressions that evaluate equal (same context and a
** fresh one), z3 accepts them and agrees on satisfied queries, a KLEE-shaped
** query log reads with the right meaning, let scoping, and clear
** "name:line:col: message" errors on malformed input. */
#include "check.h"
#include "randexpr.h"
#include "symx.h"

#include <unistd.h>


static void round_trip(uint64_t seed, int oob) {
  symx_ctx *ctx = symx_ctx_new();
  rx_gen g;
  CHECK(rx_init(&g, ctx, seed, NULL, 0) == 0);
  g.oob = oob;
  for (int q = 0; q < 60; q++) {
    symx_expr *cs[4];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 4), 5);
    char *text = symx_smt2_query(ctx, cs, n);
    CHECK(text != NULL);
    symx_smt2 *same = symx_smt2_parse(ctx, text, strlen(text), "same");
    symx_ctx *fresh_ctx = symx_ctx_new();
    symx_smt2 *fresh = symx_smt2_parse(fresh_ctx, text, strlen(text), "fresh");
    if (!same || !fresh) fprintf(stderr, "%s\n%s\n", symx_errmsg(same ? fresh_ctx : ctx), text);
    CHECK(same && fresh);
    if (same && fresh) {
      CHECK(symx_smt2_count(same) == n + 1 && symx_smt2_kind(same, n) == SYMX_SMT2_CHECK_SAT);
      for (int r = 0; r < 8; r++) {
        symx_assign *a = rx_assign(&g), *fa = rx_assign_to(fresh_ctx, a);
        for (size_t i = 0; i < n; i++) {
          uint64_t v0 = 5, v1 = 6, v2 = 7;
          symx_eval(ctx, cs[i], a, &v0);
          symx_eval(ctx, symx_smt2_expr(same, i, 0), a, &v1);
          symx_eval(fresh_ctx, symx_smt2_expr(fresh, i, 0), fa, &v2);
          CHECK_EQ_U64(v0, v1);
          CHECK_EQ_U64(v0, v2);
        }
        symx_assign_free(a);
        symx_assign_free(fa);
      }
    }
    symx_smt2_free(same);
    symx_smt2_free(fresh);
    symx_ctx_free(fresh_ctx);
    symx_string_free(ctx, text);
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  rx_fini(&g);
  if (symx_expr_live(ctx) != 3) fprintf(stderr, "live %zu\n", symx_expr_live(ctx));
  CHECK(symx_expr_live(ctx) == 3);
  symx_ctx_free(ctx);
}

static void test_round_trip(void) {
  for (uint64_t s = 1; s <= 4; s++) round_trip(s, (int)(s & 1));
}

/* z3 must accept our output, and find SAT every query made true by an
** assignment (each constraint is negated when the assignment falsifies it). */
static void test_z3_accepts(void) {
  if (access("/usr/bin/z3", X_OK) != 0) {
    CHECK_SKIP("z3 not installed");
    return;
  }
  symx_ctx *ctx = symx_ctx_new();
  rx_gen g;
  CHECK(rx_init(&g, ctx, 99, NULL, 0) == 0);
  g.oob = 1;
  char path[] = "/tmp/symx_test_smt2_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd >= 0) close(fd);
  for (int q = 0; q < 12 && fd >= 0; q++) {
    symx_expr *cs[4];
    size_t n = rx_query(&g, cs, 4, 5);
    symx_assign *a = rx_assign(&g);
    for (size_t i = 0; i < n; i++) {
      uint64_t v;
      symx_eval(ctx, cs[i], a, &v);
      if (!v) {
        symx_expr *nc = symx_bool_not(ctx, cs[i]);
        symx_expr_release(cs[i]);
        cs[i] = nc;
      }
    }
    char *text = symx_smt2_query(ctx, cs, n);
    FILE *f = fopen(path, "w");
    if (f && text) {
      fputs(text, f);
      fclose(f);
      char cmd[128], out[256] = {0};
      snprintf(cmd, sizeof cmd, "z3 -T:20 %s 2>&1", path);
      FILE *p = popen(cmd, "r");
      size_t got = p ? fread(out, 1, sizeof out - 1, p) : 0;
      if (p) pclose(p);
      out[got] = 0;
      if (strcmp(out, "sat\n") != 0) fprintf(stderr, "z3 said: %s\n%s\n", out, text);
      CHECK(strcmp(out, "sat\n") == 0);
    }
    symx_string_free(ctx, text);
    symx_assign_free(a);
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  unlink(path);
  rx_fini(&g);
  symx_ctx_free(ctx);
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *buf = malloc(1 << 16);
  *len = fread(buf, 1, (1 << 16) - 1, f);
  buf[*len] = 0;
  fclose(f);
  return buf;
}

static void test_klee_file(void) {
  /* next to this source file (meson runs tests in the build directory),
  ** or from the source root */
  char path[1024];
  const char *slash = strrchr(__FILE__, '/');
  snprintf(path, sizeof path, "%.*sdata/klee_query.smt2", slash ? (int)(slash - __FILE__ + 1) : 0, __FILE__);
  size_t len = 0;
  char *text = read_file(path, &len);
  if (!text) text = read_file("tests/expr/data/klee_query.smt2", &len);
  CHECK(text != NULL);
  if (!text) {
    fprintf(stderr, "cannot read %s\n", path);
    return;
  }
  symx_ctx *ctx = symx_ctx_new();
  symx_smt2 *s = symx_smt2_parse(ctx, text, len, "klee_query.smt2");
  if (!s) fprintf(stderr, "%s\n", symx_errmsg(ctx));
  CHECK(s != NULL);
  if (s) {
    CHECK(symx_smt2_count(s) == 7);
    static const symx_smt2_cmd kinds[] = {SYMX_SMT2_ASSERT, SYMX_SMT2_ASSERT, SYMX_SMT2_ASSERT, SYMX_SMT2_CHECK_SAT,
                                          SYMX_SMT2_GET_VALUE, SYMX_SMT2_GET_VALUE, SYMX_SMT2_EXIT};
    for (size_t i = 0; i < 7 && i < symx_smt2_count(s); i++) CHECK(symx_smt2_kind(s, i) == kinds[i]);
    CHECK(symx_smt2_nexprs(s, 5) == 2);
    CHECK(symx_smt2_expr_text(s, 5, 1) && !strcmp(symx_smt2_expr_text(s, 5, 1), "(select  n (_ bv2 32) )"));
    CHECK(symx_expr_width(symx_smt2_expr(s, 4, 0)) == 8);
    /* oracle: the three asserts computed directly in C */
    uint64_t st = 1;
    symx_assign *a = symx_assign_new(ctx);
    int sat_seen = 0;
    for (int r = 0; r < 3000; r++) {
      uint8_t arr[8], n[8];
      for (int i = 0; i < 8; i++) {
        arr[i] = (uint8_t)(st = st * 6364136223846793005ull + 1442695040888963407ull) >> 7;
        n[i] = (uint8_t)((st = st * 6364136223846793005ull + 1442695040888963407ull) >> 40);
      }
      if (r % 3 == 0) arr[1] = arr[2] = arr[3] = 0, arr[0] &= 0x3f; /* make assert 1 likely */
      uint32_t b1 = (uint32_t)arr[0] | (uint32_t)arr[1] << 8 | (uint32_t)arr[2] << 16 | (uint32_t)arr[3] << 24;
      uint32_t nb = (uint32_t)n[0] | (uint32_t)n[1] << 8 | (uint32_t)n[2] << 16 | (uint32_t)n[3] << 24;
      int want1 = (int32_t)b1 < 100 && b1 != 0;
      uint32_t b2 = arr[4];
      int want2 = b2 < 200 && (uint32_t)(3u * (nb + b2)) == 42u;
      uint32_t idx = n[4] % 6;
      uint8_t byte = idx == 5 ? 7 : arr[idx];
      int want3 = byte < 0x80;
      symx_assign_set(a, "arr", arr, 8);
      symx_assign_set(a, "n", n, 8);
      uint64_t v1, v2, v3;
      symx_eval(ctx, symx_smt2_expr(s, 0, 0), a, &v1);
      symx_eval(ctx, symx_smt2_expr(s, 1, 0), a, &v2);
      symx_eval(ctx, symx_smt2_expr(s, 2, 0), a, &v3);
      CHECK_EQ_U64(v1, want1);
      CHECK_EQ_U64(v2, want2);
      CHECK_EQ_U64(v3, want3);
      sat_seen += want1;
    }
    CHECK(sat_seen > 0);
    /* assert 2 is satisfiable: 3 * (n + arr[4]) == 42 with n = 14 - arr[4] */
    uint8_t arr[8] = {1, 0, 0, 0, 4, 0, 0, 0}, n[8] = {10, 0, 0, 0, 0, 0, 0, 0};
    symx_assign_set(a, "arr", arr, 8);
    symx_assign_set(a, "n", n, 8);
    CHECK(symx_assign_satisfies(ctx, a, (symx_expr *const[]){symx_smt2_expr(s, 0, 0), symx_smt2_expr(s, 1, 0),
                                                              symx_smt2_expr(s, 2, 0)}, 3) == 1);
    symx_assign_free(a);
  }
  symx_smt2_free(s);
  free(text);
  CHECK(symx_expr_live(ctx) == 2); /* arr and n */
  symx_ctx_free(ctx);
}

static void test_let_and_commands(void) {
  symx_ctx *ctx = symx_ctx_new();
  const char *text =
      "(set-info :status sat)(set-option :produce-models true)\n"
      "(declare-fun x () (_ BitVec 8)) (declare-const b Bool) (declare-fun w () (_ BitVec 12))\n"
      "(define-fun two () (_ BitVec 8) #x02)\n"
      "(push 2)\n"
      "(assert (let ((x #x01) (y x)) (let ((x (bvadd x two))) (= y (bvsub x #x03)))))\n" /* y is the outer x */
      "(assert (=> b (distinct x #x05 #x06) (bvuge x (_ bv3 8))))\n"
      "(assert (xor b (= ((_ zero_extend 4) w) (concat #b0000 w)) (bvult #b1 (bvcomp x x))))\n"
      "(pop 1)\n(check-sat)(get-value (x (bvnand x #x0f) |b|))(get-model)(reset)(exit)\n";
  symx_smt2 *s = symx_smt2_parse(ctx, text, strlen(text), "let.smt2");
  if (!s) fprintf(stderr, "%s\n", symx_errmsg(ctx));
  CHECK(s != NULL);
  if (s) {
    CHECK(symx_smt2_count(s) == 10);
    CHECK(symx_smt2_kind(s, 0) == SYMX_SMT2_PUSH && symx_smt2_num(s, 0) == 2);
    CHECK(symx_smt2_kind(s, 4) == SYMX_SMT2_POP && symx_smt2_num(s, 4) == 1);
    CHECK(symx_smt2_kind(s, 6) == SYMX_SMT2_GET_VALUE && symx_smt2_nexprs(s, 6) == 3);
    CHECK(!strcmp(symx_smt2_expr_text(s, 6, 1), "(bvnand x #x0f)"));
    CHECK(symx_smt2_kind(s, 7) == SYMX_SMT2_GET_MODEL && symx_smt2_kind(s, 8) == SYMX_SMT2_RESET);
    symx_assign *a = symx_assign_new(ctx);
    for (unsigned xv = 0; xv < 256; xv++)
      for (unsigned bv = 0; bv < 2; bv++) {
        uint8_t xb = (uint8_t)xv, bb = (uint8_t)bv, wb[2] = {(uint8_t)(xv * 7), (uint8_t)xv};
        symx_assign_set(a, "x", &xb, 1);
        symx_assign_set(a, "b", &bb, 1);
        symx_assign_set(a, "w", wb, 2);
        uint64_t v0, v1, v2, g1;
        symx_eval(ctx, symx_smt2_expr(s, 1, 0), a, &v0);
        symx_eval(ctx, symx_smt2_expr(s, 2, 0), a, &v1);
        symx_eval(ctx, symx_smt2_expr(s, 3, 0), a, &v2);
        symx_eval(ctx, symx_smt2_expr(s, 6, 1), a, &g1);
        CHECK_EQ_U64(v0, xv == 0);
        CHECK_EQ_U64(v1, !bv || xv == 5 || xv == 6 || xv >= 3); /* right associative */
        CHECK_EQ_U64(v2, (unsigned)(bv ^ 1 ^ 0));
        CHECK_EQ_U64(g1, (~(xv & 0x0f)) & 0xff);
      }
    symx_assign_free(a);
  }
  symx_smt2_free(s);
  symx_ctx_free(ctx);
}

static void test_errors(void) {
  static const struct { const char *text, *where, *msg; } bad[] = {
      {"(assert (= x #x01))", "e.smt2:1:12:", "unknown symbol 'x'"},
      {"(declare-fun x () (_ BitVec 8))\n(assert (= (bvadd x #x0001) x))", "e.smt2:2:13:", "sort mismatch"},
      {"(assert true", "e.smt2:1:13:", "unbalanced"},
      {"(check-sat))", "e.smt2:1:12:", "unexpected ')'"},
      {"(declare-fun x () (_ BitVec 65))", "e.smt2:1:29:", "exceeds 64"},
      {"(declare-datatypes () ())", "e.smt2:1:2:", "unsupported command 'declare-datatypes'"},
      {"(assert #x1)", "e.smt2:1:9:", "assert needs a Bool term"},
      {"(declare-fun f ((_ BitVec 8)) (_ BitVec 8))", "e.smt2:1:17:", "functions with arguments"},
      {"(assert (= #x01 #x0))", "e.smt2:1:10:", "sort mismatch"},
      {"(declare-fun x () Int)", "e.smt2:1:19:", "unsupported sort 'Int'"},
      {"(assert (bvfoo #x01 #x02))", "e.smt2:1:10:", "unknown function 'bvfoo'"},
      {"(assert (= ((_ extract 8 0) #x01) #x01))", "e.smt2:1:16:", "out of range"},
      {"(assert (= #xZZ #x00))", "e.smt2:1:12:", "malformed hexadecimal literal"},
      {"(assert (= (concat #xffffffffffffffff #x00) #x00))", "e.smt2:1:13:", "exceeds 64"},
      {"(assert (= 5 5))", "e.smt2:1:12:", "integer terms"},
      {"(assert (= |abc #x00))", "e.smt2:1:12:", "unterminated quoted symbol"},
      {"(declare-fun a () (Array (_ BitVec 32) (_ BitVec 32)))", "e.smt2:1:26:", "unsupported array sort"},
      {"(push 1)\n(pop 2)", "e.smt2:2:2:", "pop 2 exceeds"},
      {"(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))\n(assert (select a #x00000000))", "e.smt2:2:9:",
       "assert needs a Bool term"},
      {"(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))\n(assert (= (select a #x00) #x00))", "e.smt2:2:13:",
       "index has sort"},
      {"(assert (ite #b1 true false))", "e.smt2:1:10:", "condition must be Bool"},
      {"(declare-fun x () (_ BitVec 8))\n(declare-fun x () (_ BitVec 8))", "e.smt2:2:14:", "already declared"},
      {"(assert (let ((x #x01)) (= x #x01)) extra)", "e.smt2:1:37:", "expected ')'"},
      {"(assert \x01)", "e.smt2:1:9:", "unexpected character"},
      {"(assert (let ((x #x01)) (= x #x01))) (assert (= x #x01))", "e.smt2:1:49:", "unknown symbol 'x'"},
      {"(assert (bvnot #x01 #x02))", "e.smt2:1:10:", "expects 1 argument"},
      {"(assert (= ((_ zero_extend 60) #x01) #x01))", "e.smt2:1:16:", "exceeds 64"},
      {"(assert (= (_ bv1 80) (_ bv1 80)))", "e.smt2:1:19:", "exceeds 64"},
      {"(define-fun x () (_ BitVec 8) true)", "e.smt2:1:31:", "body has sort Bool"},
      {"x", "e.smt2:1:1:", "expected '('"},
      {"(assert (and true #b1))", "e.smt2:1:10:", "expected Bool"},
      {"(assert (= \"str\" \"str\"))", "e.smt2:1:12:", "unexpected"},
  };
  symx_ctx *ctx = symx_ctx_new();
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    symx_errclear(ctx);
    symx_smt2 *s = symx_smt2_parse(ctx, bad[i].text, strlen(bad[i].text), "e.smt2");
    CHECK(s == NULL);
    symx_smt2_free(s);
    CHECK(symx_errcode(ctx) == SYMX_PARSE);
    if (strncmp(symx_errmsg(ctx), bad[i].where, strlen(bad[i].where)) || !strstr(symx_errmsg(ctx), bad[i].msg))
      fprintf(stderr, "case %zu: got \"%s\", want \"%s ... %s\"\n", i, symx_errmsg(ctx), bad[i].where, bad[i].msg);
    CHECK(strncmp(symx_errmsg(ctx), bad[i].where, strlen(bad[i].where)) == 0);
    CHECK_STR_CONTAINS(symx_errmsg(ctx), bad[i].msg);
  }
  /* every prefix of a valid script fails cleanly or parses: never a crash */
  const char *good = "(declare-fun a () (Array (_ BitVec 32) (_ BitVec 8)))(assert (let ((?B1 (select a (_ bv0 32)))) "
                     "(bvult ?B1 #x10)))(check-sat)";
  for (size_t n = 0; n <= strlen(good); n++) {
    symx_smt2 *s = symx_smt2_parse(ctx, good, n, "prefix");
    symx_smt2_free(s);
  }
  CHECK(symx_smt2_parse(ctx, NULL, 3, "x") == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  symx_smt2 *empty = symx_smt2_parse(ctx, "", 0, NULL);
  CHECK(empty && symx_smt2_count(empty) == 0);
  symx_smt2_free(empty);
  CHECK(symx_expr_live(ctx) == 2); /* the inputs x and a */
  symx_ctx_free(ctx);
}

/* deep nesting (no recursion in the reader) */
static void test_deep_nesting(void) {
  symx_ctx *ctx = symx_ctx_new();
  const int depth = 200000;
  size_t len = (size_t)depth * 11 + 256;
  char *t = malloc(len), *p = t;
  p += sprintf(p, "(declare-fun x () (_ BitVec 8))(assert (= ");
  for (int i = 0; i < depth; i++) p += sprintf(p, "(bvnot ");
  p += sprintf(p, "x");
  for (int i = 0; i < depth; i++) *p++ = ')';
  p += sprintf(p, " x))");
  symx_option_set(ctx, "rewrite", 0);
  symx_smt2 *s = symx_smt2_parse(ctx, t, (size_t)(p - t), "deep");
  CHECK(s != NULL);
  if (s) {
    uint64_t v = 0;
    uint8_t xb = 0x5a;
    symx_assign *a = symx_assign_new(ctx);
    symx_assign_set(a, "x", &xb, 1);
    CHECK(symx_eval(ctx, symx_smt2_expr(s, 0, 0), a, &v) == SYMX_OK && v == 1);
    symx_assign_free(a);
  }
  symx_smt2_free(s);
  free(t);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_round_trip), CHECK_CASE(test_z3_accepts), CHECK_CASE(test_klee_file),
           CHECK_CASE(test_let_and_commands), CHECK_CASE(test_errors), CHECK_CASE(test_deep_nesting))
