/*
** alloc.h — every allocation of a context goes through its one hook, with
** sizes on free so that bytes_in_use is exact.
*/
#ifndef SX_ALLOC_H
#define SX_ALLOC_H

#include "internal.h"

#include <stdarg.h>

SX_INTERNAL void *sx_alloc(symx_ctx *ctx, size_t n);     /* uninitialised */
SX_INTERNAL void *sx_calloc(symx_ctx *ctx, size_t n);    /* zeroed */
SX_INTERNAL void *sx_realloc(symx_ctx *ctx, void *p, size_t old, size_t n);
SX_INTERNAL void sx_free(symx_ctx *ctx, void *p, size_t n);
SX_INTERNAL char *sx_strdup(symx_ctx *ctx, const char *s);
SX_INTERNAL void sx_strfree(symx_ctx *ctx, char *s);
/* A new string formatted as printf would (free with sx_strfree); NULL when
** out of memory. */
SX_INTERNAL char *sx_strdupf(symx_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
SX_INTERNAL char *sx_vstrdupf(symx_ctx *ctx, const char *fmt, va_list ap);

SX_INTERNAL void *sx_default_alloc(void *ud, void *p, size_t old, size_t n);

#endif
