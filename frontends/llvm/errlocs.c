/*
** errlocs.c — errors grouped by location (KLEE's default): the paths that
** ended with each error kind at each source location, and the test case
** of the first one; said at the end of a run (stderr, errors.txt,
** stats.json's "errors_by_location").
*/
#include "driver.h"

#include <stdlib.h>
#include <string.h>

/* FNV-1a of kind and loc. */
static uint64_t hash_of(int kind, const char *loc) {
  uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)(unsigned)kind;
  for (const unsigned char *p = (const unsigned char *)loc; *p; p++) h = (h ^ *p) * 0x100000001b3ull;
  return h;
}

/* A program has few error locations: a scan, hashes first. */
static sxl_errloc *find(const sxl_errlocs *e, int kind, const char *loc, uint64_t h) {
  for (size_t i = 0; i < e->n; i++)
    if (e->v[i].hash == h && e->v[i].kind == kind && strcmp(e->v[i].loc, loc) == 0)
      return &e->v[i];
  return NULL;
}

int sxl_errlocs_add(sxl_errlocs *e, int kind, const char *loc) {
  if (!loc) loc = "?";
  uint64_t h = hash_of(kind, loc);
  sxl_errloc *l = find(e, kind, loc, h);
  if (l) {
    l->paths++;
    return 0;
  }
  if (e->n == e->cap) {
    size_t cap = e->cap ? 2 * e->cap : 8;
    sxl_errloc *g = realloc(e->v, cap * sizeof *g);
    if (!g) return -1;
    e->v = g;
    e->cap = cap;
  }
  char *copy = strdup(loc);
  if (!copy) return -1;
  e->v[e->n++] = (sxl_errloc){kind, copy, h, 1, 0};
  return 1;
}

void sxl_errlocs_set_test(sxl_errlocs *e, int kind, const char *loc, uint32_t test) {
  if (!loc) loc = "?";
  sxl_errloc *l = find(e, kind, loc, hash_of(kind, loc));
  if (l && !l->test) l->test = test;
}

uint64_t sxl_errlocs_paths(const sxl_errlocs *e) {
  uint64_t n = 0;
  for (size_t i = 0; i < e->n; i++) n += e->v[i].paths;
  return n;
}

void sxl_errlocs_print(const sxl_errlocs *e, FILE *f, const char *prefix) {
  if (!e->n) return;
  uint64_t n = sxl_errlocs_paths(e);
  fprintf(f, "%serrors by location: %" PRIu64 " path%s at %zu location%s\n", prefix, n,
          n == 1 ? "" : "s", e->n, e->n == 1 ? "" : "s");
  for (size_t i = 0; i < e->n; i++) {
    const sxl_errloc *l = &e->v[i];
    fprintf(f, "%s  %s at %s: %" PRIu64 " path%s", prefix,
            symx_error_kind_name((symx_error_kind)l->kind), l->loc, l->paths,
            l->paths == 1 ? "" : "s");
    if (l->test) fprintf(f, ", test%06u.ktest", l->test);
    fputc('\n', f);
  }
}

/* loc as a JSON string (locations are file names and line numbers: the
** few characters JSON escapes are escaped, others kept). */
static void json_loc(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

void sxl_errlocs_json(const sxl_errlocs *e, FILE *f) {
  fputc('[', f);
  for (size_t i = 0; i < e->n; i++) {
    const sxl_errloc *l = &e->v[i];
    fprintf(f, "%s{\"error\":\"%s\",\"location\":", i ? "," : "",
            symx_error_kind_name((symx_error_kind)l->kind));
    json_loc(f, l->loc);
    fprintf(f, ",\"paths\":%" PRIu64 ",\"test\":%u}", l->paths, l->test);
  }
  fputc(']', f);
}

void sxl_errlocs_free(sxl_errlocs *e) {
  for (size_t i = 0; i < e->n; i++) free(e->v[i].loc);
  free(e->v);
  *e = (sxl_errlocs){0};
}
