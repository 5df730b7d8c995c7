/*
** bench_solver.c — the two solver backends on one corpus of queries.
**
**   symx-bench solver DIR [--arrays ackermann|lemmas] [--incremental 0|1]
**                         [--timeout MS (default 2000)] [--only cadical|z3]
**     runs every .smt2 file of DIR (the assertions up to the first check-sat form
**     the query) on both backends in one process, one backend instance each
**     across the whole corpus (so incremental modes count), and prints one
**     JSON object per backend: backend, queries, total_s, median_s,
**     geomean_s, disagreements (plus sat/unsat/unknown and bad_models: a
**     SAT model the evaluator rejects), then one with
**     geomean_ratio_z3_over_cadical. Times are thread CPU time.
**
**   symx-bench solver --generate DIR [PATHS] [SEED]
**     writes a provisional corpus shaped like symbolic execution's queries:
**     PATHS simulated paths over an input buffer, each a sequence of branch
**     conditions (byte comparisons, little-endian words with arithmetic,
**     table lookups at input-dependent indices, stores and loads at
**     symbolic addresses); a query per branch = the path so far plus the
**     branch condition or its negation, as a symbolic executor asks it.
*/
#include "symx.h"
#include "bench_util.h"
#include "solver/backend.h"
#include "solver/narrow.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

int bench_solver(int argc, char **argv);



/* ---- the provisional corpus ---- */

typedef struct gen {
  symx_ctx *ctx;
  uint64_t s;
  symx_expr *in;    /* the input buffer */
  symx_expr *table; /* a constant lookup table (like ctype/crc tables) */
  symx_expr *mem;   /* memory with stores at symbolic addresses */
  unsigned size;
} gen;

static symx_expr *K(gen *g, unsigned w, uint64_t v) { return symx_const(g->ctx, w, v); }
static uint64_t R(gen *g, uint64_t n) { return bench_rng(&g->s) % n; }

/* consumes a and b */
static symx_expr *mk2(gen *g, symx_kind k, symx_expr *a, symx_expr *b) {
  symx_expr *r = symx_mk2(g->ctx, k, a, b);
  symx_expr_release(a);
  symx_expr_release(b);
  return r;
}

static symx_expr *byte(gen *g, unsigned i) {
  symx_expr *idx = K(g, 32, i), *r = symx_read(g->ctx, g->in, idx);
  symx_expr_release(idx);
  return r;
}

static symx_expr *zext(gen *g, symx_expr *a, unsigned w) {
  symx_expr *r = symx_zext(g->ctx, a, w);
  symx_expr_release(a);
  return r;
}

static symx_expr *word(gen *g, unsigned off, unsigned nbytes) {
  return symx_read_le(g->ctx, g->in, off, nbytes);
}

/* one branch condition of a parser-like program */
static symx_expr *condition(gen *g) {
  static const symx_kind cmp[] = {SYMX_K_EQ, SYMX_K_NE, SYMX_K_ULT, SYMX_K_UGT, SYMX_K_SLT, SYMX_K_UGE};
  symx_kind c = cmp[R(g, 6)];
  unsigned off = (unsigned)R(g, g->size - 4);
  switch (R(g, 8)) {
  case 0:
  case 1: /* if (buf[i] == 'x') */
    return mk2(g, R(g, 2) ? SYMX_K_EQ : SYMX_K_NE, byte(g, off), K(g, 8, R(g, 2) ? 'A' + R(g, 26) : R(g, 256)));
  case 2: /* if (buf[i] < c) — character classes */
    return mk2(g, c, byte(g, off), K(g, 8, R(g, 256)));
  case 3: { /* length/checksum fields: le16/le32 with arithmetic */
    unsigned nb = R(g, 2) ? 2 : 4;
    symx_expr *w = zext(g, word(g, off, nb), 32);
    symx_expr *a = mk2(g, R(g, 2) ? SYMX_K_ADD : SYMX_K_MUL, w, K(g, 32, 1 + R(g, 100)));
    if (R(g, 3) == 0) a = mk2(g, SYMX_K_AND, a, K(g, 32, 0xfff));
    return mk2(g, c, a, K(g, 32, R(g, 1u << (8 * nb))));
  }
  case 4: { /* sum of two bytes / xor checksum */
    symx_expr *a = zext(g, byte(g, off), 16), *b = zext(g, byte(g, off + 1 + (unsigned)R(g, 3)), 16);
    symx_expr *s = mk2(g, R(g, 2) ? SYMX_K_ADD : SYMX_K_XOR, a, b);
    return mk2(g, c, s, K(g, 16, R(g, 512)));
  }
  case 5: { /* table[buf[i]] & FLAG — ctype-style lookup at an input index */
    symx_expr *idx = zext(g, byte(g, off), 32);
    symx_expr *t = symx_read(g->ctx, g->table, idx);
    symx_expr_release(idx);
    symx_expr *f = mk2(g, SYMX_K_AND, t, K(g, 8, 1u << R(g, 8)));
    return mk2(g, R(g, 2) ? SYMX_K_EQ : SYMX_K_NE, f, K(g, 8, 0));
  }
  case 6: { /* buf[buf[i] % n] — an input-dependent load */
    symx_expr *idx = mk2(g, SYMX_K_UREM, zext(g, byte(g, off), 32), K(g, 32, g->size));
    symx_expr *r = symx_read(g->ctx, g->in, idx);
    symx_expr_release(idx);
    return mk2(g, c, r, K(g, 8, R(g, 256)));
  }
  default: { /* a load from memory after stores at symbolic addresses */
    symx_expr *a = zext(g, mk2(g, SYMX_K_AND, byte(g, off), K(g, 8, 15)), 32);
    symx_expr *v = byte(g, (unsigned)R(g, g->size));
    symx_expr *m = symx_array_write(g->ctx, g->mem, a, v);
    symx_expr_release(a);
    symx_expr_release(v);
    symx_expr_release(g->mem);
    g->mem = m;
    symx_expr *b = zext(g, mk2(g, SYMX_K_AND, byte(g, (unsigned)R(g, g->size)), K(g, 8, 15)), 32);
    symx_expr *r = symx_read(g->ctx, g->mem, b);
    symx_expr_release(b);
    return mk2(g, c, r, K(g, 8, R(g, 256)));
  }
  }
}

static int generate(const char *dir, int paths, uint64_t seed) {
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "symx-bench solver: cannot create %s\n", dir);
    return 1;
  }
  symx_ctx *ctx = symx_ctx_new();
  gen g = {ctx, seed, NULL, NULL, NULL, 0};
  uint8_t tab[256], zeros[16] = {0};
  for (int i = 0; i < 256; i++) tab[i] = (uint8_t)bench_rng(&g.s);
  g.table = symx_array_const(ctx, "ctype", tab, 256, 32);
  int files = 0;
  for (int p = 0; p < paths; p++) {
    char name[32];
    g.size = 8 + (unsigned)R(&g, 57);
    snprintf(name, sizeof name, "in%d", p);
    g.in = symx_array_input(ctx, name, g.size, 32);
    g.mem = symx_array_const(ctx, NULL, zeros, 16, 32);
    symx_expr *path[64];
    int depth = 4 + (int)R(&g, 40), n = 0;
    for (int d = 0; d < depth; d++) {
      symx_expr *c = condition(&g);
      if (!c) break;
      symx_expr *nc = symx_bool_not(ctx, c);
      /* the executor asks about both sides, follows one */
      for (int side = 0; side < 2; side++) {
        path[n] = side ? nc : c;
        char *q = symx_smt2_query(ctx, path, (size_t)n + 1);
        char fn[4096];
        snprintf(fn, sizeof fn, "%s/p%03d_d%02d_%c.smt2", dir, p, d, side ? 'f' : 't');
        FILE *f = q ? fopen(fn, "w") : NULL;
        if (f) {
          fputs(q, f);
          fclose(f);
          files++;
        }
        symx_string_free(ctx, q);
      }
      /* follow a side that is satisfiable per a quick cadical check (as the
      ** executor would only follow feasible sides) */
      path[n] = c;
      int keep = (int)R(&g, 2);
      symx_solver *sv = symx_solver_new(ctx, "cadical");
      path[n] = keep ? c : nc;
      if (symx_solver_check(sv, path, (size_t)n + 1, 1000, NULL) != SYMX_SAT) path[n] = keep ? nc : c;
      symx_solver_free(sv);
      symx_expr_retain(path[n]);
      symx_expr_release(c);
      symx_expr_release(nc);
      n++;
    }
    for (int i = 0; i < n; i++) symx_expr_release(path[i]);
    symx_expr_release(g.in);
    symx_expr_release(g.mem);
  }
  symx_expr_release(g.table);
  symx_ctx_free(ctx);
  printf("{\"bench\": \"solver\", \"generated\": %d, \"dir\": \"%s\"}\n", files, dir);
  return 0;
}

/* ---- running a corpus ---- */

typedef struct query {
  char *file;
  symx_smt2 *script; /* kept alive: equal constraints of later files are the same nodes */
  symx_expr **cs;
  size_t n;
} query;

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static int cmp_dbl(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  size_t got;
  while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) buf = realloc(buf, cap *= 2);
  }
  fclose(f);
  *len = n;
  return buf;
}

static size_t load(symx_ctx *ctx, const char *dir, query **out) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  char **names = NULL;
  size_t nn = 0;
  for (struct dirent *e; (e = readdir(d));) {
    size_t l = strlen(e->d_name);
    if (l > 5 && !strcmp(e->d_name + l - 5, ".smt2")) {
      names = realloc(names, (nn + 1) * sizeof *names);
      names[nn++] = strdup(e->d_name);
    }
  }
  closedir(d);
  if (nn) qsort(names, nn, sizeof *names, cmp_str);
  query *qs = calloc(nn ? nn : 1, sizeof *qs);
  size_t nq = 0;
  for (size_t i = 0; i < nn; i++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    size_t len = 0;
    char *text = slurp(path, &len);
    symx_smt2 *s = text ? symx_smt2_parse(ctx, text, len, names[i]) : NULL;
    free(text);
    if (!s) {
      fprintf(stderr, "symx-bench solver: skipping %s: %s\n", names[i], text ? symx_errmsg(ctx) : "unreadable");
      free(names[i]);
      continue;
    }
    query *q = &qs[nq++];
    q->file = names[i];
    q->script = s;
    for (size_t c = 0; c < symx_smt2_count(s) && symx_smt2_kind(s, c) != SYMX_SMT2_CHECK_SAT; c++)
      if (symx_smt2_kind(s, c) == SYMX_SMT2_ASSERT) {
        q->cs = realloc(q->cs, (q->n + 1) * sizeof *q->cs);
        q->cs[q->n++] = symx_smt2_expr(s, c, 0);
      }
  }
  free(names);
  *out = qs;
  return nq;
}

typedef struct result {
  const char *name;
  int *answer;
  double *t;
  double total, median, geomean;
  size_t sat, unsat, unknown, bad_models;
} result;

static void run(symx_ctx *ctx, const sx_backend_vt *vt, query *qs, size_t nq, unsigned timeout_ms, result *r) {
  r->name = vt->name;
  r->answer = calloc(nq ? nq : 1, sizeof *r->answer);
  r->t = calloc(nq ? nq : 1, sizeof *r->t);
  sx_backend *b = vt->create(ctx);
  sx_narrow_cache *nc = sx_narrow_cache_new(ctx); /* as a solver keeps one */
  double logsum = 0;
  for (size_t i = 0; i < nq; i++) {
    sx_assign *m = symx_assign_new(ctx);
    uint64_t deadline = timeout_ms ? sx_now_ns() + timeout_ms * 1000000ull : 0;
    uint64_t t0 = bench_cpu_ns();
    int rc = sx_backend_check(ctx, vt, b, nc, qs[i].cs, qs[i].n, deadline, m);
    double t = (bench_cpu_ns() - t0) / 1e9;
    r->answer[i] = rc;
    r->t[i] = t;
    r->total += t;
    logsum += log(t > 1e-6 ? t : 1e-6);
    if (rc == SYMX_SAT) {
      r->sat++;
      if (!symx_assign_satisfies(ctx, m, qs[i].cs, qs[i].n)) r->bad_models++;
    } else if (rc == SYMX_UNSAT) r->unsat++;
    else r->unknown++;
    symx_assign_free(m);
  }
  vt->destroy(b);
  sx_narrow_cache_free(nc);
  r->geomean = nq ? exp(logsum / (double)nq) : 0;
  double *sorted = malloc((nq ? nq : 1) * sizeof *sorted);
  memcpy(sorted, r->t, nq * sizeof *sorted);
  qsort(sorted, nq, sizeof *sorted, cmp_dbl);
  r->median = nq ? (nq % 2 ? sorted[nq / 2] : (sorted[nq / 2 - 1] + sorted[nq / 2]) / 2) : 0;
  free(sorted);
}

int bench_solver(int argc, char **argv) {
  if (argc >= 3 && !strcmp(argv[1], "--generate"))
    return generate(argv[2], argc > 3 ? atoi(argv[3]) : 40, argc > 4 ? strtoull(argv[4], NULL, 10) : 1);
  if (argc < 2) {
    fprintf(stderr, "usage: symx-bench solver DIR [--arrays ackermann|lemmas] [--incremental 0|1] "
                    "[--timeout MS] [--only cadical|z3] [--each 1] [--narrow 0|1]\n"
                    "       symx-bench solver --generate DIR [PATHS] [SEED]\n");
    return 2;
  }
  symx_ctx *ctx = symx_ctx_new();
  unsigned timeout_ms = 2000;
  const char *only = NULL;
  bool each = false;
  for (int i = 2; i + 1 < argc; i += 2) {
    if (!strcmp(argv[i], "--arrays")) symx_option_set_str(ctx, "cadical_arrays", argv[i + 1]);
    else if (!strcmp(argv[i], "--incremental")) symx_option_set_str(ctx, "cadical_incremental", argv[i + 1]);
    else if (!strcmp(argv[i], "--timeout")) timeout_ms = (unsigned)atoi(argv[i + 1]);
    else if (!strcmp(argv[i], "--only")) only = argv[i + 1];
    else if (!strcmp(argv[i], "--each")) each = atoi(argv[i + 1]) != 0;
    else if (!strcmp(argv[i], "--narrow")) symx_option_set_str(ctx, "narrow", argv[i + 1]);
  }
  query *qs = NULL;
  size_t nq = load(ctx, argv[1], &qs);
  if (!nq) {
    fprintf(stderr, "symx-bench solver: no readable .smt2 files in %s\n", argv[1]);
    free(qs);
    symx_ctx_free(ctx);
    return 1;
  }
  const sx_backend_vt *vts[2] = {&sx_backend_cadical, &sx_backend_z3};
  result res[2] = {{0}, {0}};
  for (int b = 0; b < 2; b++)
    if (!only || !strcmp(only, vts[b]->name)) run(ctx, vts[b], qs, nq, timeout_ms, &res[b]);
  size_t disagree = 0;
  if (!only)
    for (size_t i = 0; i < nq; i++) {
      int a = res[0].answer[i], z = res[1].answer[i];
      if ((a == SYMX_SAT || a == SYMX_UNSAT) && (z == SYMX_SAT || z == SYMX_UNSAT) && a != z) {
        disagree++;
        fprintf(stderr, "symx-bench solver: %s: cadical %d, z3 %d\n", qs[i].file, a, z);
      }
    }
  /* one line per query and backend, to find the queries that cost */
  for (int b = 0; b < 2 && each; b++)
    for (size_t i = 0; i < nq && res[b].name; i++)
      printf("{\"bench\": \"solver\", \"backend\": \"%s\", \"file\": \"%s\", \"answer\": \"%s\", \"s\": %.6f}\n",
             res[b].name, qs[i].file,
             res[b].answer[i] == SYMX_SAT ? "sat" : res[b].answer[i] == SYMX_UNSAT ? "unsat" : "unknown", res[b].t[i]);
  for (int b = 0; b < 2; b++) {
    result *r = &res[b];
    if (!r->name) continue;
    printf("{\"bench\": \"solver\", \"backend\": \"%s\", \"queries\": %zu, \"total_s\": %.6f, \"median_s\": %.6f, "
           "\"geomean_s\": %.6f, \"disagreements\": %zu, \"sat\": %zu, \"unsat\": %zu, \"unknown\": %zu, "
           "\"bad_models\": %zu, \"cadical_arrays\": \"%s\", \"cadical_incremental\": %d, \"narrow\": %d}\n",
           r->name, nq, r->total, r->median, r->geomean, disagree, r->sat, r->unsat, r->unknown, r->bad_models,
           symx_option_get_str(ctx, "cadical_arrays"), (int)symx_option_get(ctx, "cadical_incremental"),
           (int)symx_option_get(ctx, "narrow"));
  }
  if (!only)
    printf("{\"bench\": \"solver\", \"geomean_ratio_z3_over_cadical\": %.3f}\n",
           res[0].geomean > 0 ? res[1].geomean / res[0].geomean : 0.0);
  for (int b = 0; b < 2; b++) {
    free(res[b].answer);
    free(res[b].t);
  }
  for (size_t i = 0; i < nq; i++) {
    free(qs[i].file);
    free(qs[i].cs);
    symx_smt2_free(qs[i].script);
  }
  free(qs);
  symx_ctx_free(ctx);
  return disagree ? 1 : 0;
}
