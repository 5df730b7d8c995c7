/*
** testfiles.c — KLEE's per-test files beside each test case
** (OUTDIR/testNNNNNN.*): .path and .sym.path (branch decisions, one a
** line: --write-paths, --write-sym-paths), .cov (the source lines the
** path covered first, "file:line" a line: --write-cov) and .smt2 (the
** path's constraints as an SMT-LIB2 script: --write-smt2s), .kquery
** (the same as one KQuery query: --write-kqueries) and .cvc (the same in
** STP's CVC language: --write-cvcs).
*/
#include "driver.h"

#include <errno.h>
#include <string.h>

static void put_decisions(sxl_testfiles *tf, const char *path, const char *d, uint32_t n) {
  FILE *f = fopen(path, "w");
  if (!f) {
    tf->errors++;
    return;
  }
  for (uint32_t i = 0; i < n; i++) fprintf(f, "%c\n", d[i]);
  if (fclose(f)) tf->errors++;
}

static void put_cov(sxl_testfiles *tf, const char *path, const sxl_state *s) {
  FILE *f = fopen(path, "w");
  if (!f) {
    tf->errors++;
    return;
  }
  const sxl_loc *L = tf->prog->locs;
  for (uint32_t i = 0; i < s->nnewlocs; i++) {
    uint32_t a = s->newlocs[i];
    int seen = 0; /* a line once, though several locations may name it */
    for (uint32_t k = 0; k < i && !seen; k++)
      seen = L[s->newlocs[k]].file == L[a].file && L[s->newlocs[k]].line == L[a].line;
    if (seen) continue;
    char loc[300];
    sxl_loc_str(tf->prog, a, loc, sizeof loc);
    fprintf(f, "%s\n", loc);
  }
  if (fclose(f)) tf->errors++;
}

/* testN.smt2, .kquery or .cvc: the path constraints printed by print */
static void put_query(sxl_testfiles *tf, const char *path, symx_state *st,
                      char *(*print)(symx_state *)) {
  char *text = print(st);
  FILE *f = text ? fopen(path, "w") : NULL;
  if (!f || fputs(text, f) < 0) tf->errors++;
  if (f && fclose(f)) tf->errors++;
  if (text) symx_string_free(symx_engine_ctx(symx_state_engine(st)), text);
}

void sxl_testfiles_hook(void *ud, symx_state *st, const symx_test *t) {
  sxl_testfiles *tf = ud;
  const sxl_state *s = symx_state_payload(st);
  if (t->duplicate || !tf->dir || !*tf->dir || !s) return;
  char path[2300];
  int n = snprintf(path, sizeof path, "%s/test%06u.", tf->dir, t->number);
  if (n < 0 || (size_t)n >= sizeof path - 16) return;
  if (tf->paths) {
    snprintf(path + n, sizeof path - (size_t)n, "path");
    put_decisions(tf, path, s->path, s->npath);
  }
  if (tf->sym_paths) {
    snprintf(path + n, sizeof path - (size_t)n, "sym.path");
    put_decisions(tf, path, s->sympath, s->nsympath);
  }
  if (tf->cov) {
    snprintf(path + n, sizeof path - (size_t)n, "cov");
    put_cov(tf, path, s);
  }
  if (tf->smt2) {
    snprintf(path + n, sizeof path - (size_t)n, "smt2");
    put_query(tf, path, st, symx_state_smt2);
  }
  if (tf->kquery) {
    snprintf(path + n, sizeof path - (size_t)n, "kquery");
    put_query(tf, path, st, symx_state_kquery);
  }
  if (tf->cvc) {
    snprintf(path + n, sizeof path - (size_t)n, "cvc");
    put_query(tf, path, st, symx_state_cvc);
  }
}
