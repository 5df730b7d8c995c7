/*
** seedfit.c — a concolic seed against the inputs its run made: a binding
** longer or shorter than its input is truncated or padded with zeros (what
** the run read), or, with seed_truncate or seed_extend off, the seed is
** rejected: its run is not negated. Either way a note says which seed,
** which input and both sizes.
*/
#include "concolic.h"
#include "seeding/seed.h"

bool sx_cc_seed_ok(sx_cc *cc, size_t k) {
  symx_engine *eng = cc->eng;
  symx_ctx *ctx = cc->ctx;
  const sx_seed *sd = &eng->seeds->list.begin[k];
  bool ok = true;
  for (size_t i = 0; i < sd->assign->n; i++) {
    const sx_binding *b = &sd->assign->b[i];
    sx_expr *in = symx_input_find(ctx, b->name);
    uint64_t size = in ? in->arr->size : 0;
    symx_expr_release(in);
    if (!in || size == b->len) continue;
    bool longer = b->len > size;
    bool allowed = longer ? ctx->opts.seed_truncate != 0 : ctx->opts.seed_extend != 0;
    ok = ok && allowed;
    sx_cc_note(cc, "seed %zu (%s): input '%s' has %zu bytes, the program's %llu: %s", k + 1,
               sd->origin, b->name, b->len, (unsigned long long)size,
               !allowed ? (longer ? "rejected (seed_truncate is off)" : "rejected (seed_extend is off)")
               : longer ? "truncated" : "padded with zeros");
  }
  return ok;
}
