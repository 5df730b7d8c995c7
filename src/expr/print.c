/*
** print.c — SMT-LIB2 output of queries (symx_smt2_query) and a readable
** one-line form of an expression (symx_expr_str).
**
** Queries are QF_ABV scripts in which every term is a bit-vector: width-1
** expressions stay (_ BitVec 1), comparisons become (ite (op a b) #b1 #b0)
** and asserts read (assert (= e #b1)). Shared subterms, and terms that would
** nest deeper than MAX_INLINE, become (define-fun ?tID () sort body), so the
** output is linear in the DAG size and its nesting is bounded.
** Our reads of input arrays give 0 outside the array; SMT arrays are total,
** so such reads are printed guarded: (ite (or (bvult i size) (= i j1) ...)
** (select A i) #x00), where j1... are the indices written in A's chain.
** Constant arrays store every byte over an unconstrained base array
** symx!zero32 / symx!zero64 (z3 rejects (as const ...) in QF_ABV); their
** reads are guarded like input reads, so the base is never observed. The
** reader maps those two names back to all-zero constant arrays.
*/
#include "expr.h"
#include "printscan.h"
#include "alloc.h"
#include "error.h"
#include "stack.h"
#include "strbuf.h"

#include <string.h>

#define MAX_INLINE 24
#define F_EXPANDED (1ull << 32)
#define F_DEFINED (1ull << 33)
#define DEPTH_SHIFT 40

typedef SX_STACK(sx_expr *) node_stack;

typedef struct printer {
  symx_ctx *ctx;
  uint64_t epoch;
  sx_sb decl, defs;
  node_stack order; /* post-order */
  bool base_declared[2]; /* symx!zero32, symx!zero64 */
} printer;


static bool collect(printer *p, sx_expr *root) {
  node_stack st = {0};
  sx_pr_touch(p->epoch, root);
  if (root->eval_value & F_EXPANDED) return true;
  if (!SX_PUSH(p->ctx, st, root)) return false;
  while (!SX_EMPTY(st)) {
    sx_expr *e = SX_TOP(st);
    if (e->eval_value & F_EXPANDED) {
      (void)SX_POP(st);
      if (!(e->eval_value & F_DEFINED)) { /* not yet in order */
        e->eval_value |= F_DEFINED;       /* reused as "ordered" until decided */
        if (!SX_PUSH(p->ctx, p->order, e)) goto oom;
      }
      continue;
    }
    e->eval_value |= F_EXPANDED;
    for (unsigned i = 0; i < e->nargs; i++) {
      sx_expr *c = e->args[i];
      sx_pr_add_use(p->epoch, c);
      if (!(c->eval_value & F_EXPANDED) && !SX_PUSH(p->ctx, st, c)) goto oom;
    }
    if (e->kind == SYMX_K_READ && sx_pr_read_needs_guard(e)) {
      /* the index and the chain's indices are printed twice: name them */
      sx_pr_add_use(p->epoch, e->args[1]);
      for (sx_expr *a = e->args[0]; a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0]) sx_pr_add_use(p->epoch, a->args[1]);
    }
  }
  SX_RELEASE(p->ctx, st);
  return true;
oom:
  SX_RELEASE(p->ctx, st);
  return false;
}

static void put_symbol(sx_sb *b, const char *name) {
  bool simple = *name && !(*name >= '0' && *name <= '9');
  for (const char *c = name; *c && simple; c++)
    simple = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
             strchr("~!@$%^&*_-+=<>.?/", *c);
  if (simple) {
    sx_sb_puts(b, name);
    return;
  }
  sx_sb_putc(b, '|');
  sx_sb_puts(b, name);
  sx_sb_putc(b, '|');
}

static void put_sort(sx_sb *b, const sx_expr *e) {
  if (e->flags & SX_F_ARRAY) sx_sb_printf(b, "(Array (_ BitVec %u) (_ BitVec 8))", e->aux);
  else sx_sb_printf(b, "(_ BitVec %u)", e->width);
}

static bool is_defined(const sx_expr *e) {
  return e->kind == SYMX_K_ARRAY_CONST || (e->nargs > 0 && (e->eval_value & F_DEFINED));
}

static void render(printer *p, sx_sb *b, const sx_expr *e);

static void render_compare(printer *p, sx_sb *b, const char *op, const sx_expr *e, bool negate) {
  sx_sb_printf(b, "(ite (%s ", op);
  render(p, b, e->args[0]);
  sx_sb_putc(b, ' ');
  render(p, b, e->args[1]);
  sx_sb_puts(b, negate ? ") #b0 #b1)" : ") #b1 #b0)");
}

static void render_read(printer *p, sx_sb *b, const sx_expr *e) {
  bool guard = sx_pr_read_needs_guard(e);
  if (guard) {
    const sx_expr *root = sx_pr_chain_root(e->args[0]);
    sx_sb_puts(b, "(ite (or (bvult ");
    render(p, b, e->args[1]);
    sx_sb_putc(b, ' ');
    sx_sb_bits(b, root->arr->size, root->aux);
    sx_sb_putc(b, ')');
    for (const sx_expr *a = e->args[0]; a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0]) {
      sx_sb_puts(b, " (= ");
      render(p, b, e->args[1]);
      sx_sb_putc(b, ' ');
      render(p, b, a->args[1]);
      sx_sb_putc(b, ')');
    }
    sx_sb_puts(b, " false) ");
  }
  sx_sb_puts(b, "(select ");
  render(p, b, e->args[0]);
  sx_sb_putc(b, ' ');
  render(p, b, e->args[1]);
  sx_sb_putc(b, ')');
  if (guard) sx_sb_puts(b, " #x00)");
}

/* The body of e (its definition when e is defined). */
static void render_body(printer *p, sx_sb *b, const sx_expr *e) {
  const char *name = symx_kind_name((symx_kind)e->kind);
  switch (e->kind) {
  case SYMX_K_CONST: sx_sb_bits(b, e->value, e->width); return;
  case SYMX_K_ARRAY_INPUT: put_symbol(b, e->arr->name); return;
  case SYMX_K_READ: render_read(p, b, e); return;
  case SYMX_K_EXTRACT: sx_sb_printf(b, "((_ extract %u %u) ", (unsigned)e->value, e->aux); break;
  case SYMX_K_ZEXT: sx_sb_printf(b, "((_ zero_extend %u) ", e->width - e->args[0]->width); break;
  case SYMX_K_SEXT: sx_sb_printf(b, "((_ sign_extend %u) ", e->width - e->args[0]->width); break;
  case SYMX_K_EQ: render_compare(p, b, "=", e, false); return;
  case SYMX_K_NE: render_compare(p, b, "=", e, true); return;
  case SYMX_K_ULT: case SYMX_K_ULE: case SYMX_K_UGT: case SYMX_K_UGE:
  case SYMX_K_SLT: case SYMX_K_SLE: case SYMX_K_SGT: case SYMX_K_SGE:
    render_compare(p, b, name, e, false);
    return;
  case SYMX_K_ITE:
    sx_sb_puts(b, "(ite (= ");
    render(p, b, e->args[0]);
    sx_sb_puts(b, " #b1) ");
    render(p, b, e->args[1]);
    sx_sb_putc(b, ' ');
    render(p, b, e->args[2]);
    sx_sb_putc(b, ')');
    return;
  default: sx_sb_printf(b, "(%s ", name); break;
  }
  for (unsigned i = 0; i < e->nargs; i++) {
    if (i) sx_sb_putc(b, ' ');
    render(p, b, e->args[i]);
  }
  sx_sb_putc(b, ')');
}

static void render(printer *p, sx_sb *b, const sx_expr *e) {
  if (e->kind == SYMX_K_ARRAY_CONST) sx_sb_printf(b, "?c%llu", (unsigned long long)e->id);
  else if (is_defined(e)) sx_sb_printf(b, "?t%llu", (unsigned long long)e->id);
  else render_body(p, b, e);
}

/* Constant arrays: every byte stored over the base array, cut into
** definitions of 64 stores so nesting stays bounded. */
static void define_const_array(printer *p, const sx_expr *e) {
  sx_sb *b = &p->defs;
  const sx_array_info *ai = e->arr;
  unsigned long long id = (unsigned long long)e->id;
  int which = e->aux == 64;
  if (!p->base_declared[which]) {
    p->base_declared[which] = true;
    sx_sb_printf(&p->decl, "(declare-fun symx!zero%u () ", e->aux);
    put_sort(&p->decl, e);
    sx_sb_puts(&p->decl, ")\n");
  }
  uint64_t nchunks = (ai->size + 63) / 64;
  for (uint64_t k = 0; k < nchunks; k++) {
    if (k + 1 == nchunks) sx_sb_printf(b, "(define-fun ?c%llu () ", id);
    else sx_sb_printf(b, "(define-fun ?c%llu_%llu () ", id, (unsigned long long)k);
    put_sort(b, e);
    sx_sb_putc(b, ' ');
    uint64_t lo = k * 64, hi = lo + 64 < ai->size ? lo + 64 : ai->size;
    for (uint64_t i = lo; i < hi; i++) sx_sb_puts(b, "(store ");
    if (k == 0) sx_sb_printf(b, "symx!zero%u", e->aux);
    else sx_sb_printf(b, "?c%llu_%llu", id, (unsigned long long)(k - 1));
    for (uint64_t i = lo; i < hi; i++) {
      sx_sb_putc(b, ' ');
      sx_sb_bits(b, i, e->aux);
      sx_sb_putc(b, ' ');
      sx_sb_bits(b, ai->bytes[i], 8);
      sx_sb_putc(b, ')');
    }
    sx_sb_puts(b, ")\n");
  }
}

char *symx_smt2_query(symx_ctx *ctx, symx_expr *const *cs, size_t n) {
  if (!ctx) return NULL;
  if (n && !cs) {
    SX_MISUSE(ctx, "NULL constraint array");
    return NULL;
  }
  for (size_t i = 0; i < n; i++) {
    if (!cs[i] || cs[i]->ctx != ctx || cs[i]->width != 1 || (cs[i]->flags & SX_F_ARRAY)) {
      SX_MISUSE(ctx, "constraint %zu is %s", i,
                !cs[i] ? "NULL" : cs[i]->ctx != ctx ? "from another context" : "not width 1");
      return NULL;
    }
  }
  printer p = {ctx, ++ctx->exprs->eval_epoch, {0}, {0}, {0}, {false, false}};
  sx_sb_init(&p.decl, ctx);
  sx_sb_init(&p.defs, ctx);
  sx_sb_puts(&p.decl, "(set-logic QF_ABV)\n");
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) {
    sx_pr_add_use(p.epoch, cs[i]);
    ok = collect(&p, cs[i]);
  }
  /* decide definitions in post-order, emit them and the declarations */
  for (size_t k = 0; ok && k < SX_SIZE(p.order); k++) {
    sx_expr *e = SX_AT(p.order, k);
    e->eval_value &= ~F_DEFINED;
    if (e->kind == SYMX_K_ARRAY_INPUT) {
      sx_sb_puts(&p.decl, "(declare-fun ");
      put_symbol(&p.decl, e->arr->name);
      sx_sb_puts(&p.decl, " () ");
      put_sort(&p.decl, e);
      sx_sb_puts(&p.decl, ")\n");
      continue;
    }
    if (e->kind == SYMX_K_ARRAY_CONST) {
      define_const_array(&p, e);
      continue;
    }
    if (e->nargs == 0) continue;
    uint64_t depth = 0;
    for (unsigned i = 0; i < e->nargs; i++) {
      const sx_expr *c = e->args[i];
      uint64_t d = is_defined(c) || c->nargs == 0 ? 0 : c->eval_value >> DEPTH_SHIFT;
      if (d + 1 > depth) depth = d + 1;
    }
    e->eval_value = (e->eval_value & (USES_MASK | F_EXPANDED)) | depth << DEPTH_SHIFT;
    if ((e->eval_value & USES_MASK) > 1 || depth > MAX_INLINE) {
      sx_sb_printf(&p.defs, "(define-fun ?t%llu () ", (unsigned long long)e->id);
      put_sort(&p.defs, e);
      sx_sb_putc(&p.defs, ' ');
      render_body(&p, &p.defs, e);
      sx_sb_puts(&p.defs, ")\n");
      e->eval_value |= F_DEFINED;
    }
  }
  SX_RELEASE(ctx, p.order);
  for (size_t i = 0; i < n && ok; i++) {
    sx_sb_puts(&p.defs, "(assert (= ");
    render(&p, &p.defs, cs[i]);
    sx_sb_puts(&p.defs, " #b1))\n");
  }
  sx_sb_puts(&p.defs, "(check-sat)\n");
  if (!ok) p.decl.oom = true;
  if (p.defs.s) sx_sb_putn(&p.decl, p.defs.s, p.defs.len);
  else p.decl.oom = true;
  sx_sb_free(&p.defs);
  return sx_sb_finish(&p.decl, __func__);
}

/* ---- readable form: a tree with a size budget (shared nodes repeat) ---- */

#define STR_BUDGET 2000

static void str_rec(sx_sb *b, const sx_expr *e) {
  if (b->len > STR_BUDGET) {
    sx_sb_puts(b, "...");
    return;
  }
  switch (e->kind) {
  case SYMX_K_CONST: sx_sb_bits(b, e->value, e->width); return;
  case SYMX_K_ARRAY_INPUT:
  case SYMX_K_ARRAY_CONST: put_symbol(b, e->arr->name); return;
  case SYMX_K_EXTRACT: sx_sb_printf(b, "((_ extract %u %u) ", (unsigned)e->value, e->aux); break;
  case SYMX_K_ZEXT: sx_sb_printf(b, "((_ zero_extend %u) ", e->width - e->args[0]->width); break;
  case SYMX_K_SEXT: sx_sb_printf(b, "((_ sign_extend %u) ", e->width - e->args[0]->width); break;
  default: sx_sb_printf(b, "(%s ", symx_kind_name((symx_kind)e->kind)); break;
  }
  for (unsigned i = 0; i < e->nargs; i++) {
    if (i) sx_sb_putc(b, ' ');
    str_rec(b, e->args[i]);
    if (b->len > STR_BUDGET + 64) break;
  }
  sx_sb_putc(b, ')');
}

char *symx_expr_str(symx_ctx *ctx, symx_expr *e) {
  if (!ctx) return NULL;
  if (!e) {
    SX_MISUSE(ctx, "NULL expression");
    return NULL;
  }
  sx_sb b;
  sx_sb_init(&b, ctx);
  str_rec(&b, e);
  return sx_sb_finish(&b, __func__);
}
