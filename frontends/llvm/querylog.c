/*
** querylog.c — KLEE's --use-query-log=all:kquery,solver:smt2,...: every
** query posed (all) or every query reaching a backend (solver) appended to
** OUTDIR/all-queries.kquery, solver-queries.smt2, ... through the library's
** options query_log_all / query_log_solver (a comma-separated file list).
** With --compress-query-log each log is gzipped when the run ends
** (<log>.gz, the plain file removed), as KLEE writes them compressed.
** --debug-z3-dump-queries=FILE: the library's z3_dump_queries, FILE
** emptied first as KLEE starts it afresh.
*/
#include "driver.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

/* Adds OUTDIR/<which>-queries.<fmt> to list (size cap), emptied now, as KLEE
** starts its logs afresh. 0, or -1 (said). */
static int add_log(char *list, size_t cap, const char *dir, const char *which, const char *fmt) {
  char path[4200];
  snprintf(path, sizeof path, "%s/%s-queries.%s", dir, which, fmt);
  if (strstr(list, path)) return 0;
  FILE *f = fopen(path, "w");
  if (!f || fclose(f)) {
    fprintf(stderr, "symx-llvm: --use-query-log: cannot write %s\n", path);
    return -1;
  }
  size_t len = strlen(list);
  if (len + strlen(path) + 2 > cap) {
    fprintf(stderr, "symx-llvm: --use-query-log: output directory name too long\n");
    return -1;
  }
  snprintf(list + len, cap - len, "%s%s", len ? "," : "", path);
  return 0;
}

/* One item of the list, "all:kquery" etc. (dir NULL: only checked) */
static int take_item(char *all, char *solver, size_t cap, const char *dir, const char *item,
                     size_t n) {
  static const char *const whiches[] = {"all", "solver"}, *const fmts[] = {"kquery", "smt2"};
  for (int w = 0; w < 2; w++)
    for (int f = 0; f < 2; f++) {
      char name[32];
      snprintf(name, sizeof name, "%s:%s", whiches[w], fmts[f]);
      if (strlen(name) == n && !strncmp(item, name, n))
        return dir ? add_log(w ? solver : all, cap, dir, whiches[w], fmts[f]) : 0;
    }
  fprintf(stderr,
          "symx-llvm: --use-query-log: '%.*s' is not one of all:kquery, all:smt2, solver:kquery, "
          "solver:smt2\n",
          (int)n, item);
  return -1;
}

/* Every item of spec: checked (dir NULL) or added. 0, or -1 (said). */
static int take_items(char *all, char *solver, size_t cap, const char *dir, const char *spec) {
  for (const char *p = spec; *p;) {
    const char *end = strchr(p, ',');
    size_t n = end ? (size_t)(end - p) : strlen(p);
    if (n && take_item(all, solver, cap, dir, p, n)) return -1;
    p += n + (end != NULL);
  }
  return 0;
}

int sxl_querylog_set(symx_ctx *ctx, const char *spec, const char *dir) {
  char all[9000] = "", solver[9000] = "";
  if (!spec || !*spec) return 0;
  if (take_items(all, solver, sizeof all, NULL, spec)) return -1;
  if (!dir || !*dir) {
    fprintf(stderr, "symx-llvm: --use-query-log needs --output-dir\n");
    return -1;
  }
  mkdir(dir, 0777); /* an error shows when writing */
  if (take_items(all, solver, sizeof all, dir, spec)) return -1;
  if ((*all && symx_option_set_str(ctx, "query_log_all", all) != SYMX_OK) ||
      (*solver && symx_option_set_str(ctx, "query_log_solver", solver) != SYMX_OK)) {
    fprintf(stderr, "symx-llvm: --use-query-log: %s\n", symx_errmsg(ctx));
    return -1;
  }
  return 0;
}

/* path gzipped to path.gz, then removed: 0, or -1 (said). A log the run
** never wrote (no query) is gzipped empty, as KLEE's file is there. */
static int gzip_one(const char *path) {
  char gz[4300];
  snprintf(gz, sizeof gz, "%s.gz", path);
  errno = 0;
  FILE *in = fopen(path, "rb");
  gzFile out = in ? gzopen(gz, "wb") : NULL;
  int bad = !in || !out;
  char buf[65536];
  size_t n;
  while (!bad && (n = fread(buf, 1, sizeof buf, in)) > 0)
    bad = gzwrite(out, buf, (unsigned)n) != (int)n;
  if (in && ferror(in)) bad = 1;
  if (in) fclose(in);
  if (out && gzclose(out) != Z_OK) bad = 1;
  if (bad) {
    fprintf(stderr, "symx-llvm: --compress-query-log: cannot gzip %s to %s%s%s\n", path, gz,
            errno ? ": " : "", errno ? strerror(errno) : "");
    return -1;
  }
  if (remove(path) == 0) return 0;
  fprintf(stderr, "symx-llvm: --compress-query-log: cannot remove %s: %s\n", path, strerror(errno));
  return -1;
}

int sxl_querylog_gzip(symx_ctx *ctx, const char *spec) {
  static const char *const opts[] = {"query_log_all", "query_log_solver"};
  int rc = 0;
  if (!spec || !*spec) return 0;
  for (int k = 0; k < 2; k++) {
    const char *files = symx_option_get_str(ctx, opts[k]);
    for (const char *p = files ? files : ""; *p;) {
      const char *end = strchr(p, ',');
      size_t n = end ? (size_t)(end - p) : strlen(p);
      char path[4200];
      snprintf(path, sizeof path, "%.*s", (int)n, p);
      if (n && n < sizeof path && gzip_one(path)) rc = -1;
      p += n + (end != NULL);
    }
  }
  return rc;
}

int sxl_z3dump_set(symx_ctx *ctx, const char *path) {
  if (!path) return 0;
  FILE *f = *path ? fopen(path, "w") : NULL;
  if (!f || fclose(f)) {
    fprintf(stderr, "symx-llvm: --debug-z3-dump-queries: cannot write '%s'\n", path);
    return -1;
  }
  if (symx_option_set_str(ctx, "z3_dump_queries", path) == SYMX_OK) return 0;
  fprintf(stderr, "symx-llvm: --debug-z3-dump-queries: %s\n", symx_errmsg(ctx));
  return -1;
}
