/*
** record.c — writes one backend query as an SMT-LIB2 file (see record.h).
*/
#include "record.h"
#include "alloc.h"
#include "error.h"
#include "stack.h"

typedef SX_STACK(sx_expr *) log_exprs;

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

/* Appends the query to the one file path[0..len). */
static int log_one(symx_ctx *ctx, const char *path, size_t len, unsigned seq, log_exprs *all,
                   size_t n, sx_expr *neg) {
  char name[4096];
  if (len >= sizeof name) return sx_error(ctx, SYMX_IO, "sx_log_query", "query log name too long");
  memcpy(name, path, len);
  name[len] = 0;
  bool smt2 = len >= 5 && !strcmp(name + len - 5, ".smt2");
  char *text = smt2 ? symx_smt2_query(ctx, all->begin, SX_SIZE(*all))
                    : symx_kquery_query(ctx, all->begin, n, neg);
  if (!text) return ctx->errcode != SYMX_OK ? ctx->errcode : SYMX_NOMEM;
  FILE *f = fopen(name, "a");
  int rc = SYMX_OK;
  if (!f || fprintf(f, "%c Query %u\n%s\n", smt2 ? ';' : '#', seq, text) < 0)
    rc = sx_error(ctx, SYMX_IO, "sx_log_query", "cannot write %s: %s", name, strerror(errno));
  if (f && fclose(f) && rc == SYMX_OK)
    rc = sx_error(ctx, SYMX_IO, "sx_log_query", "cannot write %s", name);
  sx_strfree(ctx, text);
  return rc;
}

int sx_log_query(symx_ctx *ctx, const char *files, unsigned seq, sx_expr *const *cs, size_t n,
                 sx_expr *cond) {
  log_exprs all = {0}; /* cs, then cond */
  for (size_t i = 0; i < n; i++)
    if (!SX_PUSH(ctx, all, cs[i])) goto oom;
  if (cond && !SX_PUSH(ctx, all, cond)) goto oom;
  sx_expr *neg = cond ? symx_mk1(ctx, SYMX_K_NOT, cond) : NULL;
  if (cond && !neg) goto oom;
  int rc = SYMX_OK;
  for (const char *p = files; *p && rc == SYMX_OK;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len) rc = log_one(ctx, p, len, seq, &all, n, neg);
    p += len + (end != NULL);
  }
  if (neg) symx_expr_release(neg);
  SX_RELEASE(ctx, all);
  return rc;
oom:
  SX_RELEASE(ctx, all);
  return sx_error(ctx, SYMX_NOMEM, "sx_log_query", "out of memory");
}

int sx_log_result(symx_ctx *ctx, const char *files, int answer, uint64_t ns) {
  const char *what = answer == SYMX_SAT ? "sat" : answer == SYMX_UNSAT ? "unsat" : "unknown";
  int rc = SYMX_OK;
  for (const char *p = files; *p && rc == SYMX_OK;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    char name[4096];
    if (len && len < sizeof name) {
      memcpy(name, p, len);
      name[len] = 0;
      bool smt2 = len >= 5 && !strcmp(name + len - 5, ".smt2");
      FILE *f = fopen(name, "a");
      if (!f || fprintf(f, "%c   Result: %s, elapsed %.6f s\n\n", smt2 ? ';' : '#', what, (double)ns / 1e9) < 0)
        rc = sx_error(ctx, SYMX_IO, "sx_log_result", "cannot write %s: %s", name, strerror(errno));
      if (f && fclose(f) && rc == SYMX_OK) rc = sx_error(ctx, SYMX_IO, "sx_log_result", "cannot write %s", name);
    }
    p += len + (end != NULL);
  }
  return rc;
}

int sx_dump_query(symx_ctx *ctx, const char *path, sx_expr *const *cs, size_t n) {
  char *text = symx_smt2_query(ctx, cs, n);
  if (!text) return ctx->errcode != SYMX_OK ? ctx->errcode : SYMX_NOMEM;
  FILE *f = fopen(path, "a");
  int rc = SYMX_OK;
  if (!f || fprintf(f, "; start Z3 query\n%s(reset)\n; end Z3 query\n\n", text) < 0)
    rc = sx_error(ctx, SYMX_IO, "sx_dump_query", "cannot write %s: %s", path, strerror(errno));
  if (f && fclose(f) && rc == SYMX_OK) rc = sx_error(ctx, SYMX_IO, "sx_dump_query", "cannot write %s", path);
  sx_strfree(ctx, text);
  return rc;
}
