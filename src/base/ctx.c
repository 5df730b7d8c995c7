/*
** ctx.c — creating and freeing contexts, the version, and strings handed to
** the user.
*/
#include "alloc.h"
#include "error.h"
#include "expr/expr.h" /* the expression table lives in every context */

#include <string.h>

const char *symx_version(void) { return SYMX_VERSION; }
int symx_version_number(void) { return SYMX_VERSION_NUMBER; }

symx_ctx *symx_ctx_new_with_alloc(symx_alloc_fn fn, void *ud) {
  if (!fn) fn = sx_default_alloc;
  symx_ctx *ctx = fn(ud, NULL, 0, sizeof *ctx);
  if (!ctx) return NULL;
  memset(ctx, 0, sizeof *ctx);
  ctx->alloc = fn;
  ctx->alloc_ud = ud;
  ctx->stats.v[SX_STAT_bytes_in_use] = sizeof *ctx;
  ctx->stats.v[SX_STAT_bytes_max] = sizeof *ctx;
  sx_options_init(ctx);
  if (sx_expr_table_init(ctx) != SYMX_OK) {
    symx_ctx_free(ctx);
    return NULL;
  }
  return ctx;
}

symx_ctx *symx_ctx_new(void) { return symx_ctx_new_with_alloc(NULL, NULL); }

void symx_ctx_free(symx_ctx *ctx) {
  if (!ctx) return;
  if (ctx->solver_shared_free) ctx->solver_shared_free(ctx);
  sx_expr_table_free(ctx);
  sx_options_release(ctx);
  ctx->alloc(ctx->alloc_ud, ctx, sizeof *ctx, 0);
}

void symx_ctx_interrupt(symx_ctx *ctx) {
  if (ctx) ctx->interrupted = 1;
}
void symx_ctx_resume(symx_ctx *ctx) {
  if (ctx) ctx->interrupted = 0;
}

void symx_string_free(symx_ctx *ctx, char *s) {
  if (ctx && s) sx_strfree(ctx, s);
}
