/*
** test_directed.c — directed search through the public API: a micro front
** end branches on the 8 bits of an input byte; its distance callback says
** how far a path is from the leaf whose bits spell TARGET (8 - depth while
** the path agrees with it, none once it does not). sdse must walk straight
** to the leaf in eager mode (one selection per level), and in pending mode
** too (directed_revival: a nearer pending state is revived before the
** active one runs; without it only when the active ones ran out); the leaf's test
** case (symx_state_emit_test) carries the input that spells TARGET.
*/
#include "check.h"
#include "payload.h"
#include "symx.h"

#include <stdlib.h>

#define D 8
#define TARGET 0xA5u

typedef struct pl {
  unsigned i, bits; /* levels decided, their values (bit k = level k) */
} pl;

TEST_PAYLOAD(0)

static int reread; /* distance calls */
static int flat;   /* every path at distance 1 (test_order) */
static int given;  /* a path's distance is its bits (test_keys) */
static uint64_t distance(void *user, symx_state *st, size_t target) {
  (void)user;
  reread++;
  if (flat) return 1;
  const pl *p = symx_state_payload(st);
  if (given) return p->bits;
  if (target != 0 && target != SYMX_TARGET_ANY) return SYMX_DIST_INF;
  unsigned mask = (1u << p->i) - 1;
  return (p->bits & mask) == (TARGET & mask) ? D - p->i : SYMX_DIST_INF;
}

static symx_expr *bit(symx_ctx *ctx, unsigned i) {
  symx_expr *in = symx_array_input(ctx, "in", 1, 32), *x = symx_read_le(ctx, in, 0, 1);
  symx_expr *b = symx_extract(ctx, x, i, i), *one = symx_const(ctx, 1, 1);
  symx_expr *e = symx_eq(ctx, b, one);
  symx_expr_release(in); symx_expr_release(x); symx_expr_release(b); symx_expr_release(one);
  return e;
}

static uint8_t test_byte;
static int test_user;
static void on_test(void *user, symx_state *st, const symx_test *t) {
  (void)user, (void)st;
  if (t->reason != SYMX_END_USER) return;
  test_user++;
  size_t n;
  const uint8_t *b = symx_assign_get(t->inputs, "in", &n);
  CHECK(b && n == 1 && t->message && !strcmp(t->message, "target reached"));
  if (b && n == 1) test_byte = b[0];
}

/* Selections until a path spells TARGET (0 when none does). */
static unsigned run(const char *mode, int revival) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set(ctx, "directed_revival", revival);
  symx_option_set_str(ctx, "search", "sdse");
  symx_option_set_str(ctx, "pending_search", "sdse");
  symx_engine *eng = symx_engine_new(ctx);
  CHECK(symx_engine_set_distance(eng, distance, 1, NULL) == SYMX_OK);
  symx_engine_on_test(eng, on_test, NULL);
  CHECK(symx_engine_start(eng, calloc(1, sizeof(pl)), &pl_vt) == SYMX_OK);
  CHECK(symx_engine_set_distance(eng, distance, 1, NULL) == SYMX_MISUSE); /* too late */
  symx_state *st;
  unsigned picks = 0, found = 0;
  test_user = 0;
  while (!found && symx_engine_next(eng, &st) == SYMX_STATE) {
    picks++;
    pl *p = symx_state_payload(st);
    while (p->i < D) {
      unsigned at = p->i;
      symx_expr *c = bit(ctx, at);
      symx_state *t, *f;
      CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
      symx_expr_release(c);
      if (t) { /* (payloads may move between st and its child: read them anew) */
        ((pl *)symx_state_payload(t))->bits |= 1u << at;
        ((pl *)symx_state_payload(t))->i = at + 1;
      }
      if (f) ((pl *)symx_state_payload(f))->i = at + 1;
      p = symx_state_payload(st);
      if (t && f) break;
      st = t ? t : f;
      p = symx_state_payload(st);
    }
    if (p->i < D || symx_state_status(st) != SYMX_ST_ACTIVE) continue;
    if (p->bits == TARGET) {
      CHECK(symx_state_emit_test(st, "target reached") == SYMX_OK);
      found = picks;
    }
    reread = 0;
    CHECK(symx_engine_distances_changed(eng) == SYMX_OK);
    CHECK(reread >= (int)(symx_engine_count(eng, SYMX_ST_ACTIVE) + symx_engine_count(eng, SYMX_ST_PENDING)));
    CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
    CHECK(symx_state_emit_test(st, "late") == SYMX_MISUSE); /* it ended */
  }
  CHECK(test_user == 1 && test_byte == TARGET);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
  return found;
}

static void test_eager(void) {
  unsigned picks = run("eager", 1);
  CHECK(picks >= 1 && picks <= D + 1);
}

static void test_pending(void) {
  /* the pending state nearer than the active one is revived first */
  unsigned picks = run("pending", 1);
  CHECK(picks >= 1 && picks <= D + 1);
  /* without directed_revival: only once the witness's side ran out */
  picks = run("pending", 0);
  CHECK(picks > D + 1 && picks <= (D + 1) * (D + 1));
}

/* The order in which sdse picks states (each pick's level and bits), all
** at one distance, over the whole tree: into out[0..max), their number. */
static size_t order(const char *mode, unsigned *out, size_t max) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set(ctx, "rng_seed", 7);
  symx_option_set_str(ctx, "search", "sdse");
  symx_option_set_str(ctx, "pending_search", "sdse");
  symx_engine *eng = symx_engine_new(ctx);
  CHECK(symx_engine_set_distance(eng, distance, 1, NULL) == SYMX_OK);
  CHECK(symx_engine_start(eng, calloc(1, sizeof(pl)), &pl_vt) == SYMX_OK);
  symx_state *st;
  size_t n = 0;
  while (symx_engine_next(eng, &st) == SYMX_STATE) {
    pl *p = symx_state_payload(st);
    if (n < max) out[n++] = p->i << 16 | p->bits;
    if (p->i == D) {
      CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
      continue;
    }
    unsigned at = p->i;
    symx_expr *c = bit(ctx, at);
    symx_state *t, *f;
    CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
    symx_expr_release(c);
    if (t) ((pl *)symx_state_payload(t))->bits |= 1u << at, ((pl *)symx_state_payload(t))->i = at + 1;
    if (f) ((pl *)symx_state_payload(f))->i = at + 1;
  }
  symx_engine_free(eng);
  symx_ctx_free(ctx);
  return n;
}

/* At equal distances the pending modes run the states in eager mode's
** order: the running state goes on, other ties by keyed draws that the
** active and the pending searcher share (directed revival compares them). */
static void test_order(void) {
  static unsigned e[4096], p[4096];
  flat = 1;
  size_t ne = order("eager", e, 4096), np = order("pending", p, 4096);
  flat = 0;
  CHECK_EQ_U64(ne, np);
  CHECK(ne == 2 * (1u << D) - 1); /* every node of the tree once */
  size_t same = 0;
  while (same < ne && same < np && e[same] == p[same]) same++;
  CHECK_EQ_U64(same, ne);
}

/* Forks at bits 0 and 1, the front end setting the sides' distances after
** each (as their program counters): the running state to far[k], the other
** side to near[k]; the state next() returns after that, by its distance. */
static unsigned after_forks(const char *mode, const unsigned *far, const unsigned *near) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set_str(ctx, "search", "sdse");
  symx_option_set_str(ctx, "pending_search", "sdse");
  symx_engine *eng = symx_engine_new(ctx);
  CHECK(symx_engine_set_distance(eng, distance, 1, NULL) == SYMX_OK);
  pl *init = calloc(1, sizeof(pl));
  if (init) init->bits = 10;
  CHECK(symx_engine_start(eng, init, &pl_vt) == SYMX_OK);
  symx_state *st = NULL;
  unsigned got = 0;
  for (unsigned k = 0; k < 3 && symx_engine_next(eng, &st) == SYMX_STATE; k++) {
    got = ((pl *)symx_state_payload(st))->bits;
    if (k == 2) break;
    symx_expr *c = bit(ctx, k);
    symx_state *t, *f;
    CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK && t && f);
    symx_expr_release(c);
    symx_state *other = t == st ? f : t;
    if (other) ((pl *)symx_state_payload(other))->bits = near[k];
    ((pl *)symx_state_payload(st))->bits = far[k];
  }
  symx_engine_free(eng);
  symx_ctx_free(ctx);
  return got;
}

/* A fork's child is keyed by the searchers when the engine makes it, before
** the front end sets its program counter: the key is read again at the
** next pick. Distances 10, then the running side 20 and the other 30 (a
** key left at the fork's 10 would win), then 40 and 25: the pick is the 25
** (pending mode: the nearest pending state is revived, 25, not the 30). */
static void test_keys(void) {
  static const unsigned far[2] = {20, 40}, near[2] = {30, 25};
  given = 1;
  CHECK_EQ_U64(after_forks("eager", far, near), 25);
  CHECK_EQ_U64(after_forks("pending", far, near), 25);
  given = 0;
}

CHECK_MAIN(CHECK_CASE(test_eager), CHECK_CASE(test_pending), CHECK_CASE(test_order),
           CHECK_CASE(test_keys))
