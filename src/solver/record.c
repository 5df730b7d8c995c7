/*
** record.c — writes one backend query as an SMT-LIB2 file (see record.h).
*/
#include "record.h"
#include "alloc.h"
#include "error.h"
#include "stack.h"

typedef SX_STACK(sx_expr *) log_exprs;

#include <errno.h>
#include <stdarg.h>
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

/* Appends fmt's text to the file name (created when missing); SYMX_OK or
** SYMX_IO, said in func's name. */
static int append(symx_ctx *ctx, const char *func, const char *name, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  FILE *f = fopen(name, "a");
  int rc = SYMX_OK;
  if (!f || vfprintf(f, fmt, ap) < 0)
    rc = sx_error(ctx, SYMX_IO, func, "cannot write %s: %s", name, strerror(errno));
  va_end(ap);
  if (f && fclose(f) && rc == SYMX_OK) rc = sx_error(ctx, SYMX_IO, func, "cannot write %s", name);
  return rc;
}

/* The next name of the comma-separated list at *p into name (empty ones
** skipped): 1, 0 at the list's end, or SYMX_IO (said) for a name too long. */
static int next_name(symx_ctx *ctx, const char *func, const char **p, char (*name)[4096]) {
  while (**p) {
    const char *end = strchr(*p, ',');
    size_t len = end ? (size_t)(end - *p) : strlen(*p);
    const char *at = *p;
    *p += len + (end != NULL);
    if (!len) continue;
    if (len >= sizeof *name) return sx_error(ctx, SYMX_IO, func, "query log name too long");
    memcpy(*name, at, len);
    (*name)[len] = 0;
    return 1;
  }
  return 0;
}

static bool is_smt2(const char *name) {
  size_t len = strlen(name);
  return len >= 5 && !strcmp(name + len - 5, ".smt2");
}

/* Appends the query to the file name. */
static int log_one(symx_ctx *ctx, const char *name, unsigned seq, log_exprs *all, size_t n,
                   sx_expr *neg) {
  bool smt2 = is_smt2(name);
  char *text = smt2 ? symx_smt2_query(ctx, all->begin, SX_SIZE(*all))
                    : symx_kquery_query(ctx, all->begin, n, neg);
  if (!text) return ctx->errcode != SYMX_OK ? ctx->errcode : SYMX_NOMEM;
  int rc = append(ctx, "sx_log_query", name, "%c Query %u\n%s\n", smt2 ? ';' : '#', seq, text);
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
  char name[4096];
  int rc;
  for (const char *p = files; (rc = next_name(ctx, "sx_log_query", &p, &name)) == 1;)
    if ((rc = log_one(ctx, name, seq, &all, n, neg)) != SYMX_OK) break;
  if (neg) symx_expr_release(neg);
  SX_RELEASE(ctx, all);
  return rc == 0 ? SYMX_OK : rc;
oom:
  SX_RELEASE(ctx, all);
  return sx_error(ctx, SYMX_NOMEM, "sx_log_query", "out of memory");
}

int sx_log_result(symx_ctx *ctx, const char *files, int answer, uint64_t ns) {
  const char *what = answer == SYMX_SAT ? "sat" : answer == SYMX_UNSAT ? "unsat" : "unknown";
  char name[4096];
  int rc;
  for (const char *p = files; (rc = next_name(ctx, "sx_log_result", &p, &name)) == 1;)
    if ((rc = append(ctx, "sx_log_result", name, "%c   Result: %s, elapsed %.6f s\n\n",
                     is_smt2(name) ? ';' : '#', what, (double)ns / 1e9)) != SYMX_OK)
      break;
  return rc == 0 ? SYMX_OK : rc;
}

int sx_dump_query(symx_ctx *ctx, const char *path, sx_expr *const *cs, size_t n) {
  char *text = symx_smt2_query(ctx, cs, n);
  if (!text) return ctx->errcode != SYMX_OK ? ctx->errcode : SYMX_NOMEM;
  int rc = append(ctx, "sx_dump_query", path, "; start Z3 query\n%s(reset)\n; end Z3 query\n\n", text);
  sx_strfree(ctx, text);
  return rc;
}
