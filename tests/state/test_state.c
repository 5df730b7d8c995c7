/*
** test_state.c — constraint lists, states and the execution tree: sharing,
** copy-on-write witnesses, tag bits, random-path selection odds (against
** the exact 2^-forks probability), removal, and memory back to baseline.
*/
#include "check.h"
#include "state/tree.h"
#include "alloc.h"

static uint64_t rnd(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

static void test_clist_sharing(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = symx_stat_get(ctx, "bytes_in_use");
  size_t live0 = symx_expr_live(ctx);
  sx_pools ps;
  sx_pools_init(&ps, ctx);
  symx_expr *x = symx_var(ctx, "x", 8);
  symx_expr *k10 = symx_const(ctx, 8, 10), *k3 = symx_const(ctx, 8, 3);
  symx_expr *c1 = symx_ult(ctx, x, k10), *c2 = symx_eq(ctx, x, k3);
  symx_expr_release(k10);
  symx_expr_release(k3);
  sx_clist *a = sx_clist_push(&ps, NULL, c1, false);
  sx_clist *b = sx_clist_push(&ps, a, c2, false); /* shares a */
  sx_clist *c = sx_clist_push(&ps, a, c2, true);  /* shares a too */
  CHECK_EQ_U64(sx_clist_len(a), 1);
  CHECK_EQ_U64(sx_clist_len(b), 2);
  CHECK_EQ_U64(a->refs, 3);
  symx_assign *w = symx_assign_new(ctx);
  uint8_t v = 3;
  symx_assign_set(w, "x", &v, 1);
  CHECK(sx_clist_holds(ctx, b, w));
  CHECK(!sx_clist_holds(ctx, c, w));
  v = 4;
  symx_assign_set(w, "x", &v, 1);
  CHECK(!sx_clist_holds(ctx, b, w));
  CHECK(sx_clist_holds(ctx, c, w));
  sx_clist_release(&ps, a);
  sx_clist_release(&ps, b);
  CHECK_EQ_U64(c->next->refs, 1);
  sx_clist_release(&ps, c);
  CHECK_EQ_U64(ps.p[SX_POOL_CELL].nfree % 256, 0); /* all cells back */
  symx_assign_free(w);
  symx_expr_release(c1);
  symx_expr_release(c2);
  symx_expr_release(x);
  sx_pools_release(&ps);
  CHECK_EQ_U64(symx_expr_live(ctx), live0 + 1); /* the input array "x" stays in the context */
  CHECK(symx_stat_get(ctx, "bytes_in_use") >= base);
  symx_ctx_free(ctx);
}

static void test_state_fork_witness(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = symx_stat_get(ctx, "bytes_in_use");
  size_t live0 = symx_expr_live(ctx);
  sx_pools ps;
  sx_pools_init(&ps, ctx);
  sx_state *s = sx_state_new(&ps, NULL, 1, NULL);
  symx_expr *x = symx_var(ctx, "x", 8), *k = symx_const(ctx, 8, 5), *c = symx_ugt(ctx, x, k);
  CHECK(sx_state_add(&ps, s, c, true) == SYMX_OK); /* x <= 5: witness 0 holds */
  sx_state *t = sx_state_fork(&ps, s, 2, NULL);
  CHECK(t->cs == s->cs && t->witness == s->witness);
  CHECK_EQ_U64(s->witness->refs, 2);
  sx_state_set_pending(t, c, false); /* x > 5 */
  CHECK(t->pcond == c && (t->flags & SX_SF_PNEG) == 0);
  /* a model for t: merging unshares the witness, s keeps its own */
  symx_assign *m = symx_assign_new(ctx);
  uint8_t v = 9;
  symx_assign_set(m, "x", &v, 1);
  CHECK(sx_state_merge_witness(t, m) == SYMX_OK);
  CHECK(t->witness != s->witness);
  CHECK_EQ_U64(s->witness->refs, 1);
  CHECK(sx_state_commit_pending(&ps, t) == SYMX_OK);
  CHECK(t->pcond == NULL);
  CHECK_EQ_U64(sx_clist_len(t->cs), 2);
  CHECK(!sx_clist_holds(ctx, t->cs, t->witness)); /* x <= 5 and x > 5: no witness can */
  CHECK(sx_clist_holds(ctx, s->cs, s->witness));
  symx_assign_free(m);
  sx_state_destroy(&ps, s);
  sx_state_destroy(&ps, t);
  symx_expr_release(c);
  symx_expr_release(k);
  symx_expr_release(x);
  sx_pools_release(&ps);
  CHECK_EQ_U64(symx_expr_live(ctx), live0 + 1); /* the input array "x" stays in the context */
  CHECK(symx_stat_get(ctx, "bytes_in_use") >= base);
  symx_ctx_free(ctx);
}

#define N 600

typedef struct visit { sx_state *seen[N]; size_t n; } visit;
static void collect(void *u, sx_state *st) {
  visit *v = u;
  if (v->n < N) v->seen[v->n++] = st;
}

static void test_tree_random(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = symx_stat_get(ctx, "bytes_in_use");
  sx_pools ps;
  sx_pools_init(&ps, ctx);
  sx_tree t;
  sx_tree_init(&t, &ps);
  sx_rng rng;
  sx_rng_seed(&rng, 7);
  sx_state *st[N];
  bool alive[N] = {0}, tag[N][2] = {{0}};
  int n = 1;
  st[0] = sx_state_new(&ps, NULL, 1, NULL);
  CHECK(sx_tree_root(&t, st[0]) == SYMX_OK);
  alive[0] = true;
  int b0 = sx_tree_alloc_bit(&t), b1 = sx_tree_alloc_bit(&t);
  CHECK(b0 == 0 && b1 == 1);
  uint64_t s = 99;
  for (int step = 0; step < 4000; step++) {
    int i = (int)(rnd(&s) % (uint64_t)n);
    if (!alive[i]) continue;
    switch (rnd(&s) % 4) {
    case 0:
      if (n < N) {
        st[n] = sx_state_fork(&ps, st[i], (uint64_t)n + 1, NULL);
        CHECK(sx_tree_fork(&t, st[i], st[n]) == SYMX_OK);
        alive[n++] = true;
      }
      break;
    case 1: {
      int b = (int)(rnd(&s) % 2);
      if (tag[i][b]) sx_tree_untag(&t, st[i], b);
      else sx_tree_tag(&t, st[i], b);
      tag[i][b] = !tag[i][b];
      break;
    }
    case 2:
      if (rnd(&s) % 4 == 0) {
        for (int b = 0; b < 2; b++)
          if (tag[i][b]) sx_tree_untag(&t, st[i], b), tag[i][b] = false;
        sx_tree_remove(&t, st[i]);
        CHECK(st[i]->node == NULL);
        sx_state_destroy(&ps, st[i]);
        alive[i] = false;
      }
      break;
    default:
      for (int b = 0; b < 2; b++) {
        sx_state *x = sx_tree_select(&t, b, &rng);
        int any = 0;
        for (int j = 0; j < n; j++) any |= alive[j] && tag[j][b];
        CHECK((x != NULL) == (any != 0));
        if (x) {
          int j = (int)x->id - 1;
          CHECK(j >= 0 && j < n && alive[j] && tag[j][b]);
        }
      }
    }
  }
  /* foreach visits exactly the live states */
  visit v = {{0}, 0};
  sx_tree_foreach(&t, collect, &v);
  size_t nalive = 0;
  for (int j = 0; j < n; j++) nalive += alive[j];
  CHECK_EQ_U64(v.n, nalive);
  for (size_t k = 0; k < v.n; k++) CHECK(alive[v.seen[k]->id - 1]);
  for (int j = 0; j < n; j++)
    if (alive[j]) {
      for (int b = 0; b < 2; b++)
        if (tag[j][b]) sx_tree_untag(&t, st[j], b);
      sx_tree_remove(&t, st[j]);
      sx_state_destroy(&ps, st[j]);
    }
  CHECK_EQ_U64(t.nodes, 0);
  CHECK(t.root == NULL);
  sx_pools_release(&ps);
  CHECK_EQ_U64(symx_stat_get(ctx, "bytes_in_use"), base);
  symx_ctx_free(ctx);
}

/* Random-path odds: a leaf below k two-way forks is chosen with 2^-k. */
static void test_tree_odds(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_pools ps;
  sx_pools_init(&ps, ctx);
  sx_tree t;
  sx_tree_init(&t, &ps);
  sx_rng rng;
  sx_rng_seed(&rng, 1);
  sx_state *a = sx_state_new(&ps, NULL, 1, NULL);
  sx_tree_root(&t, a);
  sx_state *b = sx_state_fork(&ps, a, 2, NULL);
  sx_tree_fork(&t, a, b);
  sx_state *c = sx_state_fork(&ps, a, 3, NULL);
  sx_tree_fork(&t, a, c); /* a and c 2 forks down, b 1 fork down */
  sx_state *d = sx_state_fork(&ps, c, 4, NULL);
  sx_tree_fork(&t, c, d); /* c, d 3 forks down; d untagged */
  int bit = sx_tree_alloc_bit(&t);
  sx_tree_tag(&t, a, bit);
  sx_tree_tag(&t, b, bit);
  sx_tree_tag(&t, c, bit);
  int hits[4] = {0};
  const int draws = 40000;
  for (int i = 0; i < draws; i++) hits[sx_tree_select(&t, bit, &rng)->id - 1]++;
  /* expected: b 1/2, a 1/4, c 1/4 (d untagged, so c's fork is one-way) */
  CHECK(hits[3] == 0);
  CHECK(hits[1] > draws / 2 - 800 && hits[1] < draws / 2 + 800);
  CHECK(hits[0] > draws / 4 - 700 && hits[0] < draws / 4 + 700);
  CHECK(hits[2] > draws / 4 - 700 && hits[2] < draws / 4 + 700);
  sx_tree_free(&t, NULL, NULL);
  sx_state_destroy(&ps, a);
  sx_state_destroy(&ps, b);
  sx_state_destroy(&ps, c);
  sx_state_destroy(&ps, d);
  sx_pools_release(&ps);
  symx_ctx_free(ctx);
}

/* A path as deep as a million forks frees without recursion. */
static void test_tree_deep(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_pools ps;
  sx_pools_init(&ps, ctx);
  sx_tree t;
  sx_tree_init(&t, &ps);
  sx_state *a = sx_state_new(&ps, NULL, 1, NULL);
  sx_tree_root(&t, a);
  for (int i = 0; i < 200000; i++) {
    sx_state *b = sx_state_fork(&ps, a, 2, NULL);
    sx_tree_fork(&t, a, b);
    sx_tree_remove(&t, b); /* leaves a chain of one-child forks */
    sx_state_destroy(&ps, b);
  }
  CHECK_EQ_U64(t.nodes, 200001);
  sx_tree_free(&t, NULL, NULL);
  CHECK_EQ_U64(t.nodes, 0);
  sx_state_destroy(&ps, a);
  sx_pools_release(&ps);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_clist_sharing), CHECK_CASE(test_state_fork_witness),
           CHECK_CASE(test_tree_random), CHECK_CASE(test_tree_odds), CHECK_CASE(test_tree_deep))
