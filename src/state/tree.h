/*
** tree.h — the execution tree: inner nodes are forks, leaves are states.
** Every node carries one tag bit per random-path searcher instance: "this
** subtree holds a state of that searcher's set", so random-path walks from
** the root to a tagged leaf in O(depth), over feasible or pending states
** alike (each set has its own instance, hence its own bit).
*/
#ifndef SX_TREE_H
#define SX_TREE_H

#include "state.h"
#include "rng.h"

#define SX_TREE_BITS 7
#define SX_TN_LEAF 0x80 /* in tags: the node is a leaf */

typedef struct sx_tnode {
  struct sx_tnode *parent;
  /* inner: the two children (either may be NULL, not both); leaf: kid[0]
  ** holds the state */
  struct sx_tnode *kid[2];
  uint8_t tags;
} sx_tnode;

typedef struct sx_tree {
  sx_pools *pools;
  sx_tnode *root;
  uint8_t bits_used;
  uint64_t nodes; /* alive */
} sx_tree;

static inline sx_state *sx_tnode_state(const sx_tnode *n) { return (sx_state *)(void *)n->kid[0]; }

SX_INTERNAL void sx_tree_init(sx_tree *t, sx_pools *pools);
/* Frees every node (iterative), calling fn on each leaf's state first
** (fn may be NULL). */
SX_INTERNAL void sx_tree_free(sx_tree *t, void (*fn)(void *user, sx_state *st), void *user);
/* Calls fn on every leaf's state, left to right; fn must not change the
** tree. */
SX_INTERNAL void sx_tree_foreach(sx_tree *t, void (*fn)(void *user, sx_state *st), void *user);
/* The root leaf for st (the tree must be empty). SYMX_NOMEM on failure. */
SX_INTERNAL int sx_tree_root(sx_tree *t, sx_state *st);
/*
** st's leaf becomes a fork whose kid[0] leads to st and kid[1] to child;
** st keeps its tags, child starts untagged. SYMX_NOMEM on failure (tree
** unchanged).
*/
SX_INTERNAL int sx_tree_fork(sx_tree *t, sx_state *st, sx_state *child);
/* Removes st's leaf and the ancestors left childless; st->node = NULL.
** st must be untagged. */
SX_INTERNAL void sx_tree_remove(sx_tree *t, sx_state *st);
/* A fresh tag bit (0..SX_TREE_BITS-1), or -1 when all are taken. */
SX_INTERNAL int sx_tree_alloc_bit(sx_tree *t);
/* Sets / clears bit on st's leaf and propagates to the ancestors. */
SX_INTERNAL void sx_tree_tag(sx_tree *t, sx_state *st, int bit);
SX_INTERNAL void sx_tree_untag(sx_tree *t, sx_state *st, int bit);
/* A random state with tag bit: 50/50 at every fork with both sides tagged.
** NULL when none. */
SX_INTERNAL sx_state *sx_tree_select(sx_tree *t, int bit, sx_rng *rng);

#endif
