/*
** rewrite.c — the simplifying builder's rules, run by sx_expr_build before
** hash-consing. Level 1: constant folding. Level 2 adds local rules, each
** exactly sound for every width 1..64 under the semantics of sx_apply
** (division by zero included): neutral and absorbing elements, x-op-x,
** canonical operand order (a constant is always the left operand of a
** commutative operator; otherwise the older node, by id, comes first;
** ugt/uge/sgt/sge become ult/ule/slt/sle with swapped operands),
** extract/concat/extension folding, read-over-write at constant indices,
** ite with constant or equal branches, double not/neg and not of
** comparisons.
** Rules depend only on the operands, so building the same expression twice
** yields the same node.
*/
#include "expr.h"

typedef struct rw {
  symx_ctx *ctx;
  int *failed;
} rw;

static sx_expr *chk(rw *r, sx_expr *e) {
  if (!e) *r->failed = 1;
  return e;
}
static sx_expr *kconst(rw *r, unsigned w, uint64_t v) {
  return chk(r, sx_expr_make(r->ctx, SYMX_K_CONST, w, 0, NULL, v & sx_mask(w), 0, "sx_rewrite"));
}
static sx_expr *same(sx_expr *e) {
  e->refs++;
  return e;
}
/* A checked, simplified build of an intermediate node. */
static sx_expr *mk(rw *r, int kind, unsigned nargs, sx_expr *const *args, unsigned p0, unsigned p1) {
  for (unsigned i = 0; i < nargs; i++)
    if (!args[i]) {
      *r->failed = 1;
      return NULL;
    }
  return chk(r, sx_expr_build(r->ctx, kind, nargs, args, p0, p1, "sx_rewrite"));
}
static sx_expr *mk1(rw *r, int kind, sx_expr *a) { return mk(r, kind, 1, &a, 0, 0); }
static sx_expr *mk2(rw *r, int kind, sx_expr *a, sx_expr *b) {
  sx_expr *args[2] = {a, b};
  return mk(r, kind, 2, args, 0, 0);
}
static sx_expr *mkx(rw *r, sx_expr *a, unsigned hi, unsigned lo) { return mk(r, SYMX_K_EXTRACT, 1, &a, hi, lo); }
static sx_expr *mkext(rw *r, int kind, sx_expr *a, unsigned w) { return mk(r, kind, 1, &a, w, 0); }
/* mk2 that releases the operands it was given (owned temporaries). */
static sx_expr *mk2_owned(rw *r, int kind, sx_expr *a, sx_expr *b) {
  sx_expr *e = (a && b) ? mk2(r, kind, a, b) : (*r->failed = 1, (sx_expr *)NULL);
  if (a) sx_expr_release_nonnull(a);
  if (b) sx_expr_release_nonnull(b);
  return e;
}

static bool is_k(const sx_expr *e, uint64_t v) { return sx_is_const(e) && e->value == (v & sx_mask(e->width)); }
static bool is_ones(const sx_expr *e) { return sx_is_const(e) && e->value == sx_mask(e->width); }
static bool is_commutative(int k) {
  return k == SYMX_K_ADD || k == SYMX_K_MUL || k == SYMX_K_AND || k == SYMX_K_OR ||
         k == SYMX_K_XOR || k == SYMX_K_EQ || k == SYMX_K_NE;
}
static uint64_t smin(unsigned w) { return 1ull << (w - 1); }
static uint64_t smax(unsigned w) { return sx_mask(w) >> 1; }

/* not of a comparison, where exact: the negated comparison. */
static sx_expr *negate_compare(rw *r, sx_expr *c) {
  sx_expr *a = c->args[0], *b = c->args[1];
  switch (c->kind) {
  case SYMX_K_EQ: return mk2(r, SYMX_K_NE, a, b);
  case SYMX_K_NE: return mk2(r, SYMX_K_EQ, a, b);
  case SYMX_K_ULT: return mk2(r, SYMX_K_ULE, b, a);
  case SYMX_K_ULE: return mk2(r, SYMX_K_ULT, b, a);
  case SYMX_K_UGT: return mk2(r, SYMX_K_ULE, a, b);
  case SYMX_K_UGE: return mk2(r, SYMX_K_ULT, a, b);
  case SYMX_K_SLT: return mk2(r, SYMX_K_SLE, b, a);
  case SYMX_K_SLE: return mk2(r, SYMX_K_SLT, b, a);
  case SYMX_K_SGT: return mk2(r, SYMX_K_SLE, a, b);
  case SYMX_K_SGE: return mk2(r, SYMX_K_SLT, a, b);
  default: return NULL;
  }
}

static sx_expr *rw_extract(rw *r, sx_expr *x, unsigned hi, unsigned lo, unsigned w) {
  if (lo == 0 && hi + 1 == x->width) return same(x);
  switch (x->kind) {
  case SYMX_K_EXTRACT: return mkx(r, x->args[0], x->aux + hi, x->aux + lo);
  case SYMX_K_CONCAT: {
    sx_expr *a = x->args[0], *b = x->args[1];
    unsigned wb = b->width;
    if (hi < wb) return mkx(r, b, hi, lo);
    if (lo >= wb) return mkx(r, a, hi - wb, lo - wb);
    return mk2_owned(r, SYMX_K_CONCAT, mkx(r, a, hi - wb, 0), mkx(r, b, wb - 1, lo));
  }
  case SYMX_K_ZEXT: {
    sx_expr *a = x->args[0];
    unsigned wa = a->width;
    if (hi < wa) return mkx(r, a, hi, lo);
    if (lo >= wa) return kconst(r, w, 0);
    sx_expr *t = mkx(r, a, wa - 1, lo);
    sx_expr *e = t ? mkext(r, SYMX_K_ZEXT, t, w) : NULL;
    if (t) sx_expr_release_nonnull(t);
    return chk(r, e);
  }
  case SYMX_K_SEXT:
    if (hi < x->args[0]->width) return mkx(r, x->args[0], hi, lo);
    return NULL;
  default: return NULL;
  }
}

static sx_expr *rw_concat(rw *r, sx_expr *a, sx_expr *b, unsigned w) {
  /* adjacent extracts of one node */
  if (a->kind == SYMX_K_EXTRACT && b->kind == SYMX_K_EXTRACT && a->args[0] == b->args[0] &&
      a->aux == b->value + 1)
    return mkx(r, a->args[0], (unsigned)a->value, b->aux);
  /* x's upper bits over what are x's next bits: one extract of x (a wide
  ** load of a sign-extended value that was stored byte by byte) */
  int xk = a->kind == SYMX_K_EXTRACT ? a->args[0]->kind : -1; /* where extracts fold */
  if ((xk == SYMX_K_SEXT || xk == SYMX_K_ZEXT || xk == SYMX_K_CONCAT) && a->aux >= b->width &&
      !sx_is_const(b)) {
    sx_expr *next = mkx(r, a->args[0], a->aux - 1, a->aux - b->width);
    if (!next) return NULL;
    bool joins = next == b;
    sx_expr_release_nonnull(next);
    if (joins) return mkx(r, a->args[0], (unsigned)a->value, a->aux - b->width);
  }
  /* zeros on top: a zero extension (the canonical form) */
  if (is_k(a, 0)) return mkext(r, SYMX_K_ZEXT, b, w);
  /* constant prefixes merge: c1 : (c2 : y) = (c1:c2) : y */
  if (sx_is_const(a) && b->kind == SYMX_K_CONCAT && sx_is_const(b->args[0])) {
    unsigned w2 = b->args[0]->width;
    sx_expr *k = kconst(r, a->width + w2, a->value << w2 | b->args[0]->value);
    return k ? mk2_owned(r, SYMX_K_CONCAT, k, same(b->args[1])) : NULL;
  }
  return NULL;
}

/* eq(c, x) with c constant, x not. */
static sx_expr *rw_eq_const(rw *r, sx_expr *c, sx_expr *x) {
  unsigned w = x->width;
  if (w == 1) return is_k(c, 1) ? same(x) : mk1(r, SYMX_K_NOT, x);
  switch (x->kind) {
  case SYMX_K_ADD:
    if (sx_is_const(x->args[0]))
      return mk2_owned(r, SYMX_K_EQ, kconst(r, w, c->value - x->args[0]->value), same(x->args[1]));
    return NULL;
  case SYMX_K_XOR:
    if (sx_is_const(x->args[0]))
      return mk2_owned(r, SYMX_K_EQ, kconst(r, w, c->value ^ x->args[0]->value), same(x->args[1]));
    return NULL;
  case SYMX_K_NOT: return mk2_owned(r, SYMX_K_EQ, kconst(r, w, ~c->value), same(x->args[0]));
  case SYMX_K_NEG: return mk2_owned(r, SYMX_K_EQ, kconst(r, w, 0 - c->value), same(x->args[0]));
  case SYMX_K_ZEXT: {
    unsigned wa = x->args[0]->width;
    if (c->value & ~sx_mask(wa)) return kconst(r, 1, 0);
    return mk2_owned(r, SYMX_K_EQ, kconst(r, wa, c->value), same(x->args[0]));
  }
  case SYMX_K_SEXT: {
    unsigned wa = x->args[0]->width;
    if (((uint64_t)sx_sign_extend(c->value, wa) & sx_mask(w)) != c->value) return kconst(r, 1, 0);
    return mk2_owned(r, SYMX_K_EQ, kconst(r, wa, c->value), same(x->args[0]));
  }
  case SYMX_K_CONCAT: {
    unsigned wb = x->args[1]->width;
    sx_expr *hi = mk2_owned(r, SYMX_K_EQ, kconst(r, x->args[0]->width, c->value >> wb), same(x->args[0]));
    sx_expr *lo = mk2_owned(r, SYMX_K_EQ, kconst(r, wb, c->value), same(x->args[1]));
    return mk2_owned(r, SYMX_K_AND, hi, lo);
  }
  default: return NULL;
  }
}

/* read(array, index): read-over-write at constant indices. */
static sx_expr *rw_read(rw *r, sx_expr *arr, sx_expr *idx) {
  sx_expr *a = arr;
  while (a->kind == SYMX_K_ARRAY_WRITE) {
    sx_expr *j = a->args[1];
    if (j == idx) return same(a->args[2]);
    if (!sx_is_const(j) || !sx_is_const(idx)) break;
    a = a->args[0]; /* different constant indices: skip this write */
  }
  if (a->kind != SYMX_K_ARRAY_WRITE && sx_is_const(idx)) {
    if (idx->value >= a->arr->size) return kconst(r, 8, 0);
    if (a->kind == SYMX_K_ARRAY_CONST) return kconst(r, 8, a->arr->bytes[idx->value]);
  }
  if (a == arr) return NULL;
  sx_expr *args[2] = {a, idx};
  return chk(r, sx_expr_make(r->ctx, SYMX_K_READ, 8, 2, args, 0, 0, "sx_rewrite"));
}

static sx_expr *level2(rw *r, int kind, unsigned w, sx_expr *const *args, uint64_t value, uint32_t aux) {
  sx_expr *a = args[0], *b = args[1], *c = args[2];
  switch (kind) {
  case SYMX_K_NOT:
    if (a->kind == SYMX_K_NOT) return same(a->args[0]);
    if (w == 1) return negate_compare(r, a);
    return NULL;
  case SYMX_K_NEG:
    if (a->kind == SYMX_K_NEG) return same(a->args[0]);
    return NULL;
  case SYMX_K_ADD: /* a may be the constant (canonical order) */
    if (is_k(a, 0)) return same(b);
    if (sx_is_const(a) && b->kind == SYMX_K_ADD && sx_is_const(b->args[0]))
      return mk2_owned(r, SYMX_K_ADD, kconst(r, w, a->value + b->args[0]->value), same(b->args[1]));
    return NULL;
  case SYMX_K_SUB:
    if (a == b) return kconst(r, w, 0);
    if (is_k(b, 0)) return same(a);
    if (is_k(a, 0)) return mk1(r, SYMX_K_NEG, b);
    if (sx_is_const(b)) return mk2_owned(r, SYMX_K_ADD, kconst(r, w, 0 - b->value), same(a));
    return NULL;
  case SYMX_K_MUL:
    if (is_k(a, 0)) return kconst(r, w, 0);
    if (is_k(a, 1)) return same(b);
    if (is_ones(a)) return mk1(r, SYMX_K_NEG, b);
    if (sx_is_const(a) && b->kind == SYMX_K_MUL && sx_is_const(b->args[0]))
      return mk2_owned(r, SYMX_K_MUL, kconst(r, w, a->value * b->args[0]->value), same(b->args[1]));
    return NULL;
  case SYMX_K_UDIV:
    if (is_k(b, 1)) return same(a);
    if (is_k(b, 0)) return kconst(r, w, sx_mask(w));
    return NULL;
  case SYMX_K_UREM:
    if (is_k(b, 1)) return kconst(r, w, 0);
    if (is_k(b, 0)) return same(a);
    return NULL;
  case SYMX_K_SDIV:
    if (is_k(b, 1) && w > 1) return same(a);
    return NULL;
  case SYMX_K_SREM:
    if (is_k(b, 1) || is_ones(b)) return kconst(r, w, 0);
    if (is_k(b, 0)) return same(a);
    return NULL;
  case SYMX_K_AND:
    if (is_k(a, 0)) return kconst(r, w, 0);
    if (is_ones(a) || a == b) return same(b);
    if ((a->kind == SYMX_K_NOT && a->args[0] == b) || (b->kind == SYMX_K_NOT && b->args[0] == a))
      return kconst(r, w, 0);
    return NULL;
  case SYMX_K_OR:
    if (is_k(a, 0) || a == b) return same(b);
    if (is_ones(a)) return kconst(r, w, sx_mask(w));
    if ((a->kind == SYMX_K_NOT && a->args[0] == b) || (b->kind == SYMX_K_NOT && b->args[0] == a))
      return kconst(r, w, sx_mask(w));
    return NULL;
  case SYMX_K_XOR:
    if (a == b) return kconst(r, w, 0);
    if (is_k(a, 0)) return same(b);
    if (is_ones(a)) return mk1(r, SYMX_K_NOT, b);
    return NULL;
  case SYMX_K_SHL:
  case SYMX_K_LSHR:
  case SYMX_K_ASHR:
    if (is_k(b, 0)) return same(a);
    if (is_k(a, 0)) return kconst(r, w, 0);
    if (kind == SYMX_K_ASHR && is_ones(a)) return same(a);
    if (kind != SYMX_K_ASHR && sx_is_const(b) && b->value >= w) return kconst(r, w, 0);
    return NULL;
  case SYMX_K_CONCAT: return rw_concat(r, a, b, w);
  case SYMX_K_EXTRACT: return rw_extract(r, a, (unsigned)value, aux, w);
  case SYMX_K_ZEXT:
    if (a->kind == SYMX_K_ZEXT) return mkext(r, SYMX_K_ZEXT, a->args[0], w);
    return NULL;
  case SYMX_K_SEXT:
    if (a->kind == SYMX_K_SEXT) return mkext(r, SYMX_K_SEXT, a->args[0], w);
    if (a->kind == SYMX_K_ZEXT) return mkext(r, SYMX_K_ZEXT, a->args[0], w); /* top bit is 0 */
    return NULL;
  case SYMX_K_EQ:
    if (a == b) return kconst(r, 1, 1);
    if (sx_is_const(a)) return rw_eq_const(r, a, b);
    return NULL;
  case SYMX_K_NE:
    if (a == b) return kconst(r, 1, 0);
    if (sx_is_const(a) && b->width == 1) return is_k(a, 0) ? same(b) : mk1(r, SYMX_K_NOT, b);
    return NULL;
  case SYMX_K_UGT: return mk2(r, SYMX_K_ULT, b, a);
  case SYMX_K_UGE: return mk2(r, SYMX_K_ULE, b, a);
  case SYMX_K_SGT: return mk2(r, SYMX_K_SLT, b, a);
  case SYMX_K_SGE: return mk2(r, SYMX_K_SLE, b, a);
  case SYMX_K_ULT:
    if (a == b || is_k(b, 0) || is_ones(a)) return kconst(r, 1, 0);
    return NULL;
  case SYMX_K_ULE:
    if (a == b || is_k(a, 0) || is_ones(b)) return kconst(r, 1, 1);
    return NULL;
  case SYMX_K_SLT: {
    unsigned aw = a->width;
    if (a == b || is_k(b, smin(aw)) || is_k(a, smax(aw))) return kconst(r, 1, 0);
    return NULL;
  }
  case SYMX_K_SLE: {
    unsigned aw = a->width;
    if (a == b || is_k(a, smin(aw)) || is_k(b, smax(aw))) return kconst(r, 1, 1);
    return NULL;
  }
  case SYMX_K_ITE:
    if (sx_is_const(a)) return same(a->value ? b : c);
    if (b == c) return same(b);
    if (w == 1 && is_k(b, 1) && is_k(c, 0)) return same(a);
    if (w == 1 && is_k(b, 0) && is_k(c, 1)) return mk1(r, SYMX_K_NOT, a);
    if (a->kind == SYMX_K_NOT) {
      sx_expr *sw[3] = {a->args[0], c, b};
      return mk(r, SYMX_K_ITE, 3, sw, 0, 0);
    }
    return NULL;
  case SYMX_K_READ: return rw_read(r, a, b);
  case SYMX_K_ARRAY_WRITE:
    /* a later write to the same index hides the earlier one */
    if (a->kind == SYMX_K_ARRAY_WRITE &&
        (a->args[1] == b || (sx_is_const(a->args[1]) && sx_is_const(b) && a->args[1]->value == b->value))) {
      sx_expr *wa[3] = {a->args[0], b, c};
      return mk(r, SYMX_K_ARRAY_WRITE, 3, wa, 0, 0);
    }
    return NULL;
  default: return NULL;
  }
}

sx_expr *sx_rewrite(symx_ctx *ctx, int kind, unsigned width, unsigned nargs, sx_expr *const *args,
                    uint64_t value, uint32_t aux, int *failed) {
  *failed = 0;
  rw r = {ctx, failed};
  bool all_const = kind != SYMX_K_ARRAY_WRITE && kind != SYMX_K_READ;
  for (unsigned i = 0; i < nargs && all_const; i++) all_const = sx_is_const(args[i]);
  if (all_const) {
    uint64_t a = nargs > 0 ? args[0]->value : 0, b = nargs > 1 ? args[1]->value : 0,
             c = nargs > 2 ? args[2]->value : 0;
    return kconst(&r, width, sx_apply(kind, width, args[0]->width, a, b, c, value, aux));
  }
  if (ctx->opts.rewrite < 2) return NULL;
  sx_expr *v[3] = {args[0], nargs > 1 ? args[1] : NULL, nargs > 2 ? args[2] : NULL};
  bool swapped = false;
  if (is_commutative(kind) &&
      (sx_is_const(v[1]) || (!sx_is_const(v[0]) && v[0]->id > v[1]->id))) {
    sx_expr *t = v[0];
    v[0] = v[1];
    v[1] = t;
    swapped = true;
  }
  sx_expr *res = level2(&r, kind, width, v, value, aux);
  if (res || *failed) return res;
  if (swapped) return chk(&r, sx_expr_make(ctx, kind, width, nargs, v, value, aux, "sx_rewrite"));
  return NULL;
}
