/*
** error.h — recording errors on a context. Misuse is reported through
** SX_MISUSE so that every contract violation names the public function.
*/
#ifndef SX_ERROR_H
#define SX_ERROR_H

#include "internal.h"

/* Records code and "func: message" on ctx; returns code. */
SX_INTERNAL int sx_error(symx_ctx *ctx, int code, const char *func,
                         const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
SX_INTERNAL int sx_verror(symx_ctx *ctx, int code, const char *func,
                          const char *fmt, va_list ap);

#define SX_MISUSE(ctx, ...) sx_error((ctx), SYMX_MISUSE, __func__, __VA_ARGS__)

#endif
