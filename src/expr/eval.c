/*
** eval.c — the evaluator, the fast-sat primitive. Two engines, one result:
**  - a first evaluation of a root walks the DAG iteratively (post-order,
**    the memo kept in the nodes: eval_stamp == the assignment's stamp, so a
**    sub-DAG shared with roots evaluated before under the same unchanged
**    assignment is not evaluated again), and nothing is allocated once the
**    work stack has grown;
**  - a root evaluated again (e.g. under fresh assignments) is compiled into
**    a plan: a straight-line program over a dense value array, constants
**    preloaded, one 24-byte instruction per node in topological order. Plans
**    are cached by root id (ids are never reused, and a live root keeps its
**    whole DAG alive and immutable, so a plan cannot go stale).
** Neither recurses: a 1,000,000-node chain is fine.
*/
#include "assign.h"
#include "alloc.h"
#include "apply_inline.h"
#include "error.h"
#include "stack.h"

#include <string.h>

/* ---- the plan ---- */

enum { OP_READ_INPUT = 200, OP_READ_CONST = 201 };

/* A read's chain ends at the array itself. */
#define NO_WRITE UINT32_MAX

typedef struct ins {
  uint8_t kind, width, argw, pad;
  uint32_t a, b, c; /* value slots (EXTRACT: b = lo; CONCAT: c = low width;
                    ** reads: b = head write's record in extra or NO_WRITE,
                    ** c = input number) */
  uint64_t imm;     /* mask of width; reads: input size or the const array */
} ins;

struct sx_eval_plan {
  uint64_t root_id;
  uint32_t root_slot, nconst;
  ins *code;
  size_t ncode;
  uint64_t *vals; /* nconst + ncode */
  /* per array write, once however many reads see it (a long chain is read
  ** at hundreds of indices): index slot, value slot, the next write's
  ** record (NO_WRITE at the array) */
  uint32_t *extra;
  size_t nextra;
  uint32_t *inputs; /* input ids read */
  size_t ninputs;
  const uint8_t **in_bytes;
  size_t *in_len;
  size_t cap_code, cap_vals, cap_extra, cap_in; /* allocated element counts */
};

typedef struct sx_eval_plan plan;

static void plan_free(symx_ctx *ctx, plan *p) {
  if (!p) return;
  sx_free(ctx, p->code, p->cap_code * sizeof *p->code);
  sx_free(ctx, p->vals, p->cap_vals * sizeof *p->vals);
  sx_free(ctx, p->extra, p->cap_extra * sizeof *p->extra);
  sx_free(ctx, p->inputs, p->cap_in * sizeof *p->inputs);
  sx_free(ctx, p->in_bytes, p->cap_in * sizeof *p->in_bytes);
  sx_free(ctx, p->in_len, p->cap_in * sizeof *p->in_len);
  sx_free(ctx, p, sizeof *p);
}

void sx_eval_cache_free(symx_ctx *ctx) {
  struct sx_expr_table *t = ctx->exprs;
  for (unsigned i = 0; i < sizeof t->plans / sizeof t->plans[0]; i++) {
    plan_free(ctx, t->plans[i]);
    t->plans[i] = NULL;
  }
}

typedef SX_STACK(sx_expr *) node_stack;
typedef SX_STACK(uint32_t) u32_stack;

/* Compiles root into a plan (NULL on OOM; nothing recorded). */
static plan *compile(symx_ctx *ctx, sx_expr *root) {
  struct sx_expr_table *t = ctx->exprs;
  uint64_t epoch = ++t->eval_epoch;
  node_stack st = {0}, order = {0}, roots = {0}; /* roots: per write record */
  u32_stack extra = {0}, inputs = {0};
  plan *p = sx_calloc(ctx, sizeof *p);
  if (!p || !SX_PUSH(ctx, st, root)) goto oom;
  /* post-order; eval_value: 0 = pushed, 1 = expanded, 2 = ordered (a node
  ** pushed but not expanded is pushed again: the top copy must go first) */
  root->eval_stamp = epoch;
  root->eval_value = 0;
  uint32_t nconst = 0, ncode = 0;
  while (!SX_EMPTY(st)) {
    sx_expr *e = SX_TOP(st);
    if (e->eval_value == 2) {
      (void)SX_POP(st);
      continue;
    }
    if (e->eval_value == 0 && e->nargs) {
      e->eval_value = 1;
      for (unsigned i = 0; i < e->nargs; i++) {
        sx_expr *c = e->args[i];
        if (c->eval_stamp == epoch && c->eval_value != 0) continue;
        c->eval_stamp = epoch;
        c->eval_value = 0;
        if (!SX_PUSH(ctx, st, c)) goto oom;
      }
      continue;
    }
    (void)SX_POP(st);
    e->eval_value = 2;
    if (!SX_PUSH(ctx, order, e)) goto oom;
    if (e->flags & SX_F_ARRAY) continue;
    if (e->kind == SYMX_K_CONST) nconst++;
    else ncode++;
  }
  p->root_id = root->id;
  p->nconst = nconst;
  p->ncode = ncode;
  p->cap_code = ncode ? ncode : 1;
  p->cap_vals = nconst + ncode;
  p->code = sx_alloc(ctx, p->cap_code * sizeof *p->code);
  p->vals = sx_alloc(ctx, p->cap_vals * sizeof *p->vals);
  if (!p->code || !p->vals) goto oom;
  uint32_t kc = 0, ki = 0;
  for (size_t k = 0; k < SX_SIZE(order); k++) { /* slots: constants first */
    sx_expr *e = SX_AT(order, k);
    if (e->flags & SX_F_ARRAY) continue;
    if (e->kind == SYMX_K_CONST) {
      p->vals[kc] = e->value;
      e->eval_value = kc++;
    } else {
      e->eval_value = nconst + ki++;
    }
  }
  ki = 0;
  for (size_t k = 0; k < SX_SIZE(order); k++) {
    sx_expr *e = SX_AT(order, k);
    if (e->kind == SYMX_K_ARRAY_WRITE) { /* its base came first (post-order) */
      sx_expr *b = e->args[0];
      bool w = b->kind == SYMX_K_ARRAY_WRITE;
      uint32_t rec = (uint32_t)SX_SIZE(extra);
      if (!SX_PUSH(ctx, extra, (uint32_t)e->args[1]->eval_value) ||
          !SX_PUSH(ctx, extra, (uint32_t)e->args[2]->eval_value) ||
          !SX_PUSH(ctx, extra, w ? (uint32_t)b->eval_value : NO_WRITE) ||
          !SX_PUSH(ctx, roots, w ? SX_AT(roots, b->eval_value / 3) : b))
        goto oom;
      e->eval_value = rec;
      continue;
    }
    if ((e->flags & SX_F_ARRAY) || e->kind == SYMX_K_CONST) continue;
    ins *in = &p->code[ki++];
    memset(in, 0, sizeof *in);
    in->kind = e->kind;
    in->width = e->width;
    in->argw = e->args[0]->width;
    in->imm = sx_mask(e->width);
    if (e->kind == SYMX_K_READ) {
      sx_expr *h = e->args[0];
      bool w = h->kind == SYMX_K_ARRAY_WRITE;
      in->a = (uint32_t)e->args[1]->eval_value;
      in->b = w ? (uint32_t)h->eval_value : NO_WRITE;
      const sx_expr *r = w ? SX_AT(roots, h->eval_value / 3) : h;
      if (r->kind == SYMX_K_ARRAY_CONST) {
        in->kind = OP_READ_CONST;
        in->imm = (uintptr_t)r->arr;
      } else {
        in->kind = OP_READ_INPUT;
        in->imm = r->arr->size;
        uint32_t j = 0;
        while (j < SX_SIZE(inputs) && SX_AT(inputs, j) != r->arr->input_id) j++;
        if (j == SX_SIZE(inputs) && !SX_PUSH(ctx, inputs, r->arr->input_id)) goto oom;
        in->c = j;
      }
      continue;
    }
    in->a = (uint32_t)e->args[0]->eval_value;
    if (e->nargs > 1) in->b = (uint32_t)e->args[1]->eval_value;
    if (e->nargs > 2) in->c = (uint32_t)e->args[2]->eval_value;
    if (e->kind == SYMX_K_EXTRACT) in->b = e->aux;
    if (e->kind == SYMX_K_CONCAT) in->pad = e->args[1]->width;
  }
  p->root_slot = (uint32_t)root->eval_value;
  /* move the side tables into exactly sized arrays */
  p->nextra = SX_SIZE(extra);
  p->ninputs = SX_SIZE(inputs);
  p->cap_extra = p->nextra ? p->nextra : 1;
  p->cap_in = p->ninputs ? p->ninputs : 1;
  p->extra = sx_alloc(ctx, p->cap_extra * sizeof *p->extra);
  p->inputs = sx_alloc(ctx, p->cap_in * sizeof *p->inputs);
  p->in_bytes = sx_alloc(ctx, p->cap_in * sizeof *p->in_bytes);
  p->in_len = sx_alloc(ctx, p->cap_in * sizeof *p->in_len);
  if (!p->extra || !p->inputs || !p->in_bytes || !p->in_len) goto oom;
  if (p->nextra) memcpy(p->extra, extra.begin, p->nextra * sizeof *p->extra);
  if (p->ninputs) memcpy(p->inputs, inputs.begin, p->ninputs * sizeof *p->inputs);
  SX_RELEASE(ctx, st);
  SX_RELEASE(ctx, order);
  SX_RELEASE(ctx, roots);
  SX_RELEASE(ctx, extra);
  SX_RELEASE(ctx, inputs);
  return p;
oom:
  SX_RELEASE(ctx, st);
  SX_RELEASE(ctx, order);
  SX_RELEASE(ctx, roots);
  SX_RELEASE(ctx, extra);
  SX_RELEASE(ctx, inputs);
  plan_free(ctx, p);
  return NULL;
}

static uint64_t run(plan *p, sx_assign *as) {
  for (size_t j = 0; j < p->ninputs; j++) {
    if (as) p->in_bytes[j] = sx_assign_bytes(as, p->inputs[j], &p->in_len[j]);
    else p->in_bytes[j] = NULL, p->in_len[j] = 0;
  }
  uint64_t *restrict v = p->vals;
  uint64_t *restrict out = v + p->nconst;
  const ins *code = p->code;
  const uint32_t *extra = p->extra;
  for (size_t k = 0, n = p->ncode; k < n; k++) {
    const ins *i = &code[k];
    uint64_t r;
    switch (i->kind) {
    case SYMX_K_ADD: r = (v[i->a] + v[i->b]) & i->imm; break;
    case SYMX_K_SUB: r = (v[i->a] - v[i->b]) & i->imm; break;
    case SYMX_K_MUL: r = (v[i->a] * v[i->b]) & i->imm; break;
    case SYMX_K_AND: r = v[i->a] & v[i->b]; break;
    case SYMX_K_OR: r = v[i->a] | v[i->b]; break;
    case SYMX_K_XOR: r = v[i->a] ^ v[i->b]; break;
    case SYMX_K_NOT: r = ~v[i->a] & i->imm; break;
    case SYMX_K_EQ: r = v[i->a] == v[i->b]; break;
    case SYMX_K_NE: r = v[i->a] != v[i->b]; break;
    case SYMX_K_ULT: r = v[i->a] < v[i->b]; break;
    case SYMX_K_ULE: r = v[i->a] <= v[i->b]; break;
    case SYMX_K_UGT: r = v[i->a] > v[i->b]; break;
    case SYMX_K_UGE: r = v[i->a] >= v[i->b]; break;
    case SYMX_K_UDIV: {
      uint64_t d = v[i->b];
      r = d ? v[i->a] / d : i->imm;
      break;
    }
    case SYMX_K_UREM: {
      uint64_t d = v[i->b];
      r = d ? v[i->a] % d : v[i->a];
      break;
    }
    case SYMX_K_SHL: {
      uint64_t d = v[i->b];
      r = d < i->width ? (v[i->a] << d) & i->imm : 0;
      break;
    }
    case SYMX_K_LSHR: {
      uint64_t d = v[i->b];
      r = d < i->width ? v[i->a] >> d : 0;
      break;
    }
    case SYMX_K_CONCAT: r = v[i->a] << i->pad | v[i->b]; break;
    case SYMX_K_EXTRACT: r = (v[i->a] >> i->b) & i->imm; break;
    case SYMX_K_ZEXT: r = v[i->a]; break;
    case SYMX_K_ITE: r = v[i->a] ? v[i->b] : v[i->c]; break;
    case OP_READ_INPUT:
    case OP_READ_CONST: {
      uint64_t idx = v[i->a];
      for (uint32_t w = i->b; w != NO_WRITE; w = extra[w + 2])
        if (v[extra[w]] == idx) {
          r = v[extra[w + 1]];
          goto done;
        }
      if (i->kind == OP_READ_CONST) {
        const sx_array_info *ai = (const sx_array_info *)(uintptr_t)i->imm;
        r = idx < ai->size ? ai->bytes[idx] : 0;
      } else {
        r = idx < i->imm && idx < p->in_len[i->c] ? p->in_bytes[i->c][idx] : 0;
      }
      break;
    }
    default:
      r = sx_apply_inline(i->kind, i->width, i->argw, v[i->a], v[i->b], v[i->c], i->b);
      break;
    }
  done:
    out[k] = r;
  }
  return v[p->root_slot];
}

/* ---- the memo walker (first evaluation of a root) ---- */

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

static inline uint64_t read_value(sx_expr *r, sx_assign *a) {
  uint64_t idx = r->args[1]->eval_value;
  sx_expr *arr = r->args[0];
  while (arr->kind == SYMX_K_ARRAY_WRITE) {
    if (arr->args[1]->eval_value == idx) return arr->args[2]->eval_value;
    arr = arr->args[0];
  }
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
  case SYMX_K_READ: v = read_value(e, a); break;
  default: {
    uint64_t x = e->args[0]->eval_value;
    uint64_t y = e->nargs > 1 ? e->args[1]->eval_value : 0;
    uint64_t z = e->nargs > 2 ? e->args[2]->eval_value : 0;
    v = sx_apply_inline(e->kind, e->width, e->args[0]->width, x, y, z, e->aux);
  }
  }
  e->eval_value = v;
  e->eval_stamp = epoch;
}

static uint64_t walk(symx_ctx *ctx, sx_expr *root, sx_assign *a) {
  struct sx_expr_table *t = ctx->exprs;
  /* under an assignment, nodes already evaluated under it are skipped */
  uint64_t epoch = a ? a->stamp : ++t->eval_epoch;
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

uint64_t sx_eval(symx_ctx *ctx, sx_expr *root, sx_assign *a) {
  struct sx_expr_table *t = ctx->exprs;
  SX_INC(ctx, eval_calls);
  if (root->kind == SYMX_K_CONST) return root->value;
  if (a && root->eval_stamp == a->stamp) return root->eval_value;
  const unsigned np = sizeof t->plans / sizeof t->plans[0], ns = sizeof t->seen_roots / sizeof t->seen_roots[0];
  for (unsigned i = 0; i < np; i++)
    if (t->plans[i] && t->plans[i]->root_id == root->id) return run(t->plans[i], a);
  bool seen = false;
  for (unsigned i = 0; i < ns && !seen; i++) seen = t->seen_roots[i] == root->id;
  if (seen && root->nargs) {
    plan *p = compile(ctx, root);
    if (p) { /* on OOM the walker still answers */
      plan_free(ctx, t->plans[t->plan_next]);
      t->plans[t->plan_next] = p;
      t->plan_next = (t->plan_next + 1) % np;
      return run(p, a);
    }
  }
  if (!seen) {
    t->seen_roots[t->seen_next] = root->id;
    t->seen_next = (t->seen_next + 1) % ns;
  }
  return walk(ctx, root, a);
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
