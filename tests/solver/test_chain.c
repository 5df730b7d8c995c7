/*
** test_chain.c — the solver chain against the bare Z3 backend: equal
** answers on random query sets (sharing constraints so the caches are hit)
** under every combination of layers, models checked by the evaluator; the
** persistent factor structure against a per-query partition (the oracle)
** across a random fork tree; UNSAT-subset kills without a backend; the
** eviction bound; the recorder's files parsed back; keys over short and
** long write chains sound by the evaluator.
*/
#include "check.h"
#include "randexpr.h"
#include "solver/chain.h"

#include <dirent.h>
#include <stdio.h>
#include <unistd.h>

static const char *layer_opts[6] = {"chain_simplify", "chain_independence", "chain_branch_cache",
                                    "chain_cex_cache", "chain_repair", "chain_bounds"};

static symx_ctx *new_ctx(unsigned layers) {
  symx_ctx *ctx = symx_ctx_new();
  for (int i = 0; i < 6; i++) symx_option_set(ctx, layer_opts[i], (layers >> i) & 1);
  return ctx;
}

/* the oracle: the backend alone, constants filtered as solver.c does */
static int bare(symx_ctx *ctx, sx_backend *b, symx_expr *const *cs, size_t n) {
  symx_expr *q[64];
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (symx_expr_is_const(cs[i])) {
      if (!symx_expr_const_value(cs[i])) return SYMX_UNSAT;
      continue;
    }
    q[m++] = cs[i];
  }
  if (!m) return SYMX_SAT;
  sx_assign *mod = symx_assign_new(ctx);
  int rc = sx_backend_z3.check(b, q, m, 0, mod);
  symx_assign_free(mod);
  return rc;
}

/* five inputs of four bytes: room for independent factors */
static void gen_init(rx_gen *g, symx_ctx *ctx, uint64_t seed) {
  symx_expr *arr[5];
  char name[16]; /* room for any int: gcc -O1 with sanitizers checks it */
  for (int i = 0; i < 5; i++) {
    snprintf(name, sizeof name, "in%d", i);
    arr[i] = symx_array_input(ctx, name, 4, 32);
  }
  CHECK(rx_init(g, ctx, seed, arr, 5) == 0);
  for (int i = 0; i < 5; i++) symx_expr_release(arr[i]);
}

/* public API through the seam: random windows of a constraint pool */
/* Every layer combination is asked the same 40 queries (seed 7): Z3's
** answers are taken once, at combination 0, and held against all 64. */
static void test_random_lists(void) {
  int oracle[40];
  for (unsigned layers = 0; layers < 64; layers++) {
    symx_ctx *ctx = new_ctx(layers);
    symx_solver *s = symx_solver_new(ctx, "z3");
    sx_backend *b = sx_backend_z3.create(ctx);
    rx_gen g;
    gen_init(&g, ctx, 7);
    symx_expr *pool[24];
    for (int i = 0; i < 24; i++) pool[i] = rx_bool(&g, 2);
    int mismatches = 0, bad_models = 0;
    for (int qi = 0, nq = check_cases(40); qi < nq; qi++) {
      symx_expr *cs[8];
      size_t st = rx_below(&g, 20), k = 1 + rx_below(&g, 4), n = 0;
      for (size_t i = 0; i < k; i++) cs[n++] = symx_expr_retain(pool[(st + i) % 24]);
      cs[n++] = rx_below(&g, 2) ? symx_bool_not(ctx, pool[rx_below(&g, 24)])
                                : symx_expr_retain(pool[rx_below(&g, 24)]);
      symx_assign *m = NULL;
      int rc = symx_solver_check(s, cs, n, 0, &m);
      if (!layers) oracle[qi] = bare(ctx, b, cs, n);
      if (rc != oracle[qi]) mismatches++;
      if (rc == SYMX_SAT && symx_assign_satisfies(ctx, m, cs, n) != 1) bad_models++;
      symx_assign_free(m);
      for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
    }
    CHECK_EQ_U64(mismatches, 0);
    CHECK_EQ_U64(bad_models, 0);
    CHECK_EQ_U64(symx_stat_get(ctx, "model_check_failures"), 0);
    if (layers & 16) CHECK(symx_stat_get(ctx, "repair_hits") > 0);
    if (layers & 32) CHECK(symx_stat_get(ctx, "bounds_unsat") + symx_stat_get(ctx, "bounds_cond_unsat") > 0);
    if (layers & 8) CHECK(symx_stat_get(ctx, "cex_exact_hits") + symx_stat_get(ctx, "cex_sat_subset_hits") +
                              symx_stat_get(ctx, "cex_unsat_subset_hits") + symx_stat_get(ctx, "cex_recent_hits") > 0);
    for (int i = 0; i < 24; i++) symx_expr_release(pool[i]);
    rx_fini(&g);
    sx_backend_z3.destroy(b);
    symx_solver_free(s);
    symx_ctx_free(ctx);
  }
}

/* the engine's way: an eager walk with a factor structure and witnesses */
static void test_eager_walk(void) {
  /* all layers, none, and each one switched off (random lists cover all 64) */
  static const unsigned combos[] = {63, 0, 62, 61, 59, 55, 47, 31};
  for (size_t ci = 0; ci < sizeof combos / sizeof *combos; ci++) {
    unsigned layers = combos[ci];
    symx_ctx *ctx = new_ctx(layers);
    symx_solver *s = symx_solver_new(ctx, "z3");
    sx_backend *b = sx_backend_z3.create(ctx);
    rx_gen g;
    gen_init(&g, ctx, 11 + layers);
    symx_expr *path[64];
    size_t np = 0;
    sx_factors *f = NULL;
    sx_assign *w = symx_assign_new(ctx);
    int mismatches = 0, bad_models = 0, lookup_wrong = 0;
    for (int step = 0; step < 20 && np < 60; step++) {
      symx_expr *c = rx_bool(&g, 2);
      symx_expr *side[2] = {c, symx_bool_not(ctx, c)};
      sx_assign *models[2] = {NULL, NULL};
      int ans[2];
      for (int k = 0; k < 2; k++) {
        /* the cache-only tier first: it must never contradict the oracle */
        sx_query lq = {NULL, 0, f, side[k], NULL, true, 0, 0};
        int lrc = sx_chain_lookup(ctx, &lq, NULL);
        sx_query q = {NULL, 0, f, side[k], w, true, 0, 0};
        models[k] = symx_assign_new(ctx);
        ans[k] = sx_chain_query(s, &q, models[k]);
        path[np] = side[k];
        int orc = bare(ctx, b, path, np + 1);
        if (ans[k] != orc) mismatches++;
        if (lrc != SYMX_UNKNOWN && lrc != orc) lookup_wrong++;
        if (ans[k] == SYMX_SAT && symx_assign_satisfies(ctx, models[k], path, np + 1) != 1) bad_models++;
      }
      int pick = ans[0] == SYMX_SAT && ans[1] == SYMX_SAT ? (int)rx_below(&g, 2) : ans[0] == SYMX_SAT ? 0 : 1;
      if (ans[pick] == SYMX_SAT) {
        sx_factors *nf = sx_factors_add(ctx, f, side[pick]);
        CHECK(nf != NULL);
        sx_factors_release(f);
        f = nf;
        path[np++] = symx_expr_retain(side[pick]);
        symx_assign_free(w);
        w = models[pick];
        models[pick] = NULL;
      }
      for (int k = 0; k < 2; k++) {
        symx_assign_free(models[k]);
        symx_expr_release(side[k]);
      }
    }
    CHECK_EQ_U64(mismatches, 0);
    CHECK_EQ_U64(bad_models, 0);
    CHECK_EQ_U64(lookup_wrong, 0);
    size_t nonconst = 0;
    for (size_t i = 0; i < np; i++) nonconst += !symx_expr_is_const(path[i]);
    CHECK_EQ_U64(sx_factors_size(f), nonconst);
    if (layers == 63) CHECK(symx_stat_get(ctx, "chain_hint_answers") > 0);
    sx_factors_release(f);
    for (size_t i = 0; i < np; i++) symx_expr_release(path[i]);
    symx_assign_free(w);
    rx_fini(&g);
    sx_backend_z3.destroy(b);
    symx_solver_free(s);
    symx_ctx_free(ctx);
  }
}

static int by_id(const void *a, const void *b) {
  uint64_t x = symx_expr_id(*(symx_expr *const *)a), y = symx_expr_id(*(symx_expr *const *)b);
  return x < y ? -1 : x > y;
}

static size_t sort_unique(symx_expr **v, size_t n) {
  qsort(v, n, sizeof *v, by_id);
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (!m || v[m - 1] != v[i]) v[m++] = v[i];
  return m;
}

/* persistent factors vs. the per-query partition, over a random fork tree */
static void test_factors_persistent(void) {
  symx_ctx *ctx = symx_ctx_new();
  rx_gen g;
  gen_init(&g, ctx, 3);
  enum { NV = 70, MAXL = 40 };
  sx_factors *v[NV];
  symx_expr *list[NV][MAXL];
  size_t len[NV];
  v[0] = NULL;
  len[0] = 0;
  size_t nv = 1;
  while (nv < NV) {
    size_t p = rx_below(&g, nv);
    if (len[p] >= MAXL - 1) continue;
    symx_expr *c = rx_bool(&g, 1 + (int)rx_below(&g, 2));
    if (symx_expr_is_const(c)) { /* true adds nothing; false has no factor */
      symx_expr_release(c);
      continue;
    }
    v[nv] = sx_factors_add(ctx, v[p], c);
    CHECK(v[nv] != NULL);
    if (len[p]) memcpy(list[nv], list[p], len[p] * sizeof *list[p]);
    list[nv][len[p]] = c; /* the structure holds a reference */
    len[nv] = len[p] + 1;
    symx_expr_release(c);
    nv++;
  }
  sx_keyscan *ks = sx_chain_keyscan(ctx);
  int wrong = 0;
  for (size_t i = 0; i < nv; i++) {
    CHECK_EQ_U64(sx_factors_size(v[i]), len[i]);
    for (int t = 0; t < 6; t++) {
      symx_expr *cond = rx_bool(&g, 2);
      sx_exprs rel = {0};
      CHECK(sx_factors_relevant(ctx, v[i], cond, &rel) == SYMX_OK);
      symx_expr *got[MAXL], *all[MAXL + 1], *want[MAXL];
      size_t ng = SX_SIZE(rel), nw = 0;
      if (ng) memcpy(got, rel.begin, ng * sizeof *got);
      ng = sort_unique(got, ng);
      if (len[i]) memcpy(all, list[i], len[i] * sizeof *all);
      all[len[i]] = cond;
      uint32_t fac[MAXL + 1];
      size_t nfac;
      CHECK(sx_indep_partition(ks, all, len[i] + 1, fac, &nfac) == SYMX_OK);
      for (size_t j = 0; j < len[i]; j++)
        if (fac[j] == fac[len[i]]) want[nw++] = all[j];
      nw = sort_unique(want, nw);
      if (ng != nw || (ng && memcmp(got, want, ng * sizeof *got))) wrong++;
      SX_RELEASE(ctx, rel);
      symx_expr_release(cond);
    }
  }
  CHECK_EQ_U64(wrong, 0);
  /* all: NULL cond lists every constraint */
  sx_exprs every = {0};
  CHECK(sx_factors_relevant(ctx, v[nv - 1], NULL, &every) == SYMX_OK);
  CHECK_EQ_U64(SX_SIZE(every), len[nv - 1]);
  SX_RELEASE(ctx, every);
  for (size_t i = 0; i < nv; i++) sx_factors_release(v[i]);
  rx_fini(&g);
  CHECK_EQ_U64(symx_expr_live(ctx), 5); /* the context keeps its inputs */
  symx_ctx_free(ctx);
}

/*
** Keys over write chains, short (an exact walk per read) and long (each
** write expanded once per scan): sound by the evaluator, i.e. a byte
** outside the keys of a read never changes its value. Chains mix
** constant and symbolic indices and values, as a buffer does once it was
** written at a symbolic offset.
*/
static void check_keys_sound(symx_ctx *ctx, sx_keyscan *ks, symx_expr *const *in, symx_expr *e,
                             uint64_t *g, int *bad) {
  const sx_key *k;
  size_t nk;
  CHECK(sx_keys_of(ks, e, &k, &nk) == SYMX_OK);
  bool has[3][16] = {{false}};
  for (size_t i = 0; i < nk; i++)
    for (int a = 0; a < 3; a++)
      if (k[i].input == in[a]->arr->input_id)
        for (uint64_t b = 0; b < 16; b++) has[a][b] |= k[i].byte == SX_KEY_WHOLE || k[i].byte == b;
  static const char *names[3] = {"in", "ix", "v"};
  symx_assign *as = symx_assign_new(ctx);
  for (int t = 0; t < 8; t++) {
    uint8_t bytes[3][16];
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 16; b++) bytes[a][b] = (uint8_t)((*g = *g * 6364136223846793005ull + 1) >> 56);
    for (int a = 0; a < 3; a++) symx_assign_set(as, names[a], bytes[a], 16);
    uint64_t v0 = 0;
    symx_eval(ctx, e, as, &v0);
    for (int a = 0; a < 3; a++)
      for (int b = 0; b < 16; b++) {
        if (has[a][b]) continue;
        uint8_t keep = bytes[a][b];
        bytes[a][b] ^= 0x5a;
        symx_assign_set(as, names[a], bytes[a], 16);
        uint64_t v1 = 0;
        symx_eval(ctx, e, as, &v1);
        *bad += v1 != v0;
        bytes[a][b] = keep;
        symx_assign_set(as, names[a], bytes[a], 16);
      }
  }
  symx_assign_free(as);
}

static void test_keys_chains(void) {
  for (int len = 10; len <= 130; len += 120) { /* below and above the long-chain bound */
    symx_ctx *ctx = symx_ctx_new();
    symx_option_set(ctx, "rewrite", 0);
    symx_expr *in[3] = {symx_array_input(ctx, "in", 16, 32), symx_array_input(ctx, "ix", 16, 32),
                        symx_array_input(ctx, "v", 16, 32)};
    symx_expr *mask = symx_const(ctx, 32, 15);
    uint64_t g = 42 + (uint64_t)len;
    symx_expr *chain = symx_expr_retain(in[0]);
    for (int k = 0; k < len; k++) {
      g = g * 6364136223846793005ull + 1442695040888963407ull;
      symx_expr *ib = symx_read_le(ctx, in[1], (uint64_t)k % 16, 1), *iz = symx_zext(ctx, ib, 32);
      /* symbolic indices in the upper part only: a read below them at a
      ** constant index is decided by a constant write (the exact walk's case) */
      symx_expr *i = k > len / 2 && (g >> 33) % 4 == 0 ? symx_and(ctx, iz, mask)
                                                      : symx_const(ctx, 32, (g >> 40) % 16);
      symx_expr *v = (g >> 50) % 2 ? symx_read_le(ctx, in[2], (uint64_t)k % 16, 1)
                                   : symx_const(ctx, 8, (g >> 20) & 0xff);
      symx_expr *next = symx_array_write(ctx, chain, i, v);
      symx_expr *old[] = {ib, iz, i, v, chain};
      for (size_t n = 0; n < sizeof old / sizeof old[0]; n++) symx_expr_release(old[n]);
      chain = next;
    }
    sx_keyscan *ks = sx_chain_keyscan(ctx);
    int bad = 0;
    for (uint32_t r = 0; r < 18; r++) { /* 16, 17: past the end */
      symx_expr *k = symx_const(ctx, 32, r), *e = symx_read(ctx, chain, k);
      check_keys_sound(ctx, ks, in, e, &g, &bad);
      symx_expr_release(e);
      symx_expr_release(k);
    }
    symx_expr *sb = symx_read_le(ctx, in[1], 15, 1), *si = symx_zext(ctx, sb, 32);
    symx_expr *e = symx_read(ctx, chain, si); /* at a symbolic index */
    check_keys_sound(ctx, ks, in, e, &g, &bad);
    /* a second chain whose values are read from the first (a copy between
    ** buffers): its summary takes the first one's */
    symx_expr *copy = symx_array_const(ctx, NULL, (const uint8_t[16]){0}, 16, 32);
    for (int k = 0; k < len; k++) {
      symx_expr *i = symx_const(ctx, 32, (uint64_t)(k * 7) % 16), *j = symx_const(ctx, 32, (uint64_t)k % 18);
      symx_expr *v = k % 3 ? symx_read(ctx, chain, j) : symx_read(ctx, chain, si);
      symx_expr *next = symx_array_write(ctx, copy, k % 5 ? i : si, v);
      symx_expr *old[] = {i, j, v, copy};
      for (size_t n = 0; n < sizeof old / sizeof old[0]; n++) symx_expr_release(old[n]);
      copy = next;
    }
    for (uint32_t r = 0; r < 17; r += 4) {
      symx_expr *k = symx_const(ctx, 32, r), *c = symx_read(ctx, copy, k);
      check_keys_sound(ctx, ks, in, c, &g, &bad);
      symx_expr_release(c);
      symx_expr_release(k);
    }
    symx_expr_release(copy);
    CHECK_EQ_U64(bad, 0);
    symx_expr *all[] = {e, si, sb, chain, mask, in[0], in[1], in[2]};
    for (size_t n = 0; n < sizeof all / sizeof all[0]; n++) symx_expr_release(all[n]);
    symx_ctx_free(ctx);
  }
}

/* a fork: the sibling and the parent do not see a child's constraint */
static void test_factors_fork(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *a = symx_array_input(ctx, "a", 8, 32);
  symx_expr *x = symx_read_le(ctx, a, 0, 1), *y = symx_read_le(ctx, a, 1, 1), *z = symx_read_le(ctx, a, 2, 1);
  symx_expr *k3 = symx_const(ctx, 8, 3);
  symx_expr *cx = symx_ult(ctx, x, k3), *cxy = symx_eq(ctx, x, y), *cz = symx_ult(ctx, z, k3);
  symx_expr *cy = symx_ult(ctx, y, k3);
  sx_factors *p = sx_factors_add(ctx, NULL, cx);
  sx_factors *c1 = sx_factors_add(ctx, p, cxy);
  sx_factors *c2 = sx_factors_add(ctx, p, cz);
  CHECK_EQ_U64(sx_factors_count(p), 1);
  CHECK_EQ_U64(sx_factors_count(c1), 1);
  CHECK_EQ_U64(sx_factors_count(c2), 2);
  sx_exprs r = {0};
  sx_factors_relevant(ctx, p, cy, &r);
  CHECK_EQ_U64(SX_SIZE(r), 0); /* y is untouched in the parent */
  SX_CLEAR(r);
  sx_factors_relevant(ctx, c1, cy, &r);
  CHECK_EQ_U64(SX_SIZE(r), 2); /* x == y joined y to x's factor */
  SX_CLEAR(r);
  sx_factors_relevant(ctx, c2, cy, &r);
  CHECK_EQ_U64(SX_SIZE(r), 0);
  SX_CLEAR(r);
  /* a symbolic index touches the whole array: everything joins */
  symx_expr *zi = symx_zext(ctx, z, 32), *sym = symx_read(ctx, a, zi);
  symx_expr *cs = symx_eq(ctx, sym, k3);
  sx_factors *c3 = sx_factors_add(ctx, c2, cs);
  CHECK_EQ_U64(sx_factors_count(c3), 1);
  sx_factors_relevant(ctx, c3, cy, &r);
  CHECK_EQ_U64(SX_SIZE(r), 3);
  CHECK_EQ_U64(sx_factors_count(c2), 2);
  SX_RELEASE(ctx, r);
  symx_expr *e[] = {x, y, z, k3, cx, cxy, cz, cy, zi, sym, cs};
  sx_factors *fs[] = {p, c1, c2, c3};
  for (size_t i = 0; i < 4; i++) sx_factors_release(fs[i]);
  for (size_t i = 0; i < sizeof e / sizeof *e; i++) symx_expr_release(e[i]);
  symx_expr_release(a);
  CHECK_EQ_U64(symx_expr_live(ctx), 1); /* the context keeps its input */
  symx_ctx_free(ctx);
}

/* an UNSAT subset in the cache kills a query without a backend */
static void test_unsat_subset_kill(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "chain_bounds", 0); /* x < 5 && x > 10 must reach the backend */
  symx_solver *s = symx_solver_new(ctx, "z3");
  symx_expr *a = symx_array_input(ctx, "a", 4, 32);
  symx_expr *x = symx_read_le(ctx, a, 0, 1), *y = symx_read_le(ctx, a, 1, 1);
  symx_expr *k5 = symx_const(ctx, 8, 5), *k10 = symx_const(ctx, 8, 10), *k7 = symx_const(ctx, 8, 7);
  symx_expr *c1 = symx_ult(ctx, x, k5), *c2 = symx_ugt(ctx, x, k10);
  symx_expr *sum = symx_add(ctx, x, y), *c3 = symx_eq(ctx, sum, k7), *c4 = symx_ult(ctx, x, k7);
  symx_expr *q1[] = {c1, c2};
  CHECK_EQ_U64(symx_solver_check(s, q1, 2, 0, NULL), SYMX_UNSAT);
  uint64_t backend = symx_stat_get(ctx, "backend_queries");
  /* {c1, c3} && c2: one factor containing the stored UNSAT set {c1, c2} */
  symx_expr *path[] = {c1, c3};
  sx_query q = {path, 2, NULL, c2, NULL, true, 0, 0};
  CHECK_EQ_U64(sx_chain_lookup(ctx, &q, NULL), SYMX_UNSAT);
  CHECK_EQ_U64(q.layer, SX_LAYER_CEX);
  CHECK_EQ_U64(symx_stat_get(ctx, "cex_unsat_subset_hits"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "chain_lookup_unsat"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "chain_unsat_no_backend"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), backend);
  /* a stored model of {c1} satisfies {c1, c4}: SAT without a backend */
  symx_assign *m = NULL;
  CHECK_EQ_U64(symx_solver_check(s, &c1, 1, 0, &m), SYMX_SAT);
  symx_assign_free(m);
  backend = symx_stat_get(ctx, "backend_queries");
  sx_query q2 = {&c1, 1, NULL, c4, NULL, true, 0, 0};
  sx_assign *m2 = symx_assign_new(ctx);
  CHECK_EQ_U64(sx_chain_lookup(ctx, &q2, m2), SYMX_SAT);
  symx_expr *both[] = {c1, c4};
  CHECK_EQ_U64(symx_assign_satisfies(ctx, m2, both, 2), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "cex_sat_subset_hits"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), backend);
  symx_assign_free(m2);
  /* nothing cached says y > 5 is UNSAT; a recent model may satisfy it */
  symx_expr *cy = symx_ugt(ctx, y, k5);
  sx_query q3 = {NULL, 0, NULL, cy, NULL, false, 0, 0};
  sx_assign *m3 = symx_assign_new(ctx);
  uint64_t work = symx_stat_get(ctx, "repair_hits") + symx_stat_get(ctx, "repair_misses") +
                  symx_stat_get(ctx, "bounds_unknown") + symx_stat_get(ctx, "bounds_sat") +
                  symx_stat_get(ctx, "bounds_unsat");
  int rc3 = sx_chain_lookup(ctx, &q3, m3);
  /* issue 13: a lookup is cache-only; intervals and repair belong to the
  ** query that follows a miss, which ran them a second time */
  CHECK_EQ_U64(symx_stat_get(ctx, "repair_hits") + symx_stat_get(ctx, "repair_misses") +
                   symx_stat_get(ctx, "bounds_unknown") + symx_stat_get(ctx, "bounds_sat") +
                   symx_stat_get(ctx, "bounds_unsat"),
               work);
  CHECK(rc3 == SYMX_UNKNOWN || rc3 == SYMX_SAT);
  if (rc3 == SYMX_SAT) CHECK_EQ_U64(symx_assign_satisfies(ctx, m3, &cy, 1), 1);
  symx_assign_free(m3);
  symx_expr *e[] = {a, x, y, k5, k10, k7, c1, c2, sum, c3, c4, cy};
  for (size_t i = 0; i < sizeof e / sizeof *e; i++) symx_expr_release(e[i]);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

/* a lookup is cache-only: a query model repair or the interval search
** would solve goes unanswered, and neither of them runs */
static void test_lookup_cache_only(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *a = symx_array_input(ctx, "a", 4, 32);
  symx_expr *x = symx_read_le(ctx, a, 0, 1), *k7 = symx_const(ctx, 8, 7);
  symx_expr *c = symx_eq(ctx, x, k7);
  sx_assign *m = symx_assign_new(ctx);
  sx_query q = {NULL, 0, NULL, c, NULL, false, 0, 0};
  CHECK_EQ_U64(sx_chain_lookup(ctx, &q, m), SYMX_UNKNOWN);
  static const char *const work[] = {"repair_hits", "repair_misses", "repair_evals", "bounds_sat",
                                     "bounds_unsat", "bounds_unknown", "bounds_splits"};
  for (size_t i = 0; i < sizeof work / sizeof *work; i++) CHECK_EQ_U64(symx_stat_get(ctx, work[i]), 0);
  CHECK_EQ_U64(symx_stat_get(ctx, "cex_misses"), 1);
  /* the query runs them */
  symx_solver *s = symx_solver_new(ctx, NULL);
  sx_query q2 = {NULL, 0, NULL, c, NULL, false, 0, 0};
  CHECK_EQ_U64(sx_chain_query(s, &q2, m), SYMX_SAT);
  CHECK(q2.layer == SX_LAYER_BOUNDS || q2.layer == SX_LAYER_REPAIR);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), 0);
  symx_solver_free(s);
  symx_assign_free(m);
  symx_expr_release(c);
  symx_expr_release(k7);
  symx_expr_release(x);
  symx_expr_release(a);
  symx_ctx_free(ctx);
}

/* facts substituted; a contradiction or a decided condition needs no backend */
static void test_simplify_and_branch(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = symx_solver_new(ctx, "z3");
  symx_expr *x = symx_var(ctx, "x", 8);
  symx_expr *k5 = symx_const(ctx, 8, 5), *k6 = symx_const(ctx, 8, 6), *k1 = symx_const(ctx, 8, 1);
  symx_expr *e5 = symx_eq(ctx, x, k5), *e6 = symx_eq(ctx, x, k6);
  symx_expr *x1 = symx_add(ctx, x, k1), *c = symx_eq(ctx, x1, k6);
  symx_expr *q1[] = {e5, e6};
  CHECK_EQ_U64(symx_solver_check(s, q1, 2, 0, NULL), SYMX_UNSAT);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), 0);
  CHECK_EQ_U64(symx_stat_get(ctx, "chain_simplify_answers"), 1);
  sx_query q = {&e5, 1, NULL, c, NULL, true, 0, 0};
  CHECK_EQ_U64(sx_chain_query(s, &q, NULL), SYMX_SAT);
  CHECK_EQ_U64(q.layer, SX_LAYER_SIMPLIFY);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), 0);
  /* branch cache: x < 5 && x == 9 is UNSAT; then !(x == 9) is SAT for free */
  symx_expr *k9 = symx_const(ctx, 8, 9), *lt = symx_ult(ctx, x, k5), *e9 = symx_eq(ctx, x, k9);
  symx_expr *n9 = symx_bool_not(ctx, e9);
  symx_option_set(ctx, "chain_cex_cache", 0);
  sx_query qa = {&lt, 1, NULL, e9, NULL, true, 0, 0};
  CHECK_EQ_U64(sx_chain_query(s, &qa, NULL), SYMX_UNSAT);
  uint64_t backend = symx_stat_get(ctx, "backend_queries");
  sx_query qb = {&lt, 1, NULL, n9, NULL, true, 0, 0};
  CHECK_EQ_U64(sx_chain_query(s, &qb, NULL), SYMX_SAT);
  CHECK_EQ_U64(qb.layer, SX_LAYER_BRANCH);
  CHECK_EQ_U64(symx_stat_get(ctx, "backend_queries"), backend);
  CHECK_EQ_U64(sx_chain_query(s, &qa, NULL), SYMX_UNSAT);
  CHECK_EQ_U64(qa.layer, SX_LAYER_BRANCH);
  /* misuse and the stop flag */
  sx_query bad = {NULL, 0, NULL, x, NULL, false, 0, 0};
  CHECK_EQ_U64(sx_chain_query(s, &bad, NULL), SYMX_MISUSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "width-1");
  symx_ctx_interrupt(ctx);
  sx_query qi = {&lt, 1, NULL, e6, NULL, false, 0, 0};
  CHECK_EQ_U64(sx_chain_query(s, &qi, NULL), SYMX_UNKNOWN);
  CHECK_EQ_U64(symx_solver_check(s, &e6, 1, 0, NULL), SYMX_UNKNOWN);
  symx_ctx_resume(ctx);
  symx_expr *e[] = {x, k5, k6, k1, e5, e6, x1, c, k9, lt, e9, n9};
  for (size_t i = 0; i < sizeof e / sizeof *e; i++) symx_expr_release(e[i]);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

static void test_eviction(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "cex_cache_max", 4);
  symx_solver *s = symx_solver_new(ctx, "z3");
  symx_expr *x = symx_var(ctx, "x", 8);
  for (unsigned i = 0; i < 20; i++) {
    /* x == 3i: no earlier model satisfies it, each goes to the backend */
    symx_expr *k = symx_const(ctx, 8, i * 3), *c = symx_eq(ctx, x, k);
    CHECK_EQ_U64(symx_solver_check(s, &c, 1, 0, NULL), SYMX_SAT);
    CHECK(!ctx->solver || sx_cex_count(ctx->solver->cex) <= 4);
    symx_expr_release(k);
    symx_expr_release(c);
  }
  /* one entry each, from the backend or from model repair */
  uint64_t stored = symx_stat_get(ctx, "backend_queries") + symx_stat_get(ctx, "repair_hits");
  CHECK(stored > 4);
  CHECK_EQ_U64(symx_stat_get(ctx, "cex_evictions"), stored - 4);
  symx_expr_release(x);
  symx_solver_free(s);
  /* the cache retained expressions; freeing the context releases them */
  symx_ctx_free(ctx);
}

static void test_recorder(void) {
  char dir[] = "/tmp/symx_chain_recXXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  symx_ctx *ctx = symx_ctx_new();
  CHECK_EQ_U64(symx_option_set_str(ctx, "record_queries", dir), SYMX_OK);
  symx_solver *s = symx_solver_new(ctx, "z3");
  sx_backend *b = sx_backend_z3.create(ctx);
  rx_gen g;
  gen_init(&g, ctx, 5);
  for (int i = 0; i < 6; i++) {
    symx_expr *cs[3];
    rx_query(&g, cs, 3, 2);
    symx_solver_check(s, cs, 3, 0, NULL);
    for (int j = 0; j < 3; j++) symx_expr_release(cs[j]);
  }
  uint64_t n = symx_stat_get(ctx, "queries_recorded");
  CHECK_EQ_U64(n, symx_stat_get(ctx, "backend_queries"));
  CHECK(n > 0);
  for (uint64_t i = 0; i < n; i++) {
    char path[96];
    snprintf(path, sizeof path, "%s/q%06u.smt2", dir, (unsigned)i);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f) continue;
    char text[1 << 16];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    symx_smt2 *sm = symx_smt2_parse(ctx, text, len, path);
    CHECK(sm != NULL);
    symx_expr *as[64];
    size_t na = 0;
    for (size_t j = 0; sm && j < symx_smt2_count(sm); j++)
      if (symx_smt2_kind(sm, j) == SYMX_SMT2_ASSERT && na < 64) as[na++] = symx_smt2_expr(sm, j, 0);
    CHECK(na > 0);
    /* the backend answers the recorded query (it was SAT or UNSAT) */
    int rc = na ? bare(ctx, b, as, na) : 0;
    CHECK(rc == SYMX_SAT || rc == SYMX_UNSAT);
    symx_smt2_free(sm);
    remove(path);
  }
  rmdir(dir);
  rx_fini(&g);
  sx_backend_z3.destroy(b);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_factors_fork), CHECK_CASE(test_factors_persistent),
           CHECK_CASE(test_simplify_and_branch), CHECK_CASE(test_unsat_subset_kill),
           CHECK_CASE(test_eviction), CHECK_CASE(test_recorder), CHECK_CASE(test_random_lists),
           CHECK_CASE(test_eager_walk), CHECK_CASE(test_lookup_cache_only),
           CHECK_CASE(test_keys_chains))
