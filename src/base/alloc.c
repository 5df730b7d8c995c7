/*
** alloc.c — the allocator hook. The hook contract is that of symx_alloc_fn
** in symx.h; bytes_in_use/bytes_max are kept here and nowhere else.
*/
#include "alloc.h"
#include "error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *sx_default_alloc(void *ud, void *p, size_t old, size_t n) {
  SX_UNUSED(ud);
  SX_UNUSED(old);
  if (n == 0) {
    free(p);
    return NULL;
  }
  return realloc(p, n);
}

static void account(symx_ctx *ctx, size_t old, size_t n) {
  ctx->stats.v[SX_STAT_bytes_in_use] += n;
  ctx->stats.v[SX_STAT_bytes_in_use] -= old;
  if (ctx->stats.v[SX_STAT_bytes_in_use] > ctx->stats.v[SX_STAT_bytes_max])
    ctx->stats.v[SX_STAT_bytes_max] = ctx->stats.v[SX_STAT_bytes_in_use];
}

void *sx_alloc(symx_ctx *ctx, size_t n) {
  if (n == 0) n = 1;
  void *p = ctx->alloc(ctx->alloc_ud, NULL, 0, n);
  if (p) account(ctx, 0, n);
  return p;
}

void *sx_calloc(symx_ctx *ctx, size_t n) {
  void *p = sx_alloc(ctx, n);
  if (p) memset(p, 0, n ? n : 1);
  return p;
}

void *sx_realloc(symx_ctx *ctx, void *p, size_t old, size_t n) {
  if (!p) return sx_alloc(ctx, n);
  if (n == 0) n = 1;
  void *q = ctx->alloc(ctx->alloc_ud, p, old, n);
  if (q) account(ctx, old, n);
  return q;
}

void sx_free(symx_ctx *ctx, void *p, size_t n) {
  if (!p) return;
  if (n == 0) n = 1;
  ctx->alloc(ctx->alloc_ud, p, n, 0);
  account(ctx, n, 0);
}

char *sx_strdup(symx_ctx *ctx, const char *s) {
  size_t n = strlen(s) + 1;
  char *d = sx_alloc(ctx, n);
  if (d) memcpy(d, s, n);
  return d;
}

char *sx_vstrdupf(symx_ctx *ctx, const char *fmt, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *s = n < 0 ? NULL : sx_alloc(ctx, (size_t)n + 1);
  if (s) vsnprintf(s, (size_t)n + 1, fmt, again);
  va_end(again);
  return s;
}

char *sx_strdupf(symx_ctx *ctx, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = sx_vstrdupf(ctx, fmt, ap);
  va_end(ap);
  return s;
}

void sx_strfree(symx_ctx *ctx, char *s) {
  if (s) sx_free(ctx, s, strlen(s) + 1);
}
