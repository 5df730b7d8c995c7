/*
** changed.c — --changed: the lines that are new in this version (Oasis),
** from a unified diff against the sources the program was built from, or
** from FILE:LINE,... . Values computed on a changed line are tagged
** SYMX_TAG_NEW (libsymx ORs the tag into everything built from them: data
** flow); a branch on a changed line, one whose side starts with a changed
** line, or one that changed code is control dependent on (cdep.c) is
** logged as new code. The run's branches and checks get stable sites
** (function, instruction).
*/
#include "cdep.h"
#include "driver.h"
#include "exec_impl.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cline {
  char *file; /* base name, as locations print it */
  uint32_t line;
} cline;

struct sxl_changed {
  cline *v;
  size_t n, cap;
  uint8_t *byloc; /* per location: 0 unknown, 1 old, 2 changed */
  uint32_t nbyloc;
  sxl_cdep *cdep; /* the branches changed code depends on */
};

static const char *base(const char *f) {
  const char *s = strrchr(f, '/');
  return s ? s + 1 : f;
}

static int add(sxl_changed *c, const char *file, size_t flen, uint32_t line) {
  if (c->n == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 64;
    cline *v = realloc(c->v, cap * sizeof *v);
    if (!v) return -1;
    c->v = v;
    c->cap = cap;
  }
  char *f = malloc(flen + 1);
  if (!f) return -1;
  memcpy(f, file, flen);
  f[flen] = 0;
  c->v[c->n++] = (cline){f, line};
  return 0;
}

void sxl_changed_free(sxl_changed *c) {
  if (!c) return;
  for (size_t i = 0; i < c->n; i++) free(c->v[i].file);
  free(c->v);
  free(c->byloc);
  sxl_cdep_free(c->cdep);
  free(c);
}

/* FILE:LINE,FILE:LINE,... */
static int parse_list(sxl_changed *c, const char *spec, char *err, size_t errlen) {
  for (const char *p = spec; *p;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    const char *colon = memchr(p, ':', len);
    char *num_end = NULL;
    unsigned long line = colon ? strtoul(colon + 1, &num_end, 10) : 0;
    if (!colon || colon == p || num_end != p + len || line == 0) {
      snprintf(err, errlen, "--changed: \"%.*s\" is not FILE:LINE", (int)len, p);
      return -1;
    }
    const char *b = base(p);
    if (b > colon) b = p; /* a '/' after the colon cannot be: keep it whole */
    if (add(c, b, (size_t)(colon - b), (uint32_t)line)) {
      snprintf(err, errlen, "out of memory");
      return -1;
    }
    p += len + (end != NULL);
  }
  return 0;
}

/* The lines of file path (NULL when it cannot be read); *n of them. */
static char **read_lines(const char *path, size_t *n) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  char **v = NULL, buf[8192];
  size_t cap = 0;
  *n = 0;
  while (fgets(buf, sizeof buf, f)) {
    buf[strcspn(buf, "\n")] = 0;
    if (*n == cap) {
      cap = cap ? 2 * cap : 256;
      char **nv = realloc(v, cap * sizeof *nv);
      if (!nv) break;
      v = nv;
    }
    if (!(v[(*n)++] = strdup(buf))) break;
  }
  fclose(f);
  return v;
}

static void free_lines(char **v, size_t n) {
  for (size_t i = 0; i < n; i++) free(v[i]);
  free(v);
}

/* The new side's source of "+++ NAME": NAME without "b/", as given or next
** to the patch. */
static char **source_of(const char *patch, const char *name, size_t *n, char *path, size_t plen) {
  if (!strncmp(name, "b/", 2)) name += 2;
  snprintf(path, plen, "%s", name);
  char **v = read_lines(path, n);
  if (v || name[0] == '/') return v;
  const char *slash = strrchr(patch, '/');
  if (!slash) return NULL;
  snprintf(path, plen, "%.*s/%s", (int)(slash - patch), patch, name);
  return read_lines(path, n);
}

typedef struct diffp {
  sxl_changed *c;
  const char *patch;
  char **src; /* the current file's lines */
  size_t nsrc;
  char path[1024], file[512];
  uint32_t newline; /* next line number of the new side in the hunk */
  unsigned hunks;
  char *err;
  size_t errlen;
} diffp;

static int open_file(diffp *d, const char *name) {
  free_lines(d->src, d->nsrc);
  d->src = NULL;
  d->nsrc = 0;
  char nm[512];
  snprintf(nm, sizeof nm, "%s", name);
  nm[strcspn(nm, "\t")] = 0; /* a timestamp may follow */
  if (!strcmp(nm, "/dev/null")) return 0; /* a deleted file: nothing new */
  d->src = source_of(d->patch, nm, &d->nsrc, d->path, sizeof d->path);
  if (!d->src) {
    snprintf(d->err, d->errlen, "patch %s: %s: cannot read the source it changes (%s)", d->patch,
             d->path, strerror(errno));
    return -1;
  }
  snprintf(d->file, sizeof d->file, "%s", base(nm));
  return 0;
}

/* A context (' ') or added ('+') line must be the source's line there. */
static int hunk_line(diffp *d, const char *ln, size_t lineno) {
  if (ln[0] == '-' || ln[0] == '\\') return 0;
  if (ln[0] != ' ' && ln[0] != '+' && ln[0] != 0) return 0; /* not in a hunk: ignored */
  uint32_t at = d->newline++;
  const char *want = ln[0] ? ln + 1 : "";
  if (!d->src || at == 0 || at > d->nsrc || strcmp(d->src[at - 1], want)) {
    snprintf(d->err, d->errlen, "patch %s: line %zu: does not apply to %s:%u (%s)", d->patch, lineno,
             d->path, at, at == 0 || at > d->nsrc ? "past its end" : "the line differs");
    return -1;
  }
  if (ln[0] == '+' && add(d->c, d->file, strlen(d->file), at)) {
    snprintf(d->err, d->errlen, "out of memory");
    return -1;
  }
  return 0;
}

static int parse_patch(sxl_changed *c, const char *patch, char *err, size_t errlen) {
  size_t n;
  char **lines = read_lines(patch, &n);
  if (!lines) {
    snprintf(err, errlen, "--changed %s: %s", patch, strerror(errno));
    return -1;
  }
  diffp d = {c, patch, NULL, 0, "", "", 0, 0, err, errlen};
  int rc = 0, in_hunk = 0;
  for (size_t i = 0; i < n && !rc; i++) {
    const char *ln = lines[i];
    unsigned a, b = 1, nl, cnt = 1;
    if (!strncmp(ln, "+++ ", 4)) {
      rc = open_file(&d, ln + 4);
      in_hunk = 0;
    } else if (!strncmp(ln, "--- ", 4) || !strncmp(ln, "diff ", 5) || !strncmp(ln, "index ", 6)) {
      in_hunk = 0;
    } else if (!strncmp(ln, "@@ ", 3)) {
      if (sscanf(ln, "@@ -%u,%u +%u,%u @@", &a, &b, &nl, &cnt) < 3 &&
          sscanf(ln, "@@ -%u +%u,%u @@", &a, &nl, &cnt) < 2) {
        snprintf(err, errlen, "patch %s: line %zu: a malformed hunk header", patch, i + 1);
        rc = -1;
      }
      d.newline = nl;
      d.hunks++;
      in_hunk = d.src != NULL;
    } else if (in_hunk) {
      rc = hunk_line(&d, ln, i + 1);
    }
  }
  if (!rc && !d.hunks) {
    snprintf(err, errlen, "patch %s: no hunk (not a unified diff)", patch);
    rc = -1;
  }
  free_lines(d.src, d.nsrc);
  free_lines(lines, n);
  return rc;
}

sxl_changed *sxl_changed_new(const char *spec, char *err, size_t errlen) {
  sxl_changed *c = calloc(1, sizeof *c);
  if (c && !(c->cdep = sxl_cdep_new())) {
    free(c);
    c = NULL;
  }
  if (!c) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  FILE *f = fopen(spec, "r"); /* a file is a patch, anything else a list */
  int rc = f ? (fclose(f), parse_patch(c, spec, err, errlen)) : parse_list(c, spec, err, errlen);
  if (rc) {
    sxl_changed_free(c);
    return NULL;
  }
  return c;
}

size_t sxl_changed_count(const sxl_changed *c) { return c ? c->n : 0; }

/* Whether location loc is on a changed line (cached per location). */
static int loc_changed(sxl_changed *c, const sxl_prog *p, uint32_t loc) {
  if (!loc || loc >= p->nlocs) return 0;
  if (loc >= c->nbyloc) {
    uint8_t *b = realloc(c->byloc, p->nlocs);
    if (!b) return 0;
    memset(b + c->nbyloc, 0, p->nlocs - c->nbyloc);
    c->byloc = b;
    c->nbyloc = p->nlocs;
  }
  if (!c->byloc[loc]) {
    const char *f = base(p->files[p->locs[loc].file]);
    c->byloc[loc] = 1;
    for (size_t i = 0; i < c->n; i++)
      if (c->v[i].line == p->locs[loc].line && !strcmp(c->v[i].file, f)) c->byloc[loc] = 2;
  }
  return c->byloc[loc] == 2;
}

/* cdep.c's question: whether LLVM instruction in is on a changed line
** (read from its debug location: the analysis walks whole functions, whose
** locations the program need not intern). */
static int inst_changed(void *u, LLVMValueRef in) {
  const sxl_changed *c = u;
  unsigned line = LLVMGetDebugLocLine(in), len = 0;
  const char *f = line ? LLVMGetDebugLocFilename(in, &len) : NULL;
  for (unsigned k = len; f && k > 0; k--) /* its base name, as the set holds */
    if (f[k - 1] == '/') {
      f += k;
      len -= k;
      break;
    }
  for (size_t i = 0; f && i < c->n; i++)
    if (c->v[i].line == line && strlen(c->v[i].file) == len && !memcmp(c->v[i].file, f, len))
      return 1;
  return 0;
}

/* Whether the branch at pc of function fi decides if changed code runs
** (known when the translation kept its LLVM instructions). */
static int controls_changed(sxl_changed *c, sxl_prog *p, uint32_t fi, uint32_t pc) {
  const sxl_fn *fn = &p->fns[fi];
  if (!fn->src || pc >= fn->ncode) return 0;
  return sxl_cdep_controls(c->cdep, p, fi, fn->src[pc], inst_changed, c);
}

/* Whether the straight-line code from instruction pc of fn has a changed line. */
static int block_changed(sxl_changed *c, const sxl_prog *p, const sxl_fn *fn, uint32_t pc) {
  for (uint32_t k = 0; pc < fn->ncode && k < 64; pc++, k++) {
    const sxl_ins *in = &fn->code[pc];
    if (loc_changed(c, p, in->loc)) return 1;
    if (in->op == OP_BR || in->op == OP_CBR || in->op == OP_RET || in->op == OP_SWCASE ||
        in->op == OP_UNREACHABLE)
      return 0;
  }
  return 0;
}

static uint32_t edge_start(const sxl_fn *fn, uint32_t pc, uint32_t e) {
  if (e == SXL_NEXT) return pc + 1;
  if (e == SXL_AGAIN || e >= fn->nedges) return UINT32_MAX;
  return fn->edges[e].target;
}

void sxl_changed_site(run *r, uint32_t et, uint32_t ef) {
  const sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  const sxl_fn *fn = &r->p->fns[fr->fn];
  uint64_t site = (uint64_t)fr->fn << 32 | fr->pc; /* the same in every run */
  uint32_t tags = 0;
  sxl_changed *c = r->x->changed;
  if (c && fr->pc < fn->ncode) {
    uint32_t t = edge_start(fn, fr->pc, et), f = edge_start(fn, fr->pc, ef);
    if (loc_changed(c, r->p, fn->code[fr->pc].loc) ||
        (t != UINT32_MAX && block_changed(c, r->p, fn, t)) ||
        (f != UINT32_MAX && block_changed(c, r->p, fn, f)) ||
        controls_changed(c, r->p, fr->fn, fr->pc))
      tags = SYMX_TAG_NEW;
  }
  symx_state_set_site(r->st, site, tags);
}

symx_expr *sxl_changed_tag(run *r, symx_expr *e) {
  sxl_changed *c = r->x->changed;
  if (!c || !e || symx_expr_is_const(e) || symx_expr_is_array(e)) return e;
  const sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  const sxl_fn *fn = &r->p->fns[fr->fn];
  if (fr->pc >= fn->ncode || !loc_changed(c, r->p, fn->code[fr->pc].loc)) return e;
  symx_expr *t = symx_expr_tag(r->ctx, e, SYMX_TAG_NEW);
  if (!t) return e; /* out of memory: the value stays untagged */
  symx_expr_release(e);
  return t;
}

/* The forking engine's priority (--search nurs:new, and a pending searcher
** "weighted"): a state about to run changed code, or at a branch with a
** side that starts there or that changed code depends on, weighs 1000,
** others 1. A pending state sits at
** the branch that made it, so pending states of branches into changed code
** are revived first. */
double sxl_weight_new(void *user, symx_state *st) {
  sxl_session *ss = user;
  const sxl_state *s = symx_state_payload(st);
  sxl_changed *c = ss->x.changed;
  if (!c || !s || !s->nframes) return 1;
  const sxl_frame *fr = &s->frames[s->nframes - 1];
  const sxl_fn *fn = &ss->prog->fns[fr->fn];
  if (fr->pc >= fn->ncode) return 1;
  if (block_changed(c, ss->prog, fn, fr->pc)) return 1000;
  const sxl_ins *in = &fn->code[fr->pc];
  if (in->op != OP_CBR) return 1;
  uint32_t t = edge_start(fn, fr->pc, in->b), f = edge_start(fn, fr->pc, in->c);
  return (t != UINT32_MAX && block_changed(c, ss->prog, fn, t)) ||
                 (f != UINT32_MAX && block_changed(c, ss->prog, fn, f)) ||
                 controls_changed(c, ss->prog, fr->fn, fr->pc)
             ? 1000
             : 1;
}
