/*
** test_concolic.c — concolic mode: the log of a run is the branch sequence
** its concrete run takes (oracle: the same program on plain C values);
** each negation flips exactly its branch and keeps the parent's other
** bytes; generational search and concolic DFS find every path brute force
** over all 65,536 inputs of a 2-byte program finds; the log's SMT-LIB2
** round trip.
*/
#include "check.h"
#include "payload.h"
#include "concolic/concolic.h"

#include <stdlib.h>

typedef struct pl { int dummy; } pl;
static int fail_clone;
TEST_PAYLOAD(fail_clone)

/* A value of the micro front end: concrete (C arithmetic) and symbolic. */
typedef struct val { uint64_t c; symx_expr *e; } val;

/* The program runs on plain bytes (st NULL) or in a state; br records its
** branch sequence as (site, direction) pairs either way. */
typedef struct vm {
  symx_ctx *ctx;
  symx_state *st;
  symx_expr *in;
  const uint8_t *bytes;
  int sites[64], dirs[64], n;
  int dead; /* the run ended (a check's error, or a failed call) */
} vm;

static val byte(vm *m, unsigned i) {
  val v = {m->bytes ? m->bytes[i] : 0, NULL};
  if (m->st) {
    symx_expr *b = symx_read_le(m->ctx, m->in, i, 1);
    v.e = symx_zext(m->ctx, b, 32);
    symx_expr_release(b);
    uint64_t x;
    symx_state_eval(m->st, v.e, &x);
    v.c = x;
  }
  return v;
}

static val konst(vm *m, uint64_t c) {
  val v = {c & 0xffffffffu, m->st ? symx_const(m->ctx, 32, c) : NULL};
  return v;
}

typedef symx_expr *(*mk2)(symx_ctx *, symx_expr *, symx_expr *);
/* a op b, both released */
static val op(vm *m, val a, val b, uint64_t c, mk2 f) {
  val r = {c & 0xffffffffu, m->st ? f(m->ctx, a.e, b.e) : NULL};
  symx_expr_release(a.e);
  symx_expr_release(b.e);
  return r;
}
#define ADD(a, b) op(m, a, b, (a).c + (b).c, symx_add)
#define XOR(a, b) op(m, a, b, (a).c ^ (b).c, symx_xor)
#define MUL(a, b) op(m, a, b, (a).c * (b).c, symx_mul)
#define UREM(a, b) op(m, a, b, (b).c ? (a).c % (b).c : (a).c, symx_urem)
#define AND(a, b) op(m, a, b, (a).c & (b).c, symx_and)
#define UGT(a, b) op(m, a, b, (a).c > (b).c, symx_ugt)
#define EQ(a, b) op(m, a, b, (a).c == (b).c, symx_eq)
#define ULT(a, b) op(m, a, b, (a).c < (b).c, symx_ult)
#define COPY(v) ((val){(v).c, symx_expr_retain((v).e)})

/* A branch at site on cond (width 32 here: compared with 0 in C). */
static int br(vm *m, int site, val cond) {
  int d = cond.c != 0;
  if (m->st && !m->dead) {
    unsigned w = symx_expr_width(cond.e); /* comparisons are width 1 */
    symx_expr *z = symx_const(m->ctx, w, 0), *c = w == 1 ? symx_expr_retain(cond.e) : symx_ne(m->ctx, cond.e, z);
    symx_state *t = NULL, *f = NULL;
    symx_state_set_site(m->st, (uint64_t)site, site >= 10 ? SYMX_TAG_NEW : 0);
    int rc = symx_state_branch(m->st, c, &t, &f);
    CHECK(rc == SYMX_OK && (t == m->st) == d && (f == m->st) == !d);
    symx_expr_release(z);
    symx_expr_release(c);
  }
  symx_expr_release(cond.e);
  m->sites[m->n] = site;
  m->dirs[m->n++] = d;
  return d;
}

/* A division check at site: ends the run when the divisor is 0. */
static int divcheck(vm *m, int site, val d) {
  int bad = d.c == 0;
  if (m->st) {
    symx_expr *z = symx_const(m->ctx, 32, 0), *c = symx_eq(m->ctx, d.e, z);
    symx_state_set_site(m->st, (uint64_t)site, 0);
    int rc = symx_state_check(m->st, c, SYMX_ERR_DIV_ZERO, "division by zero");
    CHECK(rc == (bad ? SYMX_UNSAT : SYMX_OK));
    symx_expr_release(z);
    symx_expr_release(c);
  }
  symx_expr_release(d.e);
  m->sites[m->n] = site;
  m->dirs[m->n++] = bad;
  return bad;
}

/* The 2-byte program (nested conditions, arithmetic, a loop, a check). */
static void prog(vm *m) {
  val a = byte(m, 0), b = byte(m, 1);
  if (br(m, 1, UGT(COPY(a), konst(m, 100)))) {
    if (br(m, 2, EQ(COPY(b), ADD(COPY(a), konst(m, 3))))) {
      if (divcheck(m, 3, XOR(COPY(a), konst(m, 0xc8)))) goto out;
    } else if (br(m, 4, ULT(COPY(b), konst(m, 10)))) {
      br(m, 11, EQ(UREM(MUL(COPY(a), konst(m, 3)), konst(m, 7)), konst(m, 2)));
    }
  } else {
    br(m, 5, AND(XOR(COPY(a), COPY(b)), konst(m, 1)));
    if (br(m, 6, EQ(UREM(ADD(COPY(a), COPY(b)), konst(m, 5)), konst(m, 3))))
      br(m, 7, ULT(COPY(a), COPY(b)));
    for (int i = 0; i < 3; i++)
      if (br(m, 12, UGT(COPY(b), konst(m, 60 * (uint64_t)i + 20)))) break;
  }
out:
  symx_expr_release(a.e);
  symx_expr_release(b.e);
}

/* A path's signature: its (site, direction) sequence as text. */
static void sig(const vm *m, char *out) {
  int k = 0;
  for (int i = 0; i < m->n; i++) k += sprintf(out + k, "%d%c", m->sites[i], m->dirs[i] ? '+' : '-');
  out[k] = 0;
}

static int cmpstr(const void *a, const void *b) { return strcmp(a, b); }

#define SIGLEN 200
/* Every path of prog over all 65,536 inputs: sorted unique signatures. */
static size_t brute_paths(char (*out)[SIGLEN]) {
  size_t n = 0;
  for (unsigned x = 0; x < 65536; x++) {
    uint8_t in[2] = {(uint8_t)x, (uint8_t)(x >> 8)};
    vm m = {0};
    m.bytes = in;
    prog(&m);
    sig(&m, out[n++]);
  }
  qsort(out, n, SIGLEN, cmpstr);
  size_t u = 0;
  for (size_t i = 0; i < n; i++)
    if (!u || strcmp(out[u - 1], out[i])) memmove(out[u++], out[i], SIGLEN);
  return u;
}

typedef struct runrec {
  char sig[SIGLEN];
  symx_crun info;
  uint8_t in[2];
  int logged_n, sites[64], dirs[64];
} runrec;

/* Runs prog concolically; records every run. Returns the number of runs. */
static size_t explore(symx_ctx *ctx, runrec *recs, size_t max, const symx_seeds *seeds) {
  symx_engine *eng = symx_engine_new(ctx);
  CHECK(eng != NULL);
  if (!eng) return 0;
  if (seeds) symx_engine_set_seeds(eng, seeds);
  pl *p = calloc(1, sizeof *p);
  CHECK(symx_engine_start(eng, p, &pl_vt) == SYMX_OK);
  symx_state *st;
  size_t n = 0;
  int rc;
  while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE && n < max) {
    vm m = {0};
    m.ctx = ctx;
    m.st = st;
    m.in = symx_array_input(ctx, "in", 2, 32);
    const symx_assign *w = symx_state_witness(st);
    size_t len = 0;
    const uint8_t *b = symx_assign_get(w, "in", &len);
    uint8_t in[2] = {len > 0 ? b[0] : 0, len > 1 ? b[1] : 0};
    prog(&m);
    if (symx_state_status(st) == SYMX_ST_ACTIVE)
      symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL);
    runrec *r = &recs[n++];
    sig(&m, r->sig);
    symx_engine_concolic_run(eng, &r->info);
    memcpy(r->in, in, 2);
    /* the log is the branch sequence the concrete run took (the oracle:
    ** prog on plain C values over the same bytes) */
    vm nat = {0};
    nat.bytes = in;
    prog(&nat);
    char ns[SIGLEN];
    sig(&nat, ns);
    CHECK(!strcmp(ns, r->sig));
    const symx_clog *l = symx_state_clog(st);
    CHECK(l && symx_clog_count(l) == (size_t)nat.n);
    r->logged_n = (int)symx_clog_count(l);
    for (size_t i = 0; l && i < symx_clog_count(l) && i < 64; i++) {
      symx_centry e;
      CHECK(symx_clog_get(l, i, &e) == SYMX_OK);
      CHECK(e.order == i && e.site == (uint64_t)nat.sites[i] && e.taken == nat.dirs[i]);
      CHECK(e.kind == (e.site == 3 ? SYMX_CK_DIVISION : SYMX_CK_BRANCH));
      CHECK(e.tags == (e.site >= 10 ? SYMX_TAG_NEW : 0u));
      uint64_t v;
      CHECK(symx_eval(ctx, e.cond, w, &v) == SYMX_OK && (int)v == e.taken);
      r->sites[i] = (int)e.site;
      r->dirs[i] = e.taken;
    }
    symx_expr_release(m.in);
  }
  CHECK(rc == SYMX_DONE || n == max);
  symx_engine_free(eng);
  return n;
}

/* Every negated run agrees with its parent before the negated entry and
** takes the other direction there. */
static void check_flips(const runrec *recs, size_t n) {
  for (size_t k = 0; k < n; k++) {
    const symx_crun *ci = &recs[k].info;
    CHECK(ci->number == k + 1);
    if (!ci->parent) continue;
    const runrec *p = &recs[ci->parent - 1], *c = &recs[k];
    int64_t i = ci->negated;
    CHECK(i >= 0 && i < p->logged_n && i < c->logged_n);
    if (i < 0 || i >= p->logged_n || i >= c->logged_n) continue;
    for (int64_t j = 0; j < i; j++) CHECK(p->sites[j] == c->sites[j] && p->dirs[j] == c->dirs[j]);
    CHECK(p->sites[i] == c->sites[i] && p->dirs[i] != c->dirs[i]);
  }
}

static void check_paths(const char *search, int cache, const char *queue) {
  static char brute[65536][SIGLEN];
  static runrec recs[4096];
  size_t nb = brute_paths(brute);
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", "concolic");
  symx_option_set_str(ctx, "concolic_search", search);
  symx_option_set(ctx, "concolic_cache", cache);
  symx_option_set_str(ctx, "concolic_queue", queue);
  size_t n = explore(ctx, recs, 4096, NULL);
  check_flips(recs, n);
  static char found[4096][SIGLEN];
  for (size_t i = 0; i < n; i++) strcpy(found[i], recs[i].sig);
  qsort(found, n, SIGLEN, cmpstr);
  size_t u = 0;
  for (size_t i = 0; i < n; i++)
    if (!u || strcmp(found[u - 1], found[i])) memmove(found[u++], found[i], SIGLEN);
  CHECK_EQ_U64(u, nb);
  for (size_t i = 0; i < u && i < nb; i++) CHECK(!strcmp(found[i], brute[i]));
  CHECK_EQ_U64(symx_stat_get(ctx, "concolic_runs"), n);
  fprintf(stderr, "  %s cache=%d: %zu paths (brute force), %zu runs, %" PRIu64 " duplicates\n",
          search, cache, nb, n, symx_stat_get(ctx, "concolic_duplicates"));
  symx_ctx_free(ctx);
}

static void test_generational_paths(void) { check_paths("generational", 1, "fifo"); }
static void test_generational_nocache_paths(void) { check_paths("generational", 0, "fifo"); }
static void test_rank_queue_paths(void) { check_paths("generational", 1, "rank"); }
static void test_dfs_paths(void) { check_paths("dfs", 1, "fifo"); }

/* Past concolic_max_queue a run is not queued: fewer runs, same end. */
static void test_max_queue(void) {
  static runrec recs[4096];
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", "concolic");
  symx_option_set(ctx, "concolic_max_queue", 1);
  size_t n = explore(ctx, recs, 4096, NULL);
  check_flips(recs, n);
  CHECK(n >= 2 && symx_stat_get(ctx, "concolic_queue_full") > 0);
  symx_ctx_free(ctx);
}

/* A seed's run is run 1; bytes outside the negated factor keep the
** parent's values (in[1] is never constrained before site 1's negation). */
static void test_seeds_and_kept_bytes(void) {
  static runrec recs[4096];
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", "concolic");
  symx_expr *in = symx_array_input(ctx, "in", 2, 32);
  symx_seeds *s = symx_seeds_new(ctx);
  const uint8_t seed[2] = {150, 77};
  symx_seeds_add_bytes(s, "in", seed, 2);
  size_t n = explore(ctx, recs, 4096, s);
  CHECK(n > 2);
  CHECK(recs[0].in[0] == 150 && recs[0].in[1] == 77 && recs[0].info.seed == 0);
  check_flips(recs, n);
  for (size_t k = 1; k < n; k++)
    if (recs[k].info.parent == 1 && recs[k].info.negated == 0) /* a > 100 flipped: b kept */
      CHECK(recs[k].in[1] == 77 && recs[k].in[0] <= 100);
  symx_seeds_free(s);
  symx_expr_release(in);
  symx_ctx_free(ctx);
}

/* The log as SMT-LIB2 reads back as the same entries. */
static void test_clog_roundtrip(void) {
  static runrec recs[8];
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", "concolic");
  symx_engine *eng = symx_engine_new(ctx);
  pl *p = calloc(1, sizeof *p);
  symx_engine_start(eng, p, &pl_vt);
  symx_state *st;
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  vm m = {0};
  m.ctx = ctx;
  m.st = st;
  m.in = symx_array_input(ctx, "in", 2, 32);
  prog(&m);
  const symx_clog *l = symx_state_clog(st);
  char *text = symx_clog_smt2(l);
  CHECK(text != NULL);
  symx_clog *back = text ? symx_clog_parse(ctx, text, strlen(text)) : NULL;
  CHECK(back && symx_clog_count(back) == symx_clog_count(l));
  for (size_t i = 0; back && i < symx_clog_count(l); i++) {
    symx_centry a, b;
    symx_clog_get(l, i, &a);
    symx_clog_get(back, i, &b);
    CHECK(a.order == b.order && a.site == b.site && a.kind == b.kind && a.tags == b.tags &&
          a.taken == b.taken && a.cond == b.cond);
  }
  symx_clog_free(back);
  symx_string_free(ctx, text);
  CHECK(symx_clog_parse(ctx, "; clog 0 1 nosuch 0 1\n(assert true)\n", 36) == NULL);
  CHECK_EQ_U64(symx_errcode(ctx), SYMX_PARSE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "line 1");
  symx_expr_release(m.in);
  symx_engine_free(eng);
  (void)recs;
  symx_ctx_free(ctx);
}

/* A condition over data from tagged code is logged with the tag, without
** any site tag; assumptions are logged but never negated. */
static void test_data_tags(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", "concolic");
  symx_engine *eng = symx_engine_new(ctx);
  pl *p = calloc(1, sizeof *p);
  symx_engine_start(eng, p, &pl_vt);
  symx_expr *x = symx_var(ctx, "x", 8), *xt = symx_expr_tag(ctx, x, SYMX_TAG_NEW);
  symx_expr *k = symx_const(ctx, 8, 5), *c = symx_ugt(ctx, xt, k), *c0 = symx_ult(ctx, x, k);
  int runs = 0;
  symx_state *st;
  while (symx_engine_next(eng, &st) == SYMX_STATE && runs < 10) {
    runs++;
    CHECK(symx_state_assume(st, c0) == SYMX_OK || runs > 1);
    if (symx_state_status(st) != SYMX_ST_ACTIVE) continue;
    symx_state *t = NULL, *f = NULL;
    CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
    const symx_clog *l = symx_state_clog(st);
    symx_centry e0, e1;
    CHECK(symx_clog_get(l, 0, &e0) == SYMX_OK && e0.kind == SYMX_CK_ASSUME && e0.tags == 0);
    CHECK(symx_clog_get(l, 1, &e1) == SYMX_OK && e1.kind == SYMX_CK_BRANCH && e1.tags == SYMX_TAG_NEW);
    symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL);
  }
  /* x > 5 cannot hold under x < 5: one run, its negation unsat */
  CHECK_EQ_U64(runs, 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "concolic_unsat"), 1);
  symx_expr *all[] = {x, xt, k, c, c0};
  for (size_t i = 0; i < 5; i++) symx_expr_release(all[i]);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_data_tags), CHECK_CASE(test_generational_paths), CHECK_CASE(test_generational_nocache_paths),
           CHECK_CASE(test_dfs_paths), CHECK_CASE(test_rank_queue_paths), CHECK_CASE(test_max_queue), CHECK_CASE(test_seeds_and_kept_bytes),
           CHECK_CASE(test_clog_roundtrip))
