/*
** eval.c — the evaluator, the fast-sat primitive. Iterative post-order walk
** with the memo kept in the nodes themselves (eval_stamp == the context's
** epoch), so a call allocates nothing once the work stack has grown and a
** shared sub-DAG is evaluated once per call.
*/
#include "assign.h"
#include "alloc.h"
#include "error.h"

#include <string.h>

/* Work-stack entries are node pointers; bit 0 set = "children pushed". */
typedef uintptr_t item;

static item *grow_scratch(symx_ctx *ctx, size_t need) {
  struct sx_expr_table *t = ctx->exprs;
  size_t cap = t->scratch_cap ? t->scratch_cap : 4096;
  while (cap < need * sizeof(item)) cap *= 2;
  void *p = sx_realloc(ctx, t->scratch, t->scratch_cap, cap);
  if (!p) return NULL;
  t->scratch = p;
  t->scratch_cap = cap;
  return p;
}

static inline uint64_t read_value(sx_expr *r, uint64_t epoch, sx_assign *a) {
  uint64_t idx = r->args[1]->eval_value;
  sx_expr *arr = r->args[0];
  while (arr->kind == SYMX_K_ARRAY_WRITE) {
    if (arr->args[1]->eval_value == idx) return arr->args[2]->eval_value;
    arr = arr->args[0];
  }
  (void)epoch;
  sx_array_info *ai = arr->arr;
  if (idx >= ai->size) return 0;
  if (arr->kind == SYMX_K_ARRAY_CONST) return ai->bytes[idx];
  if (!a) return 0;
  size_t len;
  const uint8_t *b = sx_assign_bytes(a, ai->input_id, &len);
  return idx < len ? b[idx] : 0;
}

static void compute(sx_expr *e, sx_assign *a, uint64_t epoch) {
  uint64_t v;
  switch (e->kind) {
  case SYMX_K_CONST: v = e->value; break;
  case SYMX_K_ARRAY_INPUT:
  case SYMX_K_ARRAY_CONST:
  case SYMX_K_ARRAY_WRITE: v = 0; break;
  case SYMX_K_READ: v = read_value(e, epoch, a); break;
  default: {
    uint64_t x = e->args[0]->eval_value;
    uint64_t y = e->nargs > 1 ? e->args[1]->eval_value : 0;
    uint64_t z = e->nargs > 2 ? e->args[2]->eval_value : 0;
    v = sx_apply(e->kind, e->width, e->args[0]->width, x, y, z, e->value, e->aux);
  }
  }
  e->eval_value = v;
  e->eval_stamp = epoch;
}

uint64_t sx_eval(symx_ctx *ctx, sx_expr *root, sx_assign *a) {
  struct sx_expr_table *t = ctx->exprs;
  SX_INC(ctx, eval_calls);
  if (root->kind == SYMX_K_CONST) return root->value;
  uint64_t epoch = ++t->eval_epoch;
  size_t cap = t->scratch_cap / sizeof(item), n = 0;
  item *st = t->scratch;
  if (cap < 64) {
    st = grow_scratch(ctx, 64);
    if (!st) goto oom;
    cap = t->scratch_cap / sizeof(item);
  }
  st[n++] = (item)root;
  while (n) {
    item it = st[n - 1];
    sx_expr *e = (sx_expr *)(it & ~(item)1);
    if (e->eval_stamp == epoch) {
      n--;
      continue;
    }
    if (it & 1 || e->nargs == 0) {
      n--;
      compute(e, a, epoch);
      continue;
    }
    st[n - 1] = it | 1;
    if (n + 3 > cap) {
      st = grow_scratch(ctx, n + 3 + cap);
      if (!st) goto oom;
      cap = t->scratch_cap / sizeof(item);
    }
    for (int i = e->nargs - 1; i >= 0; i--) {
      sx_expr *c = e->args[i];
      if (c->eval_stamp != epoch) {
        if (c->nargs == 0) compute(c, a, epoch);
        else st[n++] = (item)c;
      }
    }
  }
  return root->eval_value;
oom:
  sx_error(ctx, SYMX_NOMEM, "sx_eval", "out of memory");
  return 0;
}

bool sx_eval_all(symx_ctx *ctx, sx_expr *const *cs, size_t n, sx_assign *a) {
  for (size_t i = 0; i < n; i++)
    if (sx_eval(ctx, cs[i], a) != 1) return false;
  return true;
}

int symx_eval(symx_ctx *ctx, symx_expr *e, const symx_assign *a, uint64_t *value) {
  if (!ctx) return SYMX_MISUSE;
  if (!e || !value) return SX_MISUSE(ctx, "NULL %s", !e ? "expression" : "value pointer");
  if (e->ctx != ctx) return SX_MISUSE(ctx, "expression belongs to another context");
  if (e->flags & SX_F_ARRAY) return SX_MISUSE(ctx, "cannot evaluate an array");
  if (a && a->ctx != ctx) return SX_MISUSE(ctx, "assignment belongs to another context");
  int before = ctx->errcode;
  ctx->errcode = SYMX_OK;
  uint64_t v = sx_eval(ctx, e, (sx_assign *)a);
  if (ctx->errcode == SYMX_NOMEM) return SYMX_NOMEM;
  ctx->errcode = before;
  *value = v;
  return SYMX_OK;
}

int symx_assign_satisfies(symx_ctx *ctx, const symx_assign *a, symx_expr *const *cs, size_t n) {
  if (!ctx) return -1;
  if (n && !cs) {
    SX_MISUSE(ctx, "NULL constraint array");
    return -1;
  }
  for (size_t i = 0; i < n; i++) {
    uint64_t v;
    if (!cs[i] || cs[i]->width != 1) {
      SX_MISUSE(ctx, "constraint %zu is %s", i, !cs[i] ? "NULL" : "not width 1");
      return -1;
    }
    if (symx_eval(ctx, cs[i], a, &v) != SYMX_OK) return -1;
    if (v != 1) return 0;
  }
  return 1;
}
