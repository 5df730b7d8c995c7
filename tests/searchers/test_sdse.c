/*
** test_sdse.c — the directed searchers (sdse, sdse-rr, sdse-pr) with a
** synthetic distance callback: a table of distances per state and target
** that the test changes at will. Oracles: the minimum over the members by
** brute force (sdse), the round robin over targets that some member can
** reach (sdse-rr), the odds 1/distance (sdse-pr).
*/
#include "check.h"
#include "searchers/searcher.h"

#define N 200
#define T 3

typedef struct fx {
  symx_ctx *ctx;
  sx_pools ps;
  sx_rng rng;
  uint64_t instructions;
  int slots;
  sx_search_env env;
  sx_state *st[N];
  uint64_t dist[N][T]; /* by state index; SYMX_DIST_INF = unreachable */
  int reached[T];      /* a reached target: INF for everyone ("any" skips it) */
} fx;

static uint64_t distance(void *u, symx_state *st, size_t target) {
  fx *f = u;
  size_t i = (size_t)(st->id - 1);
  if (target != SYMX_TARGET_ANY) return f->reached[target] ? SYMX_DIST_INF : f->dist[i][target];
  uint64_t best = SYMX_DIST_INF;
  for (size_t t = 0; t < T; t++)
    if (!f->reached[t] && f->dist[i][t] < best) best = f->dist[i][t];
  return best;
}

static void fx_init(fx *f, uint64_t seed) {
  memset(f, 0, sizeof *f);
  f->ctx = symx_ctx_new();
  sx_pools_init(&f->ps, f->ctx);
  sx_rng_seed(&f->rng, seed);
  symx_option_set(f->ctx, "rng_seed", (int64_t)seed); /* sdse's ties are keyed by it */
  f->env = (sx_search_env){f->ctx, &f->rng, NULL, &f->instructions, NULL, NULL, &f->slots,
                           distance, f, T};
  for (int i = 0; i < N; i++) f->st[i] = sx_state_new(&f->ps, NULL, (uint64_t)i + 1, NULL);
}

static void fx_free(fx *f) {
  for (int i = 0; i < N; i++) sx_state_destroy(&f->ps, f->st[i]);
  sx_pools_release(&f->ps);
  symx_ctx_free(f->ctx);
}

static uint64_t rnd(uint64_t *r) {
  *r = *r * 6364136223846793005ull + 1442695040888963407ull;
  return *r >> 33;
}

/* A random distance: small values (many ties) and some INF. */
static uint64_t some_distance(uint64_t *r) {
  uint64_t x = rnd(r) % 12;
  return x == 11 ? SYMX_DIST_INF : x;
}

/* The smallest distance to target t (TARGET_ANY) over the members. */
static uint64_t best_of(fx *f, const bool *in, size_t t) {
  uint64_t best = SYMX_DIST_INF;
  for (int i = 0; i < N; i++)
    if (in[i] && distance(f, f->st[i], t) < best) best = distance(f, f->st[i], t);
  return best;
}

/* sdse returns a member of minimum distance; sdse-rr one of minimum
** distance to the next target in turn some member reaches. */
static void test_minimum(int rr) {
  fx f;
  fx_init(&f, 41 + (uint64_t)rr);
  sx_searcher s;
  CHECK(sx_searcher_create(&f.env, rr ? "sdse-rr" : "sdse", &s, "test") == SYMX_OK);
  bool in[N] = {0};
  int members = 0, bad = 0;
  size_t turn = 0;
  uint64_t r = 99;
  for (int i = 0; i < N; i++)
    for (int t = 0; t < T; t++) f.dist[i][t] = some_distance(&r);
  for (int step = 0; step < 30000; step++) {
    int i = (int)(rnd(&r) % N);
    switch (rnd(&r) % 5) {
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
    case 2: /* the state ran: its distances changed */
      for (int t = 0; t < T; t++) f.dist[i][t] = some_distance(&r);
      if (in[i]) sx_search_update(&s, f.st[i]);
      break;
    case 3: { /* sometimes a target is reached (and later forgotten), for everyone */
      if (rnd(&r) % 50) break;
      f.reached[rnd(&r) % T] ^= 1;
      for (int k = 0; k < N; k++)
        if (in[k]) sx_search_update(&s, f.st[k]);
      break;
    }
    default: {
      sx_state *x = sx_search_select(&s);
      if ((x == NULL) != (members == 0) || (x && !in[x->id - 1])) {
        bad++;
        break;
      }
      if (!x) break;
      size_t t = SYMX_TARGET_ANY;
      if (rr) { /* the next target in turn that a member can reach */
        for (size_t j = 0; j < T && t == SYMX_TARGET_ANY; j++)
          if (best_of(&f, in, (turn + j) % T) != SYMX_DIST_INF) t = (turn + j) % T;
        if (t != SYMX_TARGET_ANY) turn = t + 1;
        else t = 0; /* nothing reachable: any member */
      }
      if (distance(&f, x, t) != best_of(&f, in, t)) bad++;
    }
    }
  }
  CHECK_EQ_U64(bad, 0);
  sx_search_free(&s);
  fx_free(&f);
}

static void test_sdse(void) { test_minimum(0); }
static void test_sdse_rr(void) { test_minimum(1); }

/* Ties go by the RNG: every state of equal distance is chosen for some
** seed, and a seed always gives the same choice. */
static void test_ties(void) {
  int chosen[4] = {0};
  for (uint64_t seed = 1; seed <= 40; seed++) {
    uint64_t first = 0;
    for (int rep = 0; rep < 2; rep++) {
      fx f;
      fx_init(&f, seed);
      for (int i = 0; i < N; i++) f.dist[i][0] = f.dist[i][1] = f.dist[i][2] = i < 4 ? 3 : 9;
      sx_searcher s;
      CHECK(sx_searcher_create(&f.env, "sdse", &s, "test") == SYMX_OK);
      for (int i = 0; i < 8; i++) sx_search_add(&s, f.st[i]);
      sx_state *x = sx_search_select(&s);
      CHECK(x->id <= 4);
      if (rep == 0) chosen[x->id - 1]++, first = x->id;
      else CHECK_EQ_U64(x->id, first);
      sx_search_free(&s);
      fx_free(&f);
    }
  }
  for (int i = 0; i < 4; i++) CHECK(chosen[i] > 0);
}

/* The state selected last goes on while it is at the best distance, also
** when another of that distance came after it; a nearer one goes first;
** once it is farther, the others take their turns by their ties. */
static void test_sticky(void) {
  for (uint64_t seed = 1; seed <= 20; seed++) {
    fx f;
    fx_init(&f, seed);
    for (int i = 0; i < N; i++) f.dist[i][0] = f.dist[i][1] = f.dist[i][2] = 3;
    sx_searcher s;
    CHECK(sx_searcher_create(&f.env, "sdse", &s, "test") == SYMX_OK);
    for (int i = 0; i < 4; i++) sx_search_add(&s, f.st[i]);
    sx_state *x = sx_search_select(&s);
    for (int i = 4; i < 8; i++) sx_search_add(&s, f.st[i]);
    sx_search_update(&s, x);
    CHECK(sx_search_select(&s) == x);
    f.dist[7][0] = f.dist[7][1] = f.dist[7][2] = 2; /* nearer */
    sx_search_update(&s, f.st[7]);
    CHECK(sx_search_select(&s) == f.st[7]);
    sx_search_remove(&s, f.st[7]);
    sx_state *y = sx_search_select(&s); /* x is not the last selection now */
    CHECK(y != f.st[7]);
    f.dist[y->id - 1][0] = f.dist[y->id - 1][1] = f.dist[y->id - 1][2] = 5;
    sx_search_update(&s, y);
    sx_state *z = sx_search_select(&s);
    CHECK(z != y && z != f.st[7]);
    CHECK_EQ_U64(distance(&f, z, SYMX_TARGET_ANY), 3);
    sx_search_free(&s);
    fx_free(&f);
  }
}

/* sdse-pr: odds 1/distance to the nearest target (0 counts as 1); an
** unreachable state only when every one is. */
static void test_pr(void) {
  fx f;
  fx_init(&f, 5);
  const uint64_t d[4] = {1, 2, 4, 0};
  const double w[4] = {1, 0.5, 0.25, 1};
  for (int i = 0; i < 5; i++)
    for (int t = 0; t < T; t++) f.dist[i][t] = i < 4 ? d[i] + (uint64_t)t : SYMX_DIST_INF;
  sx_searcher s;
  CHECK(sx_searcher_create(&f.env, "sdse-pr", &s, "test") == SYMX_OK);
  for (int i = 0; i < 5; i++) sx_search_add(&s, f.st[i]);
  int hits[5] = {0};
  const int draws = 40000;
  for (int k = 0; k < draws; k++) hits[sx_search_select(&s)->id - 1]++;
  for (int i = 0; i < 4; i++) {
    double expect = draws * w[i] / 2.75;
    CHECK(hits[i] > expect - 700 && hits[i] < expect + 700);
  }
  CHECK_EQ_U64(hits[4], 0);
  sx_search_free(&s);
  fx_free(&f);
}

/* Without a distance every state is unreachable: sdse still returns
** members (by the tie: a random order). */
static void test_no_distance(void) {
  fx f;
  fx_init(&f, 3);
  f.env.distance = NULL;
  sx_searcher s;
  CHECK(sx_searcher_create(&f.env, "sdse-rr", &s, "test") == SYMX_OK);
  for (int i = 0; i < 10; i++) sx_search_add(&s, f.st[i]);
  for (int i = 0; i < 10; i++) {
    sx_state *x = sx_search_select(&s);
    CHECK(x != NULL);
    if (x) sx_search_remove(&s, x);
  }
  CHECK(sx_search_select(&s) == NULL);
  sx_search_free(&s);
  fx_free(&f);
}

CHECK_MAIN(CHECK_CASE(test_sdse), CHECK_CASE(test_sdse_rr), CHECK_CASE(test_ties), CHECK_CASE(test_sticky),
           CHECK_CASE(test_pr), CHECK_CASE(test_no_distance))
