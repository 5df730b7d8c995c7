/*
** test_cadical_api.c — the cadical backend's contract beyond random
** queries: misuse errors, the stop flag, deadlines and the memory cap, model shape (every
** byte of every array read, unconstrained bytes 0), constant arrays (mux
** and lazily refined big ones), out-of-range reads, write chains,
** incremental sessions across dying expressions, both array strategies.
*/
#include "check.h"
#include "solver/backend.h"

#include <stdlib.h>

static symx_expr *k(symx_ctx *ctx, unsigned w, uint64_t v) { return symx_const(ctx, w, v); }

/* takes ownership of the constraints; returns the answer, checks models */
static int ask(symx_ctx *ctx, sx_backend *be, symx_expr **cs, size_t n, sx_assign **model_out) {
  sx_assign *m = symx_assign_new(ctx);
  int rc = sx_backend_cadical.check(be, cs, n, 0, m);
  if (rc == SYMX_SAT) CHECK(sx_eval_all(ctx, cs, n, m));
  for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  if (model_out) *model_out = m;
  else symx_assign_free(m);
  return rc;
}

static void misuse(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_backend *be = sx_backend_cadical.create(ctx);
  symx_expr *x = symx_var(ctx, "x", 8);
  symx_expr *cs[1] = {NULL};
  CHECK(sx_backend_cadical.check(be, cs, 1, 0, NULL) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "NULL");
  cs[0] = x;
  CHECK(sx_backend_cadical.check(be, cs, 1, 0, NULL) == SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "width 1");
  symx_ctx *other = symx_ctx_new();
  symx_expr *t = symx_true(other);
  cs[0] = t;
  CHECK(sx_backend_cadical.check(be, cs, 1, 0, NULL) == SYMX_MISUSE);
  /* empty query: SAT */
  CHECK(sx_backend_cadical.check(be, NULL, 0, 0, NULL) == SYMX_SAT);
  symx_expr_release(t);
  symx_ctx_free(other);
  symx_expr_release(x);
  sx_backend_cadical.destroy(be);
  sx_backend_cadical.destroy(NULL);
  symx_ctx_free(ctx);
}

/* x * y == p with p a product of two 31-bit primes, x, y > 1: a hard
** factoring query that only a deadline or the stop flag ends quickly */
static symx_expr *factoring(symx_ctx *ctx, symx_expr **cs) {
  symx_expr *x = symx_var(ctx, "fx", 64), *y = symx_var(ctx, "fy", 64);
  symx_expr *one = k(ctx, 64, 1), *lim = k(ctx, 64, 1ull << 32);
  symx_expr *p = k(ctx, 64, 2147483647ull * 2147483629ull);
  symx_expr *m = symx_mul(ctx, x, y);
  cs[0] = symx_eq(ctx, m, p);
  cs[1] = symx_ugt(ctx, x, one);
  cs[2] = symx_ugt(ctx, y, one);
  cs[3] = symx_ult(ctx, x, lim);
  cs[4] = symx_ult(ctx, y, lim);
  symx_expr *all[] = {x, y, one, lim, p, m};
  for (int i = 0; i < 6; i++) symx_expr_release(all[i]);
  return cs[0];
}

static void stop_and_deadline(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_backend *be = sx_backend_cadical.create(ctx);
  symx_expr *cs[5];
  factoring(ctx, cs);
  symx_ctx_interrupt(ctx);
  CHECK(sx_backend_cadical.check(be, cs, 5, 0, NULL) == SYMX_UNKNOWN);
  symx_ctx_resume(ctx);
  /* a deadline already past */
  CHECK(sx_backend_cadical.check(be, cs, 5, sx_now_ns() - 1, NULL) == SYMX_UNKNOWN);
  /* a deadline reached inside CaDiCaL (terminate callback) */
  int rc = sx_backend_cadical.check(be, cs, 5, sx_now_ns() + 20000000ull, NULL);
  CHECK(rc == SYMX_UNKNOWN);
  /* the session stays usable after a termination */
  symx_expr *x = symx_var(ctx, "fx", 64), *five = k(ctx, 64, 5);
  symx_expr *q[1] = {symx_eq(ctx, x, five)};
  sx_assign *m = NULL;
  CHECK(ask(ctx, be, q, 1, &m) == SYMX_SAT);
  size_t len = 0;
  const uint8_t *b = symx_assign_get(m, "fx", &len);
  CHECK(b && len == 8 && b[0] == 5);
  symx_assign_free(m);
  symx_expr_release(x);
  symx_expr_release(five);
  for (int i = 0; i < 5; i++) symx_expr_release(cs[i]);
  sx_backend_cadical.destroy(be);
  symx_ctx_free(ctx);
}

/* cadical_conflicts: a budget that ends a hard query the same way on any
** machine (no deadline here), leaves easy ones answered, and is bounded. */
static void conflict_budget(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set(ctx, "cadical_conflicts", -1) != SYMX_OK);
  CHECK(symx_option_set(ctx, "cadical_conflicts", (int64_t)INT32_MAX + 1) != SYMX_OK);
  CHECK(symx_option_set(ctx, "cadical_conflicts", 100) == SYMX_OK);
  sx_backend *be = sx_backend_cadical.create(ctx);
  symx_expr *cs[5];
  factoring(ctx, cs);
  for (int i = 0; i < 2; i++) CHECK(sx_backend_cadical.check(be, cs, 5, 0, NULL) == SYMX_UNKNOWN);
  symx_expr *x = symx_var(ctx, "bx", 16), *y = symx_var(ctx, "by", 16);
  symx_expr *xy = symx_mul(ctx, x, y), *c = k(ctx, 16, 391);
  symx_expr *q[1] = {symx_eq(ctx, xy, c)};
  CHECK(sx_backend_cadical.check(be, q, 1, 0, NULL) == SYMX_SAT);
  symx_expr *all[] = {x, y, xy, c, q[0]};
  for (int i = 0; i < 5; i++) symx_expr_release(all[i]);
  for (int i = 0; i < 5; i++) symx_expr_release(cs[i]);
  sx_backend_cadical.destroy(be);
  symx_ctx_free(ctx);
}

/* v[6] == v[0] * ... * v[5] over 64 bits: past SX_POLL_EVERY circuit
** nodes (5 multipliers), and easy */
static symx_expr *products(symx_ctx *ctx) {
  symx_expr *v[7], *p = NULL;
  for (int i = 0; i < 7; i++) {
    char name[8] = {'p', (char)('0' + i), 0};
    v[i] = symx_var(ctx, name, 64);
  }
  p = symx_expr_retain(v[0]);
  for (int i = 1; i < 6; i++) {
    symx_expr *n = symx_mul(ctx, p, v[i]);
    symx_expr_release(p);
    p = n;
  }
  symx_expr *q = symx_eq(ctx, p, v[6]);
  symx_expr_release(p);
  for (int i = 0; i < 7; i++) symx_expr_release(v[i]);
  return q;
}

/* max_memory bounds a query's circuits and CaDiCaL's search: a query that
** grows the process past it is unknown, not an error, and the next query
** starts afresh. Every process is past 1 MiB; 0 is no cap. */
static void memory_cap(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_backend *be = sx_backend_cadical.create(ctx);
  CHECK(symx_option_set(ctx, "max_memory", 1) == SYMX_OK);
  /* stopped while blasting: the circuit grew the process past the cap
  ** between two looks (CaDiCaL's callback looks the same way) */
  symx_expr *q[1] = {products(ctx)};
  CHECK(sx_backend_cadical.check(be, q, 1, 0, NULL) == SYMX_UNKNOWN);
  CHECK(symx_errcode(ctx) == SYMX_OK);
  uint64_t stops = symx_stat_get(ctx, "cadical_memory_stops");
  CHECK(stops >= 1);
  /* a small query is answered: it never grows the process between looks */
  symx_expr *x = symx_var(ctx, "mx", 8), *c = k(ctx, 8, 9);
  symx_expr *small[1] = {symx_eq(ctx, x, c)};
  CHECK(sx_backend_cadical.check(be, small, 1, 0, NULL) == SYMX_SAT);
  /* no cap: answered, with a model */
  CHECK(symx_option_set(ctx, "max_memory", 0) == SYMX_OK);
  stops = symx_stat_get(ctx, "cadical_memory_stops");
  CHECK(ask(ctx, be, q, 1, NULL) == SYMX_SAT); /* releases q[0] */
  CHECK_EQ_U64(symx_stat_get(ctx, "cadical_memory_stops"), stops);
  symx_expr *all[] = {x, c, small[0]};
  for (int i = 0; i < 3; i++) symx_expr_release(all[i]);
  sx_backend_cadical.destroy(be);
  symx_ctx_free(ctx);
}

static void model_shape(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_backend *be = sx_backend_cadical.create(ctx);
  symx_expr *a = symx_array_input(ctx, "buf", 100, 32);
  symx_expr *big = symx_array_input(ctx, "huge", (1ull << 20) + 10, 64);
  symx_expr *i3 = k(ctx, 32, 3), *r = symx_read(ctx, a, i3), *c = k(ctx, 8, 0x41);
  symx_expr *hi = k(ctx, 64, 1ull << 20), *rb = symx_read(ctx, big, hi), *c2 = k(ctx, 8, 7);
  symx_expr *q[2] = {symx_eq(ctx, r, c), symx_eq(ctx, rb, c2)};
  sx_assign *m = NULL;
  CHECK(ask(ctx, be, q, 2, &m) == SYMX_SAT);
  size_t len = 0;
  const uint8_t *b = symx_assign_get(m, "buf", &len);
  CHECK(b && len == 100); /* the whole array */
  for (size_t i = 0; b && i < len; i++) CHECK_EQ_U64(b[i], i == 3 ? 0x41 : 0);
  b = symx_assign_get(m, "huge", &len);
  CHECK(b && len == (1u << 20) + 1); /* beyond 1 MiB: up to the last byte read */
  if (b) CHECK_EQ_U64(b[1u << 20], 7);
  symx_assign_free(m);
  symx_expr *all[] = {a, big, i3, r, c, hi, rb, c2};
  for (int i = 0; i < 8; i++) symx_expr_release(all[i]);
  sx_backend_cadical.destroy(be);
  symx_ctx_free(ctx);
}

/* symbolic reads of constant arrays: small (mux) and big (lazy lemmas) */
static void const_arrays(void) {
  symx_ctx *ctx = symx_ctx_new();
  for (int strat = 0; strat < 2; strat++) {
    symx_option_set(ctx, "cadical_arrays", strat);
    sx_backend *be = sx_backend_cadical.create(ctx);
    size_t sizes[2] = {200, 10000};
    for (int s = 0; s < 2; s++) {
      uint8_t *bytes = malloc(sizes[s]);
      for (size_t i = 0; i < sizes[s]; i++) bytes[i] = (uint8_t)(i * 7 + 3);
      bytes[sizes[s] - 5] = 0xee; /* the only 0xee */
      symx_expr *ca = symx_array_const(ctx, NULL, bytes, sizes[s], 32);
      symx_expr *x = symx_var(ctx, "ix", 32), *r = symx_read(ctx, ca, x), *ee = k(ctx, 8, 0xee);
      symx_expr *q[1] = {symx_eq(ctx, r, ee)};
      sx_assign *m = NULL;
      CHECK(ask(ctx, be, q, 1, &m) == SYMX_SAT);
      uint64_t v = 0;
      CHECK(symx_eval(ctx, x, m, &v) == SYMX_OK && v == sizes[s] - 5);
      symx_assign_free(m);
      /* out of range reads 0: r == 0 && x >= size is satisfiable, r == 0xee && x >= size is not */
      symx_expr *sz = k(ctx, 32, sizes[s]), *z = k(ctx, 8, 0);
      symx_expr *q2[2] = {symx_eq(ctx, r, z), symx_uge(ctx, x, sz)};
      CHECK(ask(ctx, be, q2, 2, NULL) == SYMX_SAT);
      symx_expr *q3[2] = {symx_eq(ctx, r, ee), symx_uge(ctx, x, sz)};
      CHECK(ask(ctx, be, q3, 2, NULL) == SYMX_UNSAT);
      symx_expr *all[] = {ca, x, r, ee, sz, z};
      for (int i = 0; i < 6; i++) symx_expr_release(all[i]);
      free(bytes);
    }
    sx_backend_cadical.destroy(be);
  }
  symx_ctx_free(ctx);
}

/* input arrays: symbolic reads agree with each other and with constant
** reads, read 0 out of range, and see through write chains */
static void input_arrays(void) {
  symx_ctx *ctx = symx_ctx_new();
  for (int mode = 0; mode < 4; mode++) {
    symx_option_set(ctx, "cadical_arrays", mode & 1);
    symx_option_set(ctx, "cadical_incremental", mode >> 1);
    sx_backend *be = sx_backend_cadical.create(ctx);
    symx_expr *a = symx_array_input(ctx, "in", 16, 32);
    symx_expr *i = symx_var(ctx, "i", 32), *j = symx_var(ctx, "j", 32);
    symx_expr *ri = symx_read(ctx, a, i), *rj = symx_read(ctx, a, j);
    symx_expr *c5 = k(ctx, 32, 5), *r5 = symx_read(ctx, a, c5);
    /* i == j && a[i] != a[j]: unsat */
    symx_expr *q1[2] = {symx_eq(ctx, i, j), symx_ne(ctx, ri, rj)};
    CHECK(ask(ctx, be, q1, 2, NULL) == SYMX_UNSAT);
    /* i == 5 && a[i] != a[5]: unsat */
    symx_expr *q2[2] = {symx_eq(ctx, i, c5), symx_ne(ctx, ri, r5)};
    CHECK(ask(ctx, be, q2, 2, NULL) == SYMX_UNSAT);
    /* a[i] == 1 && a[j] == 2 && a[5] == 3 && i < 16 && j < 16: sat with distinct indices */
    symx_expr *k1 = k(ctx, 8, 1), *k2 = k(ctx, 8, 2), *k3 = k(ctx, 8, 3), *s16 = k(ctx, 32, 16);
    symx_expr *q3[5] = {symx_eq(ctx, ri, k1), symx_eq(ctx, rj, k2), symx_eq(ctx, r5, k3), symx_ult(ctx, i, s16),
                        symx_ult(ctx, j, s16)};
    CHECK(ask(ctx, be, q3, 5, NULL) == SYMX_SAT);
    /* out of range: a[i] == 1 && i >= 16: unsat */
    symx_expr *q4[2] = {symx_eq(ctx, ri, k1), symx_uge(ctx, i, s16)};
    CHECK(ask(ctx, be, q4, 2, NULL) == SYMX_UNSAT);
    /* write chain: (a[j := 9])[i] == 9 && a[i] != 9 -> i == j, model checked */
    symx_expr *k9 = k(ctx, 8, 9), *w = symx_array_write(ctx, a, j, k9), *rw = symx_read(ctx, w, i);
    symx_expr *q5[2] = {symx_eq(ctx, rw, k9), symx_ne(ctx, ri, k9)};
    sx_assign *m = NULL;
    CHECK(ask(ctx, be, q5, 2, &m) == SYMX_SAT);
    uint64_t vi = 1, vj = 2;
    CHECK(symx_eval(ctx, i, m, &vi) == SYMX_OK && symx_eval(ctx, j, m, &vj) == SYMX_OK && vi == vj);
    symx_assign_free(m);
    symx_expr *all[] = {a, i, j, ri, rj, c5, r5, k1, k2, k3, s16, k9, w, rw};
    for (size_t t = 0; t < sizeof all / sizeof *all; t++) symx_expr_release(all[t]);
    sx_backend_cadical.destroy(be);
  }
  symx_ctx_free(ctx);
}

/* one incremental session across queries whose expressions die in between:
** answers match a fresh session's */
static void incremental_reuse(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "cadical_incremental", 1);
  sx_backend *inc = sx_backend_cadical.create(ctx);
  symx_expr *x = symx_var(ctx, "x", 16), *y = symx_var(ctx, "y", 16);
  for (unsigned round = 0; round < 200; round++) {
    symx_expr *c = k(ctx, 16, round * 37), *s = symx_add(ctx, x, y), *p = symx_mul(ctx, x, c);
    symx_expr *q[3] = {symx_eq(ctx, s, c), symx_ult(ctx, p, s), round % 3 ? symx_ugt(ctx, x, y) : symx_eq(ctx, x, y)};
    symx_expr *q2[3] = {symx_expr_retain(q[0]), symx_expr_retain(q[1]), symx_expr_retain(q[2])};
    symx_option_set(ctx, "cadical_incremental", 1);
    int r1 = ask(ctx, inc, q, 3, NULL);
    symx_option_set(ctx, "cadical_incremental", 0);
    sx_backend *fresh = sx_backend_cadical.create(ctx);
    int r2 = ask(ctx, fresh, q2, 3, NULL);
    sx_backend_cadical.destroy(fresh);
    CHECK(r1 == r2 && r1 != SYMX_UNKNOWN);
    symx_expr_release(c);
    symx_expr_release(s);
    symx_expr_release(p);
  }
  symx_expr_release(x);
  symx_expr_release(y);
  sx_backend_cadical.destroy(inc);
  CHECK(symx_expr_live(ctx) <= 2);
  symx_ctx_free(ctx);
}

/* Issue 13: nothing checked that the incremental session is kept. Five
** different queries: one session in incremental mode, five without. */
static void session_counted(void) {
  for (int inc = 0; inc < 2; inc++) {
    symx_ctx *ctx = symx_ctx_new();
    CHECK(symx_option_set(ctx, "cadical_incremental", inc) == SYMX_OK);
    sx_backend *be = sx_backend_cadical.create(ctx);
    symx_expr *x = symx_var(ctx, "x", 8);
    for (unsigned v = 0; v < 5; v++) {
      symx_expr *cs[1] = {symx_ugt(ctx, x, k(ctx, 8, v * 10))};
      CHECK_EQ_U64(ask(ctx, be, cs, 1, NULL), SYMX_SAT);
    }
    CHECK_EQ_U64(symx_stat_get(ctx, "cadical_sessions"), inc ? 1 : 5);
    CHECK_EQ_U64(symx_stat_get(ctx, "cadical_reuses"), inc ? 4 : 0);
    symx_expr_release(x);
    sx_backend_cadical.destroy(be);
    symx_ctx_free(ctx);
  }
}

/* A table read at a symbolic index: a mux of 2048 bytes, past the small
** session limit on its own. */
static symx_expr *table_read(symx_ctx *ctx, symx_expr *table, symx_expr *in, uint64_t i) {
  symx_expr *b = symx_read_le(ctx, in, i, 2), *idx = symx_zext(ctx, b, 32);
  symx_expr *m = k(ctx, 32, 2047), *ix = symx_and(ctx, idx, m), *r = symx_read(ctx, table, ix);
  symx_expr_release(b);
  symx_expr_release(idx);
  symx_expr_release(m);
  symx_expr_release(ix);
  return r;
}

/* table[in[i..i+1] & 2047] == 3, asked alone */
static int ask_one(symx_ctx *ctx, sx_backend *be, symx_expr *table, symx_expr *in, uint64_t i) {
  symx_expr *r = table_read(ctx, table, in, i), *three = k(ctx, 8, 3);
  symx_expr *q[1] = {symx_eq(ctx, r, three)};
  symx_expr_release(r);
  symx_expr_release(three);
  return ask(ctx, be, q, 1, NULL);
}

/* A big session is kept while the queries are mostly its constraints (a
** path growing by one check at a time, as a real program's table lookups
** make); a query of other constraints gets a new one while the path's is
** parked for its next query; every answer as a fresh session's. */
static void big_session_kept(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint8_t bytes[2048];
  for (unsigned i = 0; i < sizeof bytes; i++) bytes[i] = (uint8_t)(i * 7 + (i >> 5));
  symx_expr *table = symx_array_const(ctx, "tab", bytes, sizeof bytes, 32);
  symx_expr *in = symx_array_input(ctx, "in", 64, 32);
  sx_backend *inc = sx_backend_cadical.create(ctx);
  symx_expr *path[16];
  for (unsigned n = 0; n < 16; n++) {
    symx_expr *r = table_read(ctx, table, in, 2 * n), *c = k(ctx, 8, 200 - n);
    path[n] = symx_ult(ctx, r, c);
    symx_expr_release(r);
    symx_expr_release(c);
    /* the path so far and a check of one more read (SAT or UNSAT: a fresh
    ** session is the oracle) */
    symx_expr *q[17], *q2[17];
    for (unsigned i = 0; i <= n; i++) q[i] = symx_expr_retain(path[i]), q2[i] = symx_expr_retain(path[i]);
    symx_expr *rr = table_read(ctx, table, in, 2 * n + 1), *v = k(ctx, 8, n * 13);
    q[n + 1] = symx_eq(ctx, rr, v);
    q2[n + 1] = symx_expr_retain(q[n + 1]);
    symx_expr_release(rr);
    symx_expr_release(v);
    int r1 = ask(ctx, inc, q, n + 2, NULL);
    sx_backend *fresh = sx_backend_cadical.create(ctx);
    symx_option_set(ctx, "cadical_incremental", 0);
    int r2 = ask(ctx, fresh, q2, n + 2, NULL);
    symx_option_set(ctx, "cadical_incremental", 1);
    sx_backend_cadical.destroy(fresh);
    CHECK(r1 == r2 && r1 != SYMX_UNKNOWN);
  }
  /* 16 queries of one growing path: one session (the fresh ones add 16) */
  CHECK_EQ_U64(symx_stat_get(ctx, "cadical_sessions"), 1 + 16);
  /* other constraints: the path's session is parked, a new one answers */
  CHECK_EQ_U64(ask_one(ctx, inc, table, in, 60), SYMX_SAT);
  CHECK_EQ_U64(symx_stat_get(ctx, "cadical_sessions"), 1 + 16 + 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "cadical_resets"), 0);
  /* the path again: back to its parked session */
  symx_expr *q[17];
  for (unsigned i = 0; i < 16; i++) q[i] = symx_expr_retain(path[i]);
  q[16] = symx_bool_not(ctx, path[0]);
  CHECK_EQ_U64(ask(ctx, inc, q, 17, NULL), SYMX_UNSAT);
  CHECK_EQ_U64(symx_stat_get(ctx, "cadical_unparked"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "cadical_sessions"), 1 + 16 + 1);
  /* a third path: the second session goes, the path's is parked again */
  CHECK_EQ_U64(ask_one(ctx, inc, table, in, 61), SYMX_SAT);
  CHECK_EQ_U64(symx_stat_get(ctx, "cadical_resets"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "cadical_sessions"), 1 + 16 + 2);
  for (unsigned n = 0; n < 16; n++) symx_expr_release(path[n]);
  symx_expr_release(table);
  symx_expr_release(in);
  sx_backend_cadical.destroy(inc);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(session_counted), CHECK_CASE(big_session_kept), CHECK_CASE(misuse), CHECK_CASE(stop_and_deadline), CHECK_CASE(conflict_budget), CHECK_CASE(memory_cap),
           CHECK_CASE(model_shape), CHECK_CASE(const_arrays),
           CHECK_CASE(input_arrays), CHECK_CASE(incremental_reuse))
