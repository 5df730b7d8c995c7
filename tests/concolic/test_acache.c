/*
** test_acache.c — the α-renamed constraint cache: the same condition over
** other bytes hits; differential against the solver over random queries
** (an answer from the cache is the solver's answer to that query, and a
** SAT answer's input satisfies it); the directory: kept across opens,
** emptied for another program's key, rebuilt when corrupted, a clear
** error when it is not a directory.
*/
#include "check.h"
#include "randexpr.h"
#include "concolic/acache_int.h"

#include <unistd.h>

/* in[i] * 3 + 1 == in[j] ^ 0x5a, and in[i] < 40 */
static size_t cond_over(symx_ctx *ctx, symx_expr *in, unsigned i, unsigned j, symx_expr **cs) {
  symx_expr *a = symx_read_le(ctx, in, i, 1), *b = symx_read_le(ctx, in, j, 1);
  symx_expr *three = symx_const(ctx, 8, 3), *one = symx_const(ctx, 8, 1), *k = symx_const(ctx, 8, 0x5a);
  symx_expr *forty = symx_const(ctx, 8, 40);
  symx_expr *m = symx_mul(ctx, a, three), *l = symx_add(ctx, m, one), *r = symx_xor(ctx, b, k);
  cs[0] = symx_eq(ctx, l, r);
  cs[1] = symx_ult(ctx, a, forty);
  symx_expr *all[] = {a, b, three, one, k, forty, m, l, r};
  for (size_t x = 0; x < sizeof all / sizeof *all; x++) symx_expr_release(all[x]);
  return 2;
}

static void test_other_bytes_hit(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = symx_array_input(ctx, "in", 8, 32);
  const char *note;
  sx_acache *ac = sx_ac_open(ctx, "", "", 100, &note);
  CHECK(ac && note == NULL);
  symx_expr *c0[2], *c1[2];
  cond_over(ctx, in, 0, 1, c0);
  cond_over(ctx, in, 2, 5, c1);
  symx_solver *s = symx_solver_new(ctx, NULL);
  symx_assign *model = NULL;
  CHECK(symx_solver_check(s, c0, 2, 0, &model) == SYMX_SAT);
  CHECK(sx_ac_insert(ac, c0, 2, model) == SYMX_OK);
  symx_assign *base = symx_assign_new(ctx), *out = NULL;
  const uint8_t bytes[8] = {9, 9, 9, 9, 9, 9, 9, 9};
  symx_assign_set(base, "in", bytes, 8);
  CHECK(sx_ac_lookup(ac, c1, 2, base, &out) == SYMX_SAT);
  CHECK_EQ_U64(symx_stat_get(ctx, "acache_hits"), 1);
  CHECK(out && symx_assign_satisfies(ctx, out, c1, 2) == 1);
  size_t len;
  const uint8_t *b = out ? symx_assign_get(out, "in", &len) : NULL;
  CHECK(b && b[1] == 9 && b[3] == 9 && b[4] == 9 && b[6] == 9); /* only bytes 2 and 5 moved */
  /* the canonical texts are equal, those of another condition are not */
  char *t0 = sx_strdup(ctx, sx_ac_canon(ac, c0, 2));
  CHECK(!strcmp(t0, sx_ac_canon(ac, c1, 2)));
  CHECK(strcmp(t0, sx_ac_canon(ac, c1, 1)) != 0);
  sx_strfree(ctx, t0);
  symx_assign_free(out);
  symx_assign_free(base);
  symx_assign_free(model);
  for (int i = 0; i < 2; i++) symx_expr_release(c0[i]), symx_expr_release(c1[i]);
  symx_solver_free(s);
  sx_ac_close(ac);
  symx_expr_release(in);
  symx_ctx_free(ctx);
}

/* The same random query over inputs A (stored) and B (asked), and an
** unrelated one: every answer the cache gives is the solver's. The solver
** gets ORACLE_MS a query (seed 100 costs it 14 s): an undecided query is
** neither stored nor checked, which weakens no assertion. */
#define ORACLE_MS 1000
static void test_differential(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *A[2] = {symx_array_input(ctx, "pa", 6, 32), symx_array_input(ctx, "pb", 4, 32)};
  symx_expr *B[2] = {symx_array_input(ctx, "qa", 6, 32), symx_array_input(ctx, "qb", 4, 32)};
  const char *note;
  sx_acache *ac = sx_ac_open(ctx, "", "", 0, &note);
  symx_solver *s = symx_solver_new(ctx, NULL);
  symx_assign *base = symx_assign_new(ctx);
  unsigned hits = 0, agree = 0, sat_hits = 0, unsat_hits = 0, undecided = 0;
  for (uint64_t seed = 1; seed <= 300; seed++) {
    symx_expr *qa[3], *qb[3], *qc[3];
    rx_gen ga, gb, gc;
    rx_init(&ga, ctx, seed, A, 2);
    rx_init(&gb, ctx, seed, B, 2);
    rx_init(&gc, ctx, seed * 7919 + 13, A, 2);
    ga.no_arrays = gb.no_arrays = gc.no_arrays = 1;
    size_t n = 1 + seed % 3;
    size_t na = rx_query(&ga, qa, n, 3), nb = rx_query(&gb, qb, n, 3), nc = rx_query(&gc, qc, n, 3);
    CHECK(na == n && nb == n && nc == n);
    symx_assign *m = NULL;
    int ra = symx_solver_check(s, qa, na, ORACLE_MS, &m);
    if (ra == SYMX_SAT || ra == SYMX_UNSAT) sx_ac_insert(ac, qa, na, ra == SYMX_SAT ? m : NULL);
    symx_assign_free(m);
    symx_expr **asks[2] = {qb, qc};
    size_t ns[2] = {nb, nc};
    for (int k = 0; k < 2; k++) {
      symx_assign *out = NULL;
      int rc = sx_ac_lookup(ac, asks[k], ns[k], base, &out);
      if (rc == SYMX_SAT || rc == SYMX_UNSAT) {
        hits++;
        sat_hits += rc == SYMX_SAT;
        unsat_hits += rc == SYMX_UNSAT;
        int truth = symx_solver_check(s, asks[k], ns[k], ORACLE_MS, NULL);
        undecided += truth == SYMX_UNKNOWN;
        CHECK(truth == rc || truth == SYMX_UNKNOWN);
        agree += truth == rc;
        if (rc == SYMX_SAT) CHECK(symx_assign_satisfies(ctx, out, asks[k], ns[k]) == 1);
      }
      symx_assign_free(out);
    }
    for (size_t i = 0; i < n; i++) symx_expr_release(qa[i]), symx_expr_release(qb[i]), symx_expr_release(qc[i]);
    rx_fini(&ga);
    rx_fini(&gb);
    rx_fini(&gc);
  }
  fprintf(stderr, "  %u hits (%u sat, %u unsat), %u agree with the solver, %u undecided by it\n", hits,
          sat_hits, unsat_hits, agree, undecided);
  CHECK(sat_hits > 50 && unsat_hits > 0); /* the test exercises both answers */
  symx_assign_free(base);
  symx_solver_free(s);
  sx_ac_close(ac);
  for (int i = 0; i < 2; i++) symx_expr_release(A[i]), symx_expr_release(B[i]);
  symx_ctx_free(ctx);
}

static sx_acache *reopen(symx_ctx *ctx, const char *dir, const char *key, const char **note) {
  return sx_ac_open(ctx, dir, key, 100, note);
}

static void test_directory(void) {
  char dir[] = "/tmp/symx-acache-XXXXXX";
  if (!mkdtemp(dir)) {
    CHECK_SKIP("mkdtemp failed");
    return;
  }
  char path[128];
  snprintf(path, sizeof path, "%s/acache.txt", dir);
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = symx_array_input(ctx, "in", 8, 32);
  symx_expr *c[2], *d[2];
  cond_over(ctx, in, 0, 1, c);
  cond_over(ctx, in, 3, 4, d);
  symx_assign *base = symx_assign_new(ctx), *out = NULL, *model = NULL;
  symx_solver *s = symx_solver_new(ctx, NULL);
  symx_solver_check(s, c, 2, 0, &model);
  const char *note;
  sx_acache *ac = reopen(ctx, dir, "prog-1", &note);
  CHECK(ac && !note);
  sx_ac_insert(ac, c, 2, model);
  CHECK(sx_ac_close(ac) == SYMX_OK);
  /* kept across opens */
  ac = reopen(ctx, dir, "prog-1", &note);
  CHECK(ac && !note && symx_stat_get(ctx, "acache_loaded") == 1);
  CHECK(sx_ac_lookup(ac, d, 2, base, &out) == SYMX_SAT);
  symx_assign_free(out);
  sx_ac_close(ac);
  /* another program: emptied, with a note */
  ac = reopen(ctx, dir, "prog-2", &note);
  CHECK_STR_CONTAINS(note, "another program");
  CHECK(sx_ac_lookup(ac, d, 2, base, &out) == SYMX_UNKNOWN);
  sx_ac_insert(ac, c, 2, model);
  sx_ac_close(ac);
  /* corrupted: rebuilt, with a note naming the file and line */
  FILE *f = fopen(path, "a");
  fputs("S zz garbage\n", f);
  fclose(f);
  ac = reopen(ctx, dir, "prog-2", &note);
  CHECK_STR_CONTAINS(note, path);
  CHECK_STR_CONTAINS(note, "line 4 malformed; the cache was rebuilt");
  CHECK(ac && ac->count == 0);
  sx_ac_insert(ac, c, 2, model);
  sx_ac_close(ac);
  ac = reopen(ctx, dir, "prog-2", &note); /* the rebuilt one is sound */
  CHECK(ac && !note && ac->count == 1);
  sx_ac_close(ac);
  /* not a directory: a clear error, also from symx_engine_new */
  CHECK(reopen(ctx, path, "k", &note) == NULL);
  CHECK_EQ_U64(symx_errcode(ctx), SYMX_IO);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "not a directory");
  symx_option_set_str(ctx, "mode", "concolic");
  symx_option_set_str(ctx, "concolic_cache_dir", path);
  CHECK(symx_engine_new(ctx) == NULL);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), path);
  remove(path);
  rmdir(dir);
  symx_assign_free(model);
  symx_assign_free(base);
  symx_solver_free(s);
  for (int i = 0; i < 2; i++) symx_expr_release(c[i]), symx_expr_release(d[i]);
  symx_expr_release(in);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_other_bytes_hit), CHECK_CASE(test_differential),
           CHECK_CASE(test_directory))
