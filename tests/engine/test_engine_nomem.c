/*
** test_engine_nomem.c — an exploration of a toyvm program under a failure of
** its Nth allocation, for every N until a run finishes without reaching it,
** in eager and pending mode: the run returns SYMX_NOMEM with a message,
** nothing leaks (LeakSanitizer in the ASan build), and the same context then
** explores again to the result of a run that never failed.
*/
#include "check.h"
#include "failalloc.h"
#include "../../examples/toyvm/toyvm.h"

static const char *const prog_text =
    "sym 0, 2, in\nldb r1, r0, 0\nldb r2, r0, 1\n"
    "br ult r1, 100, a\nadd r3, r1, r2\nbr eq r3, 77, b\nset ne r4, r2, 5\nassert r4\n"
    "a: br ugt r2, r1, b\nand r5, r1, 3\nmov r6, 0\nl: add r6, r6, 1\nbr ult r6, r5, l\n"
    "b: set ne r7, r1, 200\nassert r7\nhalt\n";

typedef struct trace { uint64_t h; size_t n; } trace;
static void tr(void *u, uint64_t hash, toyvm_outcome o, const symx_test *t) {
  trace *x = u;
  x->h = x->h * 1000003u ^ hash ^ (uint64_t)o ^ (uint64_t)t->duplicate * 7;
  x->n++;
}
/* rc SYMX_OK with an injected failure is allowed only when the failed
** allocation was optional (a cache) and the tests are the same. */

static symx_ctx *ctx_for(failalloc *fa, const char *mode, const char *solver) {
  failalloc_disarm(fa);
  symx_ctx *ctx = symx_ctx_new_with_alloc(failalloc_fn, fa);
  CHECK(ctx != NULL);
  CHECK(symx_option_set_str(ctx, "mode", mode) == SYMX_OK);
  CHECK(symx_option_set_str(ctx, "solver", solver) == SYMX_OK);
  return ctx;
}

/* One exploration; *t gets the tests seen. Returns the code. */
static int explore(symx_ctx *ctx, const toyvm_prog *p, trace *t) {
  symx_engine *eng = symx_engine_new(ctx);
  if (!eng) return symx_errcode(ctx);
  int rc = toyvm_explore(eng, p, 10000, tr, t);
  symx_engine_free(eng);
  return rc;
}

static void sweep(const char *mode, const char *solver) {
  char err[64];
  toyvm_prog *p = toyvm_parse(prog_text, err, sizeof err);
  failalloc fa;
  symx_ctx *ctx = ctx_for(&fa, mode, solver);
  trace want = {0, 0};
  CHECK_EQ_U64(explore(ctx, p, &want), SYMX_OK);
  CHECK(want.n > 3);
  symx_ctx_free(ctx);
  long n, degraded = 0;
  for (n = 0; n < FAILALLOC_MAX_N; n++) {
    ctx = ctx_for(&fa, mode, solver);
    trace t = {0, 0};
    symx_errclear(ctx);
    failalloc_arm(&fa, n);
    int rc = explore(ctx, p, &t);
    failalloc_disarm(&fa);
    if (!fa.hit) {
      CHECK_EQ_U64(rc, SYMX_OK);
      CHECK_EQ_U64(t.h, want.h);
      symx_ctx_free(ctx);
      break;
    }
    if (rc == SYMX_OK) {
      /* a cache that could not grow: the run goes on without it, same tests */
      CHECK_EQ_U64(t.h, want.h);
      degraded++;
    } else {
      if (rc != SYMX_NOMEM) fprintf(stderr, "%s/%s N=%ld: rc %d (%s)\n", mode, solver, n, rc, symx_errmsg(ctx));
      CHECK_EQ_U64(rc, SYMX_NOMEM);
      CHECK(symx_errcode(ctx) == SYMX_NOMEM && symx_errmsg(ctx)[0] != '\0');
    }
    /* the context stays usable: a run with the hook reset gives the same tests */
    trace again = {0, 0};
    symx_errclear(ctx);
    CHECK_EQ_U64(explore(ctx, p, &again), SYMX_OK);
    CHECK_EQ_U64(again.h, want.h);
    symx_ctx_free(ctx);
  }
  CHECK(n < FAILALLOC_MAX_N);
  fprintf(stderr, "%s/%s: %ld allocations swept, %ld absorbed\n", mode, solver, n, degraded);
  toyvm_free(p);
}

/* (the backends' own sweep is tests/solver/test_chain_nomem.c) */
static void test_eager_cadical(void) { sweep("eager", "cadical"); }
static void test_pending_cadical(void) { sweep("pending", "cadical"); }

CHECK_MAIN(CHECK_CASE(test_eager_cadical), CHECK_CASE(test_pending_cadical))
