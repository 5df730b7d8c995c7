/*
** symx-smt — runs an SMT-LIB2 script (QF_ABV / QF_BV as libsymx reads it)
** on a libsymx solver backend, answering like an SMT-LIB solver:
**
**   symx-smt [--solver z3|cadical] [--timeout MS] FILE.smt2
**
** check-sat prints sat/unsat/unknown; get-value prints ((term value) ...)
** with #x/#b values (width-1 terms print true/false); get-model prints the
** input arrays of the last model as define-funs; push/pop scope assertions.
** Errors go to stderr as "symx-smt: FILE:line:col: message" (or
** "symx-smt: FILE: message" when no position applies), exit code 1.
** Uses the public API only.
*/
#include "symx.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *prog = "symx-smt";

static void usage(FILE *f) {
  fprintf(f, "usage: %s [--solver %s] [--timeout MS] FILE.smt2\n", prog, symx_solver_backends());
}

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 1 << 16, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    size_t got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (n < cap) break;
    char *nb = realloc(buf, cap * 2);
    if (!nb) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = nb;
    cap *= 2;
  }
  int err = ferror(f);
  fclose(f);
  if (err) {
    free(buf);
    return NULL;
  }
  *len = n;
  return buf;
}

/* The context's message without the leading "function: " the library adds,
** so a parse error reads "FILE:line:col: message". */
static const char *message(symx_ctx *ctx) {
  const char *m = symx_errmsg(ctx);
  const char *p = strstr(m, ": ");
  if (p && !memchr(m, ' ', (size_t)(p - m)) && !memchr(m, ':', (size_t)(p - m)) &&
      strncmp(m, "symx_", 5) == 0)
    return p + 2;
  return m;
}

static void print_value(uint64_t v, unsigned w) {
  if (w == 1) {
    fputs(v ? "true" : "false", stdout);
  } else if (w % 4 == 0) {
    printf("#x");
    for (int i = (int)w / 4 - 1; i >= 0; i--) printf("%x", (unsigned)(v >> (4 * i)) & 0xf);
  } else {
    printf("#b");
    for (int i = (int)w - 1; i >= 0; i--) putchar('0' + (int)((v >> i) & 1));
  }
}

/* ---- declarations, for printing models in the script's own sorts ---- */

/* The reader maps (declare-fun x () (_ BitVec w)) and Bool constants to an
** input array "x" read little-endian; get-model prints them back as
** bit-vector (Bool) constants. width 0 = an array. */
typedef struct decl {
  char *name;
  unsigned width;
} decl;

typedef struct decls {
  decl *d;
  size_t n, cap;
} decls;

typedef struct scan {
  const char *p, *end;
} scan;

/* The next token: "(" ")" or an atom (a quoted |symbol| without its bars).
** Returns its length (0 at the end), *tok its start. */
static size_t next_token(scan *sc, const char **tok) {
  for (;;) {
    while (sc->p < sc->end && (*sc->p == ' ' || *sc->p == '\t' || *sc->p == '\n' || *sc->p == '\r')) sc->p++;
    if (sc->p < sc->end && *sc->p == ';') {
      while (sc->p < sc->end && *sc->p != '\n') sc->p++;
      continue;
    }
    break;
  }
  if (sc->p >= sc->end) return 0;
  const char *s = sc->p;
  if (*s == '(' || *s == ')') {
    *tok = sc->p++;
    return 1;
  }
  if (*s == '|') {
    const char *e = memchr(s + 1, '|', (size_t)(sc->end - s - 1));
    if (!e) e = sc->end;
    *tok = s + 1;
    sc->p = e < sc->end ? e + 1 : e;
    return (size_t)(e - s - 1) ? (size_t)(e - s - 1) : 1;
  }
  if (*s == '"') {
    const char *e = s + 1;
    while (e < sc->end && (*e != '"' || (e + 1 < sc->end && e[1] == '"'))) e += *e == '"' ? 2 : 1;
    sc->p = e < sc->end ? e + 1 : e;
    *tok = s;
    return (size_t)(sc->p - s);
  }
  while (sc->p < sc->end && !strchr(" \t\n\r();|\"", *sc->p)) sc->p++;
  *tok = s;
  return (size_t)(sc->p - s);
}

static int tok_is(const char *t, size_t n, const char *word) {
  return n == strlen(word) && !memcmp(t, word, n);
}

static void add_decl(decls *ds, const char *name, size_t n, unsigned width) {
  for (size_t i = 0; i < ds->n; i++)
    if (strlen(ds->d[i].name) == n && !memcmp(ds->d[i].name, name, n)) {
      ds->d[i].width = width;
      return;
    }
  if (ds->n == ds->cap) {
    size_t ncap = ds->cap ? ds->cap * 2 : 16;
    decl *nd = realloc(ds->d, ncap * sizeof *nd);
    if (!nd) return;
    ds->d = nd;
    ds->cap = ncap;
  }
  char *copy = malloc(n + 1);
  if (!copy) return;
  memcpy(copy, name, n);
  copy[n] = 0;
  ds->d[ds->n].name = copy;
  ds->d[ds->n++].width = width;
}

/* Finds the constants the script declares (best effort: the reader has
** already accepted the text). */
static void scan_decls(const char *text, size_t len, decls *ds) {
  scan sc = {text, text + len};
  const char *t;
  size_t n;
  int open = 0;
  while ((n = next_token(&sc, &t))) {
    if (tok_is(t, n, "(")) {
      open = 1;
      continue;
    }
    if (!open || !(tok_is(t, n, "declare-fun") || tok_is(t, n, "declare-const"))) {
      open = 0;
      continue;
    }
    open = 0;
    int fun = tok_is(t, n, "declare-fun");
    const char *name;
    size_t nn = next_token(&sc, &name);
    if (!nn) return;
    if (fun) { /* only nullary functions: () */
      const char *a, *b; /* each token read before it is compared: argument order is unspecified */
      size_t na = next_token(&sc, &a);
      if (!tok_is(a, na, "(")) continue;
      size_t nb = next_token(&sc, &b);
      if (!tok_is(b, nb, ")")) continue;
    }
    const char *s1, *s2, *s3, *s4;
    size_t n1 = next_token(&sc, &s1);
    if (tok_is(s1, n1, "Bool")) {
      add_decl(ds, name, nn, 1);
      continue;
    }
    if (!tok_is(s1, n1, "(")) continue;
    size_t n2 = next_token(&sc, &s2);
    if (tok_is(s2, n2, "Array")) {
      add_decl(ds, name, nn, 0);
      continue;
    }
    size_t n3 = next_token(&sc, &s3), n4 = next_token(&sc, &s4);
    if (tok_is(s2, n2, "_") && tok_is(s3, n3, "BitVec") && n4 > 0 && n4 < 4) {
      char num[4] = {0};
      memcpy(num, s4, n4);
      unsigned w = (unsigned)atoi(num);
      if (w >= 1 && w <= 64) add_decl(ds, name, nn, w);
    }
  }
}

static void free_decls(decls *ds) {
  for (size_t i = 0; i < ds->n; i++) free(ds->d[i].name);
  free(ds->d);
}

static void print_symbol(const char *name) {
  int plain = *name && !strchr("0123456789", *name);
  for (const char *c = name; *c; c++)
    if (!(('a' <= *c && *c <= 'z') || ('A' <= *c && *c <= 'Z') || ('0' <= *c && *c <= '9') ||
          strchr("~!@$%^&*_-+=<>.?/", *c)))
      plain = 0;
  printf(plain ? "%s" : "|%s|", name);
}

/* A model as SMT-LIB define-funs: declared bit-vector and Bool constants
** with their values, arrays as store chains over a constant-0 array (zero
** bytes left out). */
static void print_model(symx_ctx *ctx, const symx_assign *m, const decls *ds) {
  printf("(\n");
  for (size_t i = 0; i < ds->n; i++) {
    const char *name = ds->d[i].name;
    symx_expr *arr = symx_input_find(ctx, name);
    if (!arr) continue;
    unsigned iw = symx_array_index_width(arr), w = ds->d[i].width;
    symx_expr_release(arr);
    size_t len = 0;
    const uint8_t *bytes = m ? symx_assign_get(m, name, &len) : NULL;
    printf("  (define-fun ");
    print_symbol(name);
    if (w) {
      uint64_t v = 0;
      for (unsigned k = 0; k < (w + 7) / 8 && k < len; k++) v |= (uint64_t)bytes[k] << (8 * k);
      if (w < 64) v &= (1ull << w) - 1;
      if (w == 1) printf(" () Bool ");
      else printf(" () (_ BitVec %u) ", w);
      print_value(v, w);
      printf(")\n");
      continue;
    }
    size_t nz = 0;
    for (size_t k = 0; k < len; k++) nz += bytes[k] != 0;
    printf(" () (Array (_ BitVec %u) (_ BitVec 8))\n    ", iw);
    for (size_t k = 0; k < nz; k++) printf("(store ");
    printf("((as const (Array (_ BitVec %u) (_ BitVec 8))) #x00)", iw);
    for (size_t k = 0; k < len; k++)
      if (bytes[k]) {
        printf(" ");
        print_value(k, iw);
        printf(" #x%02x)", bytes[k]);
      }
    printf(")\n");
  }
  printf(")\n");
}

typedef struct run {
  symx_ctx *ctx;
  symx_solver *solver;
  const char *file;
  unsigned timeout_ms;
  symx_expr **as; /* assertions (borrowed from the script) */
  size_t nas, cap_as;
  size_t *scopes; /* assertion counts at each push */
  size_t nscopes, cap_scopes;
  symx_assign *model; /* of the last check-sat, when it said sat */
  int last;           /* last check-sat answer, 0 = none yet */
  decls ds;           /* declared constants (for get-model) */
} run;

static int fail(run *r, const char *fmt, const char *arg) {
  fprintf(stderr, "%s: %s: ", prog, r->file);
  fprintf(stderr, fmt, arg);
  fputc('\n', stderr);
  return 1;
}

static int grow(void **p, size_t *cap, size_t need, size_t elem) {
  if (need <= *cap) return 0;
  size_t ncap = *cap ? *cap * 2 : 64;
  while (ncap < need) ncap *= 2;
  void *np = realloc(*p, ncap * elem);
  if (!np) return -1;
  *p = np;
  *cap = ncap;
  return 0;
}

static int execute(run *r, symx_smt2 *script) {
  size_t n = symx_smt2_count(script);
  for (size_t i = 0; i < n; i++) {
    switch (symx_smt2_kind(script, i)) {
    case SYMX_SMT2_ASSERT:
      if (grow((void **)&r->as, &r->cap_as, r->nas + 1, sizeof *r->as)) return fail(r, "%s", "out of memory");
      r->as[r->nas++] = symx_smt2_expr(script, i, 0);
      break;
    case SYMX_SMT2_PUSH:
      for (unsigned k = 0; k < symx_smt2_num(script, i); k++) {
        if (grow((void **)&r->scopes, &r->cap_scopes, r->nscopes + 1, sizeof *r->scopes))
          return fail(r, "%s", "out of memory");
        r->scopes[r->nscopes++] = r->nas;
      }
      break;
    case SYMX_SMT2_POP: {
      unsigned k = symx_smt2_num(script, i);
      if (k > r->nscopes) return fail(r, "%s", "pop below the outermost scope");
      if (k) {
        r->nscopes -= k;
        r->nas = r->scopes[r->nscopes];
      }
      break;
    }
    case SYMX_SMT2_RESET:
      r->nas = r->nscopes = 0;
      symx_assign_free(r->model);
      r->model = NULL;
      r->last = 0;
      break;
    case SYMX_SMT2_CHECK_SAT: {
      symx_assign_free(r->model);
      r->model = NULL;
      int rc = symx_solver_check(r->solver, r->as, r->nas, r->timeout_ms, &r->model);
      if (rc < SYMX_SAT) return fail(r, "%s", symx_errmsg(r->ctx));
      r->last = rc;
      puts(rc == SYMX_SAT ? "sat" : rc == SYMX_UNSAT ? "unsat" : "unknown");
      break;
    }
    case SYMX_SMT2_GET_VALUE: {
      if (r->last != SYMX_SAT) return fail(r, "%s", "get-value needs a check-sat that answered sat");
      size_t ne = symx_smt2_nexprs(script, i);
      printf("(");
      for (size_t j = 0; j < ne; j++) {
        symx_expr *e = symx_smt2_expr(script, i, j);
        uint64_t v;
        if (symx_expr_is_array(e)) return fail(r, "%s", "get-value of an array is not supported");
        if (symx_eval(r->ctx, e, r->model, &v) != SYMX_OK) return fail(r, "%s", symx_errmsg(r->ctx));
        printf("%s(%s ", j ? "\n " : "", symx_smt2_expr_text(script, i, j));
        print_value(v, symx_expr_width(e));
        printf(")");
      }
      printf(")\n");
      break;
    }
    case SYMX_SMT2_GET_MODEL:
      if (r->last != SYMX_SAT) return fail(r, "%s", "get-model needs a check-sat that answered sat");
      print_model(r->ctx, r->model, &r->ds);
      break;
    case SYMX_SMT2_EXIT: return 0;
    default: return fail(r, "%s", "unknown command");
    }
    fflush(stdout);
  }
  return 0;
}

int main(int argc, char **argv) {
  const char *backend = NULL, *file = NULL;
  unsigned timeout_ms = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--solver") && i + 1 < argc) {
      backend = argv[++i];
    } else if (!strcmp(argv[i], "--timeout") && i + 1 < argc) {
      char *end;
      errno = 0;
      unsigned long v = strtoul(argv[++i], &end, 10);
      if (errno || *end || end == argv[i] || v > UINT32_MAX) {
        fprintf(stderr, "%s: bad timeout '%s'\n", prog, argv[i]);
        return 1;
      }
      timeout_ms = (unsigned)v;
    } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      return 0;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      usage(stderr);
      return 1;
    } else if (!file) {
      file = argv[i];
    } else {
      usage(stderr);
      return 1;
    }
  }
  if (!file) {
    usage(stderr);
    return 1;
  }
  size_t len = 0;
  char *text = read_file(file, &len);
  if (!text) {
    fprintf(stderr, "%s: %s: cannot read: %s\n", prog, file, strerror(errno));
    return 1;
  }
  run r = {0};
  r.file = file;
  r.timeout_ms = timeout_ms;
  r.ctx = symx_ctx_new();
  int status = 1;
  if (!r.ctx) {
    fprintf(stderr, "%s: out of memory\n", prog);
    free(text);
    return 1;
  }
  r.solver = symx_solver_new(r.ctx, backend);
  symx_smt2 *script = NULL;
  if (!r.solver) {
    fprintf(stderr, "%s: %s\n", prog, symx_errmsg(r.ctx));
  } else if (!(script = symx_smt2_parse(r.ctx, text, len, file))) {
    fprintf(stderr, "%s: %s\n", prog, message(r.ctx));
  } else {
    scan_decls(text, len, &r.ds);
    status = execute(&r, script);
  }
  free_decls(&r.ds);
  symx_assign_free(r.model);
  symx_smt2_free(script);
  symx_solver_free(r.solver);
  symx_ctx_free(r.ctx);
  free(r.as);
  free(r.scopes);
  free(text);
  return status;
}
