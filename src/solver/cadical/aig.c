/*
** aig.c — and-inverter graph with structural hashing and constant
** propagation (see aig.h).
*/
#include "aig.h"
#include "alloc.h"
#include "hash.h"

#include <string.h>

/* a doubling's bytes per node: fan (8 B a node, old and new arrays both
** live while it moves) and the hash table (4 B a slot, at most half full) */
#define GROWTH_PER_NODE 40

bool sx_aig_init(symx_ctx *ctx, sx_aig *g) {
  memset(g, 0, sizeof *g);
  g->ctx = ctx;
  g->cap = 1024;
  g->fan = sx_alloc(ctx, g->cap * 2 * sizeof *g->fan);
  g->tcap = 1024;
  g->table = sx_calloc(ctx, g->tcap * sizeof *g->table);
  if (!g->fan || !g->table) {
    sx_aig_free(g);
    return false;
  }
  g->fan[0] = g->fan[1] = 0; /* node 0: the constant */
  g->nnodes = 1;
  return true;
}

void sx_aig_free(sx_aig *g) {
  if (!g->ctx) return;
  sx_free(g->ctx, g->fan, g->cap * 2 * sizeof *g->fan);
  sx_free(g->ctx, g->table, g->tcap * sizeof *g->table);
  g->fan = g->table = NULL;
  g->cap = g->tcap = g->nnodes = g->tcount = 0;
}

static uint32_t new_node(sx_aig *g, uint32_t f0, uint32_t f1) {
  if (g->failed || sx_poll_due(g->poll, g->nnodes, &g->poll_next, GROWTH_PER_NODE)) goto fail;
  if (g->nnodes == g->cap) {
    if (g->cap >= (UINT32_MAX >> 2)) goto fail; /* literals must fit 32 bits */
    uint32_t *p = sx_realloc(g->ctx, g->fan, g->cap * 2 * sizeof *p, g->cap * 4 * sizeof *p);
    if (!p) goto fail;
    g->fan = p;
    g->cap *= 2;
  }
  g->fan[2 * g->nnodes] = f0;
  g->fan[2 * g->nnodes + 1] = f1;
  return (uint32_t)g->nnodes++;
fail:
  g->failed = true;
  return 0;
}

sx_lit sx_aig_input(sx_aig *g) {
  uint32_t n = new_node(g, SX_AIG_INPUT, 0);
  return n ? 2 * n : SX_LIT_FALSE;
}

static size_t slot_of(const sx_aig *g, sx_lit a, sx_lit b) {
  return sx_hash_mix(a, b) & (g->tcap - 1);
}

static bool grow_table(sx_aig *g) {
  size_t ncap = g->tcap * 2;
  uint32_t *t = sx_calloc(g->ctx, ncap * sizeof *t);
  if (!t) return false;
  uint32_t *old = g->table;
  size_t ocap = g->tcap;
  g->table = t;
  g->tcap = ncap;
  for (size_t i = 0; i < ocap; i++) {
    uint32_t n = old[i];
    if (!n) continue;
    size_t j = slot_of(g, g->fan[2 * n], g->fan[2 * n + 1]);
    while (t[j]) j = (j + 1) & (ncap - 1);
    t[j] = n;
  }
  sx_free(g->ctx, old, ocap * sizeof *old);
  return true;
}

static bool is_and(const sx_aig *g, sx_lit l) {
  uint32_t n = sx_lit_node(l);
  return n && g->fan[2 * n] != SX_AIG_INPUT;
}

sx_lit sx_aig_and(sx_aig *g, sx_lit a, sx_lit b) {
  if (a > b) {
    sx_lit t = a;
    a = b;
    b = t;
  }
  if (a == SX_LIT_FALSE) return SX_LIT_FALSE;
  if (a == SX_LIT_TRUE) return b;
  if (a == b) return a;
  if (a == sx_lit_not(b)) return SX_LIT_FALSE;
  /* one level of look-through (Brummayer/Biere): contradiction and
  ** idempotence against the inputs of a positive AND operand */
  for (int side = 0; side < 2; side++) {
    sx_lit x = side ? b : a, y = side ? a : b;
    if (!sx_lit_sign(x) && is_and(g, x)) {
      uint32_t n = sx_lit_node(x);
      sx_lit x0 = g->fan[2 * n], x1 = g->fan[2 * n + 1];
      if (x0 == sx_lit_not(y) || x1 == sx_lit_not(y)) return SX_LIT_FALSE;
      if (x0 == y || x1 == y) return x;
    }
  }
  if (g->failed) return SX_LIT_FALSE;
  size_t i = slot_of(g, a, b);
  for (;; i = (i + 1) & (g->tcap - 1)) {
    uint32_t n = g->table[i];
    if (!n) break;
    if (g->fan[2 * n] == a && g->fan[2 * n + 1] == b) return 2 * n;
  }
  uint32_t n = new_node(g, a, b);
  if (!n) return SX_LIT_FALSE;
  g->table[i] = n;
  if (++g->tcount * 2 > g->tcap && !grow_table(g)) g->failed = true;
  return 2 * n;
}

sx_lit sx_aig_or(sx_aig *g, sx_lit a, sx_lit b) {
  return sx_lit_not(sx_aig_and(g, sx_lit_not(a), sx_lit_not(b)));
}

sx_lit sx_aig_xor(sx_aig *g, sx_lit a, sx_lit b) {
  if (sx_lit_is_const(a)) return a == SX_LIT_TRUE ? sx_lit_not(b) : b;
  if (sx_lit_is_const(b)) return b == SX_LIT_TRUE ? sx_lit_not(a) : a;
  if (a == b) return SX_LIT_FALSE;
  if (a == sx_lit_not(b)) return SX_LIT_TRUE;
  /* normalized so xor(a, b), xor(!a, !b) and xor(b, a) share nodes */
  bool neg = false;
  if (sx_lit_sign(a)) a ^= 1, neg = !neg;
  if (sx_lit_sign(b)) b ^= 1, neg = !neg;
  sx_lit r = sx_aig_or(g, sx_aig_and(g, a, sx_lit_not(b)), sx_aig_and(g, sx_lit_not(a), b));
  return neg ? sx_lit_not(r) : r;
}

sx_lit sx_aig_ite(sx_aig *g, sx_lit c, sx_lit t, sx_lit e) {
  if (c == SX_LIT_TRUE || t == e) return t;
  if (c == SX_LIT_FALSE) return e;
  if (t == sx_lit_not(e)) return sx_aig_xor(g, c, e);
  if (t == SX_LIT_TRUE || t == c) return sx_aig_or(g, c, e);
  if (t == SX_LIT_FALSE || t == sx_lit_not(c)) return sx_aig_and(g, sx_lit_not(c), e);
  if (e == SX_LIT_FALSE || e == c) return sx_aig_and(g, c, t);
  if (e == SX_LIT_TRUE || e == sx_lit_not(c)) return sx_aig_or(g, sx_lit_not(c), t);
  if (sx_lit_sign(c)) {
    sx_lit x = t;
    t = e;
    e = x;
    c ^= 1;
  }
  return sx_aig_or(g, sx_aig_and(g, c, t), sx_aig_and(g, sx_lit_not(c), e));
}

/* Iterative post-order (circuits are deep: a 64-bit multiplier chain is
** thousands of levels). memo[n] = epoch << 1 | value when known. */
bool sx_aig_eval(sx_aig *g, sx_lit l, uint32_t *memo, uint32_t epoch, sx_u32s *stack,
                 bool (*in)(void *ud, uint32_t node), void *ud) {
  uint32_t root = sx_lit_node(l);
#define KNOWN(n) ((memo[n] >> 1) == epoch)
  if (root && !KNOWN(root)) {
    SX_CLEAR(*stack);
    if (!SX_PUSH(g->ctx, *stack, root)) {
      g->failed = true;
      return false;
    }
    while (!SX_EMPTY(*stack)) {
      uint32_t n = SX_TOP(*stack);
      if (KNOWN(n)) {
        (void)SX_POP(*stack);
        continue;
      }
      if (g->fan[2 * n] == SX_AIG_INPUT) {
        memo[n] = epoch << 1 | in(ud, n);
        (void)SX_POP(*stack);
        continue;
      }
      uint32_t c0 = sx_lit_node(g->fan[2 * n]), c1 = sx_lit_node(g->fan[2 * n + 1]);
      bool ready = true;
      if (c0 && !KNOWN(c0)) {
        ready = false;
        if (!SX_PUSH(g->ctx, *stack, c0)) goto oom;
      }
      if (c1 && !KNOWN(c1)) {
        ready = false;
        if (!SX_PUSH(g->ctx, *stack, c1)) goto oom;
      }
      if (!ready) continue;
      bool v0 = (c0 ? (memo[c0] & 1) : 0) ^ (g->fan[2 * n] & 1);
      bool v1 = (c1 ? (memo[c1] & 1) : 0) ^ (g->fan[2 * n + 1] & 1);
      memo[n] = epoch << 1 | (v0 && v1);
      (void)SX_POP(*stack);
    }
  }
#undef KNOWN
  return ((root ? memo[root] & 1 : 0) ^ sx_lit_sign(l)) != 0;
oom:
  g->failed = true;
  return false;
}
