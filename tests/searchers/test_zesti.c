/*
** test_zesti.c — the ZESTI order against brute force: select returns the
** member of smallest (distance to a sensitive depth, -depth, -id), over
** random members, removals and sensitive depths added between selections.
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
  sx_search_env env = {ctx, &rng, NULL, &ins, NULL, NULL, &slots};
  sx_searcher z;
  CHECK(sx_searcher_zesti(&env, &z) == SYMX_OK);
  sx_sensitive sens = {{NULL, NULL, NULL}, 0};
  CHECK(sx_searcher_zesti_bind(&z, &sens));
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
      if (!dup) {
        ref[nref++] = d;
        SX_PUSH(ctx, sens.depths, d);
        for (size_t a = SX_SIZE(sens.depths) - 1; a > 0 && sens.depths.begin[a - 1] > sens.depths.begin[a]; a--) {
          uint32_t t = sens.depths.begin[a];
          sens.depths.begin[a] = sens.depths.begin[a - 1];
          sens.depths.begin[a - 1] = t;
        }
        sens.version++;
      }
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
    CHECK_EQ_U64(sx_sensitive_distance(&sens, st[i]->depth), dist(ref, nref, st[i]->depth));
  }
  sx_search_free(&z);
  for (int i = 0; i < N; i++) sx_state_destroy(&ps, st[i]);
  SX_RELEASE(ctx, sens.depths);
  sx_pools_release(&ps);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_zesti_order))
