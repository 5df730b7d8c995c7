/*
** z3.c — the Z3 backend (libz3's C API, reference-counted context).
**
** Translation: one query at a time, with a memo keyed by node (iterative
** post-order walk, so deep DAGs cannot overflow the C stack). Width-1 nodes
** keep a Bool form next to their (_ BitVec 1) form so comparisons and boolean
** connectives stay Boolean for Z3. Input arrays are Z3 array constants named
** by the input name, constant arrays store chains over a constant-0 array,
** writes are store, reads select. A read whose array root is an input is
** guarded: outside the input's size (and not hit by a write) it reads 0, as
** in the evaluator. Division by zero: Z3's bv[us]div/bv[us]rem follow
** SMT-LIB, the semantics of src/expr/apply.c (tests/solver checks it).
**
** Memory: every AST the query creates is referenced once on a trail and
** released after the query; the whole Z3 context is recreated every
** QUERIES_PER_CONTEXT queries (and after an interrupt) so that Z3's own
** caches cannot grow over a long exploration.
**
** Models: an input array of at most MODEL_FULL_MAX bytes gets every byte
** 0..size-1. A bigger input gets only the bytes at the index values its reads
** take in the model (a prefix up to the highest such index, zeros between),
** which is all the evaluator looks at. When Z3's model reads a byte at or
** beyond MODEL_SPARSE_MAX, Z3 is asked again with those read indices bounded
** below it; if that fails too, the query fails with SYMX_UNSUPPORTED.
**
** Stop flag: a watcher thread (one per backend instance, asleep between
** queries) polls ctx->interrupted during Z3_solver_check and calls
** Z3_interrupt, so the answer becomes UNKNOWN.
*/
#include "solver/backend.h"
#include "alloc.h"
#include "error.h"
#include "stack.h"

#include <pthread.h>
#include <string.h>
#include <time.h>
#include <z3.h>

#define QUERIES_PER_CONTEXT 1000
#define MODEL_FULL_MAX ((uint64_t)1 << 20)
#define MODEL_SPARSE_MAX ((uint64_t)1 << 26)
#define WATCH_PERIOD_NS 5000000L

typedef struct entry {
  sx_expr *e;   /* NULL = free slot */
  Z3_ast bv;    /* bit-vector (or array) form, NULL until needed */
  Z3_ast bl;    /* width 1: Bool form, NULL until needed */
} entry;

typedef SX_STACK(Z3_ast) asts;
typedef SX_STACK(size_t) slots;
typedef SX_STACK(uintptr_t) items;
typedef struct store_entry { uint64_t idx; uint8_t val; } store_entry;
typedef SX_STACK(store_entry) stores;

struct sx_backend {
  symx_ctx *ctx;
  Z3_context z; /* NULL until the first query, and after a reset */
  unsigned queries;  /* queries on this Z3 context */
  bool dirty;        /* interrupted: recreate the context first */
  Z3_sort bv_sort[65];
  Z3_sort arr_sort[2]; /* index 32, 64 */
  /* per query */
  asts trail;
  entry *memo;
  size_t memo_cap; /* power of two (or 0) */
  size_t memo_n;
  slots used;
  items work;
  stores st;
  bool failed; /* a Z3 error or OOM was recorded */
  size_t expanded; /* writes expanded by reads in this query */
  /* stop-flag watcher */
  pthread_t thread;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool have_thread, checking, fired, quit;
};

#define FN "z3"

/* Z3 records the error code on its context; we read it after each call. */
static void on_z3_error(Z3_context c, Z3_error_code e) {
  SX_UNUSED(c);
  SX_UNUSED(e);
}

static bool z3_failed(sx_backend *b) {
  if (b->failed) return true;
  Z3_error_code code = Z3_get_error_code(b->z);
  if (code == Z3_OK) return false;
  sx_error(b->ctx, SYMX_SOLVER, FN, "Z3 error: %s", Z3_get_error_msg(b->z, code));
  b->failed = true;
  return true;
}

static void oom(sx_backend *b) {
  if (!b->failed) sx_error(b->ctx, SYMX_NOMEM, FN, "out of memory");
  b->failed = true;
}

/* References a freshly returned AST until the end of the query (in a
** reference-counted context, an unreferenced result dies at the next call). */
static Z3_ast keep(sx_backend *b, Z3_ast a) {
  if (b->failed) return NULL;
  if (!a) {
    if (!z3_failed(b)) {
      sx_error(b->ctx, SYMX_SOLVER, FN, "Z3 returned no term");
      b->failed = true;
    }
    return NULL;
  }
  Z3_inc_ref(b->z, a);
  if (!SX_PUSH(b->ctx, b->trail, a)) {
    Z3_dec_ref(b->z, a);
    oom(b);
    return NULL;
  }
  return a;
}

/* ---- Z3 context life-cycle ---- */

static void close_z3(sx_backend *b) {
  if (!b->z) return;
  for (unsigned w = 0; w <= 64; w++)
    if (b->bv_sort[w]) Z3_dec_ref(b->z, Z3_sort_to_ast(b->z, b->bv_sort[w]));
  for (unsigned i = 0; i < 2; i++)
    if (b->arr_sort[i]) Z3_dec_ref(b->z, Z3_sort_to_ast(b->z, b->arr_sort[i]));
  memset(b->bv_sort, 0, sizeof b->bv_sort);
  memset(b->arr_sort, 0, sizeof b->arr_sort);
  Z3_del_context(b->z);
  b->z = NULL;
  b->queries = 0;
  b->dirty = false;
}

static bool open_z3(sx_backend *b) {
  Z3_config cfg = Z3_mk_config();
  if (!cfg) return false;
  Z3_set_param_value(cfg, "model", "true");
  b->z = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (!b->z) return false;
  Z3_set_error_handler(b->z, on_z3_error);
  return true;
}

static Z3_sort bv_sort(sx_backend *b, unsigned w) {
  if (!b->bv_sort[w]) {
    Z3_sort s = Z3_mk_bv_sort(b->z, w);
    if (!s || z3_failed(b)) return NULL;
    Z3_inc_ref(b->z, Z3_sort_to_ast(b->z, s));
    b->bv_sort[w] = s;
  }
  return b->bv_sort[w];
}

static Z3_sort arr_sort(sx_backend *b, unsigned iw) {
  unsigned i = iw == 64;
  if (!b->arr_sort[i]) {
    Z3_sort is = bv_sort(b, iw), es = bv_sort(b, 8);
    if (!is || !es) return NULL;
    Z3_sort s = Z3_mk_array_sort(b->z, is, es);
    if (!s || z3_failed(b)) return NULL;
    Z3_inc_ref(b->z, Z3_sort_to_ast(b->z, s));
    b->arr_sort[i] = s;
  }
  return b->arr_sort[i];
}

/* ---- stop-flag watcher ---- */

static void *watch(void *arg) {
  sx_backend *b = arg;
  pthread_mutex_lock(&b->mu);
  while (!b->quit) {
    if (b->checking && !b->fired && b->ctx->interrupted) {
      Z3_interrupt(b->z);
      b->fired = true;
    }
    if (b->checking) {
      struct timespec ts;
      clock_gettime(CLOCK_REALTIME, &ts);
      ts.tv_nsec += WATCH_PERIOD_NS;
      if (ts.tv_nsec >= 1000000000L) {
        ts.tv_sec++;
        ts.tv_nsec -= 1000000000L;
      }
      pthread_cond_timedwait(&b->cv, &b->mu, &ts);
    } else {
      pthread_cond_wait(&b->cv, &b->mu);
    }
  }
  pthread_mutex_unlock(&b->mu);
  return NULL;
}

static void watch_begin(sx_backend *b) {
  if (!b->have_thread) return;
  pthread_mutex_lock(&b->mu);
  b->checking = true;
  b->fired = false;
  pthread_cond_signal(&b->cv);
  pthread_mutex_unlock(&b->mu);
}

/* Returns whether the watcher interrupted Z3 during this check. */
static bool watch_end(sx_backend *b) {
  if (!b->have_thread) return false;
  pthread_mutex_lock(&b->mu);
  b->checking = false;
  bool fired = b->fired;
  pthread_mutex_unlock(&b->mu);
  return fired;
}

/* ---- backend instance ---- */

static sx_backend *create(symx_ctx *ctx) {
  sx_backend *b = sx_calloc(ctx, sizeof *b);
  if (!b) {
    sx_error(ctx, SYMX_NOMEM, FN, "out of memory");
    return NULL;
  }
  b->ctx = ctx;
  if (pthread_mutex_init(&b->mu, NULL) == 0) {
    if (pthread_cond_init(&b->cv, NULL) == 0) {
      b->have_thread = pthread_create(&b->thread, NULL, watch, b) == 0;
      if (!b->have_thread) pthread_cond_destroy(&b->cv);
    }
    if (!b->have_thread) pthread_mutex_destroy(&b->mu);
  }
  /* without a watcher the stop flag is still seen before each query */
  return b;
}

static void destroy(sx_backend *b) {
  if (!b) return;
  symx_ctx *ctx = b->ctx;
  if (b->have_thread) {
    pthread_mutex_lock(&b->mu);
    b->quit = true;
    pthread_cond_signal(&b->cv);
    pthread_mutex_unlock(&b->mu);
    pthread_join(b->thread, NULL);
    pthread_cond_destroy(&b->cv);
    pthread_mutex_destroy(&b->mu);
  }
  close_z3(b);
  SX_RELEASE(ctx, b->trail);
  SX_RELEASE(ctx, b->used);
  SX_RELEASE(ctx, b->work);
  SX_RELEASE(ctx, b->st);
  if (b->memo) sx_free(ctx, b->memo, b->memo_cap * sizeof *b->memo);
  sx_free(ctx, b, sizeof *b);
}

/* ---- memo: open addressing keyed by node ---- */

static size_t slot_of(const sx_backend *b, const sx_expr *e) {
  uint64_t h = e->id * 0x9e3779b97f4a7c15ull;
  size_t mask = b->memo_cap - 1, i = (size_t)(h >> 20) & mask;
  while (b->memo[i].e && b->memo[i].e != e) i = (i + 1) & mask;
  return i;
}

static entry *memo_find(sx_backend *b, const sx_expr *e) {
  if (!b->memo_cap) return NULL;
  entry *x = &b->memo[slot_of(b, e)];
  return x->e ? x : NULL;
}

static bool memo_grow(sx_backend *b) {
  size_t ncap = b->memo_cap ? b->memo_cap * 2 : 1024;
  entry *old = b->memo;
  size_t ocap = b->memo_cap;
  entry *nm = sx_calloc(b->ctx, ncap * sizeof *nm);
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

static entry *memo_add(sx_backend *b, sx_expr *e) {
  if ((b->memo_n + 1) * 2 > b->memo_cap && !memo_grow(b)) {
    oom(b);
    return NULL;
  }
  size_t i = slot_of(b, e);
  if (!SX_PUSH(b->ctx, b->used, i)) {
    oom(b);
    return NULL;
  }
  b->memo[i].e = e;
  b->memo[i].bv = b->memo[i].bl = NULL;
  b->memo_n++;
  return &b->memo[i];
}

/* Ends a query: releases every AST it made and empties the memo. */
static void query_end(sx_backend *b) {
  for (Z3_ast *a = b->trail.begin; a < b->trail.end; a++) Z3_dec_ref(b->z, *a);
  SX_CLEAR(b->trail);
  for (size_t *i = b->used.begin; i < b->used.end; i++) b->memo[*i].e = NULL;
  SX_CLEAR(b->used);
  b->memo_n = 0;
  b->expanded = 0;
  SX_CLEAR(b->work);
  SX_CLEAR(b->st);
  /* a huge query must not pin a huge memo forever */
  if (b->memo_cap > ((size_t)1 << 16)) {
    sx_free(b->ctx, b->memo, b->memo_cap * sizeof *b->memo);
    b->memo = NULL;
    b->memo_cap = 0;
  }
  b->queries++;
}

/* ---- translation ---- */

static Z3_ast get_bv(sx_backend *b, sx_expr *e) {
  entry *x = memo_find(b, e);
  if (!x || b->failed) return NULL;
  if (!x->bv && x->bl) {
    Z3_sort s1 = bv_sort(b, 1);
    Z3_ast one = s1 ? keep(b, Z3_mk_unsigned_int64(b->z, 1, s1)) : NULL;
    Z3_ast zero = one ? keep(b, Z3_mk_unsigned_int64(b->z, 0, s1)) : NULL;
    if (!zero) return NULL;
    x = memo_find(b, e); /* keep() does not move the memo, but be safe */
    x->bv = keep(b, Z3_mk_ite(b->z, x->bl, one, zero));
  }
  return x->bv;
}

static Z3_ast get_bool(sx_backend *b, sx_expr *e) {
  entry *x = memo_find(b, e);
  if (!x || b->failed) return NULL;
  if (!x->bl && x->bv) {
    Z3_sort s1 = bv_sort(b, 1);
    Z3_ast one = s1 ? keep(b, Z3_mk_unsigned_int64(b->z, 1, s1)) : NULL;
    if (!one) return NULL;
    x->bl = keep(b, Z3_mk_eq(b->z, x->bv, one));
  }
  return x->bl;
}

static bool has_bool(sx_backend *b, sx_expr *e) {
  entry *x = memo_find(b, e);
  return x && x->bl;
}

static const sx_expr *array_root(const sx_expr *a) {
  while (a->kind == SYMX_K_ARRAY_WRITE) a = a->args[0];
  return a;
}

static Z3_ast mk_const_array(sx_backend *b, const sx_expr *e) {
  unsigned iw = e->aux;
  Z3_sort is = bv_sort(b, iw), es = bv_sort(b, 8);
  if (!is || !es) return NULL;
  Z3_ast zero = keep(b, Z3_mk_unsigned_int64(b->z, 0, es));
  Z3_ast a = zero ? keep(b, Z3_mk_const_array(b->z, is, zero)) : NULL;
  for (uint64_t i = 0; a && i < e->arr->size; i++) {
    if (!e->arr->bytes[i]) continue;
    Z3_ast idx = keep(b, Z3_mk_unsigned_int64(b->z, i, is));
    Z3_ast val = idx ? keep(b, Z3_mk_unsigned_int64(b->z, e->arr->bytes[i], es)) : NULL;
    a = val ? keep(b, Z3_mk_store(b->z, a, idx, val)) : NULL;
  }
  return a;
}

/* The Z3 array of an array node: built on first use (constant arrays and
** write chains are only needed for reads that are not expanded). */
static Z3_ast get_array(sx_backend *b, sx_expr *arr) {
  entry *x = memo_find(b, arr);
  if (!x || b->failed) return NULL;
  if (x->bv) return x->bv;
  /* find the nearest node of the chain that has its Z3 array */
  size_t mark = SX_SIZE(b->work);
  sx_expr *n = arr;
  for (;;) {
    entry *y = memo_find(b, n);
    if (y->bv) break;
    if (n->kind != SYMX_K_ARRAY_WRITE) {
      y->bv = mk_const_array(b, n); /* inputs always have theirs */
      if (!y->bv) return NULL;
      break;
    }
    if (!SX_PUSH(b->ctx, b->work, (uintptr_t)n)) {
      oom(b);
      return NULL;
    }
    n = n->args[0];
  }
  while (SX_SIZE(b->work) > mark) {
    sx_expr *w = (sx_expr *)SX_POP(b->work);
    Z3_ast a = memo_find(b, w->args[0])->bv, i = get_bv(b, w->args[1]), v = get_bv(b, w->args[2]);
    Z3_ast st = a && i && v ? keep(b, Z3_mk_store(b->z, a, i, v)) : NULL;
    if (!st) return NULL;
    memo_find(b, w)->bv = st;
  }
  return memo_find(b, arr)->bv;
}

static Z3_ast bv_const(sx_backend *b, unsigned w, uint64_t v) {
  Z3_sort s = bv_sort(b, w);
  return s ? keep(b, Z3_mk_unsigned_int64(b->z, v, s)) : NULL;
}

/* The root of a read: input bytes outside the input's size read 0, as in
** the evaluator; constant arrays give their byte. */
static Z3_ast read_root(sx_backend *b, sx_expr *root, sx_expr *idx, Z3_ast zi) {
  uint64_t size = root->arr->size;
  if (sx_is_const(idx)) {
    if (idx->value >= size) return bv_const(b, 8, 0);
    if (root->kind == SYMX_K_ARRAY_CONST) return bv_const(b, 8, root->arr->bytes[idx->value]);
  }
  Z3_ast za = get_array(b, root);
  Z3_ast sel = za ? keep(b, Z3_mk_select(b->z, za, zi)) : NULL;
  if (!sel || root->kind == SYMX_K_ARRAY_CONST || sx_is_const(idx)) return sel;
  if (root->aux == 32 && size >= ((uint64_t)1 << 32)) return sel;
  Z3_ast zsize = bv_const(b, root->aux, size);
  Z3_ast guard = zsize ? keep(b, Z3_mk_bvult(b->z, zi, zsize)) : NULL;
  Z3_ast zero = guard ? bv_const(b, 8, 0) : NULL;
  return zero ? keep(b, Z3_mk_ite(b->z, guard, sel, zero)) : NULL;
}

/* A read over a write chain that is too long to expand: select on the
** store chain, guarded so that an index outside an input reads 0 unless a
** write of the chain hits it. */
static Z3_ast read_stored(sx_backend *b, sx_expr *arr, sx_expr *idx, Z3_ast zi) {
  Z3_ast za = get_array(b, arr);
  Z3_ast sel = za ? keep(b, Z3_mk_select(b->z, za, zi)) : NULL;
  const sx_expr *root = array_root(arr);
  if (!sel || root->kind != SYMX_K_ARRAY_INPUT) return sel; /* const roots read 0 already */
  uint64_t size = root->arr->size;
  if (root->aux == 32 && size >= ((uint64_t)1 << 32)) return sel;
  if (sx_is_const(idx) && idx->value < size) return sel;
  Z3_ast zsize = bv_const(b, root->aux, size);
  Z3_ast guard = zsize ? keep(b, Z3_mk_bvult(b->z, zi, zsize)) : NULL;
  for (const sx_expr *w = arr; guard && w->kind == SYMX_K_ARRAY_WRITE; w = w->args[0]) {
    const sx_expr *wi = w->args[1];
    if (sx_is_const(wi) && wi->value < size) continue; /* implied by idx < size */
    Z3_ast zwi = get_bv(b, (sx_expr *)wi);
    Z3_ast hit = zwi ? keep(b, Z3_mk_eq(b->z, zi, zwi)) : NULL;
    Z3_ast two[2] = {guard, hit};
    guard = hit ? keep(b, Z3_mk_or(b->z, 2, two)) : NULL;
  }
  Z3_ast zero = guard ? bv_const(b, 8, 0) : NULL;
  return zero ? keep(b, Z3_mk_ite(b->z, guard, sel, zero)) : NULL;
}

/*
** read(chain, i): read-over-write is expanded here, because Z3 is far faster
** on if-then-else chains than on select over long store chains. Writes at
** constant indices that cannot match a constant i are skipped; the others
** become ite(i == j, v, ...) down to the root. A query expands at most
** EXPAND_BUDGET writes in all; reads beyond it use select over store.
*/
#define EXPAND_BUDGET 200000
static Z3_ast mk_read(sx_backend *b, sx_expr *e) {
  sx_expr *arr = e->args[0], *idx = e->args[1];
  Z3_ast zi = get_bv(b, idx);
  if (!zi) return NULL;
  size_t mark = SX_SIZE(b->work), pending = 0;
  sx_expr *w = arr, *hit = NULL;
  for (; w->kind == SYMX_K_ARRAY_WRITE; w = w->args[0]) {
    sx_expr *j = w->args[1];
    if (sx_is_const(idx) && sx_is_const(j)) {
      if (idx->value != j->value) continue;
      hit = w->args[2];
      break;
    }
    if (b->expanded + ++pending > EXPAND_BUDGET) {
      b->work.end = b->work.begin + mark;
      return read_stored(b, arr, idx, zi);
    }
    if (!SX_PUSH(b->ctx, b->work, (uintptr_t)w)) {
      oom(b);
      return NULL;
    }
  }
  b->expanded += pending;
  Z3_ast r = hit ? get_bv(b, hit) : read_root(b, w, idx, zi);
  while (r && SX_SIZE(b->work) > mark) { /* innermost write first */
    sx_expr *x = (sx_expr *)SX_POP(b->work);
    Z3_ast zj = get_bv(b, x->args[1]), zv = get_bv(b, x->args[2]);
    Z3_ast eq = zj && zv ? keep(b, Z3_mk_eq(b->z, zi, zj)) : NULL;
    r = eq ? keep(b, Z3_mk_ite(b->z, eq, zv, r)) : NULL;
  }
  b->work.end = b->work.begin + mark;
  return r;
}

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
  switch (k) {
  case SYMX_K_CONST: {
    Z3_sort s = bv_sort(b, e->width);
    bv = s ? keep(b, Z3_mk_unsigned_int64(z, e->value, s)) : NULL;
    break;
  }
  case SYMX_K_ARRAY_INPUT: {
    Z3_sort s = arr_sort(b, e->aux);
    Z3_symbol sym = s ? Z3_mk_string_symbol(z, e->arr->name) : NULL;
    bv = sym && !z3_failed(b) ? keep(b, Z3_mk_const(z, sym, s)) : NULL;
    break;
  }
  case SYMX_K_ARRAY_CONST:
  case SYMX_K_ARRAY_WRITE: break; /* Z3 arrays made on demand (get_array) */
  case SYMX_K_READ: bv = mk_read(b, e); break;
  case SYMX_K_NOT:
    if (boolish && has_bool(b, e->args[0])) {
      Z3_ast a = get_bool(b, e->args[0]);
      bl = a ? keep(b, Z3_mk_not(z, a)) : NULL;
    } else {
      Z3_ast a = get_bv(b, e->args[0]);
      bv = a ? keep(b, Z3_mk_bvnot(z, a)) : NULL;
    }
    break;
  case SYMX_K_NEG: {
    Z3_ast a = get_bv(b, e->args[0]);
    bv = a ? keep(b, Z3_mk_bvneg(z, a)) : NULL;
    break;
  }
  case SYMX_K_AND:
  case SYMX_K_OR:
  case SYMX_K_XOR:
    if (boolish && has_bool(b, e->args[0]) && has_bool(b, e->args[1])) {
      Z3_ast two[2] = {get_bool(b, e->args[0]), get_bool(b, e->args[1])};
      if (!two[0] || !two[1]) break;
      bl = keep(b, k == SYMX_K_AND   ? Z3_mk_and(z, 2, two)
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
    Z3_ast a = get_bv(b, e->args[0]), c = get_bv(b, e->args[1]);
    bv = a && c ? keep(b, bv_binary(k)(z, a, c)) : NULL;
    break;
  }
  case SYMX_K_EXTRACT: {
    Z3_ast a = get_bv(b, e->args[0]);
    bv = a ? keep(b, Z3_mk_extract(z, (unsigned)e->value, e->aux, a)) : NULL;
    break;
  }
  case SYMX_K_ZEXT:
  case SYMX_K_SEXT: {
    Z3_ast a = get_bv(b, e->args[0]);
    unsigned by = e->width - e->args[0]->width;
    bv = a ? keep(b, k == SYMX_K_ZEXT ? Z3_mk_zero_ext(z, by, a) : Z3_mk_sign_ext(z, by, a)) : NULL;
    break;
  }
  case SYMX_K_EQ:
  case SYMX_K_NE: {
    Z3_ast a, c;
    if (e->args[0]->width == 1 && has_bool(b, e->args[0]) && has_bool(b, e->args[1])) {
      a = get_bool(b, e->args[0]);
      c = get_bool(b, e->args[1]);
    } else {
      a = get_bv(b, e->args[0]);
      c = get_bv(b, e->args[1]);
    }
    Z3_ast eq = a && c ? keep(b, Z3_mk_eq(z, a, c)) : NULL;
    bl = eq && k == SYMX_K_NE ? keep(b, Z3_mk_not(z, eq)) : eq;
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
    Z3_ast a = get_bv(b, e->args[0]), c = get_bv(b, e->args[1]);
    bl = a && c ? keep(b, bv_binary(k)(z, a, c)) : NULL;
    break;
  }
  case SYMX_K_ITE: {
    Z3_ast c = get_bool(b, e->args[0]);
    if (!c) break;
    if (boolish && has_bool(b, e->args[1]) && has_bool(b, e->args[2])) {
      Z3_ast t = get_bool(b, e->args[1]), f = get_bool(b, e->args[2]);
      bl = t && f ? keep(b, Z3_mk_ite(z, c, t, f)) : NULL;
    } else {
      Z3_ast t = get_bv(b, e->args[1]), f = get_bv(b, e->args[2]);
      bv = t && f ? keep(b, Z3_mk_ite(z, c, t, f)) : NULL;
    }
    break;
  }
  default:
    sx_error(b->ctx, SYMX_SOLVER, FN, "cannot translate expression kind %d", k);
    b->failed = true;
    return false;
  }
  bool lazy = k == SYMX_K_ARRAY_CONST || k == SYMX_K_ARRAY_WRITE;
  if (b->failed || (!bv && !bl && !lazy)) {
    if (!b->failed) {
      sx_error(b->ctx, SYMX_SOLVER, FN, "failed to translate %s", symx_kind_name((symx_kind)k));
      b->failed = true;
    }
    return false;
  }
  entry *x = memo_add(b, e);
  if (!x) return false;
  x->bv = bv;
  x->bl = bl;
  return true;
}

/* Post-order walk with an explicit stack; bit 0 of an item = "arguments
** already pushed". */
static bool translate(sx_backend *b, sx_expr *root) {
  if (memo_find(b, root)) return true;
  if (!SX_PUSH(b->ctx, b->work, (uintptr_t)root)) {
    oom(b);
    return false;
  }
  while (!SX_EMPTY(b->work)) {
    uintptr_t it = SX_TOP(b->work);
    sx_expr *e = (sx_expr *)(it & ~(uintptr_t)1);
    if (memo_find(b, e)) {
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
      if (!memo_find(b, e->args[i]) && !SX_PUSH(b->ctx, b->work, (uintptr_t)e->args[i])) {
        oom(b);
        return false;
      }
  }
  return true;
}

/* ---- models ---- */

static bool numeral(sx_backend *b, Z3_ast a, uint64_t *v) {
  return a && Z3_get_numeral_uint64(b->z, a, v) && !z3_failed(b);
}

/* Reads the model's value of array A as a default byte plus explicit
** entries (store chains, constant arrays, as-array function tables).
** false when Z3 chose another form (the caller then asks byte by byte). */
static bool array_interp(sx_backend *b, Z3_model m, Z3_ast A, uint8_t *def) {
  Z3_context z = b->z;
  Z3_ast v = NULL;
  if (!Z3_model_eval(z, m, A, true, &v) || !keep(b, v)) return false;
  SX_CLEAR(b->st);
  for (;;) {
    if (Z3_get_ast_kind(z, v) != Z3_APP_AST) return false;
    Z3_app app = Z3_to_app(z, v);
    Z3_func_decl d = Z3_get_app_decl(z, app);
    if (!d || !keep(b, Z3_func_decl_to_ast(z, d))) return false;
    Z3_decl_kind dk = Z3_get_decl_kind(z, d);
    uint64_t i, x;
    if (dk == Z3_OP_STORE) {
      Z3_ast ai = keep(b, Z3_get_app_arg(z, app, 1)), av = keep(b, Z3_get_app_arg(z, app, 2));
      if (!numeral(b, ai, &i) || !numeral(b, av, &x)) return false;
      store_entry se = {i, (uint8_t)x};
      if (!SX_PUSH(b->ctx, b->st, se)) return false;
      v = keep(b, Z3_get_app_arg(z, app, 0));
      if (!v) return false;
    } else if (dk == Z3_OP_CONST_ARRAY) {
      Z3_ast av = keep(b, Z3_get_app_arg(z, app, 0));
      if (!numeral(b, av, &x)) return false;
      *def = (uint8_t)x;
      return true;
    } else if (dk == Z3_OP_AS_ARRAY) {
      Z3_func_decl f = Z3_get_as_array_func_decl(z, v);
      if (!f || !keep(b, Z3_func_decl_to_ast(z, f))) return false;
      Z3_func_interp fi = Z3_model_get_func_interp(z, m, f);
      if (!fi || z3_failed(b)) return false;
      Z3_func_interp_inc_ref(z, fi);
      bool ok = true;
      unsigned n = Z3_func_interp_get_num_entries(z, fi);
      for (unsigned k = 0; ok && k < n; k++) {
        Z3_func_entry en = Z3_func_interp_get_entry(z, fi, k);
        if (!en) {
          ok = false;
          break;
        }
        Z3_func_entry_inc_ref(z, en);
        Z3_ast ai = keep(b, Z3_func_entry_get_arg(z, en, 0));
        Z3_ast av = ai ? keep(b, Z3_func_entry_get_value(z, en)) : NULL;
        ok = numeral(b, ai, &i) && numeral(b, av, &x);
        store_entry se = {i, (uint8_t)x};
        if (ok && !SX_PUSH(b->ctx, b->st, se)) ok = false;
        Z3_func_entry_dec_ref(z, en);
      }
      Z3_ast el = ok ? keep(b, Z3_func_interp_get_else(z, fi)) : NULL;
      ok = ok && numeral(b, el, &x);
      Z3_func_interp_dec_ref(z, fi);
      *def = (uint8_t)x;
      return ok;
    } else {
      return false;
    }
  }
}

/* The model's byte of A at index i (slow path). */
static bool model_byte(sx_backend *b, Z3_model m, Z3_ast A, Z3_ast zi, uint8_t *out) {
  Z3_ast sel = keep(b, Z3_mk_select(b->z, A, zi)), v = NULL;
  if (!sel || !Z3_model_eval(b->z, m, sel, true, &v)) return false;
  uint64_t x;
  if (!numeral(b, keep(b, v), &x)) return false;
  *out = (uint8_t)x;
  return true;
}

static int model_full(sx_backend *b, Z3_model m, sx_expr *in, Z3_ast A, sx_assign *model) {
  symx_ctx *ctx = b->ctx;
  size_t size = (size_t)in->arr->size;
  uint8_t *buf = sx_alloc(ctx, size);
  if (!buf) return sx_error(ctx, SYMX_NOMEM, FN, "out of memory");
  uint8_t def = 0;
  int rc = SYMX_OK;
  bool got = array_interp(b, m, A, &def);
  if (!got && b->failed) {
    sx_free(ctx, buf, size);
    return ctx->errcode;
  }
  if (got) {
    memset(buf, def, size);
    for (store_entry *s = b->st.end; s > b->st.begin;) { /* innermost store first */
      s--;
      if (s->idx < size) buf[s->idx] = s->val;
    }
  } else {
    /* Z3 chose an unexpected form: ask byte by byte */
    Z3_sort is = bv_sort(b, in->aux);
    for (size_t i = 0; i < size && rc == SYMX_OK; i++) {
      size_t mark = SX_SIZE(b->trail);
      Z3_ast zi = is ? keep(b, Z3_mk_unsigned_int64(b->z, i, is)) : NULL;
      if (!zi || !model_byte(b, m, A, zi, &buf[i])) rc = b->failed ? b->ctx->errcode : SYMX_SOLVER;
      while (SX_SIZE(b->trail) > mark) Z3_dec_ref(b->z, SX_POP(b->trail)); /* bounded trail */
    }
    if (rc == SYMX_SOLVER && !b->failed)
      sx_error(ctx, SYMX_SOLVER, FN, "no model value for input '%s'", in->arr->name);
  }
  if (rc == SYMX_OK) rc = sx_assign_write(model, in->arr->name, 0, buf, size);
  sx_free(ctx, buf, size);
  return rc;
}

/* Inputs above MODEL_FULL_MAX: the bytes at the index values of the reads.
** FAR: a read needs a byte at or beyond MODEL_SPARSE_MAX (nothing recorded). */
#define FAR (-1)
static int model_sparse(sx_backend *b, Z3_model m, sx_expr *in, Z3_ast A, sx_assign *model) {
  symx_ctx *ctx = b->ctx;
  for (size_t *u = b->used.begin; u < b->used.end; u++) {
    sx_expr *e = b->memo[*u].e;
    if (e->kind != SYMX_K_READ || array_root(e->args[0]) != in) continue;
    Z3_ast zi = get_bv(b, e->args[1]), v = NULL;
    uint64_t idx;
    uint8_t byte;
    if (!zi || !Z3_model_eval(b->z, m, zi, true, &v) || !numeral(b, keep(b, v), &idx) ||
        !model_byte(b, m, A, zi, &byte)) {
      if (!b->failed) sx_error(ctx, SYMX_SOLVER, FN, "no model value for a read of '%s'", in->arr->name);
      return ctx->errcode;
    }
    if (idx >= in->arr->size) continue; /* reads 0 by definition */
    if (idx >= MODEL_SPARSE_MAX) return FAR;
    int rc = sx_assign_write(model, in->arr->name, (size_t)idx, &byte, 1);
    if (rc != SYMX_OK) return rc;
  }
  return SYMX_OK;
}

/* After a FAR model: asks Z3 again with every symbolic read index of a big
** input below MODEL_SPARSE_MAX. */
static bool bound_big_reads(sx_backend *b, Z3_solver s) {
  for (size_t k = 0; k < SX_SIZE(b->used); k++) {
    sx_expr *e = b->memo[SX_AT(b->used, k)].e;
    if (e->kind != SYMX_K_READ || sx_is_const(e->args[1])) continue;
    const sx_expr *root = array_root(e->args[0]);
    if (root->kind != SYMX_K_ARRAY_INPUT || root->arr->size <= MODEL_FULL_MAX) continue;
    Z3_sort is = bv_sort(b, root->aux);
    Z3_ast zi = get_bv(b, e->args[1]);
    Z3_ast lim = is && zi ? keep(b, Z3_mk_unsigned_int64(b->z, MODEL_SPARSE_MAX, is)) : NULL;
    Z3_ast lt = lim ? keep(b, Z3_mk_bvult(b->z, zi, lim)) : NULL;
    if (!lt) return false;
    Z3_solver_assert(b->z, s, lt);
    if (z3_failed(b)) return false;
  }
  return true;
}

static int extract_model(sx_backend *b, Z3_model m, sx_assign *model) {
  for (size_t k = 0; k < SX_SIZE(b->used); k++) {
    entry *x = &b->memo[SX_AT(b->used, k)];
    if (x->e->kind != SYMX_K_ARRAY_INPUT) continue;
    int rc = x->e->arr->size <= MODEL_FULL_MAX ? model_full(b, m, x->e, x->bv, model)
                                                : model_sparse(b, m, x->e, x->bv, model);
    if (rc != SYMX_OK) return rc;
  }
  return SYMX_OK;
}

/* ---- check ---- */

static int solve(sx_backend *b, Z3_solver s, sx_expr *const *cs, size_t n, uint64_t deadline_ns,
                 sx_assign *model) {
  Z3_context z = b->z;
  for (size_t i = 0; i < n; i++) {
    if (!translate(b, cs[i])) return b->ctx->errcode;
    Z3_ast a = get_bool(b, cs[i]);
    if (!a) return b->ctx->errcode;
    Z3_solver_assert(z, s, a);
    if (z3_failed(b)) return b->ctx->errcode;
  }
  Z3_params p = Z3_mk_params(z);
  if (!p || z3_failed(b)) return b->ctx->errcode;
  Z3_params_inc_ref(z, p);
  Z3_params_set_bool(z, p, Z3_mk_string_symbol(z, "ctrl_c"), false); /* no signal handlers */
  if (deadline_ns) {
    uint64_t now = sx_now_ns();
    uint64_t ms = deadline_ns > now ? (deadline_ns - now + 999999) / 1000000 : 0;
    if (ms == 0) {
      Z3_params_dec_ref(z, p);
      return SYMX_UNKNOWN;
    }
    Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "timeout"), ms > UINT32_MAX ? UINT32_MAX : (unsigned)ms);
  }
  Z3_solver_set_params(z, s, p);
  Z3_params_dec_ref(z, p);
  if (z3_failed(b)) return b->ctx->errcode;
  if (b->ctx->interrupted) return SYMX_UNKNOWN;
  watch_begin(b);
  Z3_lbool r = Z3_solver_check(z, s);
  if (watch_end(b)) b->dirty = true;
  if (z3_failed(b)) return b->ctx->errcode;
  if (r == Z3_L_FALSE) return SYMX_UNSAT;
  if (r == Z3_L_UNDEF) return SYMX_UNKNOWN;
  if (!model) return SYMX_SAT;
  for (int attempt = 0;; attempt++) {
    Z3_model m = Z3_solver_get_model(z, s);
    if (!m || z3_failed(b)) return b->failed ? b->ctx->errcode : sx_error(b->ctx, SYMX_SOLVER, FN, "no model");
    Z3_model_inc_ref(z, m);
    int rc = extract_model(b, m, model);
    Z3_model_dec_ref(z, m);
    if (rc != FAR) return rc == SYMX_OK ? SYMX_SAT : rc;
    if (attempt == 0 && bound_big_reads(b, s)) {
      watch_begin(b);
      r = Z3_solver_check(z, s);
      if (watch_end(b)) b->dirty = true;
      if (z3_failed(b)) return b->ctx->errcode;
      if (r == Z3_L_TRUE) continue;
    }
    if (b->failed) return b->ctx->errcode;
    return sx_error(b->ctx, SYMX_UNSUPPORTED, FN,
                    "the model reads an input byte beyond %llu, which an assignment cannot hold",
                    (unsigned long long)MODEL_SPARSE_MAX);
  }
}

static int check(sx_backend *b, sx_expr *const *cs, size_t n, uint64_t deadline_ns, sx_assign *model) {
  symx_ctx *ctx = b->ctx;
  if (b->z && (b->dirty || b->queries >= QUERIES_PER_CONTEXT)) close_z3(b);
  if (!b->z && !open_z3(b)) return sx_error(ctx, SYMX_SOLVER, FN, "cannot create a Z3 context");
  b->failed = false;
  Z3_solver s = Z3_mk_solver(b->z);
  if (!s || z3_failed(b)) {
    b->dirty = true;
    return b->failed ? ctx->errcode : sx_error(ctx, SYMX_SOLVER, FN, "cannot create a Z3 solver");
  }
  Z3_solver_inc_ref(b->z, s);
  int rc = solve(b, s, cs, n, deadline_ns, model);
  Z3_solver_dec_ref(b->z, s);
  query_end(b);
  if (b->failed) b->dirty = true; /* start the next query on a fresh context */
  return rc;
}

const sx_backend_vt sx_backend_z3 = {"z3", create, destroy, check};
