/*
** bench_rom.c — symx-bench rom: queries reading constant tables at symbolic
** indices, through the cadical backend with the ROM encoding of tables
** (cadical_rom 1) and with the old one (an ite per write, a mux per
** constant array), in one run; prints JSON with the time ratio.
**
** Generated queries mimic a flex scanner's tables (what symx-llvm records
** in bc): tables of 1218 bytes, 4-byte loads at 4 * c + k for an input
** byte c, several tables read at one index; each table either as the
** engine holds it (a constant array) or as SMT-LIB files print it (a
** store per byte over a 1-byte zero array). A third family is a hash
** table as make holds its variables: a 64 KiB constant array with 128 of
** its 8-byte buckets set, read at 8 * (hash(x) & 0x1fff) + j for a 16-bit
** input x; the query asks for a non-empty bucket (big sparse tables are
** ROMs of their non-zero bytes; before, lazy lemmas). Extra arguments:
** .smt2 files, timed the same way.
*/
#include "bench_util.h"
#include "hashtable.h"
#include "solver/backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TABLE 1218
#define NTABLES 4

typedef struct qset { symx_expr **cs; size_t n; } qset;

static symx_expr *K(symx_ctx *ctx, unsigned w, uint64_t v) { return symx_const(ctx, w, v); }

/* One table: 4-byte entries, mostly small, as a constant array or as a
** store chain over a zero byte. */
static symx_expr *table(symx_ctx *ctx, uint64_t *s, bool chain) {
  uint8_t bytes[TABLE] = {0};
  for (unsigned i = 0; i < TABLE; i += 4) bytes[i] = (uint8_t)(bench_rng(s) % 40);
  if (!chain) return symx_array_const(ctx, NULL, bytes, TABLE, 32);
  static const uint8_t zero[1] = {0};
  symx_expr *a = symx_array_const(ctx, NULL, zero, 1, 32);
  for (unsigned i = 0; i < TABLE; i++) {
    symx_expr *k = K(ctx, 32, i), *v = K(ctx, 8, bytes[i]), *na = symx_array_write(ctx, a, k, v);
    symx_expr_release(k);
    symx_expr_release(v);
    symx_expr_release(a);
    a = na;
  }
  return a;
}

/* The little-endian word of t at 4 * c (c: input byte `which` of "in"). */
static symx_expr *load_word(symx_ctx *ctx, symx_expr *t, symx_expr *in, unsigned which) {
  symx_expr *ki = K(ctx, 32, which), *c = symx_read(ctx, in, ki), *z = symx_zext(ctx, c, 32);
  symx_expr *four = K(ctx, 32, 4), *base = symx_mul(ctx, z, four), *w = NULL;
  for (unsigned k = 4; k-- > 0;) {
    symx_expr *kk = K(ctx, 32, k), *i = symx_add(ctx, base, kk), *r = symx_read(ctx, t, i);
    symx_expr *nw = w ? symx_concat(ctx, w, r) : symx_expr_retain(r);
    symx_expr *ex[] = {kk, i, r, w};
    for (int j = 0; j < 4; j++)
      if (ex[j]) symx_expr_release(ex[j]);
    w = nw;
  }
  symx_expr *ex[] = {ki, c, z, four, base};
  for (int j = 0; j < 5; j++) symx_expr_release(ex[j]);
  return w;
}

/* Query q: the words of every table at input byte q % 4 sum to a value
** that only some inputs reach (either answer is possible). */
static void make_query(symx_ctx *ctx, symx_expr **ts, symx_expr *in, unsigned q, uint64_t *s, qset *out) {
  symx_expr *sum = K(ctx, 32, 0);
  for (unsigned t = 0; t < NTABLES; t++) {
    symx_expr *w = load_word(ctx, ts[t], in, q % 4), *ns = symx_add(ctx, sum, w);
    symx_expr_release(w);
    symx_expr_release(sum);
    sum = ns;
  }
  symx_expr *v = K(ctx, 32, bench_rng(s) % 160);
  out->n = 1;
  out->cs = malloc(sizeof *out->cs);
  out->cs[0] = symx_eq(ctx, sum, v);
  symx_expr_release(sum);
  symx_expr_release(v);
}

typedef struct timing { double s; size_t sat, unsat, unknown, bad_models; } timing;

/* CPU time of qs through one cadical instance with cadical_rom = rom. */
static timing run(symx_ctx *ctx, const qset *qs, size_t nq, int rom, int *answers) {
  timing t = {0};
  symx_option_set(ctx, "cadical_rom", rom);
  sx_backend *b = sx_backend_cadical.create(ctx);
  for (size_t i = 0; i < nq; i++) {
    sx_assign *m = symx_assign_new(ctx);
    uint64_t t0 = bench_cpu_ns();
    int rc = sx_backend_cadical.check(b, qs[i].cs, qs[i].n, 0, m);
    t.s += (bench_cpu_ns() - t0) / 1e9;
    t.sat += rc == SYMX_SAT;
    t.unsat += rc == SYMX_UNSAT;
    t.unknown += rc != SYMX_SAT && rc != SYMX_UNSAT;
    if (rc == SYMX_SAT && !symx_assign_satisfies(ctx, m, qs[i].cs, qs[i].n)) t.bad_models++;
    if (answers) answers[i] = answers[i] && answers[i] != rc ? -1 : rc;
    symx_assign_free(m);
  }
  sx_backend_cadical.destroy(b);
  return t;
}

/* Old and new encodings on qs; one JSON object named name. */
static int compare(symx_ctx *ctx, const char *name, const qset *qs, size_t nq) {
  int *answers = calloc(nq ? nq : 1, sizeof *answers);
  timing old = run(ctx, qs, nq, 0, answers), rom = run(ctx, qs, nq, 1, answers);
  size_t disagree = 0;
  for (size_t i = 0; i < nq; i++) disagree += answers[i] == -1;
  free(answers);
  printf("{\"bench\": \"rom\", \"queries\": \"%s\", \"n\": %zu, \"old_s\": %.4f, \"rom_s\": %.4f, "
         "\"ratio_old_over_rom\": %.2f, \"sat\": %zu, \"unsat\": %zu, \"unknown\": %zu, "
         "\"disagreements\": %zu, \"bad_models\": %zu}\n",
         name, nq, old.s, rom.s, rom.s > 0 ? old.s / rom.s : 0, rom.sat, rom.unsat, rom.unknown + old.unknown,
         disagree, rom.bad_models + old.bad_models);
  return disagree || rom.bad_models || old.bad_models ? 1 : 0;
}

static void free_qs(qset *qs, size_t nq) {
  for (size_t i = 0; i < nq; i++) {
    for (size_t j = 0; j < qs[i].n; j++) symx_expr_release(qs[i].cs[j]);
    free(qs[i].cs);
  }
}

static int generated(symx_ctx *ctx, bool chain, unsigned nq) {
  uint64_t s = 14;
  symx_expr *in = symx_array_input(ctx, "in", 4, 32), *ts[NTABLES];
  for (unsigned t = 0; t < NTABLES; t++) ts[t] = table(ctx, &s, chain);
  qset *qs = calloc(nq, sizeof *qs);
  for (unsigned q = 0; q < nq; q++) make_query(ctx, ts, in, q, &s, &qs[q]);
  int rc = compare(ctx, chain ? "generated: store chains" : "generated: constant arrays", qs, nq);
  free_qs(qs, nq);
  free(qs);
  for (unsigned t = 0; t < NTABLES; t++) symx_expr_release(ts[t]);
  symx_expr_release(in);
  return rc;
}

static int hashed(symx_ctx *ctx, unsigned nq) {
  uint64_t s = 14;
  uint8_t *bytes = calloc(65536, 1);
  for (unsigned k = 0; k < 128; k++) {
    uint64_t b = bench_rng(&s) % 8192;
    for (unsigned j = 0; j < 8; j++) bytes[8 * b + j] = (uint8_t)(1 + bench_rng(&s) % 255);
  }
  symx_expr *t = symx_array_const(ctx, NULL, bytes, 65536, 32), *in = symx_array_input(ctx, "key", 2, 32);
  free(bytes);
  symx_expr *x32 = ht_key(ctx, in);
  qset *qs = calloc(nq, sizeof *qs);
  for (unsigned q = 0; q < nq; q++) {
    qs[q].n = 1;
    qs[q].cs = malloc(sizeof *qs[q].cs);
    qs[q].cs[0] = ht_bucket_nonempty(ctx, t, x32, 0x9e37 + 2 * bench_rng(&s) % 4096);
  }
  int rc = compare(ctx, "generated: a hash table of 64 KiB", qs, nq);
  free_qs(qs, nq);
  free(qs);
  rx_drop(NULL, t, in, x32);
  return rc;
}

/* The assertions of path up to its first check-sat, or false. */
static bool load_file(symx_ctx *ctx, const char *path, symx_smt2 **script, qset *q) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  size_t cap = 1 << 16, n = 0, got;
  char *text = malloc(cap);
  while ((got = fread(text + n, 1, cap - n, f)) > 0)
    if ((n += got) == cap) text = realloc(text, cap *= 2);
  fclose(f);
  *script = symx_smt2_parse(ctx, text, n, path);
  free(text);
  if (!*script) return false;
  q->n = 0;
  q->cs = malloc((symx_smt2_count(*script) + 1) * sizeof *q->cs);
  for (size_t c = 0; c < symx_smt2_count(*script) && symx_smt2_kind(*script, c) != SYMX_SMT2_CHECK_SAT; c++)
    if (symx_smt2_kind(*script, c) == SYMX_SMT2_ASSERT)
      q->cs[q->n++] = symx_expr_retain(symx_smt2_expr(*script, c, 0));
  return true;
}

int bench_rom(int argc, char **argv) {
  symx_ctx *ctx = symx_ctx_new();
  int rc = generated(ctx, false, 24) | generated(ctx, true, 24) | hashed(ctx, 8);
  for (int i = 1; i < argc; i++) {
    symx_smt2 *script = NULL;
    qset q;
    if (!load_file(ctx, argv[i], &script, &q)) {
      fprintf(stderr, "symx-bench rom: skipping %s: %s\n", argv[i], script ? "" : symx_errmsg(ctx));
      continue;
    }
    rc |= compare(ctx, argv[i], &q, 1);
    free_qs(&q, 1);
    symx_smt2_free(script);
  }
  symx_ctx_free(ctx);
  return rc;
}
