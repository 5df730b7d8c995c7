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

typedef struct job {
  const char *mode, *solver;
  toyvm_prog *p;
  size_t ntests; /* of the last run */
} job;

static symx_ctx *open_ctx(failalloc *fa, void *user) {
  job *j = user;
  symx_ctx *ctx = failalloc_ctx(fa);
  CHECK(symx_option_set_str(ctx, "mode", j->mode) == SYMX_OK);
  CHECK(symx_option_set_str(ctx, "solver", j->solver) == SYMX_OK);
  return ctx;
}

/* One exploration; the digest is the hash of the tests seen. */
static int explore(symx_ctx *ctx, void *user, uint64_t *digest) {
  job *j = user;
  trace t = {0, 0};
  symx_engine *eng = symx_engine_new(ctx);
  if (!eng) return symx_errcode(ctx);
  int rc = toyvm_explore(eng, j->p, 10000, tr, &t);
  symx_engine_free(eng);
  *digest = t.h;
  j->ntests = t.n;
  return rc;
}

static void close_ctx(symx_ctx *ctx, void *user) {
  (void)user;
  symx_ctx_free(ctx);
}

/* a run that returns SYMX_OK despite the failure lost only a cache: it
** must give the same tests, and the context is run again as after an error */
static void sweep(const char *mode, const char *solver) {
  char err[64], name[32];
  job j = {mode, solver, toyvm_parse(prog_text, err, sizeof err), 0};
  snprintf(name, sizeof name, "%s/%s", mode, solver);
  failalloc_sweep(&(failalloc_job){name, &j, open_ctx, explore, close_ctx, true});
  CHECK(j.ntests > 3);
  toyvm_free(j.p);
}

/* (the backends' own sweep is tests/solver/test_chain_nomem.c) */
static void test_eager_cadical(void) { sweep("eager", "cadical"); }
static void test_pending_cadical(void) { sweep("pending", "cadical"); }

CHECK_MAIN(CHECK_CASE(test_eager_cadical), CHECK_CASE(test_pending_cadical))
