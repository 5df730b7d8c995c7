/*
** random_path.c — KLEE's random-path: walk down the execution tree from the
** root, 50/50 at every fork whose both sides hold members, so a state's
** chance halves with every such fork above it. Membership is the tree's tag
** bit of this instance; O(depth) per operation.
*/
#include "searcher.h"

typedef struct rp {
  symx_ctx *ctx;
  sx_tree *tree;
  sx_rng *rng;
  uint64_t n;
  int bit;
} rp;

static int add(void *self, symx_state *st) {
  rp *s = self;
  sx_tree_tag(s->tree, st, s->bit);
  s->n++;
  return SYMX_OK;
}
static void rem(void *self, symx_state *st) {
  rp *s = self;
  sx_tree_untag(s->tree, st, s->bit);
  s->n--;
}
static symx_state *select_(void *self) {
  rp *s = self;
  return sx_tree_select(s->tree, s->bit, s->rng);
}
static int empty(void *self) { return ((rp *)self)->n == 0; }
static void destroy(void *self) {
  rp *s = self;
  sx_free(s->ctx, s, sizeof *s);
}

int sx_searcher_random_path(const sx_search_env *env, sx_searcher *out) {
  int bit = sx_tree_alloc_bit(env->tree);
  if (bit < 0) return sx_error(env->ctx, SYMX_RANGE, "symx_engine_new", "too many random-path searchers");
  rp *s = sx_calloc(env->ctx, sizeof *s);
  if (!s) return SYMX_NOMEM;
  s->ctx = env->ctx;
  s->tree = env->tree;
  s->rng = env->rng;
  s->bit = bit;
  *out = (sx_searcher){{add, rem, select_, empty, NULL, destroy}, s};
  return SYMX_OK;
}
