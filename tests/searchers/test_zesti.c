/*
** test_zesti.c — the ZESTI order against brute force: select returns the
** member of smallest (distance to a sensitive depth, -depth, -id), over
** random members, removals and sensitive depths added between selections;
** ZESTI's revival gate and depth bound.
*/
#include "check.h"
#include "searchers/zesti.h"

#define N 64

static uint32_t dist(const uint32_t *sens, int ns, uint32_t depth) {
  uint32_t best = SX_ZESTI_FAR;
  for (int i = 0; i < ns; i++)
    if (sens[i] >= depth && sens[i] - depth < best) best = sens[i] - depth;
  return best;
}

static void test_zesti_order(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_pools ps;
  sx_pools_init(&ps, ctx);
  sx_rng rng;
  sx_rng_seed(&rng, 7);
  int slots = 0;
  uint64_t ins = 0;
  sx_search_env env = {ctx, &rng, NULL, &ins, NULL, NULL, &slots, NULL, NULL, 0};
  sx_searcher z;
  CHECK(sx_searcher_zesti(&env, &z) == SYMX_OK);
  sx_zesti zz = {0};
  sx_sensitive *sens = &zz.sensitive;
  CHECK(sx_searcher_zesti_bind(&z, sens));
  sx_state *st[N];
  int in[N] = {0};
  uint32_t ref[16];
  int nref = 0;
  uint64_t s = 12345;
  for (int i = 0; i < N; i++) {
    st[i] = sx_state_new(&ps, NULL, (uint64_t)i + 1, NULL);
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    st[i]->depth = (uint32_t)(s >> 60);
  }
  for (int step = 0; step < 2000; step++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    int i = (int)((s >> 33) % N), op = (int)((s >> 20) % 8);
    if (op < 3 && !in[i]) {
      CHECK(sx_search_add(&z, st[i]) == SYMX_OK);
      in[i] = 1;
    } else if (op < 5 && in[i]) {
      sx_search_remove(&z, st[i]);
      in[i] = 0;
    } else if (op == 5 && nref < 16) { /* a new sensitive depth (kept sorted) */
      uint32_t d = (uint32_t)((s >> 40) % 16);
      int k = 0, dup = 0;
      for (k = 0; k < nref; k++) dup |= ref[k] == d;
      uint64_t version = sens->version;
      CHECK(sx_zesti_note(&zz, ctx, d, "t") == SYMX_OK);
      CHECK(sens->version == version + !dup); /* a known depth changes nothing */
      if (!dup) ref[nref++] = d;
    } else if (op == 6 && in[i]) { /* a member forked: deeper */
      st[i]->depth++;
      sx_search_update(&z, st[i]);
    }
    /* brute force: the best member */
    int b = -1;
    for (int k = 0; k < N; k++) {
      if (!in[k]) continue;
      if (b < 0) { b = k; continue; }
      uint32_t dk = dist(ref, nref, st[k]->depth), db = dist(ref, nref, st[b]->depth);
      if (dk < db || (dk == db && (st[k]->depth > st[b]->depth ||
                                   (st[k]->depth == st[b]->depth && st[k]->id > st[b]->id))))
        b = k;
    }
    sx_state *got = sx_search_select(&z);
    CHECK(b < 0 ? got == NULL : got == st[b]);
    CHECK(sx_search_empty(&z) == (b < 0));
    CHECK_EQ_U64(sx_sensitive_distance(sens, st[i]->depth), dist(ref, nref, st[i]->depth));
  }
  sx_search_free(&z);
  for (int i = 0; i < N; i++) sx_state_destroy(&ps, st[i]);
  sx_zesti_release(&zz, ctx);
  sx_pools_release(&ps);
  symx_ctx_free(ctx);
}

/* Which pending states are revived, and the bound a revival sets. */
static void test_zesti_bound(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_pools ps;
  sx_pools_init(&ps, ctx);
  sx_zesti z = {0};
  sx_state *st = sx_state_new(&ps, NULL, 1, NULL);
  st->depth = 4;
  CHECK(sx_zesti_gate(&z, st, 2) == SX_ZESTI_FAR); /* nothing sensitive */
  CHECK(sx_zesti_note(&z, ctx, 7, "t") == SYMX_OK && sx_zesti_note(&z, ctx, 3, "t") == SYMX_OK);
  CHECK(sx_zesti_gate(&z, st, 2) == 3); /* 7 - 4; 3 lies above */
  CHECK(sx_zesti_gate(&z, st, 0) == SX_ZESTI_FAR); /* mul 0: the seed paths only */
  st->depth = 8;
  CHECK(sx_zesti_gate(&z, st, 2) == SX_ZESTI_FAR);
  st->flags |= SX_SF_ERRSIDE; /* a deferred check sits on its operation */
  CHECK(sx_zesti_gate(&z, st, 2) == 0);
  CHECK(!sx_zesti_too_deep(&z, st)); /* no bound before a revival */
  sx_zesti_bound(&z, st, 2, 0); /* at least 1 */
  CHECK(z.bounded && z.base == 8 && z.bound == 1);
  st->depth = 9;
  CHECK(!sx_zesti_too_deep(&z, st));
  st->depth = 10;
  CHECK(sx_zesti_too_deep(&z, st));
  st->depth = UINT32_MAX - 5; /* mul x d past the depth range: clamped */
  sx_zesti_bound(&z, st, 1000, 3);
  CHECK(z.bound == 5 && !sx_zesti_too_deep(&z, st));
  sx_state_destroy(&ps, st);
  sx_zesti_release(&z, ctx);
  sx_pools_release(&ps);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_zesti_order), CHECK_CASE(test_zesti_bound))
