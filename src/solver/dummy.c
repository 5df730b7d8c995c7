/*
** dummy.c — the "dummy" backend (KLEE's --solver-backend=dummy): it answers
** every query SYMX_UNKNOWN, so that a run exercises how the chain and the
** engine cope with a backend that fails (nothing is ever decided below the
** chain). Never the other backend of a cross-check (registry.c).
*/
#include "backend.h"
#include "alloc.h"
#include "error.h"

struct sx_backend {
  symx_ctx *ctx;
};

static sx_backend *create(symx_ctx *ctx) {
  sx_backend *b = sx_calloc(ctx, sizeof *b);
  if (!b) sx_error(ctx, SYMX_NOMEM, "symx_solver_new", "out of memory");
  else b->ctx = ctx;
  return b;
}

static void destroy(sx_backend *b) {
  if (b) sx_free(b->ctx, b, sizeof *b);
}

static int check(sx_backend *b, sx_expr *const *cs, size_t n, uint64_t deadline_ns,
                 sx_assign *model) {
  (void)b, (void)cs, (void)n, (void)deadline_ns, (void)model;
  return SYMX_UNKNOWN;
}

/* splits 0: the chain's interval search is never worth running for it, as
** nothing it could save is spent here */
const sx_backend_vt sx_backend_dummy = {"dummy", create, destroy, check, NULL, 0};
