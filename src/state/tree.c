/*
** tree.c — the execution tree with per-subtree tag bits for random-path.
*/
#include "tree.h"

void sx_tree_init(sx_tree *t, sx_pools *pools) {
  t->pools = pools;
  t->root = NULL;
  t->bits_used = 0;
  t->nodes = 0;
}

static sx_tnode *leaf(sx_tree *t, sx_tnode *parent, sx_state *st) {
  sx_tnode *n = sx_pool_get(t->pools, SX_POOL_NODE);
  if (!n) return NULL;
  n->parent = parent;
  n->kid[0] = (sx_tnode *)(void *)st;
  n->kid[1] = NULL;
  n->tags = SX_TN_LEAF;
  st->node = n;
  t->nodes++;
  return n;
}

static void free_node(sx_tree *t, sx_tnode *n) {
  sx_pool_put(t->pools, SX_POOL_NODE, n);
  t->nodes--;
}

void sx_tree_free(sx_tree *t, void (*fn)(void *user, sx_state *st), void *user) {
  sx_tnode *n = t->root;
  /* post-order without a stack: descend, free a childless node, climb */
  while (n) {
    if (!(n->tags & SX_TN_LEAF) && (n->kid[0] || n->kid[1])) {
      sx_tnode *k = n->kid[0] ? n->kid[0] : n->kid[1];
      if (n->kid[0]) n->kid[0] = NULL;
      else n->kid[1] = NULL;
      n = k;
      continue;
    }
    if (n->tags & SX_TN_LEAF) {
      sx_state *st = sx_tnode_state(n);
      st->node = NULL;
      if (fn) fn(user, st);
    }
    sx_tnode *p = n->parent;
    free_node(t, n);
    n = p;
  }
  t->root = NULL;
}

int sx_tree_root(sx_tree *t, sx_state *st) {
  t->root = leaf(t, NULL, st);
  return t->root ? SYMX_OK : SYMX_NOMEM;
}

int sx_tree_fork(sx_tree *t, sx_state *st, sx_state *child) {
  sx_tnode *n = st->node;
  /* st's old leaf becomes the fork; a new leaf for st under it */
  sx_tnode *a = sx_pool_get(t->pools, SX_POOL_NODE);
  if (!a) return SYMX_NOMEM;
  sx_tnode *b = leaf(t, n, child);
  if (!b) {
    sx_pool_put(t->pools, SX_POOL_NODE, a);
    return SYMX_NOMEM;
  }
  t->nodes++;
  a->parent = n;
  a->kid[0] = (sx_tnode *)(void *)st;
  a->kid[1] = NULL;
  a->tags = n->tags; /* st's tags, leaf flag included */
  st->node = a;
  n->kid[0] = a;
  n->kid[1] = b;
  n->tags &= (uint8_t)~SX_TN_LEAF;
  return SYMX_OK;
}

void sx_tree_remove(sx_tree *t, sx_state *st) {
  sx_tnode *n = st->node;
  if (!n) return;
  st->node = NULL;
  for (;;) {
    sx_tnode *p = n->parent;
    free_node(t, n);
    if (!p) {
      t->root = NULL;
      return;
    }
    if (p->kid[0] == n) p->kid[0] = NULL;
    else p->kid[1] = NULL;
    if (p->kid[0] || p->kid[1]) return;
    n = p;
  }
}

int sx_tree_alloc_bit(sx_tree *t) {
  if (t->bits_used >= SX_TREE_BITS) return -1;
  return t->bits_used++;
}

void sx_tree_tag(sx_tree *t, sx_state *st, int bit) {
  (void)t;
  uint8_t m = (uint8_t)(1u << bit);
  for (sx_tnode *n = st->node; n && !(n->tags & m); n = n->parent) n->tags |= m;
}

void sx_tree_untag(sx_tree *t, sx_state *st, int bit) {
  (void)t;
  uint8_t m = (uint8_t)(1u << bit);
  sx_tnode *n = st->node;
  if (!n) return;
  n->tags &= (uint8_t)~m;
  for (n = n->parent; n; n = n->parent) {
    if ((n->kid[0] && (n->kid[0]->tags & m)) || (n->kid[1] && (n->kid[1]->tags & m))) return;
    if (!(n->tags & m)) return;
    n->tags &= (uint8_t)~m;
  }
}

sx_state *sx_tree_select(sx_tree *t, int bit, sx_rng *rng) {
  uint8_t m = (uint8_t)(1u << bit);
  sx_tnode *n = t->root;
  if (!n || !(n->tags & m)) return NULL;
  uint64_t word = 0;
  unsigned left = 0;
  while (!(n->tags & SX_TN_LEAF)) {
    bool a = n->kid[0] && (n->kid[0]->tags & m);
    bool b = n->kid[1] && (n->kid[1]->tags & m);
    if (a && b) {
      if (!left) {
        word = sx_rng_next(rng);
        left = 64;
      }
      n = n->kid[word & 1];
      word >>= 1;
      left--;
    } else {
      n = a ? n->kid[0] : n->kid[1];
    }
  }
  return sx_tnode_state(n);
}

static sx_tnode *leftmost(sx_tnode *n) {
  while (!(n->tags & SX_TN_LEAF)) n = n->kid[0] ? n->kid[0] : n->kid[1];
  return n;
}

void sx_tree_foreach(sx_tree *t, void (*fn)(void *user, sx_state *st), void *user) {
  if (!t->root) return;
  sx_tnode *n = leftmost(t->root);
  for (;;) {
    fn(user, sx_tnode_state(n));
    /* climb while we come from the right side (or there is none) */
    sx_tnode *p = n->parent;
    while (p && (p->kid[1] == n || !p->kid[1])) {
      n = p;
      p = n->parent;
    }
    if (!p) return;
    n = leftmost(p->kid[1]);
  }
}
