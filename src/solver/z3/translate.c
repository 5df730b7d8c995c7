/*
** translate.c — libsymx expressions to Z3 terms, one query at a time.
**
** A pre-pass marks, for every input the query reads, whether it must be a Z3
** array (some read reaches it at a symbolic index) or can be one bit-vector
** constant per byte read ("name#index"); a query without Z3 arrays is then
** pure QF_BV. The translation proper is an iterative post-order walk with a
** memo keyed by node, so deep DAGs cannot overflow the C stack. Width-1
** nodes keep a Bool form next to their (_ BitVec 1) form, so comparisons and
** connectives stay Boolean for Z3.
**
** Reads expand read-over-write themselves: Z3 is far faster on if-then-else
** chains than on select over long store chains. A write at a constant index
** that cannot match a constant read index is skipped; the others become
** ite(i == j, v, ...). The root gives the input's byte (0 outside the
** input, as in the evaluator) or the constant array's byte. A query expands
** at most EXPAND_BUDGET writes; reads beyond that use select over store
** chains, guarded the same way.
**
** Division by zero: Z3's bv[us]div / bv[us]rem follow SMT-LIB, which is the
** semantics of src/expr/apply.c (tests/solver/test_z3_diff.c checks it).
*/
#include "z3int.h"
#include "alloc.h"
#include "error.h"

#include <stdio.h>
#include <string.h>

#define EXPAND_BUDGET 200000
#define CONST_TABLE_MAX 256 /* constant arrays read as ite tables up to this size */

/* ---- memo: open addressing keyed by node ---- */

static size_t slot_of(const sx_backend *b, const sx_expr *e) {
  uint64_t h = e->id * 0x9e3779b97f4a7c15ull;
  size_t mask = b->memo_cap - 1, i = (size_t)(h >> 20) & mask;
  while (b->memo[i].e && b->memo[i].e != e) i = (i + 1) & mask;
  return i;
}

sx_z3_entry *sx_z3_memo_find(sx_backend *b, const sx_expr *e) {
  if (!b->memo_cap) return NULL;
  sx_z3_entry *x = &b->memo[slot_of(b, e)];
  return x->e ? x : NULL;
}

static bool memo_grow(sx_backend *b) {
  size_t ncap = b->memo_cap ? b->memo_cap * 2 : 1024;
  sx_z3_entry *old = b->memo;
  size_t ocap = b->memo_cap;
  sx_z3_entry *nm = sx_calloc(b->ctx, ncap * sizeof *nm);
  if (!nm) return false;
  b->memo = nm;
  b->memo_cap = ncap;
  SX_CLEAR(b->used);
  for (size_t i = 0; i < ocap; i++)
    if (old[i].e) {
      size_t j = slot_of(b, old[i].e);
      b->memo[j] = old[i];
      (void)SX_PUSH(b->ctx, b->used, j); /* fits: used held memo_n slots before */
    }
  if (old) sx_free(b->ctx, old, ocap * sizeof *old);
  return true;
}

static sx_z3_entry *memo_add(sx_backend *b, sx_expr *e) {
  if ((b->memo_n + 1) * 2 > b->memo_cap && !memo_grow(b)) {
    sx_z3_oom(b);
    return NULL;
  }
  size_t i = slot_of(b, e);
  if (!SX_PUSH(b->ctx, b->used, i)) {
    sx_z3_oom(b);
    return NULL;
  }
  b->memo[i].e = e;
  b->memo[i].bv = b->memo[i].bl = NULL;
  b->memo_n++;
  return &b->memo[i];
}

void sx_z3_memo_free(sx_backend *b) {
  if (b->memo) sx_free(b->ctx, b->memo, b->memo_cap * sizeof *b->memo);
  b->memo = NULL;
  b->memo_cap = b->memo_n = 0;
}

void sx_z3_query_end(sx_backend *b) {
  for (Z3_ast *a = b->trail.begin; a < b->trail.end; a++) Z3_dec_ref(b->z, *a);
  SX_CLEAR(b->trail);
  for (size_t *i = b->used.begin; i < b->used.end; i++) b->memo[*i].e = NULL;
  SX_CLEAR(b->used);
  b->memo_n = 0;
  SX_CLEAR(b->work);
  SX_CLEAR(b->bytes);
  SX_CLEAR(b->st);
  if (b->memo_cap > ((size_t)1 << 16)) sx_z3_memo_free(b); /* do not pin a huge memo */
}

/* ---- the two forms of a node ---- */

static Z3_ast bv_const(sx_backend *b, unsigned w, uint64_t v) {
  Z3_sort s = sx_z3_bv_sort(b, w);
  return s ? sx_z3_keep(b, Z3_mk_unsigned_int64(b->z, v, s)) : NULL;
}

Z3_ast sx_z3_bv(sx_backend *b, sx_expr *e) {
  sx_z3_entry *x = sx_z3_memo_find(b, e);
  if (!x || b->failed) return NULL;
  if (!x->bv && x->bl) {
    Z3_ast one = bv_const(b, 1, 1), zero = one ? bv_const(b, 1, 0) : NULL;
    if (!zero) return NULL;
    x->bv = sx_z3_keep(b, Z3_mk_ite(b->z, x->bl, one, zero)); /* keep() never moves the memo */
  }
  return x->bv;
}

Z3_ast sx_z3_bool(sx_backend *b, sx_expr *e) {
  sx_z3_entry *x = sx_z3_memo_find(b, e);
  if (!x || b->failed) return NULL;
  if (!x->bl && x->bv) {
    Z3_ast one = bv_const(b, 1, 1);
    if (!one) return NULL;
    x->bl = sx_z3_keep(b, Z3_mk_eq(b->z, x->bv, one));
  }
  return x->bl;
}

static bool has_bool(sx_backend *b, sx_expr *e) {
  sx_z3_entry *x = sx_z3_memo_find(b, e);
  return x && x->bl;
}

const sx_expr *sx_z3_array_root(const sx_expr *a) {
  while (a->kind == SYMX_K_ARRAY_WRITE) a = a->args[0];
  return a;
}

/* ---- pre-pass ---- */

static bool set_array_mode(sx_backend *b, const sx_expr *root) {
  if (root->kind == SYMX_K_ARRAY_INPUT) b->array_mode[root->arr->input_id] = 1;
  b->uses_arrays = true;
  return true;
}

/* Decides how a read is translated; the decision stays in the node
** (eval_value = 1: select over store chains) for this query's epoch. */
static void classify_read(sx_backend *b, sx_expr *e) {
  sx_expr *idx = e->args[1], *w = e->args[0];
  size_t pending = 0;
  bool hit = false;
  for (; w->kind == SYMX_K_ARRAY_WRITE; w = w->args[0]) {
    sx_expr *j = w->args[1];
    if (sx_is_const(idx) && sx_is_const(j)) {
      if (idx->value != j->value) continue;
      hit = true;
      break;
    }
    pending++;
  }
  e->eval_value = 0;
  if (b->expanded + pending > EXPAND_BUDGET) {
    e->eval_value = 1;
    set_array_mode(b, sx_z3_array_root(e->args[0]));
    return;
  }
  b->expanded += pending;
  if (!hit && !sx_is_const(idx) && !(w->kind == SYMX_K_ARRAY_CONST && w->arr->size <= CONST_TABLE_MAX))
    set_array_mode(b, w);
}

static bool prepass(sx_backend *b, sx_expr *const *cs, size_t n) {
  struct sx_expr_table *t = b->ctx->exprs;
  if (t->ninputs > b->array_mode_cap) {
    size_t ncap = t->ninputs * 2;
    uint8_t *p = sx_realloc(b->ctx, b->array_mode, b->array_mode_cap, ncap);
    if (!p) {
      sx_z3_oom(b);
      return false;
    }
    b->array_mode = p;
    b->array_mode_cap = ncap;
  }
  if (b->array_mode_cap) memset(b->array_mode, 0, b->array_mode_cap);
  b->uses_arrays = false;
  b->expanded = 0;
  /* node marks: the evaluator's memo fields under a fresh epoch (as the
  ** printer does); nothing evaluates until the translation is done */
  uint64_t epoch = b->epoch = ++t->eval_epoch;
  for (size_t i = 0; i < n; i++)
    if (!SX_PUSH(b->ctx, b->work, (uintptr_t)cs[i])) goto oom;
  while (!SX_EMPTY(b->work)) {
    sx_expr *e = (sx_expr *)SX_POP(b->work);
    if (e->eval_stamp == epoch) continue;
    e->eval_stamp = epoch;
    e->eval_value = 0;
    if (e->kind == SYMX_K_READ) classify_read(b, e);
    for (unsigned i = 0; i < e->nargs; i++)
      if (e->args[i]->eval_stamp != epoch && !SX_PUSH(b->ctx, b->work, (uintptr_t)e->args[i])) goto oom;
  }
  return true;
oom:
  SX_CLEAR(b->work);
  sx_z3_oom(b);
  return false;
}

/* ---- arrays and reads ---- */

static Z3_ast mk_const_array(sx_backend *b, const sx_expr *e) {
  unsigned iw = e->aux;
  Z3_sort is = sx_z3_bv_sort(b, iw);
  Z3_ast zero = is ? bv_const(b, 8, 0) : NULL;
  Z3_ast a = zero ? sx_z3_keep(b, Z3_mk_const_array(b->z, is, zero)) : NULL;
  for (uint64_t i = 0; a && i < e->arr->size; i++) {
    if (!e->arr->bytes[i]) continue;
    Z3_ast idx = bv_const(b, iw, i), val = idx ? bv_const(b, 8, e->arr->bytes[i]) : NULL;
    a = val ? sx_z3_keep(b, Z3_mk_store(b->z, a, idx, val)) : NULL;
  }
  return a;
}

/* A small constant array read at a symbolic index: an ite chain over its
** nonzero bytes (no Z3 array, which keeps the query in QF_BV). */
static Z3_ast const_table(sx_backend *b, const sx_expr *root, Z3_ast zi) {
  Z3_ast r = bv_const(b, 8, 0);
  for (uint64_t i = root->arr->size; r && i-- > 0;) {
    if (!root->arr->bytes[i]) continue;
    Z3_ast ci = bv_const(b, root->aux, i), v = ci ? bv_const(b, 8, root->arr->bytes[i]) : NULL;
    Z3_ast eq = v ? sx_z3_keep(b, Z3_mk_eq(b->z, zi, ci)) : NULL;
    r = eq ? sx_z3_keep(b, Z3_mk_ite(b->z, eq, v, r)) : NULL;
  }
  return r;
}

static Z3_ast mk_input_array(sx_backend *b, const sx_expr *e) {
  Z3_sort s = sx_z3_arr_sort(b, e->aux);
  Z3_symbol sym = s ? Z3_mk_string_symbol(b->z, e->arr->name) : NULL;
  return sym && !sx_z3_failed(b) ? sx_z3_keep(b, Z3_mk_const(b->z, sym, s)) : NULL;
}

/* The Z3 array of an array node, built on first use. */
static Z3_ast get_array(sx_backend *b, sx_expr *arr) {
  sx_z3_entry *x = sx_z3_memo_find(b, arr);
  if (!x || b->failed) return NULL;
  if (x->bv) return x->bv;
  size_t mark = SX_SIZE(b->work);
  sx_expr *n = arr;
  for (;;) { /* down to the nearest node that has its array */
    sx_z3_entry *y = sx_z3_memo_find(b, n);
    if (y->bv) break;
    if (n->kind != SYMX_K_ARRAY_WRITE) {
      y->bv = n->kind == SYMX_K_ARRAY_CONST ? mk_const_array(b, n) : mk_input_array(b, n);
      if (!y->bv) return NULL;
      break;
    }
    if (!SX_PUSH(b->ctx, b->work, (uintptr_t)n)) {
      sx_z3_oom(b);
      return NULL;
    }
    n = n->args[0];
  }
  while (SX_SIZE(b->work) > mark) {
    sx_expr *w = (sx_expr *)SX_POP(b->work);
    Z3_ast a = sx_z3_memo_find(b, w->args[0])->bv;
    Z3_ast i = sx_z3_bv(b, w->args[1]), v = sx_z3_bv(b, w->args[2]);
    Z3_ast st = a && i && v ? sx_z3_keep(b, Z3_mk_store(b->z, a, i, v)) : NULL;
    if (!st) {
      b->work.end = b->work.begin + mark;
      return NULL;
    }
    sx_z3_memo_find(b, w)->bv = st;
  }
  return x->bv;
}

/* Input byte idx as a bit-vector constant "name#idx". */
static Z3_ast byte_const(sx_backend *b, sx_expr *in, uint64_t idx) {
  size_t len = strlen(in->arr->name) + 24;
  char *nm = sx_alloc(b->ctx, len);
  if (!nm) {
    sx_z3_oom(b);
    return NULL;
  }
  snprintf(nm, len, "%s#%llu", in->arr->name, (unsigned long long)idx);
  Z3_sort s8 = sx_z3_bv_sort(b, 8);
  Z3_symbol sym = s8 ? Z3_mk_string_symbol(b->z, nm) : NULL;
  sx_free(b->ctx, nm, len);
  Z3_ast c = sym && !sx_z3_failed(b) ? sx_z3_keep(b, Z3_mk_const(b->z, sym, s8)) : NULL;
  sx_z3_byte by = {in, idx, c};
  if (c && !SX_PUSH(b->ctx, b->bytes, by)) {
    sx_z3_oom(b);
    return NULL;
  }
  return c;
}

static Z3_ast guard_zero(sx_backend *b, Z3_ast guard, Z3_ast sel) {
  Z3_ast zero = guard ? bv_const(b, 8, 0) : NULL;
  return zero ? sx_z3_keep(b, Z3_mk_ite(b->z, guard, sel, zero)) : NULL;
}

/* The root of a read: input bytes outside the input read 0, constant
** arrays give their byte. */
static Z3_ast read_root(sx_backend *b, sx_expr *root, sx_expr *idx, Z3_ast zi) {
  uint64_t size = root->arr->size;
  bool in = root->kind == SYMX_K_ARRAY_INPUT;
  if (sx_is_const(idx)) {
    if (idx->value >= size) return bv_const(b, 8, 0);
    if (!in) return bv_const(b, 8, root->arr->bytes[idx->value]);
    if (!b->array_mode[root->arr->input_id]) return byte_const(b, root, idx->value);
  }
  if (!in && root->arr->size <= CONST_TABLE_MAX) return const_table(b, root, zi);
  Z3_ast za = get_array(b, root);
  Z3_ast sel = za ? sx_z3_keep(b, Z3_mk_select(b->z, za, zi)) : NULL;
  if (!sel || !in || sx_is_const(idx)) return sel;
  if (root->aux == 32 && size >= ((uint64_t)1 << 32)) return sel;
  Z3_ast zsize = bv_const(b, root->aux, size);
  return guard_zero(b, zsize ? sx_z3_keep(b, Z3_mk_bvult(b->z, zi, zsize)) : NULL, sel);
}

/* Over budget: select over the store chain; an index outside an input reads
** 0 unless a write of the chain hits it. */
static Z3_ast read_stored(sx_backend *b, sx_expr *arr, sx_expr *idx, Z3_ast zi) {
  Z3_ast za = get_array(b, arr);
  Z3_ast sel = za ? sx_z3_keep(b, Z3_mk_select(b->z, za, zi)) : NULL;
  const sx_expr *root = sx_z3_array_root(arr);
  if (!sel || root->kind != SYMX_K_ARRAY_INPUT) return sel; /* const roots read 0 already */
  uint64_t size = root->arr->size;
  if (root->aux == 32 && size >= ((uint64_t)1 << 32)) return sel;
  if (sx_is_const(idx) && idx->value < size) return sel;
  Z3_ast zsize = bv_const(b, root->aux, size);
  Z3_ast guard = zsize ? sx_z3_keep(b, Z3_mk_bvult(b->z, zi, zsize)) : NULL;
  for (const sx_expr *w = arr; guard && w->kind == SYMX_K_ARRAY_WRITE; w = w->args[0]) {
    const sx_expr *wi = w->args[1];
    if (sx_is_const(wi) && wi->value < size) continue; /* implied by idx < size */
    Z3_ast zwi = sx_z3_bv(b, (sx_expr *)wi);
    Z3_ast hit = zwi ? sx_z3_keep(b, Z3_mk_eq(b->z, zi, zwi)) : NULL;
    Z3_ast two[2] = {guard, hit};
    guard = hit ? sx_z3_keep(b, Z3_mk_or(b->z, 2, two)) : NULL;
  }
  return guard_zero(b, guard, sel);
}

static Z3_ast mk_read(sx_backend *b, sx_expr *e) {
  sx_expr *arr = e->args[0], *idx = e->args[1];
  Z3_ast zi = sx_z3_bv(b, idx);
  if (!zi) return NULL;
  if (e->eval_stamp == b->epoch && e->eval_value == 1) return read_stored(b, arr, idx, zi);
  size_t mark = SX_SIZE(b->work);
  sx_expr *w = arr, *hit = NULL;
  for (; w->kind == SYMX_K_ARRAY_WRITE; w = w->args[0]) {
    sx_expr *j = w->args[1];
    if (sx_is_const(idx) && sx_is_const(j)) {
      if (idx->value != j->value) continue;
      hit = w->args[2];
      break;
    }
    if (!SX_PUSH(b->ctx, b->work, (uintptr_t)w)) {
      sx_z3_oom(b);
      return NULL;
    }
  }
  Z3_ast r = hit ? sx_z3_bv(b, hit) : read_root(b, w, idx, zi);
  while (r && SX_SIZE(b->work) > mark) { /* innermost write first */
    sx_expr *x = (sx_expr *)SX_POP(b->work);
    Z3_ast zj = sx_z3_bv(b, x->args[1]), zv = sx_z3_bv(b, x->args[2]);
    Z3_ast eq = zj && zv ? sx_z3_keep(b, Z3_mk_eq(b->z, zi, zj)) : NULL;
    r = eq ? sx_z3_keep(b, Z3_mk_ite(b->z, eq, zv, r)) : NULL;
  }
  b->work.end = b->work.begin + mark;
  return r;
}

/* ---- operators ---- */

typedef Z3_ast (*mk2_fn)(Z3_context, Z3_ast, Z3_ast);

static mk2_fn bv_binary(int kind) {
  switch (kind) {
  case SYMX_K_ADD: return Z3_mk_bvadd;
  case SYMX_K_SUB: return Z3_mk_bvsub;
  case SYMX_K_MUL: return Z3_mk_bvmul;
  case SYMX_K_UDIV: return Z3_mk_bvudiv;
  case SYMX_K_SDIV: return Z3_mk_bvsdiv;
  case SYMX_K_UREM: return Z3_mk_bvurem;
  case SYMX_K_SREM: return Z3_mk_bvsrem;
  case SYMX_K_AND: return Z3_mk_bvand;
  case SYMX_K_OR: return Z3_mk_bvor;
  case SYMX_K_XOR: return Z3_mk_bvxor;
  case SYMX_K_SHL: return Z3_mk_bvshl;
  case SYMX_K_LSHR: return Z3_mk_bvlshr;
  case SYMX_K_ASHR: return Z3_mk_bvashr;
  case SYMX_K_CONCAT: return Z3_mk_concat;
  case SYMX_K_ULT: return Z3_mk_bvult;
  case SYMX_K_ULE: return Z3_mk_bvule;
  case SYMX_K_UGT: return Z3_mk_bvugt;
  case SYMX_K_UGE: return Z3_mk_bvuge;
  case SYMX_K_SLT: return Z3_mk_bvslt;
  case SYMX_K_SLE: return Z3_mk_bvsle;
  case SYMX_K_SGT: return Z3_mk_bvsgt;
  case SYMX_K_SGE: return Z3_mk_bvsge;
  default: return NULL;
  }
}

/* Translates one node whose arguments are translated. */
static bool node(sx_backend *b, sx_expr *e) {
  Z3_context z = b->z;
  Z3_ast bv = NULL, bl = NULL;
  int k = e->kind;
  bool boolish = e->width == 1 && e->nargs > 0;
  bool lazy = false; /* arrays: made when a read needs them */
  switch (k) {
  case SYMX_K_CONST: bv = bv_const(b, e->width, e->value); break;
  case SYMX_K_ARRAY_INPUT:
  case SYMX_K_ARRAY_CONST:
  case SYMX_K_ARRAY_WRITE: lazy = true; break;
  case SYMX_K_READ: bv = mk_read(b, e); break;
  case SYMX_K_NOT:
    if (boolish && has_bool(b, e->args[0])) {
      Z3_ast a = sx_z3_bool(b, e->args[0]);
      bl = a ? sx_z3_keep(b, Z3_mk_not(z, a)) : NULL;
    } else {
      Z3_ast a = sx_z3_bv(b, e->args[0]);
      bv = a ? sx_z3_keep(b, Z3_mk_bvnot(z, a)) : NULL;
    }
    break;
  case SYMX_K_NEG: {
    Z3_ast a = sx_z3_bv(b, e->args[0]);
    bv = a ? sx_z3_keep(b, Z3_mk_bvneg(z, a)) : NULL;
    break;
  }
  case SYMX_K_AND:
  case SYMX_K_OR:
  case SYMX_K_XOR:
    if (boolish && has_bool(b, e->args[0]) && has_bool(b, e->args[1])) {
      Z3_ast two[2] = {sx_z3_bool(b, e->args[0]), sx_z3_bool(b, e->args[1])};
      if (!two[0] || !two[1]) break;
      bl = sx_z3_keep(b, k == SYMX_K_AND  ? Z3_mk_and(z, 2, two)
                         : k == SYMX_K_OR ? Z3_mk_or(z, 2, two)
                                          : Z3_mk_xor(z, two[0], two[1]));
      break;
    }
    /* fall through */
  case SYMX_K_ADD:
  case SYMX_K_SUB:
  case SYMX_K_MUL:
  case SYMX_K_UDIV:
  case SYMX_K_SDIV:
  case SYMX_K_UREM:
  case SYMX_K_SREM:
  case SYMX_K_SHL:
  case SYMX_K_LSHR:
  case SYMX_K_ASHR:
  case SYMX_K_CONCAT: {
    Z3_ast a = sx_z3_bv(b, e->args[0]), c = sx_z3_bv(b, e->args[1]);
    bv = a && c ? sx_z3_keep(b, bv_binary(k)(z, a, c)) : NULL;
    break;
  }
  case SYMX_K_EXTRACT: {
    Z3_ast a = sx_z3_bv(b, e->args[0]);
    bv = a ? sx_z3_keep(b, Z3_mk_extract(z, (unsigned)e->value, e->aux, a)) : NULL;
    break;
  }
  case SYMX_K_ZEXT:
  case SYMX_K_SEXT: {
    Z3_ast a = sx_z3_bv(b, e->args[0]);
    unsigned by = e->width - e->args[0]->width;
    bv = a ? sx_z3_keep(b, k == SYMX_K_ZEXT ? Z3_mk_zero_ext(z, by, a) : Z3_mk_sign_ext(z, by, a))
           : NULL;
    break;
  }
  case SYMX_K_EQ:
  case SYMX_K_NE: {
    Z3_ast a, c;
    if (e->args[0]->width == 1 && has_bool(b, e->args[0]) && has_bool(b, e->args[1])) {
      a = sx_z3_bool(b, e->args[0]);
      c = sx_z3_bool(b, e->args[1]);
    } else {
      a = sx_z3_bv(b, e->args[0]);
      c = sx_z3_bv(b, e->args[1]);
    }
    Z3_ast eq = a && c ? sx_z3_keep(b, Z3_mk_eq(z, a, c)) : NULL;
    bl = eq && k == SYMX_K_NE ? sx_z3_keep(b, Z3_mk_not(z, eq)) : eq;
    break;
  }
  case SYMX_K_ULT:
  case SYMX_K_ULE:
  case SYMX_K_UGT:
  case SYMX_K_UGE:
  case SYMX_K_SLT:
  case SYMX_K_SLE:
  case SYMX_K_SGT:
  case SYMX_K_SGE: {
    Z3_ast a = sx_z3_bv(b, e->args[0]), c = sx_z3_bv(b, e->args[1]);
    bl = a && c ? sx_z3_keep(b, bv_binary(k)(z, a, c)) : NULL;
    break;
  }
  case SYMX_K_ITE: {
    Z3_ast c = sx_z3_bool(b, e->args[0]);
    if (!c) break;
    if (boolish && has_bool(b, e->args[1]) && has_bool(b, e->args[2])) {
      Z3_ast t = sx_z3_bool(b, e->args[1]), f = sx_z3_bool(b, e->args[2]);
      bl = t && f ? sx_z3_keep(b, Z3_mk_ite(z, c, t, f)) : NULL;
    } else {
      Z3_ast t = sx_z3_bv(b, e->args[1]), f = sx_z3_bv(b, e->args[2]);
      bv = t && f ? sx_z3_keep(b, Z3_mk_ite(z, c, t, f)) : NULL;
    }
    break;
  }
  default:
    sx_error(b->ctx, SYMX_SOLVER, SX_Z3_FN, "cannot translate expression kind %d", k);
    b->failed = true;
    return false;
  }
  if (b->failed || (!bv && !bl && !lazy)) {
    if (!b->failed) {
      sx_error(b->ctx, SYMX_SOLVER, SX_Z3_FN, "failed to translate %s", symx_kind_name((symx_kind)k));
      b->failed = true;
    }
    return false;
  }
  sx_z3_entry *x = memo_add(b, e);
  if (!x) return false;
  x->bv = bv;
  x->bl = bl;
  return true;
}

/* Post-order walk with an explicit stack; bit 0 of an item = "arguments
** already pushed". */
static bool translate(sx_backend *b, sx_expr *root) {
  if (sx_z3_memo_find(b, root)) return true;
  if (!SX_PUSH(b->ctx, b->work, (uintptr_t)root)) {
    sx_z3_oom(b);
    return false;
  }
  while (!SX_EMPTY(b->work)) {
    uintptr_t it = SX_TOP(b->work);
    sx_expr *e = (sx_expr *)(it & ~(uintptr_t)1);
    if (sx_z3_memo_find(b, e)) {
      (void)SX_POP(b->work);
      continue;
    }
    if ((it & 1) || e->nargs == 0) {
      (void)SX_POP(b->work);
      if (!node(b, e)) return false;
      continue;
    }
    b->work.end[-1] = it | 1;
    for (int i = e->nargs - 1; i >= 0; i--)
      if (!sx_z3_memo_find(b, e->args[i]) && !SX_PUSH(b->ctx, b->work, (uintptr_t)e->args[i])) {
        sx_z3_oom(b);
        return false;
      }
  }
  return true;
}

bool sx_z3_translate(sx_backend *b, sx_expr *const *cs, size_t n) {
  if (!prepass(b, cs, n)) return false;
  for (size_t i = 0; i < n; i++)
    if (!translate(b, cs[i]) || !sx_z3_bool(b, cs[i])) return false;
  return true;
}
