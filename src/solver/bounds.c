/*
** bounds.c — interval reasoning (see bounds.h): a memoized forward pass
** over each constraint's DAG, then narrowing of term domains from the
** top-level comparisons, repeated until nothing changes. Each term carries
** an interval and known bits; each refines the other (the common prefix
** of an interval's ends is known; known bits bound the interval), and
** bitwise operators and masks are followed on the known bits, so that
** x & 3 == 3 and ((x + 12) & 3) <= 2 contradict.
*/
#include "bounds.h"
#include "alloc.h"
#include "error.h"

#include <stddef.h>
#include <string.h>

#define MAX_DEPTH 48   /* deeper terms get the full range */
#define MEMO_CAP 512   /* memo slots; past half full, new terms get the full range */
#define MAX_DOMS 128   /* terms with a narrowed domain */
#define MAX_PASSES 6
#define MAX_LEAVES 16  /* byte reads the search may split */
#define MAX_TABLE_SCAN 65536 /* positions a lookup in a constant table examines */

/* Unsigned values lo..hi; when lo > hi the interval wraps through zero
** (lo..max, then 0..hi). Only sums, differences and negations produce
** wrapped intervals; every other consumer normalizes them to the full
** range, except signed comparisons, for which a wrap through zero that
** stays clear of the sign boundary is a plain signed interval. */
typedef struct iv {
  uint64_t lo, hi;
  uint64_t z, o; /* known bits: bits that are 0 (z) and 1 (o) in every value */
} iv;

typedef struct slot {
  const sx_expr *e;
  iv v;
} slot;

typedef struct dom {
  const sx_expr *e;
  iv v; /* a plain interval */
} dom;

typedef struct bounds {
  symx_ctx *ctx;
  slot *memo;      /* open addressing by node address, MEMO_CAP slots */
  uint16_t *used;  /* the slots filled this pass: cleared one by one */
  size_t nused;
  const sx_expr *leaves[MAX_LEAVES]; /* the factor's byte reads, met by eval */
  unsigned nleaves;
  bool changed, empty;
  unsigned ndoms;
  dom doms[MAX_DOMS]; /* last: a split copies only the domains in use */
} bounds;

static iv range(uint64_t lo, uint64_t hi) { return (iv){lo, hi, 0, 0}; }
static iv full(unsigned w) { return range(0, sx_mask(w)); }
static iv point(uint64_t v) { return range(v, v); }
static iv boolean(bool can0, bool can1) { return range(can0 ? 0 : 1, can1 ? 1 : 0); }
static uint64_t fill(uint64_t x) { return x ? ~0ull >> __builtin_clzll(x) : 0; }
static iv norm(iv a, unsigned w) { return a.lo <= a.hi ? a : (iv){0, sx_mask(w), a.z, a.o}; }

/* v's known bits, with those its interval implies (the common prefix) */
static void known(iv v, unsigned w, uint64_t *z, uint64_t *o) {
  uint64_t m = sx_mask(w);
  *z = v.z & m;
  *o = v.o & m;
  if (v.lo <= v.hi) {
    uint64_t prefix = m & ~fill(v.lo ^ v.hi);
    *o |= v.lo & prefix;
    *z |= ~v.lo & prefix;
  }
}

/* v with each of its interval and known bits tightened by the other; a
** contradiction marks the factor refuted */
static iv refine(bounds *b, iv v, unsigned w) {
  known(v, w, &v.z, &v.o);
  if (v.z & v.o) {
    b->empty = true;
    return v;
  }
  if (v.lo <= v.hi) {
    uint64_t least = v.o, most = sx_mask(w) & ~v.z;
    if (v.lo < least) v.lo = least;
    if (v.hi > most) v.hi = most;
    if (v.lo > v.hi) b->empty = true;
  }
  return v;
}

/* the low bits known in both z/o pairs: how many, from bit 0 */
static unsigned low_known(uint64_t z1, uint64_t o1, uint64_t z2, uint64_t o2, unsigned w) {
  uint64_t unknown = ~((z1 | o1) & (z2 | o2));
  unsigned k = unknown ? (unsigned)__builtin_ctzll(unknown) : 64;
  return k < w ? k : w;
}

/* known bits of a + c + carry (as LLVM's computeKnownBitsForAddSub) */
static void add_bits(iv a, iv c, unsigned carry, unsigned w, iv *r) {
  uint64_t m = sx_mask(w);
  uint64_t sum_max = (~a.z + ~c.z + carry) & m, sum_min = (a.o + c.o + carry) & m;
  uint64_t carry_z = ~(sum_max ^ a.z ^ c.z), carry_o = sum_min ^ a.o ^ c.o;
  uint64_t k = (a.z | a.o) & (c.z | c.o) & (carry_z | carry_o) & m;
  r->z = ~sum_min & k;
  r->o = sum_max & k;
}

static slot *memo_find(bounds *b, const sx_expr *e) {
  size_t h = (size_t)(((uintptr_t)e >> 4) * 0x9e3779b97f4a7c15ull) & (MEMO_CAP - 1);
  for (size_t k = 0; k < MEMO_CAP; k++, h = (h + 1) & (MEMO_CAP - 1))
    if (!b->memo[h].e || b->memo[h].e == e) return &b->memo[h];
  return NULL;
}

static dom *find_dom(bounds *b, const sx_expr *e) {
  for (unsigned i = 0; i < b->ndoms; i++)
    if (b->doms[i].e == e) return &b->doms[i];
  return NULL;
}

/* signed view of an unsigned interval; false when it crosses the sign boundary */
static bool as_signed(iv a, unsigned w, int64_t *lo, int64_t *hi) {
  uint64_t half = 1ull << (w - 1);
  if (a.lo <= a.hi ? (a.lo < half) != (a.hi < half) : !(a.hi < half && a.lo >= half)) return false;
  *lo = sx_sign_extend(a.lo, w);
  *hi = sx_sign_extend(a.hi, w);
  return true;
}

static iv compare(int kind, iv a, iv b, unsigned w) {
  if (kind <= SYMX_K_UGE) {
    a = norm(a, w);
    b = norm(b, w);
  }
  switch (kind) {
  case SYMX_K_EQ:
    if (a.hi < b.lo || b.hi < a.lo || (a.o & b.z) || (a.z & b.o)) return point(0);
    return boolean(!(a.lo == a.hi && b.lo == b.hi), true);
  case SYMX_K_NE: {
    iv e = compare(SYMX_K_EQ, a, b, w);
    return range(1 - e.hi, 1 - e.lo);
  }
  case SYMX_K_ULT: return boolean(!(a.hi < b.lo), !(a.lo >= b.hi));
  case SYMX_K_ULE: return boolean(!(a.hi <= b.lo), !(a.lo > b.hi));
  case SYMX_K_UGT: return compare(SYMX_K_ULT, b, a, w);
  case SYMX_K_UGE: return compare(SYMX_K_ULE, b, a, w);
  default: break;
  }
  int64_t al, ah, bl, bh;
  if (!as_signed(a, w, &al, &ah) || !as_signed(b, w, &bl, &bh)) return boolean(true, true);
  switch (kind) {
  case SYMX_K_SLT: return boolean(!(ah < bl), !(al >= bh));
  case SYMX_K_SLE: return boolean(!(ah <= bl), !(al > bh));
  case SYMX_K_SGT: return boolean(!(bh < al), !(bl >= ah));
  case SYMX_K_SGE: return boolean(!(bh <= al), !(bl > ah));
  default: return boolean(true, true);
  }
}

static iv eval(bounds *b, const sx_expr *e, int depth);

static iv arith_range(iv a, iv c, int kind, unsigned w) {
  uint64_t m = sx_mask(w);
  uint64_t r2, span;
  switch (kind) {
  case SYMX_K_ADD: /* fewer than 2^w results: the (maybe wrapped) interval */
    if (__builtin_add_overflow(a.hi - a.lo, c.hi - c.lo, &span) || span >= m) return full(w);
    return range((a.lo + c.lo) & m, (a.hi + c.hi) & m);
  case SYMX_K_SUB:
    if (__builtin_add_overflow(a.hi - a.lo, c.hi - c.lo, &span) || span >= m) return full(w);
    return range((a.lo - c.hi) & m, (a.hi - c.lo) & m);
  case SYMX_K_NEG:
    if (a.hi - a.lo >= m) return full(w);
    return range((0 - a.hi) & m, (0 - a.lo) & m);
  case SYMX_K_NOT: return range(m - a.hi, m - a.lo);
  case SYMX_K_MUL:
    if (__builtin_mul_overflow(a.hi, c.hi, &r2) || r2 > m) return full(w);
    return range(a.lo * c.lo, r2);
  case SYMX_K_UDIV: return c.lo ? range(a.lo / c.hi, a.hi / c.lo) : full(w);
  case SYMX_K_UREM: /* x urem 0 = x */
    return range(0, c.lo && c.hi - 1 < a.hi ? c.hi - 1 : a.hi);
  case SYMX_K_AND:
    if (w == 1) return range(a.lo & c.lo, a.hi & c.hi);
    if (c.lo == c.hi && !(c.lo & (c.lo + 1)) && (a.lo & ~c.lo) == (a.hi & ~c.lo))
      return range(a.lo & c.lo, a.hi & c.lo); /* a low mask over a range within one block */
    if (a.lo == a.hi && !(a.lo & (a.lo + 1)) && (c.lo & ~a.lo) == (c.hi & ~a.lo))
      return range(c.lo & a.lo, c.hi & a.lo);
    return range(0, a.hi < c.hi ? a.hi : c.hi);
  case SYMX_K_OR:
    if (w == 1) return range(a.lo | c.lo, a.hi | c.hi);
    return range(a.lo > c.lo ? a.lo : c.lo, fill(a.hi | c.hi) & m);
  case SYMX_K_XOR:
    if (a.lo == a.hi && c.lo == c.hi) return point(a.lo ^ c.lo);
    return range(0, fill(a.hi | c.hi) & m);
  case SYMX_K_SHL:
    if (c.lo != c.hi) return full(w);
    if (c.lo >= w) return point(0);
    return a.hi <= m >> c.lo ? range(a.lo << c.lo, a.hi << c.lo) : full(w);
  case SYMX_K_ASHR: /* on non-negative values it is a logical shift */
    if (a.hi > m >> 1) return full(w);
    return range(c.hi >= w ? 0 : a.lo >> c.hi, c.lo >= w ? 0 : a.hi >> c.lo);
  case SYMX_K_LSHR:
    return range(c.hi >= w ? 0 : a.lo >> c.hi, c.lo >= w ? 0 : a.hi >> c.lo);
  default: return full(w);
  }
}

static iv arith(bounds *b, const sx_expr *e, int depth) {
  unsigned w = e->width;
  uint64_t m = sx_mask(w);
  iv a = norm(eval(b, e->args[0], depth + 1), w);
  iv c = e->nargs > 1 ? norm(eval(b, e->args[1], depth + 1), w) : a;
  iv r = arith_range(a, c, e->kind, w);
  switch (e->kind) {
  case SYMX_K_AND:
    r.z = a.z | c.z;
    r.o = a.o & c.o;
    break;
  case SYMX_K_OR:
    r.z = a.z & c.z;
    r.o = a.o | c.o;
    break;
  case SYMX_K_XOR: {
    uint64_t k = (a.z | a.o) & (c.z | c.o);
    r.o = (a.o ^ c.o) & k;
    r.z = k & ~r.o;
    break;
  }
  case SYMX_K_NOT:
    r.z = a.o;
    r.o = a.z;
    break;
  case SYMX_K_MUL: { /* trailing zeros add up (an index times an entry size) */
    unsigned tz = (~a.z ? (unsigned)__builtin_ctzll(~a.z) : 64) + (~c.z ? (unsigned)__builtin_ctzll(~c.z) : 64);
    r.z |= sx_mask(tz < w ? tz : w);
    break;
  }
  case SYMX_K_ADD: add_bits(a, c, 0, w, &r); break;
  case SYMX_K_SUB: add_bits(a, (iv){0, 0, c.o, c.z}, 1, w, &r); break; /* a + ~c + 1 */
  case SYMX_K_NEG: add_bits((iv){0, 0, m, 0}, (iv){0, 0, a.o, a.z}, 1, w, &r); break;
  case SYMX_K_SHL:
  case SYMX_K_LSHR:
    if (c.lo != c.hi || c.lo >= w) break;
    if (e->kind == SYMX_K_SHL) {
      r.z = (a.z << c.lo) | sx_mask((unsigned)c.lo);
      r.o = a.o << c.lo;
    } else {
      r.z = (a.z >> c.lo) | (m & ~(m >> c.lo));
      r.o = a.o >> c.lo;
    }
    break;
  default: break;
  }
  return r;
}

static void add_leaf(bounds *b, const sx_expr *e) {
  for (unsigned i = 0; i < b->nleaves; i++)
    if (b->leaves[i] == e) return;
  if (b->nleaves < MAX_LEAVES) b->leaves[b->nleaves++] = e;
}

/* the operator applied to operands that are single values: exact, so a
** search that has split every byte down to one value decides each term */
static bool exact(bounds *b, const sx_expr *e, int depth, iv *out) {
  uint64_t v[3] = {0, 0, 0};
  if (e->nargs > 3 || e->kind == SYMX_K_READ || e->kind == SYMX_K_ARRAY_WRITE) return false;
  for (unsigned i = 0; i < e->nargs; i++) {
    iv x = eval(b, e->args[i], depth + 1);
    if (x.lo != x.hi) return false;
    v[i] = x.lo;
  }
  uint64_t r = sx_apply(e->kind, e->width, e->args[0]->width, v[0], v[1], v[2], e->value, e->aux);
  *out = (iv){r, r, ~r & sx_mask(e->width), r};
  return true;
}

/* the n-byte little-endian word at p of a constant array (0 past its end,
** as a read there) */
static uint64_t table_word(const sx_array_info *t, uint64_t p, unsigned n) {
  uint64_t v = 0;
  for (unsigned k = n; k-- > 0;) v = v << 8 | (p + k < t->size ? t->bytes[p + k] : 0);
  return v;
}

/* The n-byte words of constant array t at the positions of interval x
** that agree with its known bits: a table lookup at a bounded index has
** the table's range there, which proves the next lookup in bounds (a
** scanner's state tables) without the path that bounds the index. */
static iv table_range(const sx_array_info *t, iv x, unsigned n, unsigned w) {
  if (x.lo > x.hi || x.lo >= t->size) return point(0);
  uint64_t end = x.hi < t->size ? x.hi : t->size - 1;
  if (end - x.lo > MAX_TABLE_SCAN) return full(w);
  uint64_t lo = x.hi < t->size ? UINT64_MAX : 0, hi = 0; /* past the end: 0 */
  for (uint64_t p = x.lo;; p++) {
    if (!(p & x.z) && (p & x.o) == x.o) {
      uint64_t v = table_word(t, p, n);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    if (p == end) break;
  }
  return lo > hi ? point(0) : range(lo, hi);
}

/* e's constant offset from a base: c + x is (x, c), anything else (e, 0) */
static const sx_expr *offset_of(const sx_expr *e, uint64_t *c) {
  *c = 0;
  if (e->kind != SYMX_K_ADD || !sx_is_const(e->args[0])) return e;
  *c = e->args[0]->value;
  return e->args[1];
}

/* When e concatenates byte reads of one constant array at i + n - 1, ...,
** i + 1, i (a little-endian load of a table entry): the array, *n and
** the index of the low byte in *low; else NULL. */
static const sx_expr *table_load(const sx_expr *e, unsigned *n, const sx_expr **low) {
  const sx_expr *bytes[8];
  unsigned k = 0;
  while (e->kind == SYMX_K_CONCAT && k < 7) { /* one byte at a time, low first */
    if (e->args[1]->width != 8) return NULL;
    bytes[k++] = e->args[1];
    e = e->args[0];
  }
  bytes[k++] = e;
  const sx_expr *arr = bytes[0]->kind == SYMX_K_READ ? bytes[0]->args[0] : NULL;
  if (!arr || arr->kind != SYMX_K_ARRAY_CONST) return NULL;
  uint64_t c0, c;
  const sx_expr *base = offset_of(bytes[0]->args[1], &c0);
  for (unsigned j = 1; j < k; j++)
    if (bytes[j]->kind != SYMX_K_READ || bytes[j]->args[0] != arr ||
        offset_of(bytes[j]->args[1], &c) != base || ((c - c0) & sx_mask(base->width)) != j)
      return NULL;
  *n = k;
  *low = bytes[0]->args[1];
  return arr;
}

static iv compute(bounds *b, const sx_expr *e, int depth) {
  unsigned w = e->width;
  const sx_expr *a = e->args[0];
  iv x;
  if (e->kind == SYMX_K_READ && a->kind != SYMX_K_ARRAY_CONST) add_leaf(b, e);
  else if (e->nargs && exact(b, e, depth, &x)) return x;
  switch (e->kind) {
  case SYMX_K_ZEXT: return norm(eval(b, a, depth + 1), a->width); /* high bits: the interval */
  case SYMX_K_SEXT: {
    iv x = norm(eval(b, a, depth + 1), a->width);
    uint64_t half = 1ull << (a->width - 1), up = sx_mask(w) & ~sx_mask(a->width);
    if (x.hi < half) return x;
    if (x.lo >= half) return (iv){x.lo | up, x.hi | up, x.z, x.o | up};
    return (iv){0, sx_mask(w), x.z & sx_mask(a->width - 1), x.o & sx_mask(a->width - 1)};
  }
  case SYMX_K_EXTRACT: {
    iv x = norm(eval(b, a, depth + 1), a->width);
    unsigned hi = (unsigned)e->value, lo = e->aux;
    uint64_t fm = sx_mask(w);
    if (hi < 63 && (x.lo >> (hi + 1)) != (x.hi >> (hi + 1))) return (iv){0, fm, (x.z >> lo) & fm, (x.o >> lo) & fm};
    return (iv){(x.lo >> lo) & fm, (x.hi >> lo) & fm, (x.z >> lo) & fm, (x.o >> lo) & fm};
  }
  case SYMX_K_READ:
    if (a->kind != SYMX_K_ARRAY_CONST) return full(w);
    return table_range(a->arr, norm(eval(b, e->args[1], depth + 1), e->args[1]->width), 1, w);
  case SYMX_K_CONCAT: {
    unsigned n;
    const sx_expr *low, *t = table_load(e, &n, &low);
    if (t) return table_range(t->arr, norm(eval(b, low, depth + 1), low->width), n, w);
    iv h = norm(eval(b, a, depth + 1), a->width), l = norm(eval(b, e->args[1], depth + 1), e->args[1]->width);
    unsigned lw = e->args[1]->width;
    return (iv){h.lo << lw | l.lo, h.hi << lw | l.hi, h.z << lw | l.z, h.o << lw | l.o};
  }
  case SYMX_K_ITE: {
    iv c = eval(b, a, depth + 1);
    if (c.lo == 1 && c.hi == 1) return eval(b, e->args[1], depth + 1);
    if (c.lo == 0 && c.hi == 0) return eval(b, e->args[2], depth + 1);
    iv x = norm(eval(b, e->args[1], depth + 1), w), y = norm(eval(b, e->args[2], depth + 1), w);
    return (iv){x.lo < y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi, x.z & y.z, x.o & y.o};
  }
  case SYMX_K_EQ: case SYMX_K_NE: case SYMX_K_ULT: case SYMX_K_ULE: case SYMX_K_UGT:
  case SYMX_K_UGE: case SYMX_K_SLT: case SYMX_K_SLE: case SYMX_K_SGT: case SYMX_K_SGE:
    return compare(e->kind, eval(b, a, depth + 1), eval(b, e->args[1], depth + 1), a->width);
  case SYMX_K_ADD: case SYMX_K_SUB: case SYMX_K_NEG: case SYMX_K_NOT: case SYMX_K_MUL:
  case SYMX_K_UDIV: case SYMX_K_UREM: case SYMX_K_AND: case SYMX_K_OR: case SYMX_K_XOR:
  case SYMX_K_SHL: case SYMX_K_LSHR: case SYMX_K_ASHR:
    return arith(b, e, depth);
  default: return full(w);
  }
}

/* v (maybe wrapped) intersected with the plain interval d; an empty
** intersection marks the factor refuted */
static iv meet(bounds *b, iv v, iv d) {
  d.z |= v.z;
  d.o |= v.o;
  if (v.lo <= v.hi) {
    if (v.hi < d.lo || d.hi < v.lo) {
      b->empty = true;
      return d;
    }
    return (iv){v.lo > d.lo ? v.lo : d.lo, v.hi < d.hi ? v.hi : d.hi, d.z, d.o};
  }
  /* v is lo..max then 0..hi: the parts of d in each */
  bool up = d.hi >= v.lo, low = d.lo <= v.hi;
  if (up && low) return d;
  if (up) return (iv){d.lo > v.lo ? d.lo : v.lo, d.hi, d.z, d.o};
  if (low) return (iv){d.lo, d.hi < v.hi ? d.hi : v.hi, d.z, d.o};
  b->empty = true;
  return d;
}

static iv eval(bounds *b, const sx_expr *e, int depth) {
  if (sx_is_const(e)) return (iv){e->value, e->value, ~e->value & sx_mask(e->width), e->value};
  if (depth > MAX_DEPTH) return full(e->width);
  slot *s = memo_find(b, e);
  if (s && s->e) return s->v;
  /* no room to remember it: computing it anyway would revisit shared
  ** subterms once per path through the DAG */
  if (!s || b->nused >= MEMO_CAP / 2) return full(e->width);
  iv v = compute(b, e, depth);
  dom *d = b->ndoms ? find_dom(b, e) : NULL;
  if (d) v = meet(b, v, d->v); /* what the constraints allow */
  v = refine(b, v, e->width);
  /* the recursion may have filled memo slots, this one's too */
  if (b->nused < MEMO_CAP / 2 && (s = memo_find(b, e)) && !s->e) {
    s->e = e;
    s->v = v;
    b->used[b->nused++] = (uint16_t)(s - b->memo);
  }
  return v;
}

static void narrow_store(bounds *b, const sx_expr *t, iv v);

/*
** t's value must lie in v: stores that for t, and projects v back through
** extensions, constant masks and xors (bit by bit), and sums and
** differences (their low bits always, their ranges when they cannot wrap
** on the current intervals), down to the input bytes (HC4-style).
*/
static void narrow_term(bounds *b, const sx_expr *t, iv v, int depth) {
  if (depth > MAX_DEPTH || b->empty || sx_is_const(t)) return;
  narrow_store(b, t, v);
  unsigned w = t->width;
  uint64_t m = sx_mask(w), r;
  const sx_expr *x = t->args[0], *y = t->args[1];
  uint64_t vz, vo;
  known(v, w, &vz, &vo);
  switch (t->kind) {
  case SYMX_K_ZEXT: {
    uint64_t xm = sx_mask(x->width);
    if (v.lo > xm || (vo & ~xm)) {
      b->empty = true;
      return;
    }
    narrow_term(b, x, (iv){v.lo, v.hi < xm ? v.hi : xm, vz & xm, vo & xm}, depth + 1);
    return;
  }
  case SYMX_K_SEXT: { /* the non-negative half maps to itself */
    uint64_t half = 1ull << (x->width - 1);
    if (v.hi < half) narrow_term(b, x, v, depth + 1);
    return;
  }
  case SYMX_K_AND: /* bits under a constant mask are the result's bits */
  case SYMX_K_XOR: /* each operand is the result xor the other */
    for (int i = 0; i < 2; i++) {
      const sx_expr *xi = t->args[i], *yi = t->args[1 - i];
      if (!sx_is_symbolic(xi)) continue;
      iv Y = eval(b, yi, 0);
      uint64_t z, o;
      if (t->kind == SYMX_K_AND) {
        if (!sx_is_const(yi)) continue;
        z = vz & yi->value;
        o = vo & yi->value;
      } else {
        uint64_t k = (vz | vo) & (Y.z | Y.o);
        o = (vo ^ Y.o) & k;
        z = k & ~o;
      }
      if (z | o) narrow_term(b, xi, (iv){0, m, z, o}, depth + 1);
    }
    return;
  case SYMX_K_ADD:
  case SYMX_K_SUB: {
    iv X = norm(eval(b, x, 0), w), Y = norm(eval(b, y, 0), w);
    /* the low bits known in the result and in one operand fix the
    ** other's: modular arithmetic carries only upwards */
    unsigned kx = low_known(vz, vo, Y.z, Y.o, w), ky = low_known(vz, vo, X.z, X.o, w);
    bool add = t->kind == SYMX_K_ADD;
    uint64_t lx = (add ? vo - Y.o : vo + Y.o) & sx_mask(kx), ly = (add ? vo - X.o : X.o - vo) & sx_mask(ky);
    iv tx = {0, m, ~lx & sx_mask(kx), lx}, ty = {0, m, ~ly & sx_mask(ky), ly};
    if (add && !__builtin_add_overflow(X.hi, Y.hi, &r) && r <= m) {
      /* no wrap: x = t - y in [v.lo - Y.hi, v.hi - Y.lo], clamped at 0 */
      if (v.hi < Y.lo || v.hi < X.lo) {
        b->empty = true;
        return;
      }
      tx.lo = v.lo > Y.hi ? v.lo - Y.hi : 0, tx.hi = v.hi - Y.lo;
      ty.lo = v.lo > X.hi ? v.lo - X.hi : 0, ty.hi = v.hi - X.lo;
    } else if (!add && X.lo >= Y.hi) {
      /* no wrap: x = t + y, y = x - t */
      uint64_t lo = v.lo + Y.lo, hi;
      if (__builtin_add_overflow(v.hi, Y.hi, &hi) || hi > m) hi = m;
      if (lo > m || X.hi < v.lo) {
        b->empty = true;
        return;
      }
      tx.lo = lo, tx.hi = hi;
      ty.lo = X.lo > v.hi ? X.lo - v.hi : 0, ty.hi = X.hi - v.lo;
    }
    narrow_term(b, x, tx, depth + 1);
    narrow_term(b, y, ty, depth + 1);
    return;
  }
  default: return;
  }
}

static void narrow(bounds *b, const sx_expr *t, iv v) { narrow_term(b, t, v, 0); }

/* Intersects the domain of term t with v. */
static void narrow_store(bounds *b, const sx_expr *t, iv v) {
  dom *d = find_dom(b, t);
  if (!d) {
    if (b->ndoms == MAX_DOMS) return;
    d = &b->doms[b->ndoms++];
    *d = (dom){t, full(t->width)};
  }
  v = norm(v, t->width);
  iv n = {v.lo > d->v.lo ? v.lo : d->v.lo, v.hi < d->v.hi ? v.hi : d->v.hi, d->v.z | v.z, d->v.o | v.o};
  if (n.lo > n.hi || (n.z & n.o)) {
    b->empty = true;
    return;
  }
  if (n.lo != d->v.lo || n.hi != d->v.hi || n.z != d->v.z || n.o != d->v.o) b->changed = true;
  d->v = n;
}


/* x k y must hold: narrow the byte terms on either side */
static void narrow_signed(bounds *b, int k, const sx_expr *x, const sx_expr *y);

static void narrow_cmp(bounds *b, int k, const sx_expr *x, const sx_expr *y) {
  unsigned w = x->width;
  uint64_t m = sx_mask(w);
  if (k >= SYMX_K_SLT) {
    narrow_signed(b, k, x, y);
    return;
  }
  iv X = norm(eval(b, x, 0), w), Y = norm(eval(b, y, 0), w);
  switch (k) {
  case SYMX_K_EQ:
    narrow(b, x, Y);
    narrow(b, y, X);
    return;
  case SYMX_K_NE:
    if (Y.lo == Y.hi && X.lo == Y.lo) narrow(b, x, range(X.lo + 1, X.hi));
    if (Y.lo == Y.hi && X.hi == Y.lo && X.hi) narrow(b, x, range(X.lo, X.hi - 1));
    if (X.lo == X.hi && Y.lo == X.lo) narrow(b, y, range(Y.lo + 1, Y.hi));
    if (X.lo == X.hi && Y.hi == X.lo && Y.hi) narrow(b, y, range(Y.lo, Y.hi - 1));
    return;
  case SYMX_K_ULT:
    if (Y.hi == 0 || X.lo == m) {
      b->empty = true;
      return;
    }
    narrow(b, x, range(0, Y.hi - 1));
    narrow(b, y, range(X.lo + 1, m));
    return;
  case SYMX_K_ULE:
    narrow(b, x, range(0, Y.hi));
    narrow(b, y, range(X.lo, m));
    return;
  case SYMX_K_UGT: narrow_cmp(b, SYMX_K_ULT, y, x); return;
  case SYMX_K_UGE: narrow_cmp(b, SYMX_K_ULE, y, x); return;
  default: return;
  }
}

/* t's signed value must lie in lo..hi: narrowed when that is one
** unsigned interval (the range does not straddle zero) */
static void narrow_srange(bounds *b, const sx_expr *t, int64_t lo, int64_t hi) {
  if (lo > hi) {
    b->empty = true;
    return;
  }
  uint64_t m = sx_mask(t->width);
  if (lo >= 0 || hi < 0) narrow(b, t, range((uint64_t)lo & m, (uint64_t)hi & m));
}

/* x k y for a signed comparison k, on the signed views of both sides */
static void narrow_signed(bounds *b, int k, const sx_expr *x, const sx_expr *y) {
  unsigned w = x->width;
  int64_t xl, xh, yl, yh;
  if (!as_signed(eval(b, x, 0), w, &xl, &xh) || !as_signed(eval(b, y, 0), w, &yl, &yh)) return;
  if (k == SYMX_K_SGT || k == SYMX_K_SGE) {
    narrow_signed(b, k == SYMX_K_SGT ? SYMX_K_SLT : SYMX_K_SLE, y, x);
    return;
  }
  int64_t strict = k == SYMX_K_SLT; /* x < y: x <= y - 1 */
  int64_t smin = sx_sign_extend(1ull << (w - 1), w), smax = -(smin + 1);
  if ((strict && yh == smin) || (strict && xl == smax)) {
    b->empty = true;
    return;
  }
  narrow_srange(b, x, xl, yh - strict < xh ? yh - strict : xh);
  narrow_srange(b, y, xl + strict > yl ? xl + strict : yl, yh);
}

/* constraint c must evaluate to want */
static void narrow_top(bounds *b, const sx_expr *c, bool want, int depth) {
  if (depth > MAX_DEPTH) return;
  if (c->kind == SYMX_K_NOT) {
    narrow_top(b, c->args[0], !want, depth + 1);
  } else if ((c->kind == SYMX_K_AND && want) || (c->kind == SYMX_K_OR && !want)) {
    narrow_top(b, c->args[0], want, depth + 1);
    narrow_top(b, c->args[1], want, depth + 1);
  } else if (sx_cmp_negate(c->kind) >= 0) {
    narrow_cmp(b, want ? c->kind : sx_cmp_negate(c->kind), c->args[0], c->args[1]);
  }
}

#define MEMO_BYTES (MEMO_CAP * (sizeof(slot) + sizeof(uint16_t)))

static void memo_reset(bounds *b) {
  while (b->nused) b->memo[b->used[--b->nused]].e = NULL; /* a small factor fills few slots */
}

/* evaluation and narrowing, repeated until the domains stop changing */
static int propagate(bounds *b, sx_expr *const *g, size_t n) {
  for (int pass = 0; pass < MAX_PASSES; pass++) {
    memo_reset(b);
    for (size_t i = 0; i < n; i++)
      if (eval(b, g[i], 0).hi == 0 || b->empty) return SYMX_UNSAT;
    b->changed = false;
    for (size_t i = 0; i < n && !b->empty; i++) narrow_top(b, g[i], true, 0);
    if (b->empty) return SYMX_UNSAT;
    if (!b->changed) break;
  }
  return SYMX_UNKNOWN;
}

/* the search's budget and, when a model is wanted, where it starts and goes */
typedef struct hunt {
  uint64_t budget;
  const sx_assign *start;
  sx_assign **model;
} hunt;

/* a leaf that is an input byte: a read of an input array at a constant index */
static bool input_byte(const sx_expr *e) {
  return e->args[0]->kind == SYMX_K_ARRAY_INPUT && sx_is_const(e->args[1]);
}

/*
** Every leaf is one value and every constraint evaluates to true: when the
** leaves are input bytes, they are a model (start's other bytes kept). The
** evaluator checks it, so an inexact term can cost a model, never a wrong one.
*/
static int leaf_model(bounds *b, sx_expr *const *g, size_t n, hunt *h) {
  if (!h->model) return SYMX_UNKNOWN;
  for (size_t i = 0; i < n; i++)
    if (eval(b, g[i], 0).lo != 1) return SYMX_UNKNOWN;
  for (unsigned i = 0; i < b->nleaves; i++)
    if (!input_byte(b->leaves[i])) return SYMX_UNKNOWN;
  sx_assign *m = h->start ? symx_assign_copy(h->start) : symx_assign_new(b->ctx);
  if (!m) return SYMX_NOMEM;
  for (unsigned i = 0; i < b->nleaves; i++) {
    const sx_expr *e = b->leaves[i];
    uint8_t v = (uint8_t)eval(b, e, 0).lo;
    if (sx_assign_write(m, e->args[0]->arr->name, (size_t)e->args[1]->value, &v, 1) != SYMX_OK) {
      symx_assign_free(m);
      return SYMX_NOMEM;
    }
  }
  if (!symx_assign_satisfies(b->ctx, m, (symx_expr *const *)g, n)) {
    symx_assign_free(m);
    return SYMX_UNKNOWN;
  }
  *h->model = m;
  return SYMX_SAT;
}

/*
** Branch and prune: when propagation does not refute the factor, split the
** widest byte read in two on one of its unknown bits, alternately the
** highest (order facts: x + y <= y with y < x) and the lowest (modular
** facts: y == 3 + (x ^ y) with x & 3 == 2), and decide each half, depth
** first, within the budget. A byte split down to one value makes every
** term over it exact, so a branch whose leaves are all single values is
** either refuted or a model.
*/
static int search(bounds *b, sx_expr *const *g, size_t n, hunt *h, unsigned depth) {
  if (propagate(b, g, n) == SYMX_UNSAT) return SYMX_UNSAT;
  const sx_expr *leaf = NULL;
  iv best = {0, 0, 0, 0};
  memo_reset(b);
  for (unsigned i = 0; i < b->nleaves; i++) {
    iv v = norm(eval(b, b->leaves[i], 0), 8);
    if (b->empty) return SYMX_UNSAT;
    if (!leaf || v.hi - v.lo > best.hi - best.lo) leaf = b->leaves[i], best = v;
  }
  if (!leaf) return SYMX_UNKNOWN;
  if (best.lo == best.hi) return leaf_model(b, g, n, h);
  if (!h->budget) return SYMX_UNKNOWN;
  h->budget--;
  uint64_t unknown = 0xff & ~(best.z | best.o);
  uint64_t bit = depth & 1 ? unknown & -unknown : 1ull << (63 - __builtin_clzll(unknown));
  bounds *half = sx_alloc(b->ctx, sizeof *half);
  if (!half) return SYMX_NOMEM;
  memo_reset(b); /* the memo is shared: the half starts from an empty one */
  memcpy(half, b, offsetof(bounds, doms) + b->ndoms * sizeof(dom));
  narrow_store(half, leaf, (iv){0, 0xff, bit, 0});
  int rc = half->empty ? SYMX_UNSAT : search(half, g, n, h, depth + 1);
  memo_reset(half);
  sx_free(b->ctx, half, sizeof *half);
  if (rc != SYMX_UNSAT) return rc;
  narrow_store(b, leaf, (iv){0, 0xff, 0, bit});
  return b->empty ? SYMX_UNSAT : search(b, g, n, h, depth + 1);
}

static bounds *bounds_new(symx_ctx *ctx) {
  bounds *b = sx_calloc(ctx, sizeof *b);
  slot *memo = sx_calloc(ctx, MEMO_BYTES);
  if (!b || !memo) {
    sx_free(ctx, b, sizeof *b);
    sx_free(ctx, memo, MEMO_BYTES);
    return NULL;
  }
  b->ctx = ctx;
  b->memo = memo;
  b->used = (uint16_t *)(memo + MEMO_CAP);
  return b;
}

static void bounds_free(bounds *b) {
  sx_free(b->ctx, b->memo, MEMO_BYTES);
  sx_free(b->ctx, b, sizeof *b);
}

int sx_bounds_refutes(symx_ctx *ctx, sx_expr *cond) {
  bounds *b = bounds_new(ctx);
  if (!b) return sx_error(ctx, SYMX_NOMEM, "sx_bounds_refutes", "out of memory");
  bool no = eval(b, cond, 0).hi == 0 || b->empty;
  bounds_free(b);
  if (!no) return SYMX_UNKNOWN;
  SX_INC(ctx, bounds_cond_unsat);
  return SYMX_UNSAT;
}

int sx_bounds_check(symx_ctx *ctx, sx_expr *const *g, size_t n, uint64_t splits, const sx_assign *start,
                    sx_assign **model) {
  if (model) *model = NULL;
  bounds *b = bounds_new(ctx);
  if (!b) return sx_error(ctx, SYMX_NOMEM, "sx_bounds_check", "out of memory");
  hunt h = {splits, start, model};
  int rc = search(b, g, n, &h, 0);
  SX_ADD(ctx, bounds_splits, splits - h.budget);
  bounds_free(b);
  if (rc == SYMX_NOMEM) return sx_error(ctx, SYMX_NOMEM, "sx_bounds_check", "out of memory");
  if (rc == SYMX_UNSAT) SX_INC(ctx, bounds_unsat);
  else if (rc == SYMX_SAT) SX_INC(ctx, bounds_sat);
  else SX_INC(ctx, bounds_unknown);
  return rc;
}
