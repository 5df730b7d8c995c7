/*
** narrow.c — bit-width narrowing (see narrow.h). act(e) bounds the bits of
** e that can be non-zero (e < 2^act); low(e, k) builds a k-bit term equal
** to e's low k bits. Sums, products, masks and shifts left need only their
** operands' low k bits, so low() passes k down to them; an operator that
** needs whole values (remainders, comparisons, right shifts) gets operands
** of the width their act() allows. A term whose act is below the width it
** is asked for is built at its act and zero-extended.
*/
#include "narrow.h"
#include "backend.h"
#include "alloc.h"
#include "error.h"
#include "stack.h"

#define KEY_ACT 127u /* memo key suffix of act(); 1..64 are low()'s widths */
#define MAX_DEPTH 512 /* deeper terms are left whole: the stack stays bounded */

typedef struct nslot {
  uint64_t key; /* id << 7 | k, plus one; 0 = empty */
  sx_expr *e;   /* low(): borrowed from made */
  unsigned act1; /* act(): its value plus one; 0 = not computed */
} nslot;

typedef struct narrower {
  symx_ctx *ctx;
  nslot *t;
  size_t cap, count;
  SX_STACK(sx_expr *) made; /* every reference built, released at the end */
  unsigned depth;           /* of act()'s or low()'s recursion */
  bool failed;
} narrower;

static nslot *slot_of(narrower *nw, uint64_t key) {
  if ((nw->count + 1) * 2 > nw->cap) {
    size_t ncap = nw->cap ? nw->cap * 2 : 256;
    nslot *nt = sx_calloc(nw->ctx, ncap * sizeof *nt);
    if (!nt) {
      nw->failed = true;
      return NULL;
    }
    for (size_t i = 0; i < nw->cap; i++)
      if (nw->t[i].key) {
        size_t h = (size_t)(nw->t[i].key * 0x9e3779b97f4a7c15ull) & (ncap - 1);
        while (nt[h].key) h = (h + 1) & (ncap - 1);
        nt[h] = nw->t[i];
      }
    sx_free(nw->ctx, nw->t, nw->cap * sizeof *nw->t);
    nw->t = nt;
    nw->cap = ncap;
  }
  key++;
  size_t h = (size_t)(key * 0x9e3779b97f4a7c15ull) & (nw->cap - 1);
  while (nw->t[h].key && nw->t[h].key != key) h = (h + 1) & (nw->cap - 1);
  if (!nw->t[h].key) {
    nw->t[h].key = key;
    nw->t[h].e = NULL;
    nw->t[h].act1 = 0;
    nw->count++;
  }
  return &nw->t[h];
}

static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }

static bool const_below(const sx_expr *e, uint64_t bound) { return sx_is_const(e) && e->value < bound; }

/* bits of e that can be non-zero: e < 2^act(e) */
static unsigned act(narrower *nw, const sx_expr *e) {
  unsigned w = e->width;
  if (sx_is_const(e)) return e->value ? 64 - (unsigned)__builtin_clzll(e->value) : 0;
  nslot *s = slot_of(nw, (uint64_t)e->id << 7 | KEY_ACT);
  if (!s) return w;
  if (s->act1) return s->act1 - 1;
  if (nw->depth >= MAX_DEPTH) return w; /* a bound, not memoized */
  nw->depth++;
  const sx_expr *x = e->args[0], *y = e->nargs > 1 ? e->args[1] : NULL;
  unsigned a = w;
  switch (e->kind) {
  case SYMX_K_READ: a = 8; break;
  case SYMX_K_ZEXT: a = act(nw, x); break;
  case SYMX_K_AND: a = umin(act(nw, x), act(nw, y)); break;
  case SYMX_K_OR:
  case SYMX_K_XOR: a = umax(act(nw, x), act(nw, y)); break;
  case SYMX_K_ADD: a = umax(act(nw, x), act(nw, y)) + 1; break;
  case SYMX_K_MUL: a = act(nw, x) + act(nw, y); break;
  case SYMX_K_UREM: a = act(nw, x); break; /* x urem 0 = x; otherwise below x */
  case SYMX_K_LSHR: {
    unsigned ax = act(nw, x);
    a = const_below(y, 64) ? (ax > y->value ? ax - (unsigned)y->value : 0) : ax;
    break;
  }
  case SYMX_K_ASHR: { /* a clear sign bit: a logical shift */
    unsigned ax = act(nw, x);
    if (ax < w) a = const_below(y, 64) ? (ax > y->value ? ax - (unsigned)y->value : 0) : ax;
    break;
  }
  case SYMX_K_SHL:
    if (const_below(y, w)) a = act(nw, x) + (unsigned)y->value;
    break;
  case SYMX_K_ITE: a = umax(act(nw, e->args[1]), act(nw, e->args[2])); break;
  case SYMX_K_EXTRACT: {
    unsigned ax = act(nw, x);
    a = ax > e->aux ? ax - e->aux : 0;
    break;
  }
  case SYMX_K_CONCAT: {
    unsigned ah = act(nw, x);
    a = ah ? ah + y->width : act(nw, y);
    break;
  }
  default: break;
  }
  nw->depth--;
  s = slot_of(nw, (uint64_t)e->id << 7 | KEY_ACT); /* the recursion may have moved it */
  if (!s) return w;
  s->act1 = umin(a, w) + 1;
  return s->act1 - 1;
}

static sx_expr *keep(narrower *nw, sx_expr *r) {
  if (!r || !SX_PUSH(nw->ctx, nw->made, r)) {
    if (r) symx_expr_release(r);
    nw->failed = true;
    return NULL;
  }
  return r;
}

static sx_expr *konst(narrower *nw, unsigned w, uint64_t v) {
  return keep(nw, sx_expr_make(nw->ctx, SYMX_K_CONST, w, 0, NULL, v & sx_mask(w), 0, SX_CHECK_FN));
}

static sx_expr *op(narrower *nw, int kind, unsigned nargs, sx_expr *a, sx_expr *b, sx_expr *c, unsigned p0,
                   unsigned p1) {
  sx_expr *args[3] = {a, b, c};
  for (unsigned i = 0; i < nargs; i++)
    if (!args[i]) return NULL;
  return keep(nw, sx_expr_build(nw->ctx, kind, nargs, args, p0, p1, SX_CHECK_FN));
}

/* e (any width) as a k-bit term: zero-extended or cut */
static sx_expr *resize(narrower *nw, sx_expr *e, unsigned k) {
  if (!e || e->width == k) return e;
  if (e->width < k) return op(nw, SYMX_K_ZEXT, 1, e, NULL, NULL, k, 0);
  return op(nw, SYMX_K_EXTRACT, 1, e, NULL, NULL, k - 1, 0);
}

static sx_expr *low(narrower *nw, sx_expr *e, unsigned k);

/* e at its own width, its operands narrowed */
static sx_expr *whole(narrower *nw, sx_expr *e) { return low(nw, e, e->width); }

/* the unsigned comparison that a signed one is on non-negative values */
static int unsigned_kind(int k) {
  switch (k) {
  case SYMX_K_SLT: return SYMX_K_ULT;
  case SYMX_K_SLE: return SYMX_K_ULE;
  case SYMX_K_SGT: return SYMX_K_UGT;
  case SYMX_K_SGE: return SYMX_K_UGE;
  default: return k;
  }
}

static sx_expr *build_low(narrower *nw, sx_expr *e, unsigned k) {
  unsigned w = e->width;
  sx_expr *x = e->args[0], *y = e->nargs > 1 ? e->args[1] : NULL;
  unsigned a = act(nw, e);
  if (a == 0) return konst(nw, k, 0);
  if (a < k) return resize(nw, low(nw, e, a), k); /* the value fits in a bits */
  switch (e->kind) {
  case SYMX_K_ADD: case SYMX_K_SUB: case SYMX_K_MUL: case SYMX_K_AND: case SYMX_K_OR: case SYMX_K_XOR:
    return op(nw, e->kind, 2, low(nw, x, k), low(nw, y, k), NULL, 0, 0);
  case SYMX_K_NOT: case SYMX_K_NEG:
    return op(nw, e->kind, 1, low(nw, x, k), NULL, NULL, 0, 0);
  case SYMX_K_ITE:
    return op(nw, SYMX_K_ITE, 3, whole(nw, x), low(nw, y, k), low(nw, e->args[2], k), 0, 0);
  case SYMX_K_ZEXT:
  case SYMX_K_SEXT:
    if (x->width >= k) return low(nw, x, k);
    return op(nw, e->kind, 1, whole(nw, x), NULL, NULL, k, 0);
  case SYMX_K_EXTRACT: /* bits aux .. aux+k-1 of x */
    if (e->value >= x->width || e->aux + w != e->value + 1) { /* malformed: built raw */
      nw->failed = true;
      return NULL;
    }
    if (!e->aux) return low(nw, x, k);
    return op(nw, SYMX_K_EXTRACT, 1, low(nw, x, e->aux + k), NULL, NULL, e->aux + k - 1, e->aux);
  case SYMX_K_SHL: {
    if (k == w) break;
    if (sx_is_const(y))
      return y->value >= k ? konst(nw, k, 0) : op(nw, SYMX_K_SHL, 2, low(nw, x, k), konst(nw, k, y->value), NULL, 0, 0);
    /* a shift by k or more clears the low k bits, as a k-bit shift by k does */
    sx_expr *amt = y->width >= k ? low(nw, y, k) : resize(nw, whole(nw, y), k);
    if (y->width < 64 && k > sx_mask(y->width)) /* y < k always */
      return op(nw, SYMX_K_SHL, 2, low(nw, x, k), amt, NULL, 0, 0);
    sx_expr *in_range = op(nw, SYMX_K_ULT, 2, whole(nw, y), konst(nw, y->width, k), NULL, 0, 0);
    return op(nw, SYMX_K_SHL, 2, low(nw, x, k), op(nw, SYMX_K_ITE, 3, in_range, amt, konst(nw, k, k), 0, 0), NULL, 0, 0);
  }
  case SYMX_K_UREM:
  case SYMX_K_UDIV:
  case SYMX_K_LSHR:
  case SYMX_K_ASHR: {
    /* both operands fit in kk bits: the operator on kk-bit values */
    unsigned kk = umax(umax(act(nw, x), act(nw, y)), 1);
    if (kk >= w || (e->kind == SYMX_K_ASHR && act(nw, x) >= w)) break;
    int kind = e->kind == SYMX_K_ASHR ? SYMX_K_LSHR : e->kind;
    sx_expr *lx = low(nw, x, kk), *ly = low(nw, y, kk);
    sx_expr *r = resize(nw, op(nw, kind, 2, lx, ly, NULL, 0, 0), k);
    if (e->kind != SYMX_K_UDIV) return r;
    /* x udiv 0 is all ones at the original width */
    return op(nw, SYMX_K_ITE, 3, op(nw, SYMX_K_EQ, 2, ly, konst(nw, kk, 0), NULL, 0, 0), konst(nw, k, ~0ull), r, 0, 0);
  }
  case SYMX_K_EQ: case SYMX_K_NE: case SYMX_K_ULT: case SYMX_K_ULE: case SYMX_K_UGT: case SYMX_K_UGE:
  case SYMX_K_SLT: case SYMX_K_SLE: case SYMX_K_SGT: case SYMX_K_SGE: {
    unsigned xw = x->width, kk = umax(umax(act(nw, x), act(nw, y)), 1);
    if (kk >= xw) break;
    /* both sides below 2^kk <= 2^(xw-1): non-negative, so signed is unsigned */
    return op(nw, unsigned_kind(e->kind), 2, low(nw, x, kk), low(nw, y, kk), NULL, 0, 0);
  }
  default: break;
  }
  /* no narrowing: the operator on narrowed operands at their widths, cut to k */
  if (e->kind == SYMX_K_READ || e->nargs == 0) return resize(nw, e, k);
  sx_expr *args[3] = {NULL, NULL, NULL};
  for (unsigned i = 0; i < e->nargs; i++) {
    sx_expr *ai = e->args[i];
    args[i] = ai->kind == SYMX_K_ARRAY_INPUT || ai->kind == SYMX_K_ARRAY_CONST || ai->kind == SYMX_K_ARRAY_WRITE
                  ? ai
                  : whole(nw, ai);
    if (!args[i]) return NULL;
  }
  unsigned p0 = 0, p1 = 0;
  if (e->kind == SYMX_K_EXTRACT) p0 = (unsigned)e->value, p1 = e->aux;
  if (e->kind == SYMX_K_ZEXT || e->kind == SYMX_K_SEXT) p0 = w;
  sx_expr *r = args[0] == e->args[0] && args[1] == (e->nargs > 1 ? e->args[1] : NULL) &&
                       args[2] == (e->nargs > 2 ? e->args[2] : NULL)
                   ? e
                   : op(nw, e->kind, e->nargs, args[0], args[1], args[2], p0, p1);
  return resize(nw, r, k);
}

static sx_expr *low(narrower *nw, sx_expr *e, unsigned k) {
  if (nw->failed || !e || k == 0 || k > e->width) { /* the last two: a malformed node */
    nw->failed = true;
    return NULL;
  }
  if (sx_is_const(e)) return k == e->width ? e : konst(nw, k, e->value);
  if (!sx_is_symbolic(e)) return resize(nw, e, k);
  nslot *s = slot_of(nw, (uint64_t)e->id << 7 | k);
  if (!s) return NULL;
  if (s->e) return s->e;
  if (nw->depth >= MAX_DEPTH) return resize(nw, e, k); /* left whole below here */
  nw->depth++;
  sx_expr *r = build_low(nw, e, k);
  nw->depth--;
  if (!r) {
    nw->failed = true;
    return NULL;
  }
  s = slot_of(nw, (uint64_t)e->id << 7 | k);
  if (!s) return NULL;
  s->e = r;
  return r;
}

#define CACHE_CAP 4096 /* slots; flushed at half full */

typedef struct cslot { sx_expr *orig, *nar; } cslot;

struct sx_narrow_cache {
  symx_ctx *ctx;
  size_t count;
  cslot t[CACHE_CAP];
};

sx_narrow_cache *sx_narrow_cache_new(symx_ctx *ctx) {
  sx_narrow_cache *c = sx_calloc(ctx, sizeof *c);
  if (c) c->ctx = ctx;
  return c;
}

static void cache_flush(sx_narrow_cache *c) {
  for (size_t i = 0; i < CACHE_CAP && c->count; i++)
    if (c->t[i].orig) {
      symx_expr_release(c->t[i].orig);
      symx_expr_release(c->t[i].nar);
      c->t[i].orig = c->t[i].nar = NULL;
      c->count--;
    }
}

void sx_narrow_cache_free(sx_narrow_cache *c) {
  if (!c) return;
  cache_flush(c);
  sx_free(c->ctx, c, sizeof *c);
}

static cslot *cache_find(sx_narrow_cache *c, const sx_expr *e) {
  size_t h = (size_t)(((uintptr_t)e >> 4) * 0x9e3779b97f4a7c15ull) & (CACHE_CAP - 1);
  while (c->t[h].orig && c->t[h].orig != e) h = (h + 1) & (CACHE_CAP - 1);
  return &c->t[h];
}

int sx_narrow(symx_ctx *ctx, sx_narrow_cache *cache, sx_expr *const *cs, size_t n, sx_expr **out) {
  narrower nw = {.ctx = ctx};
  size_t i = 0;
  for (; i < n && !nw.failed; i++) {
    cslot *c = cache ? cache_find(cache, cs[i]) : NULL;
    if (c && c->orig) {
      out[i] = symx_expr_retain(c->nar);
      continue;
    }
    sx_expr *r = low(&nw, cs[i], cs[i]->width);
    if (!r) break;
    out[i] = symx_expr_retain(r);
    if (!c) continue;
    if (cache->count >= CACHE_CAP / 2) {
      cache_flush(cache);
      c = cache_find(cache, cs[i]);
    }
    c->orig = symx_expr_retain(cs[i]);
    c->nar = symx_expr_retain(r);
    cache->count++;
  }
  int rc = SYMX_OK;
  if (i < n) {
    while (i) symx_expr_release(out[--i]);
    rc = ctx->errcode != SYMX_OK ? ctx->errcode : sx_error(ctx, SYMX_MISUSE, SX_CHECK_FN, "malformed expression");
  }
  for (sx_expr **m = nw.made.begin; m < nw.made.end; m++) symx_expr_release(*m);
  SX_RELEASE(ctx, nw.made);
  sx_free(ctx, nw.t, nw.cap * sizeof *nw.t);
  return rc;
}
