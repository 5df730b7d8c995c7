/*
** querylog.c — KLEE's --use-query-log=all:kquery,solver:smt2,...: every
** query posed (all) or every query reaching a backend (solver) appended to
** OUTDIR/all-queries.kquery, solver-queries.smt2, ... through the library's
** options query_log_all / query_log_solver (a comma-separated file list).
*/
#include "driver.h"

#include <string.h>
#include <sys/stat.h>

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
