/*
** error.c — the per-context last error, and the static code descriptions.
*/
#include "error.h"

#include <stdio.h>

int sx_verror(symx_ctx *ctx, int code, const char *func, const char *fmt,
              va_list ap) {
  if (!ctx) return code;
  ctx->errcode = code;
  int n = snprintf(ctx->errmsg, sizeof ctx->errmsg, "%s: ", func ? func : "symx");
  if (n < 0 || (size_t)n >= sizeof ctx->errmsg) n = 0;
  vsnprintf(ctx->errmsg + n, sizeof ctx->errmsg - (size_t)n, fmt, ap);
  return code;
}

int sx_error(symx_ctx *ctx, int code, const char *func, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sx_verror(ctx, code, func, fmt, ap);
  va_end(ap);
  return code;
}

int symx_errcode(const symx_ctx *ctx) { return ctx ? ctx->errcode : SYMX_MISUSE; }

const char *symx_errmsg(const symx_ctx *ctx) {
  if (!ctx) return "symx_errmsg: NULL context";
  return ctx->errcode == SYMX_OK ? "not an error" : ctx->errmsg;
}

void symx_errclear(symx_ctx *ctx) {
  if (!ctx) return;
  ctx->errcode = SYMX_OK;
  ctx->errmsg[0] = 0;
}

const char *symx_errstr(int code) {
  switch (code) {
  case SYMX_OK: return "not an error";
  case SYMX_ERROR: return "error";
  case SYMX_MISUSE: return "API misuse";
  case SYMX_NOMEM: return "out of memory";
  case SYMX_PARSE: return "parse error";
  case SYMX_IO: return "input/output error";
  case SYMX_FORMAT: return "malformed input";
  case SYMX_UNSUPPORTED: return "unsupported";
  case SYMX_SOLVER: return "solver failure";
  case SYMX_RANGE: return "value out of range";
  case SYMX_NOTFOUND: return "not found";
  case SYMX_SAT: return "sat";
  case SYMX_UNSAT: return "unsat";
  case SYMX_UNKNOWN: return "unknown";
  case SYMX_STATE: return "a state is ready";
  case SYMX_DONE: return "exploration done";
  default: return "unknown result code";
  }
}
