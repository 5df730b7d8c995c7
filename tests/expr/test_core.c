/* tests/expr/test_core.c — hash-consing, misuse paths, leaks, the
** evaluator against an independent reference (SMT-LIB definitions) over
** every input of small widths, both evaluation engines, and a
** 1,000,000-node chain. */
#include "check.h"
#include "symx.h"

static void test_hashcons_identity(void) {
  symx_ctx *ctx = symx_ctx_new();
  for (int level = 0; level <= 2; level++) {
    symx_option_set(ctx, "rewrite", level);
    symx_expr *x = symx_var(ctx, "x", 32), *y = symx_var(ctx, "y", 32);
    symx_expr *a = symx_add(ctx, x, y), *b = symx_add(ctx, x, y);
    CHECK(a == b);
    symx_expr *c = symx_ult(ctx, a, x), *d = symx_ult(ctx, b, x);
    CHECK(c == d);
    symx_expr *k1 = symx_const(ctx, 32, 5), *k2 = symx_const(ctx, 32, 5 + (1ull << 32));
    CHECK(k1 == k2); /* truncated to the width */
    CHECK(symx_expr_hash(a) == symx_expr_hash(b));
    if (level == 2) { /* commutative operands in canonical order */
      symx_expr *e = symx_add(ctx, y, x), *f = symx_mul(ctx, k1, x), *g = symx_mul(ctx, x, k1);
      CHECK(e == a);
      CHECK(f == g);
      symx_expr_release(e);
      symx_expr_release(f);
      symx_expr_release(g);
    }
    symx_expr *v2 = symx_var(ctx, "x", 32);
    CHECK(v2 == x);
    symx_expr_release(v2);
    symx_expr *arr[] = {x, y, a, b, c, d, k1, k2};
    for (size_t i = 0; i < sizeof arr / sizeof arr[0]; i++) symx_expr_release(arr[i]);
  }
  CHECK(symx_expr_live(ctx) == 2); /* the inputs x and y */
  symx_ctx_free(ctx);
}

#define MISUSE(call, fname)                                                   \
  do {                                                                        \
    symx_errclear(ctx);                                                       \
    symx_expr *r_ = (call);                                                   \
    CHECK(r_ == NULL);                                                        \
    CHECK(symx_errcode(ctx) == SYMX_MISUSE);                                  \
    CHECK_STR_CONTAINS(symx_errmsg(ctx), fname);                              \
    symx_expr_release(r_);                                                    \
  } while (0)

static void test_misuse(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *x8 = symx_var(ctx, "x", 8), *y16 = symx_var(ctx, "y", 16);
  symx_expr *x64 = symx_var(ctx, "z", 64), *b = symx_var(ctx, "b", 1);
  symx_expr *arr = symx_array_input(ctx, "arr", 16, 32), *i64 = symx_const(ctx, 64, 1);
  MISUSE(symx_add(ctx, x8, y16), "symx_add");
  MISUSE(symx_eq(ctx, x8, y16), "symx_eq");
  MISUSE(symx_extract(ctx, x8, 8, 0), "symx_extract");
  MISUSE(symx_extract(ctx, x8, 2, 3), "symx_extract");
  MISUSE(symx_add(ctx, NULL, x8), "symx_add");
  MISUSE(symx_not(ctx, NULL), "symx_not");
  MISUSE(symx_read(ctx, arr, i64), "symx_read");
  MISUSE(symx_read(ctx, x8, x8), "symx_read");
  MISUSE(symx_array_write(ctx, arr, i64, x8), "symx_array_write");
  MISUSE(symx_array_write(ctx, arr, symx_const(ctx, 32, 0), y16), "symx_array_write");
  MISUSE(symx_concat(ctx, x64, x8), "symx_concat");
  MISUSE(symx_array_input(ctx, "", 4, 32), "symx_array_input");
  MISUSE(symx_array_input(ctx, NULL, 4, 32), "symx_array_input");
  MISUSE(symx_array_input(ctx, "arr", 17, 32), "symx_array_input");
  MISUSE(symx_array_input(ctx, "arr", 16, 64), "symx_array_input");
  MISUSE(symx_array_input(ctx, "q", 4, 16), "symx_array_input");
  MISUSE(symx_const(ctx, 65, 0), "symx_const");
  MISUSE(symx_const(ctx, 0, 0), "symx_const");
  MISUSE(symx_var(ctx, "v", 0), "symx_var");
  MISUSE(symx_zext(ctx, y16, 8), "symx_zext");
  MISUSE(symx_sext(ctx, y16, 65), "symx_sext");
  MISUSE(symx_ite(ctx, x8, x8, x8), "symx_ite");
  MISUSE(symx_ite(ctx, b, x8, y16), "symx_ite");
  MISUSE(symx_bool_and(ctx, x8, b), "symx_bool_and");
  MISUSE(symx_add(ctx, arr, arr), "symx_add");
  MISUSE(symx_mk2(ctx, SYMX_K_ITE, b, b), "symx_mk2");
  MISUSE(symx_mk1(ctx, SYMX_K_COUNT_, b), "symx_mk1");
  MISUSE(symx_read_le(ctx, arr, 0, 9), "symx_read_le");
  MISUSE(symx_array_const(ctx, NULL, NULL, 4, 32), "symx_array_const");
  symx_errclear(ctx);
  CHECK(symx_expr_str(ctx, NULL) == NULL);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_expr_str");
  /* errors propagate through nested builds */
  symx_errclear(ctx);
  symx_expr *bad = symx_add(ctx, x8, y16);
  symx_expr *outer = symx_not(ctx, bad);
  CHECK(outer == NULL);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_add");
  /* a node of another context */
  symx_ctx *other = symx_ctx_new();
  symx_expr *o = symx_var(other, "x", 8);
  MISUSE(symx_add(ctx, x8, o), "symx_add");
  uint64_t v;
  CHECK(symx_eval(ctx, o, NULL, &v) == SYMX_MISUSE);
  CHECK(symx_eval(ctx, arr, NULL, &v) == SYMX_MISUSE);
  CHECK(symx_eval(ctx, NULL, NULL, &v) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_eval");
  CHECK(symx_smt2_query(ctx, &x8, 1) == NULL);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_smt2_query");
  symx_expr_release(o);
  symx_ctx_free(other);
  symx_expr *all[] = {x8, y16, x64, b, arr, i64};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
  symx_ctx_free(ctx);
}

/* ---- independent reference semantics (SMT-LIB definitions) ---- */

static uint64_t M(unsigned w) { return w == 64 ? ~0ull : (1ull << w) - 1; }
static int msb(uint64_t v, unsigned w) { return (int)((v >> (w - 1)) & 1); }
static uint64_t rneg(uint64_t v, unsigned w) { return (~v + 1) & M(w); }
static uint64_t rudiv(uint64_t s, uint64_t t, unsigned w) { return t == 0 ? M(w) : s / t; }
static uint64_t rurem(uint64_t s, uint64_t t) { return t == 0 ? s : s % t; }
static int64_t sval(uint64_t v, unsigned w) { return msb(v, w) ? (int64_t)v - (int64_t)(M(w)) - 1 : (int64_t)v; }

static uint64_t ref(int k, unsigned w, uint64_t s, uint64_t t) {
  int ms = msb(s, w), mt = msb(t, w);
  switch (k) {
  case SYMX_K_NOT: return s ^ M(w);
  case SYMX_K_NEG: return rneg(s, w);
  case SYMX_K_ADD: return (s + t) & M(w);
  case SYMX_K_SUB: return (s + rneg(t, w)) & M(w);
  case SYMX_K_MUL: return (s * t) & M(w);
  case SYMX_K_UDIV: return rudiv(s, t, w);
  case SYMX_K_UREM: return rurem(s, t);
  case SYMX_K_SDIV:
    if (!ms && !mt) return rudiv(s, t, w);
    if (ms && !mt) return rneg(rudiv(rneg(s, w), t, w), w);
    if (!ms && mt) return rneg(rudiv(s, rneg(t, w), w), w);
    return rudiv(rneg(s, w), rneg(t, w), w);
  case SYMX_K_SREM:
    if (!ms && !mt) return rurem(s, t);
    if (ms && !mt) return rneg(rurem(rneg(s, w), t), w);
    if (!ms && mt) return rurem(s, rneg(t, w));
    return rneg(rurem(rneg(s, w), rneg(t, w)), w);
  case SYMX_K_AND: return s & t;
  case SYMX_K_OR: return s | t;
  case SYMX_K_XOR: return s ^ t;
  case SYMX_K_SHL: { uint64_t r = s; for (uint64_t i = 0; i < t && i < w; i++) r = (r << 1) & M(w); return t >= w ? 0 : r; }
  case SYMX_K_LSHR: { uint64_t r = s; for (uint64_t i = 0; i < t && i < w; i++) r >>= 1; return r; }
  case SYMX_K_ASHR: { uint64_t r = s; for (uint64_t i = 0; i < t && i < w; i++) r = r >> 1 | (uint64_t)ms << (w - 1); return r; }
  case SYMX_K_EQ: return s == t;
  case SYMX_K_NE: return s != t;
  case SYMX_K_ULT: return s < t;
  case SYMX_K_ULE: return s <= t;
  case SYMX_K_UGT: return s > t;
  case SYMX_K_UGE: return s >= t;
  case SYMX_K_SLT: return sval(s, w) < sval(t, w);
  case SYMX_K_SLE: return sval(s, w) <= sval(t, w);
  case SYMX_K_SGT: return sval(s, w) > sval(t, w);
  case SYMX_K_SGE: return sval(s, w) >= sval(t, w);
  default: return 0;
  }
}

static void test_eval_brute_force(void) {
  for (int level = 0; level <= 2; level += 2) {
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set(ctx, "rewrite", level);
    symx_assign *as = symx_assign_new(ctx);
    for (unsigned w = 1; w <= 6; w++) {
      symx_expr *x = symx_var(ctx, "x", w), *y = symx_var(ctx, "y", w);
      for (int k = SYMX_K_NOT; k <= SYMX_K_SGE; k++) {
        if (k >= SYMX_K_CONCAT && k <= SYMX_K_SEXT) continue;
        symx_expr *e = k <= SYMX_K_NEG ? symx_mk1(ctx, (symx_kind)k, x) : symx_mk2(ctx, (symx_kind)k, x, y);
        int bad = 0;
        /* twice over all inputs: the first round walks, later ones run the plan */
        for (int round = 0; round < 2; round++)
          for (uint64_t s = 0; s <= M(w); s++)
            for (uint64_t t = 0; t <= M(w); t++) {
              uint8_t bs = (uint8_t)s, bt = (uint8_t)t;
              symx_assign_set(as, "x", &bs, 1);
              symx_assign_set(as, "y", &bt, 1);
              uint64_t v = ~0ull;
              CHECK(symx_eval(ctx, e, as, &v) == SYMX_OK);
              uint64_t want = ref(k, w, s, t);
              if (v != want && bad++ < 3)
                fprintf(stderr, "w=%u %s(%llu, %llu) = %llu, reference %llu\n", w,
                        symx_kind_name((symx_kind)k), (unsigned long long)s, (unsigned long long)t,
                        (unsigned long long)v, (unsigned long long)want);
              /* constants fold through the same semantics */
              symx_expr *cs = symx_const(ctx, w, s), *ct = symx_const(ctx, w, t);
              symx_expr *f = k <= SYMX_K_NEG ? symx_mk1(ctx, (symx_kind)k, cs) : symx_mk2(ctx, (symx_kind)k, cs, ct);
              if (level > 0) CHECK(symx_expr_is_const(f) && symx_expr_const_value(f) == want);
              symx_expr_release(f);
              symx_expr_release(cs);
              symx_expr_release(ct);
            }
        CHECK(bad == 0);
        symx_expr_release(e);
      }
      /* structure ops on all inputs */
      for (uint64_t s = 0; s <= M(w); s++) {
        uint8_t bs = (uint8_t)s;
        symx_assign_set(as, "x", &bs, 1);
        for (unsigned to = w; to <= 64; to += 13) {
          symx_expr *z = symx_zext(ctx, x, to), *sx = symx_sext(ctx, x, to);
          uint64_t vz, vs;
          symx_eval(ctx, z, as, &vz);
          symx_eval(ctx, sx, as, &vs);
          CHECK_EQ_U64(vz, s);
          CHECK_EQ_U64(vs, (uint64_t)sval(s, w) & M(to));
          symx_expr_release(z);
          symx_expr_release(sx);
        }
        for (unsigned hi = 0; hi < w; hi++)
          for (unsigned lo = 0; lo <= hi; lo++) {
            symx_expr *e = symx_extract(ctx, x, hi, lo);
            uint64_t v;
            symx_eval(ctx, e, as, &v);
            CHECK_EQ_U64(v, (s >> lo) & M(hi - lo + 1));
            symx_expr_release(e);
          }
      }
      symx_expr_release(x);
      symx_expr_release(y);
    }
    symx_assign_free(as);
    symx_ctx_free(ctx);
  }
}

/* reads: in range, out of range, write chains, constant arrays; both engines */
static void test_eval_arrays(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "rewrite", 0);
  symx_expr *a = symx_array_input(ctx, "a", 4, 32);
  static const uint8_t cb[3] = {10, 20, 30};
  symx_expr *c = symx_array_const(ctx, NULL, cb, 3, 64);
  symx_expr *i = symx_var(ctx, "i", 32), *j = symx_var(ctx, "j", 64);
  symx_expr *k9 = symx_const(ctx, 32, 9), *v7 = symx_const(ctx, 8, 7);
  symx_expr *w1 = symx_array_write(ctx, a, k9, v7); /* out of range: still visible */
  symx_expr *ra = symx_read(ctx, w1, i), *rc = symx_read(ctx, c, j);
  symx_assign *as = symx_assign_new(ctx);
  static const uint8_t ab[4] = {1, 2, 3, 4};
  symx_assign_set(as, "a", ab, 3); /* byte 3 unbound: reads 0 */
  for (int round = 0; round < 3; round++)
    for (uint32_t iv = 0; iv < 12; iv++) {
      uint8_t ib[4] = {(uint8_t)iv, 0, 0, 0}, jb[8] = {(uint8_t)iv, 0, 0, 0, 0, 0, 0, 0};
      symx_assign_set(as, "i", ib, 4);
      symx_assign_set(as, "j", jb, 8);
      uint64_t v1, v2;
      symx_eval(ctx, ra, as, &v1);
      symx_eval(ctx, rc, as, &v2);
      CHECK_EQ_U64(v1, iv == 9 ? 7 : iv < 3 ? ab[iv] : 0);
      CHECK_EQ_U64(v2, iv < 3 ? cb[iv] : 0);
    }
  uint64_t v;
  CHECK(symx_eval(ctx, ra, NULL, &v) == SYMX_OK && v == 0); /* no assignment: zeros */
  symx_assign_free(as);
  symx_expr *all[] = {a, c, i, j, k9, v7, w1, ra, rc};
  for (size_t n = 0; n < sizeof all / sizeof all[0]; n++) symx_expr_release(all[n]);
  CHECK(symx_expr_live(ctx) == 3);
  symx_ctx_free(ctx);
}

/*
** A chain of writes read at many indices, as a buffer written at symbolic
** offsets is: every evaluation engine (the walk, the memo of an unchanged
** assignment, the plan) against the chain replayed in C, under assignments
** changed between rounds (a memoized value must not outlive its bytes).
*/
enum { CH_SIZE = 16, CH_WRITES = 150, CH_READS = 40 };

typedef struct ch_write {
  int sym_index, sym_value; /* index from byte 0 of "ix", value from "v"[w % 8] */
  uint8_t index, value;
} ch_write;

static uint8_t ch_ref(const ch_write *w, const uint8_t *in, const uint8_t *ix, const uint8_t *vv,
                      uint32_t idx) {
  uint8_t mem[CH_SIZE];
  memcpy(mem, in, CH_SIZE);
  for (int k = 0; k < CH_WRITES; k++) {
    uint32_t i = w[k].sym_index ? (uint32_t)(ix[k % 4] % CH_SIZE) : w[k].index;
    mem[i] = w[k].sym_value ? vv[k % 8] : w[k].value;
  }
  return idx < CH_SIZE ? mem[idx] : 0;
}

/* Builders that take their operands' references (the test's own). */
static symx_expr *ch_rd(symx_ctx *ctx, symx_expr *arr, uint32_t i) {
  symx_expr *k = symx_const(ctx, 32, i), *r = symx_read(ctx, arr, k);
  symx_expr_release(k);
  return r;
}

static symx_expr *ch_take2(symx_expr *r, symx_expr *a, symx_expr *b) {
  symx_expr_release(a);
  symx_expr_release(b);
  return r;
}

static void test_eval_chain_engines(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "rewrite", 0); /* keep every write in the chain */
  symx_expr *in = symx_array_input(ctx, "in", CH_SIZE, 32);
  symx_expr *ixa = symx_array_input(ctx, "ix", 4, 32), *va = symx_array_input(ctx, "v", 8, 32);
  symx_expr *sixteen = symx_const(ctx, 32, CH_SIZE);
  ch_write w[CH_WRITES];
  uint64_t g = 0x9e3779b97f4a7c15ull;
  symx_expr *chain = symx_expr_retain(in);
  for (int k = 0; k < CH_WRITES; k++) {
    g = g * 6364136223846793005ull + 1442695040888963407ull;
    w[k] = (ch_write){(g >> 20) % 3 == 0, (g >> 24) % 2, (uint8_t)((g >> 30) % CH_SIZE), (uint8_t)(g >> 40)};
    symx_expr *ib = ch_rd(ctx, ixa, (uint32_t)k % 4), *ix = symx_zext(ctx, ib, 32);
    symx_expr *i = w[k].sym_index ? symx_urem(ctx, ix, sixteen) : symx_const(ctx, 32, w[k].index);
    symx_expr *v = w[k].sym_value ? ch_rd(ctx, va, (uint32_t)k % 8) : symx_const(ctx, 8, w[k].value);
    symx_expr *next = symx_array_write(ctx, chain, i, v);
    symx_expr *old[] = {ib, ix, i, v, chain};
    for (size_t n = 0; n < sizeof old / sizeof old[0]; n++) symx_expr_release(old[n]);
    chain = next;
  }
  /* one root over every read: a sum of the bytes at 0..CH_READS-1 (some
  ** past the end), weighted so that a swapped byte shows */
  symx_expr *sum = symx_const(ctx, 32, 0);
  for (uint32_t r = 0; r < CH_READS; r++) {
    symx_expr *rb = ch_rd(ctx, chain, r), *b = symx_zext(ctx, rb, 32);
    symx_expr *k31 = symx_const(ctx, 32, 31);
    symx_expr *m = ch_take2(symx_mul(ctx, sum, k31), sum, k31);
    sum = ch_take2(symx_add(ctx, m, b), m, b);
    symx_expr_release(rb);
  }
  CHECK(sum != NULL);
  symx_assign *as = symx_assign_new(ctx);
  int bad = 0;
  for (int round = 0; round < 6; round++) {
    uint8_t inb[CH_SIZE], ixb[4], vb[8];
    for (int k = 0; k < CH_SIZE; k++) inb[k] = (uint8_t)(round * 37 + k * 11);
    for (int k = 0; k < 4; k++) ixb[k] = (uint8_t)(round * 5 + k * 3);
    for (int k = 0; k < 8; k++) vb[k] = (uint8_t)(round * 13 + k);
    symx_assign_set(as, "in", inb, CH_SIZE);
    symx_assign_set(as, "ix", ixb, 4);
    symx_assign_set(as, "v", vb, 8);
    uint32_t want = 0;
    for (uint32_t r = 0; r < CH_READS; r++) want = want * 31 + ch_ref(w, inb, ixb, vb, r);
    /* round 0 walks, then the memo answers; later rounds run the plan */
    for (int again = 0; again < 2; again++) {
      uint64_t v = 0;
      CHECK(symx_eval(ctx, sum, as, &v) == SYMX_OK);
      bad += v != want;
    }
    /* one byte changed in place: nothing memoized under the old bytes holds */
    uint8_t one = (uint8_t)(inb[3] + 1);
    CHECK(symx_assign_set(as, "in", inb, CH_SIZE) == SYMX_OK);
    inb[3] = one;
    CHECK(symx_assign_set(as, "in", inb, CH_SIZE) == SYMX_OK);
    want = 0;
    for (uint32_t r = 0; r < CH_READS; r++) want = want * 31 + ch_ref(w, inb, ixb, vb, r);
    uint64_t v = 0;
    CHECK(symx_eval(ctx, sum, as, &v) == SYMX_OK);
    bad += v != want;
  }
  CHECK_EQ_U64(bad, 0);
  symx_assign_free(as);
  symx_expr_release(sum);
  symx_expr_release(chain);
  symx_expr *all[] = {in, ixa, va, sixteen};
  for (size_t n = 0; n < sizeof all / sizeof all[0]; n++) symx_expr_release(all[n]);
  CHECK_EQ_U64(symx_expr_live(ctx), 3); /* the context keeps its inputs */
  symx_ctx_free(ctx);
}

static void test_million_chain(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "rewrite", 0);
  symx_expr *x = symx_var(ctx, "x", 32), *one = symx_const(ctx, 32, 1);
  symx_expr *e = symx_expr_retain(x);
  const uint32_t n = 1000000;
  for (uint32_t i = 0; i < n; i++) {
    symx_expr *t = (i & 1) ? symx_add(ctx, e, one) : symx_xor(ctx, e, one);
    symx_expr_release(e);
    e = t;
  }
  CHECK(e != NULL);
  uint32_t xv = 0x12345678;
  uint8_t b[4] = {0x78, 0x56, 0x34, 0x12};
  uint32_t want = xv;
  for (uint32_t i = 0; i < n; i++) want = (i & 1) ? want + 1 : want ^ 1;
  symx_assign *as = symx_assign_new(ctx);
  symx_assign_set(as, "x", b, 4);
  for (int r = 0; r < 3; r++) { /* walker, then plan */
    uint64_t v = 0;
    CHECK(symx_eval(ctx, e, as, &v) == SYMX_OK);
    CHECK_EQ_U64(v, want);
  }
  char *s = symx_expr_str(ctx, e);
  CHECK(s && strlen(s) < 4096);
  symx_string_free(ctx, s);
  symx_expr *eq = symx_eq(ctx, e, one);
  char *q = symx_smt2_query(ctx, &eq, 1);
  CHECK(q != NULL);
  symx_smt2 *p = q ? symx_smt2_parse(ctx, q, strlen(q), "chain") : NULL;
  CHECK(p != NULL && symx_smt2_count(p) == 2);
  if (p) {
    uint64_t v1 = 0, v2 = 1;
    symx_eval(ctx, eq, as, &v1);
    symx_eval(ctx, symx_smt2_expr(p, 0, 0), as, &v2);
    CHECK_EQ_U64(v1, v2);
  }
  symx_smt2_free(p);
  symx_string_free(ctx, q);
  symx_expr_release(eq);
  symx_assign_free(as);
  symx_expr_release(e);
  symx_expr_release(one);
  symx_expr_release(x);
  CHECK(symx_expr_live(ctx) == 1);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_hashcons_identity), CHECK_CASE(test_misuse), CHECK_CASE(test_eval_brute_force),
           CHECK_CASE(test_eval_arrays), CHECK_CASE(test_eval_chain_engines),
           CHECK_CASE(test_million_chain))
