/*
** record.c — writes one backend query as an SMT-LIB2 file (see record.h).
*/
#include "record.h"
#include "alloc.h"
#include "error.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int sx_record_query(symx_ctx *ctx, const char *dir, unsigned seq, sx_expr *const *cs, size_t n) {
  char *text = symx_smt2_query(ctx, cs, n);
  if (!text) return ctx->errcode != SYMX_OK ? ctx->errcode : SYMX_NOMEM;
  size_t plen = strlen(dir) + 32;
  char *path = sx_alloc(ctx, plen);
  int rc = SYMX_OK;
  if (!path) {
    rc = sx_error(ctx, SYMX_NOMEM, "sx_record_query", "out of memory");
    goto done;
  }
  snprintf(path, plen, "%s/q%06u.smt2", dir, seq);
  FILE *f = fopen(path, "w");
  if (!f) {
    rc = sx_error(ctx, SYMX_IO, "sx_record_query", "cannot write %s: %s", path, strerror(errno));
    goto done;
  }
  size_t len = strlen(text);
  bool ok = fwrite(text, 1, len, f) == len;
  ok &= fclose(f) == 0;
  if (!ok) rc = sx_error(ctx, SYMX_IO, "sx_record_query", "cannot write %s", path);
done:
  sx_free(ctx, path, plen);
  sx_strfree(ctx, text);
  return rc;
}
