/*
** test_searchers.c — every built-in searcher against a reference set under
** random add/remove/update/select sequences (select returns a member, NULL
** only when empty), each one's order or odds, and determinism per seed.
*/
#include "check.h"
#include "searchers/searcher.h"

#define N 256

typedef struct fx {
  symx_ctx *ctx;
  sx_pools ps;
  sx_tree tree;
  sx_rng rng;
  uint64_t instructions;
  int slots;
  sx_search_env env;
  sx_state *st[N];
  int n;
} fx;

static double user_weight(void *u, symx_state *st) {
  (void)u;
  return (double)(st->id % 3 + 1);
}

static void fx_init(fx *f, uint64_t seed) {
  f->ctx = symx_ctx_new();
  sx_pools_init(&f->ps, f->ctx);
  sx_tree_init(&f->tree, &f->ps);
  sx_rng_seed(&f->rng, seed);
  f->instructions = 0;
  f->slots = 0;
  f->env = (sx_search_env){f->ctx, &f->rng, &f->tree, &f->instructions, user_weight, NULL, &f->slots, NULL, NULL, 0};
  f->st[0] = sx_state_new(&f->ps, NULL, 1, NULL);
  sx_tree_root(&f->tree, f->st[0]);
  f->n = 1;
  /* a random tree of N states */
  uint64_t s = seed * 7 + 3;
  while (f->n < N) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    sx_state *p = f->st[(s >> 33) % (uint64_t)f->n];
    sx_state *c = sx_state_fork(&f->ps, p, (uint64_t)f->n + 1, NULL);
    sx_tree_fork(&f->tree, p, c);
    p->depth++;
    c->depth = p->depth;
    f->st[f->n++] = c;
  }
}

static void fx_free(fx *f) {
  sx_tree_free(&f->tree, NULL, NULL);
  for (int i = 0; i < f->n; i++) sx_state_destroy(&f->ps, f->st[i]);
  sx_pools_release(&f->ps);
  symx_ctx_free(f->ctx);
}

static const char *const specs[] = {"dfs", "bfs", "random-state", "random-path", "nurs:depth",
                                    "depth-biased", "nurs:rp", "weighted", "batching:dfs",
                                    "batching", "dfs,bfs,random-path", "batching:nurs:rp,random-state",
                                    "iterdeep:dfs", "batching:(dfs,bfs)",
                                    "iterdeep:(batching:(random-path,nurs:rp))", "sdse",
                                    "sdse-pr", "sdse-rr", "rr(rp,sdse)", "batch(rr(rp,sdse-rr))",
                                    "batch(sdse-pr)"};

static void test_membership(void) {
  for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
    fx f;
    fx_init(&f, k + 1);
    sx_searcher s;
    CHECK(sx_searcher_create(&f.env, specs[k], &s, "test") == SYMX_OK);
    bool in[N] = {0};
    int members = 0, bad = 0;
    uint64_t r = k * 1000 + 17;
    for (int step = 0; step < 20000; step++) {
      r = r * 6364136223846793005ull + 1442695040888963407ull;
      int i = (int)((r >> 33) % N);
      switch ((r >> 20) % 4) {
      case 0:
        if (!in[i]) {
          CHECK(sx_search_add(&s, f.st[i]) == SYMX_OK);
          in[i] = true;
          members++;
        }
        break;
      case 1:
        if (in[i]) sx_search_remove(&s, f.st[i]), in[i] = false, members--;
        break;
      case 2:
        if (in[i]) f.st[i]->depth = (uint32_t)((r >> 40) % 50), sx_search_update(&s, f.st[i]);
        break;
      default: {
        f.instructions += (r >> 50) % 5;
        sx_state *x = sx_search_select(&s);
        if ((x == NULL) != (members == 0) || (x && !in[x->id - 1])) bad++;
        if (sx_search_empty(&s) != (members == 0)) bad++;
      }
      }
    }
    CHECK_EQ_U64(bad, 0);
    if (bad) fprintf(stderr, "searcher %s\n", specs[k]);
    sx_search_free(&s);
    fx_free(&f);
  }
}

static void test_orders(void) {
  fx f;
  fx_init(&f, 5);
  sx_searcher d, b;
  CHECK(sx_searcher_dfs(&f.env, &d) == SYMX_OK);
  CHECK(sx_searcher_bfs(&f.env, &b) == SYMX_OK);
  for (int i = 0; i < 5; i++) sx_search_add(&d, f.st[i]), sx_search_add(&b, f.st[i]);
  CHECK(sx_search_select(&d) == f.st[4]);
  CHECK(sx_search_select(&b) == f.st[0]);
  sx_search_remove(&d, f.st[4]);
  sx_search_remove(&d, f.st[1]);
  CHECK(sx_search_select(&d) == f.st[3]);
  sx_search_update(&b, f.st[0]); /* ran and forked: behind the others */
  CHECK(sx_search_select(&b) == f.st[1]);
  sx_search_remove(&b, f.st[1]);
  sx_search_remove(&b, f.st[2]);
  CHECK(sx_search_select(&b) == f.st[3]);
  sx_search_remove(&b, f.st[3]);
  sx_search_remove(&b, f.st[4]);
  CHECK(sx_search_select(&b) == f.st[0]);
  sx_search_free(&d);
  sx_search_free(&b);
  /* interleaved: round robin of its searchers */
  sx_searcher il;
  f.slots = 0;
  CHECK(sx_searcher_create(&f.env, "dfs,bfs", &il, "test") == SYMX_OK);
  for (int i = 0; i < 3; i++) sx_search_add(&il, f.st[i]);
  CHECK(sx_search_select(&il) == f.st[2]);
  CHECK(sx_search_select(&il) == f.st[0]);
  CHECK(sx_search_select(&il) == f.st[2]);
  sx_search_free(&il);
  /* batching keeps its choice for batch_instructions */
  symx_option_set(f.ctx, "batch_instructions", 10);
  f.slots = 0; /* the searchers above are gone: reuse their slots */
  sx_searcher bt;
  CHECK(sx_searcher_create(&f.env, "batching:dfs", &bt, "test") == SYMX_OK);
  sx_search_add(&bt, f.st[0]);
  CHECK(sx_search_select(&bt) == f.st[0]);
  sx_search_add(&bt, f.st[1]);
  f.instructions += 9;
  CHECK(sx_search_select(&bt) == f.st[0]);
  f.instructions += 1;
  CHECK(sx_search_select(&bt) == f.st[1]);
  sx_search_remove(&bt, f.st[1]); /* forgotten once removed */
  CHECK(sx_search_select(&bt) == f.st[0]);
  sx_search_free(&bt);
  /* no budget at all (0 instructions, 0 time): the choice stays; a group
  ** is batched as one searcher */
  symx_option_set(f.ctx, "batch_instructions", 0);
  f.slots = 0;
  CHECK(sx_searcher_create(&f.env, "batching:(dfs,bfs)", &bt, "test") == SYMX_OK);
  sx_search_add(&bt, f.st[0]);
  sx_search_add(&bt, f.st[1]);
  CHECK(sx_search_select(&bt) == f.st[1]); /* dfs's turn */
  f.instructions += 1000000;
  CHECK(sx_search_select(&bt) == f.st[1]);
  sx_search_remove(&bt, f.st[1]);
  CHECK(sx_search_select(&bt) == f.st[0]);
  sx_search_free(&bt);
  CHECK(sx_searcher_create(&f.env, "batching:(dfs,nosuch)", &bt, "test") == SYMX_RANGE);
  CHECK(sx_searcher_create(&f.env, "nosuch", &bt, "test") == SYMX_RANGE);
  CHECK(sx_searcher_create(&f.env, "dfs,,bfs", &bt, "test") == SYMX_RANGE);
  fx_free(&f);
}

/* Weighted odds: selections follow weight / total. */
static void odds(const char *spec, sx_state **sts, int n, const double *w) {
  fx f;
  fx_init(&f, 11);
  sx_searcher s;
  CHECK(sx_searcher_create(&f.env, spec, &s, "test") == SYMX_OK);
  for (int i = 0; i < n; i++) sx_search_add(&s, sts[i]);
  int hits[8] = {0};
  const int draws = 30000;
  for (int k = 0; k < draws; k++) {
    sx_state *x = sx_search_select(&s);
    for (int i = 0; i < n; i++) hits[i] += x == sts[i];
  }
  double tot = 0;
  for (int i = 0; i < n; i++) tot += w[i];
  for (int i = 0; i < n; i++) {
    double expect = draws * w[i] / tot;
    CHECK(hits[i] > expect - 600 && hits[i] < expect + 600);
    if (!(hits[i] > expect - 600 && hits[i] < expect + 600))
      fprintf(stderr, "%s: state %d: %d hits, %.0f expected\n", spec, i, hits[i], expect);
  }
  sx_search_free(&s);
  fx_free(&f);
}

static void test_weights(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_pools ps;
  sx_pools_init(&ps, ctx);
  sx_state *s[3];
  for (int i = 0; i < 3; i++) {
    s[i] = sx_state_new(&ps, NULL, (uint64_t)i + 1, NULL);
    s[i]->depth = (uint32_t)(2 * i);
  }
  const double depth_w[3] = {1, 3, 5}, rp_w[3] = {1, 0.25, 0.0625}, user_w[3] = {2, 3, 1};
  odds("nurs:depth", s, 3, depth_w);
  odds("nurs:rp", s, 3, rp_w);
  odds("weighted", s, 3, user_w);
  const double uni[3] = {1, 1, 1};
  odds("random-state", s, 3, uni);
  for (int i = 0; i < 3; i++) sx_state_destroy(&ps, s[i]);
  sx_pools_release(&ps);
  symx_ctx_free(ctx);
}

static void test_determinism(void) {
  for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
    uint64_t trace[2] = {0, 0};
    for (int rep = 0; rep < 2; rep++) {
      fx f;
      fx_init(&f, 3);
      sx_searcher s;
      sx_searcher_create(&f.env, specs[k], &s, "test");
      for (int i = 0; i < N; i += 2) sx_search_add(&s, f.st[i]);
      for (int j = 0; j < 500; j++) {
        sx_state *x = sx_search_select(&s);
        trace[rep] = trace[rep] * 31 + x->id;
        if (j % 7 == 0) sx_search_remove(&s, x), sx_search_add(&s, x);
        f.instructions++;
      }
      sx_search_free(&s);
      fx_free(&f);
    }
    CHECK_EQ_U64(trace[0], trace[1]);
  }
}

static void test_memory(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = symx_stat_get(ctx, "bytes_in_use");
  symx_ctx_free(ctx);
  fx f;
  fx_init(&f, 9);
  uint64_t before = symx_stat_get(f.ctx, "bytes_in_use");
  for (size_t k = 0; k < sizeof specs / sizeof *specs; k++) {
    int slots = f.slots;
    sx_searcher s;
    sx_searcher_create(&f.env, specs[k], &s, "test");
    for (int i = 0; i < N; i++) sx_search_add(&s, f.st[i]);
    for (int i = 0; i < N; i += 3) sx_search_remove(&s, f.st[i]);
    sx_search_free(&s);
    f.slots = slots;
    f.tree.bits_used = 0;
    for (int i = 0; i < N; i++) f.st[i]->node->tags &= SX_TN_LEAF; /* random-path left tags */
  }
  CHECK_EQ_U64(symx_stat_get(f.ctx, "bytes_in_use"), before);
  (void)base;
  fx_free(&f);
}

CHECK_MAIN(CHECK_CASE(test_membership), CHECK_CASE(test_orders), CHECK_CASE(test_weights),
           CHECK_CASE(test_determinism), CHECK_CASE(test_memory))
