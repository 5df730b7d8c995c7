/*
** repair.c — model repair (see repair.h): targets from failing comparisons,
** inversion of the target down to input bytes, first-improvement moves.
*/
#include "repair.h"
#include "alloc.h"
#include "error.h"

#include <string.h>

#define MAX_WRITES 16  /* bytes one move may change (a 64-bit load is 8) */
#define MAX_DEPTH 24   /* operators a target is pushed through */
#define MAX_TARGETS 24 /* (side, value) pairs tried per failing constraint */

typedef struct wr {
  uint32_t input;
  uint64_t byte;
  uint8_t val, old;
} wr;

typedef struct move {
  wr w[MAX_WRITES];
  unsigned n;
} move;

typedef struct target {
  sx_expr *side;
  uint64_t value;
} target;

typedef struct search {
  symx_ctx *ctx;
  sx_assign *m;
  sx_expr *const *g;
  size_t n, sat;
  bool *holds, *next; /* each constraint's truth now, and after a move */
  uint64_t evals, budget;
} search;

static uint64_t ev(search *s, sx_expr *e) {
  s->evals++;
  return sx_eval(s->ctx, e, s->m);
}

static uint8_t byte_of(search *s, uint32_t input, uint64_t byte) {
  size_t len;
  const uint8_t *b = sx_assign_bytes(s->m, input, &len);
  return byte < len ? b[byte] : 0;
}

static bool add_write(search *s, move *mv, uint32_t input, uint64_t byte, uint8_t val) {
  for (unsigned i = 0; i < mv->n; i++)
    if (mv->w[i].input == input && mv->w[i].byte == byte) return mv->w[i].val == val;
  if (mv->n == MAX_WRITES) return false;
  mv->w[mv->n++] = (wr){input, byte, val, byte_of(s, input, byte)};
  return true;
}

static bool invert(search *s, move *mv, sx_expr *e, uint64_t t, int depth);


typedef struct targets {
  target t[MAX_TARGETS];
  unsigned n;
} targets;

static void push_target(targets *ts, sx_expr *side, uint64_t v) {
  if (ts->n < MAX_TARGETS && sx_is_symbolic(side))
    ts->t[ts->n++] = (target){side, v & sx_mask(side->width)};
}

/*
** Values for one side of a comparison of kind k (a k b must become true):
** the nearest value that satisfies it, then the extreme. Signed kinds work
** on values biased by the sign bit, which makes them unsigned.
*/
static void cmp_targets(search *s, targets *ts, int k, sx_expr *a, sx_expr *b) {
  unsigned w = a->width;
  uint64_t max = sx_mask(w), bias = 0;
  uint64_t va = ev(s, a), vb = ev(s, b);
  if (k >= SYMX_K_SLT) {
    bias = 1ull << (w - 1);
    va ^= bias, vb ^= bias;
    k = k - SYMX_K_SLT + SYMX_K_ULT;
  }
  switch (k) {
  case SYMX_K_EQ:
    push_target(ts, a, vb);
    push_target(ts, b, va);
    return;
  case SYMX_K_NE:
    push_target(ts, a, vb + 1);
    push_target(ts, a, vb - 1);
    push_target(ts, b, va + 1);
    push_target(ts, b, va - 1);
    return;
  default: break;
  }
  /* a < b (ULT), a <= b (ULE), a > b (UGT), a >= b (UGE) */
  bool less = k == SYMX_K_ULT || k == SYMX_K_ULE, strict = k == SYMX_K_ULT || k == SYMX_K_UGT;
  if (less) {
    if (!strict || vb > 0) push_target(ts, a, (strict ? vb - 1 : vb) ^ bias);
    push_target(ts, a, 0 ^ bias);
    if (!strict || va < max) push_target(ts, b, (strict ? va + 1 : va) ^ bias);
    push_target(ts, b, max ^ bias);
  } else {
    if (!strict || vb < max) push_target(ts, a, (strict ? vb + 1 : vb) ^ bias);
    push_target(ts, a, max ^ bias);
    if (!strict || va > 0) push_target(ts, b, (strict ? va - 1 : va) ^ bias);
    push_target(ts, b, 0 ^ bias);
  }
}

/* Targets that make the width-1 expression e evaluate to v. */
static void bool_targets(search *s, targets *ts, sx_expr *e, bool v, int depth) {
  if (depth > MAX_DEPTH || !sx_is_symbolic(e)) return;
  int k = e->kind;
  switch (k) {
  case SYMX_K_NOT: bool_targets(s, ts, e->args[0], !v, depth + 1); return;
  case SYMX_K_AND:
  case SYMX_K_OR:
    /* AND true / OR false: every operand must move; otherwise one does */
    for (int i = 0; i < 2; i++)
      if ((ev(s, e->args[i]) & 1) != v) bool_targets(s, ts, e->args[i], v, depth + 1);
    return;
  case SYMX_K_XOR:
    bool_targets(s, ts, e->args[0], v ^ (ev(s, e->args[1]) & 1), depth + 1);
    return;
  case SYMX_K_ITE:
    bool_targets(s, ts, e->args[(ev(s, e->args[0]) & 1) ? 1 : 2], v, depth + 1);
    return;
  default: break;
  }
  if (sx_cmp_negate(k) >= 0) {
    cmp_targets(s, ts, v ? k : sx_cmp_negate(k), e->args[0], e->args[1]);
    return;
  }
  push_target(ts, e, v);
}

/* the multiplicative inverse of odd c modulo 2^64 (Newton's iteration) */
static uint64_t odd_inverse(uint64_t c) {
  uint64_t x = c;
  for (int i = 0; i < 6; i++) x *= 2 - c * x;
  return x;
}

/* the operand of a binary node that is not constant under the search, and
** the value of the other; false when both or neither depend on inputs */
static bool split(search *s, sx_expr *e, sx_expr **x, uint64_t *c, bool *x_first) {
  bool s0 = sx_is_symbolic(e->args[0]), s1 = sx_is_symbolic(e->args[1]);
  if (s0 == s1 && !s0) return false;
  /* both symbolic: move the first, hold the second at its value */
  *x_first = s0;
  *x = e->args[s0 ? 0 : 1];
  *c = ev(s, e->args[s0 ? 1 : 0]);
  return true;
}

/*
** Adds to mv the byte writes that make e evaluate to t, holding the rest
** of the assignment; false when no such writes were found. The move is
** checked by evaluation afterwards, so approximations are safe.
*/
static bool invert(search *s, move *mv, sx_expr *e, uint64_t t, int depth) {
  unsigned w = e->width;
  t &= sx_mask(w);
  if (!sx_is_symbolic(e) || depth > MAX_DEPTH || s->evals >= s->budget) return ev(s, e) == t;
  sx_expr *a = e->args[0], *x;
  uint64_t c;
  bool first;
  switch (e->kind) {
  case SYMX_K_READ: {
    uint64_t idx = ev(s, e->args[1]);
    while (a->kind == SYMX_K_ARRAY_WRITE) {
      if (ev(s, a->args[1]) == idx) return invert(s, mv, a->args[2], t, depth + 1);
      a = a->args[0];
    }
    if (a->kind != SYMX_K_ARRAY_INPUT || idx >= a->arr->size) return false;
    return add_write(s, mv, a->arr->input_id, idx, (uint8_t)t);
  }
  case SYMX_K_ZEXT:
    return !(t >> a->width) && invert(s, mv, a, t, depth + 1);
  case SYMX_K_SEXT: {
    uint64_t low = t & sx_mask(a->width);
    return ((uint64_t)sx_sign_extend(low, a->width) & sx_mask(w)) == t && invert(s, mv, a, low, depth + 1);
  }
  case SYMX_K_EXTRACT: {
    unsigned lo = e->aux;
    uint64_t field = sx_mask(w) << lo;
    return invert(s, mv, a, (ev(s, a) & ~field) | (t << lo), depth + 1);
  }
  case SYMX_K_CONCAT: {
    sx_expr *b = e->args[1];
    unsigned lw = b->width;
    uint64_t hi = t >> lw, lo = t & sx_mask(lw);
    if (ev(s, a) != hi && !invert(s, mv, a, hi, depth + 1)) return false;
    return ev(s, b) == lo || invert(s, mv, b, lo, depth + 1);
  }
  case SYMX_K_NOT: return invert(s, mv, a, ~t, depth + 1);
  case SYMX_K_NEG: return invert(s, mv, a, 0 - t, depth + 1);
  case SYMX_K_ADD:
    return split(s, e, &x, &c, &first) && invert(s, mv, x, t - c, depth + 1);
  case SYMX_K_SUB:
    if (!split(s, e, &x, &c, &first)) return false;
    return invert(s, mv, x, first ? t + c : c - t, depth + 1);
  case SYMX_K_XOR:
    return split(s, e, &x, &c, &first) && invert(s, mv, x, t ^ c, depth + 1);
  case SYMX_K_MUL:
    if (!split(s, e, &x, &c, &first) || !(c & 1)) return false;
    return invert(s, mv, x, t * odd_inverse(c), depth + 1);
  case SYMX_K_AND: /* x & c = t: t may not set bits outside c */
    if (!split(s, e, &x, &c, &first) || (t & ~c)) return false;
    return invert(s, mv, x, (ev(s, x) & ~c) | t, depth + 1);
  case SYMX_K_OR: /* x | c = t: t must set every bit of c */
    if (!split(s, e, &x, &c, &first) || (t & c) != (c & sx_mask(w))) return false;
    return invert(s, mv, x, (t & ~c) | (ev(s, x) & c), depth + 1);
  case SYMX_K_SHL:
  case SYMX_K_LSHR: {
    if (sx_is_symbolic(e->args[1])) return false;
    uint64_t k = ev(s, e->args[1]), cur;
    if (k >= w) return t == 0;
    cur = ev(s, a);
    if (e->kind == SYMX_K_SHL) {
      if (t & sx_mask((unsigned)k)) return false;
      /* the top k bits of a are shifted out: keep them */
      uint64_t kept = k ? cur & (sx_mask(w) << (w - k)) : 0;
      return invert(s, mv, a, (t >> k) | kept, depth + 1);
    }
    if (k && (t >> (w - k))) return false;
    return invert(s, mv, a, (t << k) | (cur & sx_mask((unsigned)k)), depth + 1);
  }
  case SYMX_K_ITE:
    return invert(s, mv, e->args[(ev(s, a) & 1) ? 1 : 2], t, depth + 1);
  default: break;
  }
  if (w == 1 && sx_cmp_negate(e->kind) >= 0) {
    /* a comparison inside an expression: its first usable target */
    targets ts = {.n = 0};
    bool_targets(s, &ts, e, t & 1, depth + 1);
    for (unsigned i = 0; i < ts.n; i++) {
      unsigned keep = mv->n;
      if (invert(s, mv, ts.t[i].side, ts.t[i].value, depth + 1)) return true;
      mv->n = keep;
    }
  }
  return false;
}

static int apply(search *s, const move *mv, bool undo) {
  for (unsigned k = 0; k < mv->n; k++) {
    const wr *x = &mv->w[undo ? mv->n - 1 - k : k];
    uint8_t v = undo ? x->old : x->val;
    if (sx_assign_write(s->m, sx_input_by_id(s->ctx, x->input)->arr->name, (size_t)x->byte, &v, 1) != SYMX_OK)
      return SYMX_NOMEM;
  }
  return SYMX_OK;
}

/*
** Tries mv for failing constraint i: kept (*kept = true) when g[i] then
** holds and more constraints hold than before; otherwise undone.
*/
static int try_move(search *s, size_t i, const move *mv, bool *kept) {
  *kept = false;
  if (!mv->n) return SYMX_OK;
  int rc = apply(s, mv, false);
  if (rc != SYMX_OK) return rc;
  if (ev(s, s->g[i]) & 1) {
    size_t sat = 0;
    for (size_t j = 0; j < s->n; j++) sat += s->next[j] = j == i || (ev(s, s->g[j]) & 1);
    if (sat > s->sat) {
      memcpy(s->holds, s->next, s->n * sizeof *s->holds);
      s->sat = sat;
      *kept = true;
      return SYMX_OK;
    }
  }
  return apply(s, mv, true);
}

/*
** The input bytes e reads at concrete indices (through write chains whose
** indices differ), at most MAX_WRITES of them, into mv's writes (values
** unset). Walks at most MAX_WALK nodes.
*/
#define MAX_WALK 256
static void bytes_read(search *s, sx_expr *e, move *mv) {
  sx_expr *stack[MAX_WALK];
  unsigned sp = 0, seen = 0;
  stack[sp++] = e;
  while (sp && seen++ < MAX_WALK && mv->n < MAX_WRITES) {
    sx_expr *x = stack[--sp];
    if (!sx_is_symbolic(x)) continue;
    if (x->kind == SYMX_K_READ) {
      sx_expr *a = x->args[0];
      uint64_t idx = ev(s, x->args[1]);
      while (a->kind == SYMX_K_ARRAY_WRITE && ev(s, a->args[1]) != idx) a = a->args[0];
      if (a->kind == SYMX_K_ARRAY_INPUT && idx < a->arr->size) add_write(s, mv, a->arr->input_id, idx, 0);
      else if (a->kind == SYMX_K_ARRAY_WRITE && sp < MAX_WALK) stack[sp++] = a->args[2];
      if (sp < MAX_WALK) stack[sp++] = x->args[1];
      continue;
    }
    for (unsigned k = 0; k < x->nargs && sp < MAX_WALK; k++) stack[sp++] = x->args[k];
  }
}

/*
** A conjunction wanted true (the rewriter splits a wide equality into
** byte equalities): one move for all its false conjuncts together.
*/
static bool conj_move(search *s, move *mv, sx_expr *e, int depth) {
  if (depth > MAX_DEPTH) return false;
  if (e->kind == SYMX_K_AND && e->width == 1)
    return conj_move(s, mv, e->args[0], depth + 1) && conj_move(s, mv, e->args[1], depth + 1);
  if (ev(s, e) & 1) return true;
  targets ts = {.n = 0};
  bool_targets(s, &ts, e, true, depth);
  for (unsigned k = 0; k < ts.n; k++) {
    unsigned keep = mv->n;
    if (invert(s, mv, ts.t[k].side, ts.t[k].value, depth)) return true;
    mv->n = keep;
  }
  return false;
}

/* One improving move for some failing constraint; *progress tells. */
static int step(search *s, bool *progress) {
  *progress = false;
  for (size_t i = 0; i < s->n && s->evals < s->budget; i++) {
    if (s->holds[i]) continue;
    move all = {.n = 0};
    if (s->g[i]->kind == SYMX_K_AND && conj_move(s, &all, s->g[i], 0)) {
      int rc = try_move(s, i, &all, progress);
      if (rc != SYMX_OK || *progress) return rc;
    }
    targets ts = {.n = 0};
    bool_targets(s, &ts, s->g[i], true, 0);
    for (unsigned k = 0; k < ts.n && s->evals < s->budget; k++) {
      move mv = {.n = 0};
      if (!invert(s, &mv, ts.t[k].side, ts.t[k].value, 0)) continue;
      int rc = try_move(s, i, &mv, progress);
      if (rc != SYMX_OK || *progress) return rc;
    }
  }
  /* no target worked (operators without an inverse, or moves that broke
  ** other constraints): every value of one byte of a failing constraint */
  for (size_t i = 0; i < s->n && s->evals < s->budget; i++) {
    if (s->holds[i]) continue;
    move bytes = {.n = 0};
    bytes_read(s, s->g[i], &bytes);
    for (unsigned b = 0; b < bytes.n; b++)
      for (unsigned v = 0; v < 256 && s->evals < s->budget; v++) {
        if (v == bytes.w[b].old) continue;
        move mv = {.n = 1};
        mv.w[0] = bytes.w[b];
        mv.w[0].val = (uint8_t)v;
        int rc = try_move(s, i, &mv, progress);
        if (rc != SYMX_OK || *progress) return rc;
      }
  }
  return SYMX_OK;
}

int sx_repair(symx_ctx *ctx, sx_expr *const *g, size_t n, sx_assign *start, uint64_t budget,
              sx_assign **out) {
  *out = NULL;
  /* a move is judged by evaluating every constraint: with more than half
  ** the budget in constraints, no move fits (the hint was checked before) */
  if (n && 2 * (uint64_t)n > budget) {
    SX_INC(ctx, repair_misses);
    return SYMX_UNKNOWN;
  }
  search s = {ctx, start ? symx_assign_copy(start) : symx_assign_new(ctx), g, n, 0, NULL, NULL, 0, budget};
  s.holds = n ? sx_alloc(ctx, 2 * n * sizeof *s.holds) : NULL;
  s.next = s.holds ? s.holds + n : NULL; /* NULL + n is UB (n == 0, or no memory) */
  int rc = SYMX_OK;
  if (!s.m || (n && !s.holds)) {
    rc = sx_error(ctx, SYMX_NOMEM, "sx_repair", "out of memory");
    goto done;
  }
  for (size_t i = 0; i < n; i++) s.sat += s.holds[i] = ev(&s, g[i]) & 1;
  while (s.sat < n && s.evals < s.budget) {
    bool progress;
    if ((rc = step(&s, &progress)) != SYMX_OK) {
      rc = sx_error(ctx, SYMX_NOMEM, "sx_repair", "out of memory");
      goto done;
    }
    if (!progress) break;
  }
  rc = s.sat == n ? SYMX_SAT : SYMX_UNKNOWN;
done:
  SX_ADD(ctx, repair_evals, s.evals);
  if (rc == SYMX_SAT) {
    SX_INC(ctx, repair_hits);
    *out = s.m;
  } else {
    if (rc == SYMX_UNKNOWN) SX_INC(ctx, repair_misses);
    if (s.m) symx_assign_free(s.m);
  }
  if (s.holds) sx_free(ctx, s.holds, 2 * n * sizeof *s.holds);
  return rc;
}
