/*
** core.c — the hash-consing table and node life-cycle: every node of a
** context is created by sx_expr_make and dies in sx_expr_release_nonnull.
*/
#include "expr.h"
#include "alloc.h"
#include "error.h"
#include "hash.h"

#include <string.h>

int sx_expr_table_init(symx_ctx *ctx) {
  struct sx_expr_table *t = sx_calloc(ctx, sizeof *t);
  if (!t) return sx_error(ctx, SYMX_NOMEM, "symx_ctx_new", "out of memory");
  t->nbuckets = 1024;
  t->buckets = sx_calloc(ctx, t->nbuckets * sizeof *t->buckets);
  if (!t->buckets) {
    sx_free(ctx, t, sizeof *t);
    return sx_error(ctx, SYMX_NOMEM, "symx_ctx_new", "out of memory");
  }
  t->next_id = 1;
  t->eval_epoch = 1;
  ctx->exprs = t;
  return SYMX_OK;
}

static void free_node(symx_ctx *ctx, sx_expr *e) {
  if (e->arr) {
    sx_strfree(ctx, e->arr->name);
    if (e->arr->bytes) sx_free(ctx, e->arr->bytes, e->arr->size);
    sx_free(ctx, e->arr, sizeof *e->arr);
  }
  sx_free(ctx, e, sizeof *e);
  ctx->stats.v[SX_STAT_expr_live]--;
}

void sx_expr_table_free(symx_ctx *ctx) {
  struct sx_expr_table *t = ctx->exprs;
  if (!t) return;
  for (size_t i = 0; i < t->nbuckets; i++)
    for (sx_expr *e = t->buckets[i], *n; e; e = n) {
      n = e->next_in_bucket;
      free_node(ctx, e);
    }
  sx_free(ctx, t->buckets, t->nbuckets * sizeof *t->buckets);
  sx_free(ctx, t->inputs, t->cap_inputs * sizeof *t->inputs);
  if (t->scratch) sx_free(ctx, t->scratch, t->scratch_cap);
  sx_eval_cache_free(ctx);
  sx_free(ctx, t, sizeof *t);
  ctx->exprs = NULL;
}

static uint64_t node_hash(int kind, unsigned width, unsigned nargs, sx_expr *const *args,
                          uint64_t value, uint32_t aux, unsigned tags) {
  uint64_t h = sx_hash_mix((uint64_t)tags << 16 | (uint64_t)kind << 8 | width, value);
  h = sx_hash_mix(h, aux);
  for (unsigned i = 0; i < nargs; i++) h = sx_hash_mix(h, args[i]->id);
  return h;
}

static bool node_equal(const sx_expr *e, int kind, unsigned width, unsigned nargs,
                       sx_expr *const *args, uint64_t value, uint32_t aux, unsigned tags) {
  if (e->kind != kind || e->width != width || e->nargs != nargs || e->value != value || e->aux != aux ||
      (e->flags & SX_F_TAGS) != tags)
    return false;
  for (unsigned i = 0; i < nargs; i++)
    if (e->args[i] != args[i]) return false;
  return true;
}

static bool grow(symx_ctx *ctx) {
  struct sx_expr_table *t = ctx->exprs;
  size_t n = t->nbuckets * 2;
  sx_expr **b = sx_calloc(ctx, n * sizeof *b);
  if (!b) return false;
  for (size_t i = 0; i < t->nbuckets; i++)
    for (sx_expr *e = t->buckets[i], *next; e; e = next) {
      next = e->next_in_bucket;
      size_t j = e->hash & (n - 1);
      e->next_in_bucket = b[j];
      b[j] = e;
    }
  sx_free(ctx, t->buckets, t->nbuckets * sizeof *t->buckets);
  t->buckets = b;
  t->nbuckets = n;
  return true;
}

sx_expr *sx_expr_make(symx_ctx *ctx, int kind, unsigned width, unsigned nargs,
                      sx_expr *const *args, uint64_t value, uint32_t aux, const char *func) {
  struct sx_expr_table *t = ctx->exprs;
  unsigned tags = ctx->tag_extra; /* a node's tags: its arguments' and the ones asked for */
  for (unsigned i = 0; i < nargs; i++) tags |= args[i]->flags & SX_F_TAGS;
  uint64_t h = node_hash(kind, width, nargs, args, value, aux, tags);
  size_t slot = h & (t->nbuckets - 1);
  for (sx_expr *e = t->buckets[slot]; e; e = e->next_in_bucket)
    if (e->hash == h && node_equal(e, kind, width, nargs, args, value, aux, tags)) {
      e->refs++;
      SX_INC(ctx, expr_hashcons_hits);
      return e;
    }
  sx_expr *e = sx_alloc(ctx, sizeof *e);
  if (!e) {
    sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    return NULL;
  }
  memset(e, 0, sizeof *e);
  e->refs = 1;
  e->kind = (uint8_t)kind;
  e->width = (uint8_t)width;
  e->nargs = (uint8_t)nargs;
  e->value = value;
  e->aux = aux;
  e->hash = h;
  e->id = t->next_id++;
  e->ctx = ctx;
  uint32_t depth = 0;
  for (unsigned i = 0; i < nargs; i++) {
    e->args[i] = args[i];
    args[i]->refs++;
    e->flags |= args[i]->flags & SX_F_SYMBOLIC;
    if (args[i]->depth >= depth) depth = args[i]->depth + 1;
  }
  e->depth = depth;
  e->flags |= (uint8_t)tags;
  if (kind == SYMX_K_ARRAY_INPUT) e->flags |= SX_F_SYMBOLIC;
  if (kind >= SYMX_K_ARRAY_INPUT && kind <= SYMX_K_ARRAY_WRITE) e->flags |= SX_F_ARRAY;
  e->next_in_bucket = t->buckets[slot];
  t->buckets[slot] = e;
  t->count++;
  SX_INC(ctx, expr_created);
  SX_INC(ctx, expr_live);
  if (t->count > t->nbuckets) grow(ctx); /* failure to grow is harmless */
  return e;
}

static void unlink_node(symx_ctx *ctx, sx_expr *e) {
  struct sx_expr_table *t = ctx->exprs;
  sx_expr **p = &t->buckets[e->hash & (t->nbuckets - 1)];
  while (*p != e) p = &(*p)->next_in_bucket;
  *p = e->next_in_bucket;
  t->count--;
}

void sx_expr_release_nonnull(sx_expr *e) {
  if (--e->refs) return;
  /* iterative: releasing a long chain must not recurse once per node */
  symx_ctx *ctx = e->ctx;
  sx_expr *work = e; /* linked through next_in_bucket once unlinked */
  unlink_node(ctx, e);
  e->next_in_bucket = NULL;
  while (work) {
    sx_expr *n = work;
    work = n->next_in_bucket;
    for (unsigned i = 0; i < n->nargs; i++) {
      sx_expr *a = n->args[i];
      if (--a->refs == 0) {
        unlink_node(ctx, a);
        a->next_in_bucket = work;
        work = a;
      }
    }
    free_node(ctx, n);
  }
}

sx_expr *sx_input_by_id(symx_ctx *ctx, uint32_t id) {
  return id < ctx->exprs->ninputs ? ctx->exprs->inputs[id] : NULL;
}

/* ---- public inspection ---- */

symx_expr *symx_expr_retain(symx_expr *e) {
  if (e) e->refs++;
  return e;
}
void symx_expr_release(symx_expr *e) {
  if (e) sx_expr_release_nonnull(e);
}
size_t symx_expr_live(const symx_ctx *ctx) { return ctx && ctx->exprs ? ctx->exprs->count : 0; }
symx_kind symx_expr_kind(const symx_expr *e) { return e ? (symx_kind)e->kind : SYMX_K_CONST; }
unsigned symx_expr_width(const symx_expr *e) { return e ? e->width : 0; }
int symx_expr_is_array(const symx_expr *e) { return e && (e->flags & SX_F_ARRAY); }
int symx_expr_is_const(const symx_expr *e) { return e && e->kind == SYMX_K_CONST; }
uint64_t symx_expr_const_value(const symx_expr *e) { return e && e->kind == SYMX_K_CONST ? e->value : 0; }
unsigned symx_expr_nargs(const symx_expr *e) { return e ? e->nargs : 0; }
symx_expr *symx_expr_arg(const symx_expr *e, unsigned i) { return e && i < e->nargs ? e->args[i] : NULL; }
unsigned symx_expr_extract_hi(const symx_expr *e) {
  return e && e->kind == SYMX_K_EXTRACT ? (unsigned)e->value : 0;
}
unsigned symx_expr_extract_lo(const symx_expr *e) { return e && e->kind == SYMX_K_EXTRACT ? e->aux : 0; }
uint64_t symx_expr_id(const symx_expr *e) { return e ? e->id : 0; }
uint64_t symx_expr_hash(const symx_expr *e) { return e ? e->hash : 0; }

static const sx_expr *array_root(const symx_expr *a) {
  while (a && a->kind == SYMX_K_ARRAY_WRITE) a = a->args[0];
  return a;
}
const char *symx_array_name(const symx_expr *a) {
  const sx_expr *r = array_root(a);
  return r && r->arr ? r->arr->name : NULL;
}
uint64_t symx_array_size(const symx_expr *a) {
  const sx_expr *r = array_root(a);
  return r && r->arr ? r->arr->size : 0;
}
unsigned symx_array_index_width(const symx_expr *a) { return a && (a->flags & SX_F_ARRAY) ? a->aux : 0; }

const char *symx_kind_name(symx_kind k) {
  static const char *const names[SYMX_K_COUNT_] = {
      "const", "input", "const-array", "store", "select", "bvnot", "bvneg", "bvadd", "bvsub",
      "bvmul", "bvudiv", "bvsdiv", "bvurem", "bvsrem", "bvand", "bvor", "bvxor", "bvshl",
      "bvlshr", "bvashr", "concat", "extract", "zero_extend", "sign_extend", "=", "distinct",
      "bvult", "bvule", "bvugt", "bvuge", "bvslt", "bvsle", "bvsgt", "bvsge", "ite"};
  return (unsigned)k < SYMX_K_COUNT_ ? names[k] : "?";
}
