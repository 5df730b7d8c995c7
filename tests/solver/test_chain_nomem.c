/*
** test_chain_nomem.c — a few queries (array reads and writes at symbolic
** indices, multiplication, an UNSAT one; through the chain, a read of a
** long write chain) through the solver chain and each
** backend, under a failure of the Nth allocation of our allocator hook, for
** every N until a run finishes without reaching it: each check returns
** SYMX_NOMEM with a message, or its answer when the failed allocation was
** optional (a cache); nothing leaks (LeakSanitizer in the ASan build); the
** context then answers every query as a run that never failed did.
** Z3's and CaDiCaL's own allocations are not under the hook.
*/
#include "check.h"
#include "failalloc.h"
#include "chain_off.h"

#define NQ 5

/* The queries, built before arming (expression building has its own tests). */
static void queries(symx_ctx *ctx, symx_expr *q[NQ][2]) {
  symx_expr *in = symx_array_input(ctx, "in", 8, 32);
  symx_expr *x = symx_read_le(ctx, in, 0, 2), *y = symx_read_le(ctx, in, 2, 2);
  symx_expr *i = symx_read(ctx, in, symx_const(ctx, 32, 0)), *i32 = symx_zext(ctx, i, 32);
  symx_expr *two = symx_const(ctx, 16, 2), *big = symx_const(ctx, 16, 0x1236);
  /* x * y == 0x1236 (16 bits) with x, y >= 2 */
  symx_expr *xy = symx_mul(ctx, x, y);
  q[0][0] = symx_eq(ctx, xy, big);
  symx_expr *c1 = symx_ule(ctx, two, x), *c2 = symx_ule(ctx, two, y);
  q[0][1] = symx_and(ctx, c1, c2);
  /* in[in[0]] == 0x5a after in[in[1] & 7] := 0x33, with in[1] != in[0] */
  symx_expr *j = symx_read(ctx, in, symx_const(ctx, 32, 1)), *j32 = symx_zext(ctx, j, 32);
  symx_expr *seven = symx_const(ctx, 32, 7), *jm = symx_and(ctx, j32, seven);
  symx_expr *w = symx_array_write(ctx, in, jm, symx_const(ctx, 8, 0x33));
  symx_expr *r = symx_read(ctx, w, i32);
  q[1][0] = symx_eq(ctx, r, symx_const(ctx, 8, 0x5a));
  q[1][1] = symx_ne(ctx, i, j);
  /* the same write read at its own index: 0x33, so 0x5a is UNSAT */
  symx_expr *r2 = symx_read(ctx, w, jm);
  q[2][0] = symx_eq(ctx, r2, symx_const(ctx, 8, 0x5a));
  q[2][1] = symx_const(ctx, 1, 1);
  /* x / 3 + y == 1000 and x odd */
  symx_expr *d = symx_udiv(ctx, x, symx_const(ctx, 16, 3)), *s = symx_add(ctx, d, y);
  q[3][0] = symx_eq(ctx, s, symx_const(ctx, 16, 1000));
  symx_expr *lo = symx_extract(ctx, x, 0, 0);
  q[3][1] = symx_eq(ctx, lo, symx_const(ctx, 1, 1));
  /* a byte of a buffer after 64 writes at symbolic offsets (a long chain:
  ** its keys come from summaries, keychains.c) is 0x77 */
  symx_expr *buf = symx_expr_retain(in);
  for (int k = 0; k < 64; k++) {
    symx_expr *bk = symx_read(ctx, in, symx_const(ctx, 32, (uint64_t)k % 8));
    symx_expr *at = symx_and(ctx, symx_zext(ctx, bk, 32), seven);
    symx_expr *nb = symx_array_write(ctx, buf, at, symx_const(ctx, 8, (uint64_t)k));
    symx_expr_release(bk);
    symx_expr_release(at);
    symx_expr_release(buf);
    buf = nb;
  }
  q[4][0] = symx_eq(ctx, symx_read(ctx, buf, symx_const(ctx, 32, 3)), symx_const(ctx, 8, 0x77));
  q[4][1] = symx_const(ctx, 1, 1);
  symx_expr_release(buf);
  /* (the constants passed inline above are released with the context) */
  symx_expr *tmp[] = {in, x, y, i, i32, two, big, xy, c1, c2, j, j32, seven, jm, w, r, r2, d, s, lo};
  for (size_t k = 0; k < sizeof tmp / sizeof *tmp; k++) symx_expr_release(tmp[k]);
}

typedef struct job {
  const char *backend;
  bool chain;
  symx_expr *q[NQ][2];
} job;

/* A context with the queries built (before arming: expression building has
** its own sweeps). */
static symx_ctx *open_ctx(failalloc *fa, void *user) {
  job *j = user;
  symx_ctx *ctx = failalloc_ctx(fa);
  if (!j->chain) chain_layers(ctx, 0);
  queries(ctx, j->q);
  CHECK(symx_errcode(ctx) == SYMX_OK);
  return ctx;
}

/* All queries on a new solver; the digest packs the answers, one byte each.
** Returns the first error code, or SYMX_OK. */
static int run(symx_ctx *ctx, void *user, uint64_t *digest) {
  job *j = user;
  *digest = 0;
  symx_solver *s = symx_solver_new(ctx, j->backend);
  if (!s) return symx_errcode(ctx);
  int rc = SYMX_OK;
  /* the long chain's query only through the chain: only its key scans keep
  ** summaries (and each allocation swept costs a run) */
  for (int k = 0; k < (j->chain ? NQ : NQ - 1) && rc == SYMX_OK; k++) {
    symx_assign *m = NULL;
    int a = symx_solver_check(s, j->q[k], 2, 0, &m);
    if (a == SYMX_SAT) CHECK(symx_assign_satisfies(ctx, m, j->q[k], 2) == 1);
    if (a < SYMX_SAT) rc = a;
    *digest = *digest << 8 | (uint8_t)a;
    symx_assign_free(m);
  }
  symx_solver_free(s);
  return rc;
}

static void close_ctx(symx_ctx *ctx, void *user) {
  job *j = user;
  for (int k = 0; k < NQ; k++) symx_expr_release(j->q[k][0]), symx_expr_release(j->q[k][1]);
  symx_ctx_free(ctx);
}

static void sweep(const char *backend, bool chain) {
  char name[32];
  snprintf(name, sizeof name, "%s%s", backend, chain ? "" : " (no chain)");
  job j = {backend, chain, {{NULL}}};
  uint64_t want = failalloc_sweep(&(failalloc_job){name, &j, open_ctx, run, close_ctx, false});
  uint64_t sat = SYMX_SAT, unsat = SYMX_UNSAT;
  uint64_t four = sat << 24 | sat << 16 | unsat << 8 | sat;
  CHECK_EQ_U64(want, chain ? four << 8 | sat : four);
}

/* the chain's layers do not depend on the backend: swept once, on cadical */
static void test_chain_cadical(void) { sweep("cadical", true); }
static void test_cadical_direct(void) { sweep("cadical", false); }
static void test_z3_direct(void) { sweep("z3", false); }

CHECK_MAIN(CHECK_CASE(test_chain_cadical), CHECK_CASE(test_cadical_direct), CHECK_CASE(test_z3_direct))
