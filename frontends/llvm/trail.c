/*
** trail.c — what a path leaves for KLEE's per-test files: its branch
** decisions (--write-paths: every conditional branch; --write-sym-paths:
** the symbolic ones) and the source locations it covered first
** (--write-cov). A fork's child copies the decisions; covered locations
** stay with the parent (KLEE credits a line to one path).
*/
#include "sxl.h"

#include <stdlib.h>
#include <string.h>

static int push_char(char **a, uint32_t *n, uint32_t *cap, char c) {
  if (*n == *cap) {
    uint32_t nc = *cap ? *cap * 2 : 64;
    char *g = realloc(*a, nc);
    if (!g) return -1;
    *a = g;
    *cap = nc;
  }
  (*a)[(*n)++] = c;
  return 0;
}

int sxl_trail_branch(sxl_state *s, int taken, int sym) {
  char c = taken ? '1' : '0';
  if (push_char(&s->path, &s->npath, &s->cappath, c)) return -1;
  return sym ? push_char(&s->sympath, &s->nsympath, &s->capsympath, c) : 0;
}

int sxl_trail_loc(sxl_state *s, uint32_t loc) {
  if (s->nnewlocs == s->capnewlocs) {
    uint32_t nc = s->capnewlocs ? s->capnewlocs * 2 : 32;
    uint32_t *g = realloc(s->newlocs, nc * sizeof *g);
    if (!g) return -1;
    s->newlocs = g;
    s->capnewlocs = nc;
  }
  s->newlocs[s->nnewlocs++] = loc;
  return 0;
}

static char *dup_chars(const char *a, uint32_t n) {
  char *c = malloc(n ? n : 1);
  if (c && n) memcpy(c, a, n);
  return c;
}

int sxl_trail_clone(sxl_state *c, const sxl_state *s) {
  c->path = c->sympath = NULL;
  c->newlocs = NULL;
  c->nnewlocs = c->capnewlocs = 0;
  c->cappath = c->capsympath = 0;
  if (s->npath && !(c->path = dup_chars(s->path, s->npath))) return -1;
  if (s->nsympath && !(c->sympath = dup_chars(s->sympath, s->nsympath))) {
    free(c->path);
    c->path = NULL;
    return -1;
  }
  c->cappath = s->npath;
  c->capsympath = s->nsympath;
  return 0;
}

void sxl_trail_free(sxl_state *s) {
  free(s->path);
  free(s->sympath);
  free(s->newlocs);
}
