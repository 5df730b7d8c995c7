/*
** test_cadical_rom.c — random differential test of constant tables read as
** ROMs (src/solver/cadical/rom.c): constant arrays of 1..5000 bytes under
** 0..4096 constant writes (overlapping, some of zeros), symbolic-index
** writes on top, several reads at one index expression, reads of one index
** in different tables (sharing a decoder) and at neighbouring indices.
**
** hash_table: make's variable table (a 64 KiB constant array, 128 of
** its 8-byte buckets set, no writes) read at a hash of two input bytes: a
** ROM of its non-zero bytes, no lemma, where lazy lemmas (cadical_rom 0)
** refine one index value at a time.
**
** Oracles: z3 must agree on every answer it gives; every SAT model must
** satisfy the query under the evaluator; the old encoding (cadical_rom 0)
** must give the same answer. z3 gets 0.3 s a query (it gives up on some
** of the big tables: counted, not failed).
*/
#include "check.h"
#include "randexpr.h"
#include "hashtable.h"
#include "solver/backend.h"

#define ROM_QUERIES 100
#define ROM_Z3_MS 300

typedef struct table_gen {
  symx_ctx *ctx;
  rx_gen *g;
  symx_expr *in; /* 2 input bytes the indices are made of */
} table_gen;

/* 5000: a sparse or zero base folds into the ROM; 70000, random: too many
** non-zero bytes, read lazily */
static const uint64_t SIZES[] = {1, 2, 7, 64, 255, 256, 1000, 1218, 4096, 5000, 70000};

static symx_expr *K(symx_ctx *ctx, unsigned w, uint64_t v) { return symx_const(ctx, w, v); }

/* A constant array, zero or random, of a varied size. */
static symx_expr *base(table_gen *t) {
  uint64_t size = SIZES[rx_below(t->g, sizeof SIZES / sizeof *SIZES)];
  uint8_t *bytes = calloc(size, 1);
  bool zero = rx_below(t->g, 2) == 0;
  for (uint64_t i = 0; !zero && i < size; i++) bytes[i] = rx_below(t->g, 3) ? (uint8_t)rx_next(t->g) : 0;
  symx_expr *a = symx_array_const(t->ctx, NULL, bytes, size, 32);
  free(bytes);
  return a;
}

/* a[i] = v, every argument consumed. */
static symx_expr *write_consumed(symx_ctx *ctx, symx_expr *a, symx_expr *i, symx_expr *v) {
  symx_expr *na = symx_array_write(ctx, a, i, v);
  symx_expr_release(i);
  symx_expr_release(v);
  symx_expr_release(a);
  return na;
}

/* a with m constant writes at indices below span (overlapping when m is
** near span), about a third of them zeros. */
static symx_expr *const_writes(table_gen *t, symx_expr *a, uint64_t m, uint64_t span) {
  for (uint64_t j = 0; j < m; j++) {
    symx_expr *i = K(t->ctx, 32, rx_below(t->g, span));
    symx_expr *v = K(t->ctx, 8, rx_below(t->g, 3) ? rx_next(t->g) & 0xff : 0);
    a = write_consumed(t->ctx, a, i, v);
  }
  return a;
}

static const uint64_t COUNTS[] = {0, 1, 2, 3, 17, 100, 300, 1218, 4096};

static symx_expr *table(table_gen *t, symx_expr *under) {
  symx_expr *a = under ? symx_expr_retain(under) : base(t);
  uint64_t m = COUNTS[rx_below(t->g, sizeof COUNTS / sizeof *COUNTS)];
  /* dense (overlapping) or spread over the 16-bit indices (sparse tables
  ** take the decoder, dense ones the mux) */
  uint64_t span = 1 + rx_below(t->g, rx_below(t->g, 3) ? m * 2 + 300 : 70000);
  return const_writes(t, a, m, span);
}

static symx_expr *byte_of_in(table_gen *t, unsigned k) {
  symx_expr *i = K(t->ctx, 32, k);
  symx_expr *r = symx_read(t->ctx, t->in, i);
  symx_expr_release(i);
  return r;
}

/* A 32-bit index: one input byte (scaled, shifted) or both. */
static symx_expr *index_expr(table_gen *t) {
  symx_expr *lo = byte_of_in(t, 0), *x;
  if (rx_below(t->g, 2)) {
    symx_expr *hi = byte_of_in(t, 1), *c = symx_concat(t->ctx, hi, lo);
    x = symx_zext(t->ctx, c, 32);
    symx_expr_release(hi);
    symx_expr_release(c);
  } else {
    symx_expr *z = symx_zext(t->ctx, lo, 32), *s = K(t->ctx, 32, 1 + rx_below(t->g, 4));
    x = symx_mul(t->ctx, z, s);
    symx_expr_release(z);
    symx_expr_release(s);
  }
  symx_expr_release(lo);
  symx_expr *off = K(t->ctx, 32, rx_below(t->g, 3) ? 0 : rx_below(t->g, 5000));
  symx_expr *r = symx_add(t->ctx, x, off);
  symx_expr_release(x);
  symx_expr_release(off);
  return r;
}

/* a under one or two writes at symbolic indices (of symbolic or constant bytes) */
static symx_expr *symbolic_writes(table_gen *t, symx_expr *a) {
  a = symx_expr_retain(a);
  for (uint64_t n = 1 + rx_below(t->g, 2); n--;) {
    symx_expr *i = index_expr(t);
    symx_expr *v = rx_below(t->g, 2) ? byte_of_in(t, 1) : K(t->ctx, 8, rx_next(t->g) & 0xff);
    a = write_consumed(t->ctx, a, i, v);
  }
  return a;
}

/* r == its value under a random input, or (one time in five) some other value:
** sat by construction in the first case, either answer in the second. */
static symx_expr *pin(table_gen *t, symx_expr *r, sx_assign *seed) {
  uint64_t v = sx_eval(t->ctx, r, seed);
  if (!rx_below(t->g, 5)) v = rx_below(t->g, 2) ? rx_next(t->g) & 0xff : (v + 1) & 0xff;
  symx_expr *k = K(t->ctx, 8, v), *c = rx_below(t->g, 4) ? symx_eq(t->ctx, r, k) : symx_ule(t->ctx, r, k);
  symx_expr_release(k);
  return c;
}

/* Reads at index i of T1, T2 (sharing T1's base or chain), T3 (symbolic
** writes over T1), at i + 1 of T1, and at a second index of T2; each
** constrained by pin. Returns the number of constraints in cs. */
static size_t query(table_gen *t, symx_expr **cs) {
  symx_expr *t1 = table(t, NULL), *t2 = table(t, rx_below(t->g, 2) ? t1 : NULL), *t3 = symbolic_writes(t, t1);
  symx_expr *i = index_expr(t), *one = K(t->ctx, 32, 1), *i1 = symx_add(t->ctx, i, one), *j = index_expr(t);
  symx_expr *rs[5] = {symx_read(t->ctx, t1, i), symx_read(t->ctx, t2, i), symx_read(t->ctx, t3, i),
                      symx_read(t->ctx, t1, i1), symx_read(t->ctx, t2, j)};
  sx_assign *seed = symx_assign_new(t->ctx);
  uint8_t in[2] = {(uint8_t)rx_next(t->g), (uint8_t)rx_next(t->g)};
  symx_assign_set(seed, "in", in, 2);
  size_t n = 0;
  for (int k = 0; k < 5; k++) {
    if (k == 0 || rx_below(t->g, 2)) cs[n++] = pin(t, rs[k], seed);
    symx_expr_release(rs[k]);
  }
  symx_assign_free(seed);
  symx_expr *ex[] = {t1, t2, t3, i, one, i1, j};
  for (size_t k = 0; k < sizeof ex / sizeof *ex; k++) symx_expr_release(ex[k]);
  return n;
}

typedef struct tally { size_t sat, unsat, unknown, disagree, badmodel, z3_unknown; } tally;

/* One query through cadical (new and old encodings) and z3. */
static void compare(symx_ctx *ctx, sx_backend *cad, sx_backend *z3, symx_expr **cs, size_t n, int q,
                    tally *t) {
  int rc[2];
  for (int old = 0; old < 2; old++) {
    symx_option_set(ctx, "cadical_rom", !old);
    sx_assign *m = symx_assign_new(ctx);
    rc[old] = sx_backend_cadical.check(cad, cs, n, 0, m); /* no deadline: no timing */
    CHECK(rc[old] >= SYMX_SAT);
    if (rc[old] == SYMX_SAT && !sx_eval_all(ctx, cs, n, m)) {
      t->badmodel++;
      fprintf(stderr, "query %d: cadical model (rom %d) fails\n", q, !old);
    }
    symx_assign_free(m);
  }
  sx_assign *mz = symx_assign_new(ctx);
  int rz = sx_backend_z3.check(z3, cs, n, sx_now_ns() + ROM_Z3_MS * 1000000ull, mz);
  symx_assign_free(mz);
  t->sat += rc[0] == SYMX_SAT;
  t->unsat += rc[0] == SYMX_UNSAT;
  t->unknown += rc[0] == SYMX_UNKNOWN;
  t->z3_unknown += rz == SYMX_UNKNOWN;
  if (rc[0] != rc[1] || (rz != SYMX_UNKNOWN && rz != rc[0])) {
    t->disagree++;
    fprintf(stderr, "query %d: rom %d, old %d, z3 %d\n", q, rc[0], rc[1], rz);
  }
}

static void differential(void) {
  symx_ctx *ctx = symx_ctx_new();
  rx_gen g;
  CHECK(rx_init(&g, ctx, 14, NULL, 0) == 0);
  table_gen t = {ctx, &g, symx_array_input(ctx, "in", 2, 32)};
  sx_backend *cad = sx_backend_cadical.create(ctx), *z3 = sx_backend_z3.create(ctx);
  CHECK(cad && z3 && t.in);
  tally tl = {0};
  int nq = getenv("ROM_QUERIES_ENV") ? atoi(getenv("ROM_QUERIES_ENV")) : check_cases(ROM_QUERIES);
  for (int q = 0; q < nq; q++) {
    symx_expr *cs[5];
    size_t n = query(&t, cs);
    compare(ctx, cad, z3, cs, n, q, &tl);
    for (size_t k = 0; k < n; k++) symx_expr_release(cs[k]);
  }
  fprintf(stderr, "%d queries: %zu sat, %zu unsat, %zu unknown (z3 %zu); %zu disagreements, %zu bad models\n",
          nq, tl.sat, tl.unsat, tl.unknown, tl.z3_unknown, tl.disagree, tl.badmodel);
  CHECK(tl.disagree == 0 && tl.badmodel == 0 && tl.unknown == 0);
  CHECK(tl.sat > (size_t)nq / 10 && tl.unsat > (size_t)nq / 10); /* both answers are exercised */
  sx_backend_cadical.destroy(cad);
  sx_backend_z3.destroy(z3);
  symx_expr_release(t.in);
  rx_fini(&g);
  symx_ctx_free(ctx);
}

static void hash_table(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint8_t *bytes = calloc(65536, 1);
  for (unsigned k = 0; k < 128; k++) /* bucket (k * 61) % 8192: 8 bytes */
    for (unsigned j = 0; j < 8; j++) bytes[8 * ((k * 61) % 8192) + j] = (uint8_t)(k + j + 1);
  symx_expr *table = symx_array_const(ctx, NULL, bytes, 65536, 32);
  free(bytes);
  symx_expr *in = symx_array_input(ctx, "in", 2, 32), *x = ht_key(ctx, in);
  symx_expr *q = ht_bucket_nonempty(ctx, table, x, 0x9e37);
  symx_expr_release(x);
  sx_backend *cad = sx_backend_cadical.create(ctx);
  CHECK(cad && q);
  for (int rom = 1; rom >= 0; rom--) {
    symx_option_set(ctx, "cadical_rom", rom);
    uint64_t lemmas = symx_stat_get(ctx, "cadical_lemmas");
    sx_assign *m = symx_assign_new(ctx);
    CHECK(sx_backend_cadical.check(cad, &q, 1, 0, m) == SYMX_SAT);
    CHECK(sx_eval_all(ctx, &q, 1, m));
    symx_assign_free(m);
    lemmas = symx_stat_get(ctx, "cadical_lemmas") - lemmas;
    fprintf(stderr, "cadical_rom %d: %llu lemmas\n", rom, (unsigned long long)lemmas);
    CHECK(rom ? lemmas == 0 : lemmas > 0);
  }
  sx_backend_cadical.destroy(cad);
  symx_expr_release(q);
  symx_expr_release(table);
  symx_expr_release(in);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(differential), CHECK_CASE(hash_table))
