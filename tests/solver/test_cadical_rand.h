/*
** test_cadical_rand.h — the random differential test of the cadical
** backend, shared by test_cadical_rand_*.c (one executable per option mix,
** so each stays short): random queries from tests/randexpr.h over every
** operator, widths 1..64, arrays with write chains, symbolic and
** out-of-range reads.
**
** Oracles: every SAT answer's model must satisfy the query under the
** evaluator (which proves satisfiability); UNSAT answers are checked by z3
** (every RAND_Z3_UNSAT_EVERY-th one: z3 costs ~25 ms a query here) or, with
** RAND_TINY (one 1-byte input), by brute force over all 256 inputs; z3 must
** also agree on every RAND_Z3_SAT_EVERY-th SAT answer.
**
** The including file defines RAND_ARRAYS ("ackermann"/"lemmas"),
** RAND_INCREMENTAL (0/1), RAND_SEED, RAND_QUERIES and optionally RAND_TINY.
** Environment knobs for timing runs: RAND_QUERIES_ENV, RAND_SEED_ENV,
** RAND_NO_Z3, RAND_SLOW (print queries slower than 100 ms), RAND_CONFLICTS_ENV
** (the conflict budget).
*/
#include "check.h"
#include "randexpr.h"
#include "solver/backend.h"

#ifndef RAND_Z3_SAT_EVERY
#define RAND_Z3_SAT_EVERY 40
#endif
#ifndef RAND_Z3_UNSAT_EVERY
#define RAND_Z3_UNSAT_EVERY 10
#endif
/* random 64-bit products are hard for any bit-blaster: a few such queries
** may run out of their budget (counted, bounded below). The budget is in
** conflicts, not time, so the count is the same on a busy machine. */
#ifndef RAND_CADICAL_CONFLICTS
#define RAND_CADICAL_CONFLICTS 3000
#endif
#define RAND_Z3_MS 2000

static void dump(symx_ctx *ctx, const char *what, int q, symx_expr **cs, size_t n) {
  char *s = symx_smt2_query(ctx, cs, n);
  fprintf(stderr, "query %d: %s\n%s\n", q, what, s ? s : "");
  symx_string_free(ctx, s);
}

#ifdef RAND_TINY
/* 1 when some value of the one input byte satisfies the query */
static int brute_sat(symx_ctx *ctx, const char *name, symx_expr **cs, size_t n) {
  sx_assign *a = symx_assign_new(ctx);
  int found = 0;
  for (unsigned v = 0; v < 256 && !found; v++) {
    uint8_t b = (uint8_t)v;
    symx_assign_set(a, name, &b, 1);
    found = sx_eval_all(ctx, cs, n, a);
  }
  symx_assign_free(a);
  return found;
}
#endif

static void differential(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set_str(ctx, "cadical_arrays", RAND_ARRAYS) == SYMX_OK);
  CHECK(symx_option_set(ctx, "cadical_incremental", RAND_INCREMENTAL) == SYMX_OK);
  int64_t conflicts = getenv("RAND_CONFLICTS_ENV") ? atoll(getenv("RAND_CONFLICTS_ENV")) : RAND_CADICAL_CONFLICTS;
  CHECK(symx_option_set(ctx, "cadical_conflicts", conflicts) == SYMX_OK);
  uint64_t seed = getenv("RAND_SEED_ENV") ? (uint64_t)atoll(getenv("RAND_SEED_ENV")) : RAND_SEED;
  rx_gen g;
#ifdef RAND_TINY
  symx_expr *tiny = symx_array_input(ctx, "tiny", 1, 32);
  CHECK(rx_init(&g, ctx, seed, &tiny, 1) == 0);
  symx_expr_release(tiny);
#else
  CHECK(rx_init(&g, ctx, seed, NULL, 0) == 0);
#endif
  bool no_z3 = getenv("RAND_NO_Z3") != NULL;
  sx_backend *cad = sx_backend_cadical.create(ctx), *z3 = sx_backend_z3.create(ctx);
  CHECK(cad && z3);
  int nq = getenv("RAND_QUERIES_ENV") ? atoi(getenv("RAND_QUERIES_ENV")) : RAND_QUERIES;
  size_t sat = 0, unsat = 0, unknown = 0, disagree = 0, badmodel = 0, z3_asked = 0, brute = 0;
  uint64_t tc = 0, tz = 0;
  for (int q = 0; q < nq; q++) {
#ifdef RAND_TINY
    /* every option mix in one run: the backend must switch cleanly */
    symx_option_set(ctx, "cadical_arrays", (q / 250) % 2);
    symx_option_set(ctx, "cadical_incremental", (q / 500) % 2);
#endif
    symx_expr *cs[6];
    g.oob = rx_below(&g, 3) == 0;
    g.no_arrays = rx_below(&g, 4) == 0;
    /* mostly shallow: deep random 64-bit mul/div chains are hard for any solver */
    int depth = rx_below(&g, 10) == 0 ? 2 : 1;
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 5), depth);
    sx_assign *mc = symx_assign_new(ctx);
    uint64_t t0 = sx_now_ns();
    int rc = sx_backend_cadical.check(cad, cs, n, 0, mc);
    uint64_t t1 = sx_now_ns();
    if (rc < SYMX_SAT) fprintf(stderr, "query %d: error %d: %s\n", q, rc, symx_errmsg(ctx));
    CHECK(rc >= SYMX_SAT);
    bool model_ok = rc == SYMX_SAT && sx_eval_all(ctx, cs, n, mc);
    if (rc == SYMX_SAT) sat++;
    if (rc == SYMX_UNSAT) unsat++;
    if (rc == SYMX_UNKNOWN) unknown++;
    if (rc == SYMX_SAT && !model_ok) {
      badmodel++;
      dump(ctx, "cadical model fails", q, cs, n);
    }
#ifdef RAND_TINY
    if (rc == SYMX_UNSAT) {
      brute++;
      if (brute_sat(ctx, "tiny", cs, n)) {
        disagree++;
        dump(ctx, "cadical unsat, brute force sat", q, cs, n);
      }
    }
#endif
    if (!no_z3 && ((rc == SYMX_UNSAT && unsat % RAND_Z3_UNSAT_EVERY == 1) ||
                   (rc == SYMX_SAT && sat % RAND_Z3_SAT_EVERY == 1))) {
      sx_assign *mz = symx_assign_new(ctx);
      int rz = sx_backend_z3.check(z3, cs, n, sx_now_ns() + RAND_Z3_MS * 1000000ull, mz);
      z3_asked++;
      CHECK(rz >= SYMX_SAT);
      if (rz != SYMX_UNKNOWN && rz != rc) {
        disagree++;
        dump(ctx, rc == SYMX_SAT ? "cadical sat, z3 unsat" : "cadical unsat, z3 sat", q, cs, n);
      }
      symx_assign_free(mz);
    }
    uint64_t t2 = sx_now_ns();
    tc += t1 - t0;
    tz += t2 - t1;
    if (getenv("RAND_SLOW") && t1 - t0 > 100000000ull) dump(ctx, "slow", q, cs, n);
    symx_assign_free(mc);
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  fprintf(stderr,
          "%d queries (%s, incremental %d): %zu sat, %zu unsat, %zu unknown; %zu disagreements, "
          "%zu bad models; z3 asked %zu, brute force %zu; cadical %.2fs, oracles %.2fs\n",
          nq, RAND_ARRAYS, RAND_INCREMENTAL, sat, unsat, unknown, disagree, badmodel, z3_asked, brute,
          tc / 1e9, tz / 1e9);
  CHECK(disagree == 0);
  CHECK(badmodel == 0);
  CHECK(unknown * 100 <= (size_t)nq); /* at most 1% hard queries */
  CHECK(sat > (size_t)nq / 10 && unsat > (size_t)nq / 10); /* both answers are exercised */
  sx_backend_cadical.destroy(cad);
  sx_backend_z3.destroy(z3);
  rx_fini(&g);
  CHECK(symx_expr_live(ctx) <= 8); /* every reference released: only the inputs remain */
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(differential))
