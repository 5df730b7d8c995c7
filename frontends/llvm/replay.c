/*
** replay.c — KLEE's --replay-ktest-file and --replay-ktest-dir: the program
** run concretely once per test (as --replay runs one), the named files
** first, then each directory's *.ktest files in name order. A file that is
** not a readable .ktest is said and left out; the others still run.
*/
#include "driver.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

typedef struct names {
  char **v;
  size_t n, cap;
} names;

static int names_add(names *l, const char *a, const char *b) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 16;
    char **g = realloc(l->v, cap * sizeof *g);
    if (!g) return -1;
    l->v = g;
    l->cap = cap;
  }
  size_t len = strlen(a) + strlen(b) + 2;
  if (!(l->v[l->n] = malloc(len))) return -1;
  snprintf(l->v[l->n++], len, "%s%s%s", a, *b ? "/" : "", b);
  return 0;
}

static void names_free(names *l) {
  for (size_t k = 0; k < l->n; k++) free(l->v[k]);
  free(l->v);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static int is_ktest(const char *name) {
  size_t n = strlen(name);
  return n > 6 && strcmp(name + n - 6, ".ktest") == 0;
}

/* dir's *.ktest files, sorted, join l. 0, or -1 (said). */
static int add_dir(names *l, const char *dir) {
  DIR *d = opendir(dir);
  if (!d) {
    fprintf(stderr, "symx-llvm: --replay-ktest-dir %s: cannot read the directory\n", dir);
    return -1;
  }
  size_t first = l->n;
  int r = 0;
  for (struct dirent *e; !r && (e = readdir(d));)
    if (is_ktest(e->d_name)) r = names_add(l, dir, e->d_name);
  closedir(d);
  if (r) fprintf(stderr, "symx-llvm: --replay-ktest-dir %s: out of memory\n", dir);
  if (l->n > first) /* qsort's array may not be NULL, even when empty */
    qsort(l->v + first, l->n - first, sizeof *l->v, by_name);
  return r;
}

/* One test replayed: 0, 1 when the file is not a readable .ktest (said),
** -1 when the run itself failed (s->err). */
static int replay_one(sxl_session *s, const char *path, size_t k, size_t n, int quiet) {
  symx_assign *a = symx_ktest_read(s->ctx, path);
  if (!a) {
    fprintf(stderr, "symx-llvm: replay: %s: %s (skipped)\n", path, symx_errmsg(s->ctx));
    return 1;
  }
  if (!quiet) fprintf(stderr, "symx-llvm: replaying %s (%zu/%zu)\n", path, k + 1, n);
  int r = sxl_session_run_concrete(s, a);
  symx_assign_free(a);
  return r;
}

int sxl_replay_tests(sxl_session *s, const char *const *files, int nfiles,
                     const char *const *dirs, int ndirs, int quiet) {
  names l = {0};
  int bad = 0, r = 0;
  size_t ran = 0;
  if (sxl_session_outputs(s)) r = -1; /* made even when nothing replays, as KLEE does */
  for (int k = 0; k < nfiles && !r; k++) r = names_add(&l, files[k], "");
  for (int k = 0; k < ndirs && !r; k++) r = add_dir(&l, dirs[k]);
  for (size_t k = 0; k < l.n && !r; k++) {
    int one = replay_one(s, l.v[k], k, l.n, quiet);
    bad |= one > 0;
    ran += one == 0;
    r = one < 0 ? -1 : 0;
  }
  if (r < 0) fprintf(stderr, "symx-llvm: %s\n", s->err[0] ? s->err : "replay: out of memory");
  /* the coverage of this program (e.g. the original of a --cut run's tests) */
  uint64_t lines = 0, tl = 0, ins = 0, ti = 0;
  for (uint32_t i = 0; i < s->prog->nfns && !r; i++)
    if (s->prog->fns[i].defined && !s->prog->fns[i].is_libc) sxl_prog_translate(s->prog, i);
  if (!r) sxl_session_coverage(s, &lines, &tl, &ins, &ti);
  /* the original's coverage.txt, covered-instructions.txt, stats.json */
  if (!r && sxl_session_finish(s)) {
    fprintf(stderr, "symx-llvm: %s\n", s->err);
    r = -1;
  }
  if (!quiet)
    fprintf(stderr, "symx-llvm: done: %zu tests replayed, %" PRIu64 " errors, %" PRIu64
                    " instructions, coverage %" PRIu64 "/%" PRIu64 " lines, %" PRIu64 "/%" PRIu64
                    " LLVM instructions\n", ran, s->nerrors, s->x.instructions, lines, tl, ins, ti);
  names_free(&l);
  return r || bad ? 2 : 0;
}
