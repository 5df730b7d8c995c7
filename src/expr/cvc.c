/*
** cvc.c — a query in STP's CVC presentation language (symx_cvc_query):
** what KLEE's --write-cvcs writes per test through STP. The declarations
** of the arrays, "ASSERT(...);" per constraint, then QUERY(FALSE); (valid
** iff the constraints are unsatisfiable).
**
** As in print.c every term is a bit-vector: comparisons become
** IF a = b THEN 0bin1 ELSE 0bin0 ENDIF and a constraint c is asserted as
** c = 0bin1. Nodes used more than once (or nested deeper than MAX_INLINE)
** are bound by LET t?ID = ... IN in each ASSERT that needs them, so the text
** is linear in the DAG per constraint. Constant arrays are declared and
** each of their bytes asserted (KLEE's way); reads that may fall outside an
** array are guarded to read 0 there, as ours do. Divisions and remainders
** by zero are printed with SMT-LIB's results (ours), as STP's differ, and
** shifts by a symbolic amount as one case per amount.
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
#define F_NAMED (1ull << 33)
#define F_VISIT (1ull << 34) /* reached from the constraint being printed */
#define DEPTH_SHIFT 40

typedef SX_STACK(sx_expr *) node_stack;

typedef struct cvc {
  symx_ctx *ctx;
  uint64_t epoch;
  sx_sb *b;
  node_stack order; /* every node, post-order */
} cvc;

static bool named(const sx_expr *e) { return (e->eval_value & F_NAMED) != 0; }

/* Operands printed more than once by their user count more than once. */
static void count_extras(cvc *p, sx_expr *e) {
  if (e->kind == SYMX_K_READ && sx_pr_read_needs_guard(e)) {
    sx_pr_add_use(p->epoch, e->args[1]);
    for (sx_expr *a = e->args[0]; a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0])
      sx_pr_add_use(p->epoch, a->args[1]);
  }
  bool divlike = e->kind >= SYMX_K_UDIV && e->kind <= SYMX_K_SREM && !sx_is_const(e->args[1]);
  bool shift = e->kind >= SYMX_K_SHL && e->kind <= SYMX_K_ASHR && !sx_is_const(e->args[1]);
  if (divlike || shift) {
    sx_pr_add_use(p->epoch, e->args[0]);
    sx_pr_add_use(p->epoch, e->args[1]);
  }
}

/* Use counts and the post-order of every node under root. */
static bool collect(cvc *p, sx_expr *root) {
  node_stack st = {0};
  sx_pr_add_use(p->epoch, root);
  if (root->eval_value & F_EXPANDED) return true;
  bool ok = SX_PUSH(p->ctx, st, root);
  while (ok && !SX_EMPTY(st)) {
    sx_expr *e = SX_TOP(st);
    if (e->eval_value & F_EXPANDED) {
      (void)SX_POP(st);
      if (!(e->eval_value & F_VISIT)) { /* "ordered" until decide_names */
        e->eval_value |= F_VISIT;
        ok = SX_PUSH(p->ctx, p->order, e);
      }
      continue;
    }
    e->eval_value |= F_EXPANDED;
    for (unsigned i = 0; i < e->nargs && ok; i++) {
      sx_pr_add_use(p->epoch, e->args[i]);
      if (!(e->args[i]->eval_value & F_EXPANDED)) ok = SX_PUSH(p->ctx, st, e->args[i]);
    }
    count_extras(p, e);
  }
  SX_RELEASE(p->ctx, st);
  return ok;
}

/* Which bit-vector nodes get a LET: shared or deep (arrays never). */
static void decide_names(cvc *p) {
  for (size_t k = 0; k < SX_SIZE(p->order); k++) {
    sx_expr *e = SX_AT(p->order, k);
    e->eval_value &= ~F_VISIT;
    if (e->nargs == 0 || (e->flags & SX_F_ARRAY)) continue;
    uint64_t depth = 0;
    for (unsigned i = 0; i < e->nargs; i++) {
      const sx_expr *c = e->args[i];
      uint64_t d = named(c) || c->nargs == 0 ? 0 : c->eval_value >> DEPTH_SHIFT;
      if (d + 1 > depth) depth = d + 1;
    }
    e->eval_value = (e->eval_value & (USES_MASK | F_EXPANDED)) | depth << DEPTH_SHIFT;
    if ((e->eval_value & USES_MASK) > 1 || depth > MAX_INLINE) e->eval_value |= F_NAMED;
  }
}

/* A CVC identifier for an array name: letters, digits and _ kept, others
** as $hh (so distinct names stay distinct), a leading digit behind v$. */
static void put_name(sx_sb *b, const char *name) {
  if (!*name || (*name >= '0' && *name <= '9')) sx_sb_puts(b, "v$");
  for (const unsigned char *c = (const unsigned char *)name; *c; c++) {
    if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '_')
      sx_sb_putc(b, (char)*c);
    else
      sx_sb_printf(b, "$%02x", *c);
  }
}

static void put_const(sx_sb *b, uint64_t v, unsigned w) {
  if (w % 4 == 0) {
    sx_sb_puts(b, "0hex");
    for (int i = (int)w / 4 - 1; i >= 0; i--) sx_sb_putc(b, "0123456789abcdef"[(v >> (4 * i)) & 15]);
  } else {
    sx_sb_puts(b, "0bin");
    for (int i = (int)w - 1; i >= 0; i--) sx_sb_putc(b, (char)('0' + ((v >> i) & 1)));
  }
}

static void render(cvc *p, const sx_expr *e);

static void render_array(cvc *p, const sx_expr *a) {
  if (a->kind == SYMX_K_ARRAY_INPUT) {
    put_name(p->b, a->arr->name);
  } else if (a->kind == SYMX_K_ARRAY_CONST) {
    sx_sb_printf(p->b, "c?%llu", (unsigned long long)a->id);
  } else { /* write */
    sx_sb_putc(p->b, '(');
    render_array(p, a->args[0]);
    sx_sb_puts(p->b, " WITH [");
    render(p, a->args[1]);
    sx_sb_puts(p->b, "] := ");
    render(p, a->args[2]);
    sx_sb_putc(p->b, ')');
  }
}

static void render_read(cvc *p, const sx_expr *e) {
  bool guard = sx_pr_read_needs_guard(e);
  if (guard) {
    const sx_expr *root = sx_pr_chain_root(e->args[0]);
    sx_sb_puts(p->b, "IF BVLT(");
    render(p, e->args[1]);
    sx_sb_puts(p->b, ", ");
    put_const(p->b, root->arr->size, root->aux);
    sx_sb_putc(p->b, ')');
    for (const sx_expr *a = e->args[0]; a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0]) {
      sx_sb_puts(p->b, " OR ");
      render(p, e->args[1]);
      sx_sb_puts(p->b, " = ");
      render(p, a->args[1]);
    }
    sx_sb_puts(p->b, " THEN ");
  }
  render_array(p, e->args[0]);
  sx_sb_putc(p->b, '[');
  render(p, e->args[1]);
  sx_sb_putc(p->b, ']');
  if (guard) sx_sb_puts(p->b, " ELSE 0hex00 ENDIF");
}

/* OP(a, b) or OP(w, a, b) (with_width), or (a OP b) for an infix op. */
static void render_op(cvc *p, const char *op, const sx_expr *e, bool with_width, bool infix) {
  if (infix) {
    sx_sb_putc(p->b, '(');
    render(p, e->args[0]);
    sx_sb_printf(p->b, " %s ", op);
    render(p, e->args[1]);
    sx_sb_putc(p->b, ')');
    return;
  }
  sx_sb_printf(p->b, "%s(", op);
  if (with_width) sx_sb_printf(p->b, "%u, ", e->width);
  for (unsigned i = 0; i < e->nargs; i++) {
    if (i) sx_sb_puts(p->b, ", ");
    render(p, e->args[i]);
  }
  sx_sb_putc(p->b, ')');
}

/* What e, a division or remainder, gives when its divisor is zero, as
** SMT-LIB (and our evaluator) define it: udiv all ones, sdiv -1 or 1 by the
** dividend's sign, a remainder the dividend. STP's results differ. */
static void render_by_zero(cvc *p, const sx_expr *e) {
  unsigned w = e->width;
  if (e->kind == SYMX_K_UDIV) {
    put_const(p->b, ~0ull, w);
  } else if (e->kind == SYMX_K_SDIV) {
    sx_sb_puts(p->b, "IF BVSLT(");
    render(p, e->args[0]);
    sx_sb_puts(p->b, ", ");
    put_const(p->b, 0, w);
    sx_sb_puts(p->b, ") THEN ");
    put_const(p->b, 1, w);
    sx_sb_puts(p->b, " ELSE ");
    put_const(p->b, ~0ull, w);
    sx_sb_puts(p->b, " ENDIF");
  } else {
    render(p, e->args[0]);
  }
}

/* Division and remainder, guarded when the divisor may be zero. */
static void render_div(cvc *p, const sx_expr *e) {
  static const char *const ops[] = {"BVDIV", "SBVDIV", "BVMOD", "SBVREM"};
  const sx_expr *d = e->args[1];
  if (sx_is_const(d) && d->value == 0) {
    render_by_zero(p, e);
    return;
  }
  if (!sx_is_const(d)) {
    sx_sb_puts(p->b, "IF ");
    render(p, d);
    sx_sb_puts(p->b, " = ");
    put_const(p->b, 0, e->width);
    sx_sb_puts(p->b, " THEN ");
    render_by_zero(p, e);
    sx_sb_puts(p->b, " ELSE ");
  }
  render_op(p, ops[e->kind - SYMX_K_UDIV], e, true, false);
  if (!sx_is_const(d)) sx_sb_puts(p->b, " ENDIF");
}

/* a shifted by the constant k (< w): the bits moved by extraction, the
** vacated ones zeros (or copies of the sign bit for ashr). */
static void render_shift_by(cvc *p, symx_kind kind, const sx_expr *a, unsigned k, unsigned w) {
  if (k == 0) {
    render(p, a);
    return;
  }
  sx_sb_putc(p->b, '(');
  if (kind == SYMX_K_SHL) {
    sx_sb_putc(p->b, '(');
    render(p, a);
    sx_sb_printf(p->b, ")[%u:0] @ ", w - 1 - k);
    put_const(p->b, 0, k);
  } else {
    if (kind == SYMX_K_LSHR) {
      put_const(p->b, 0, k);
    } else {
      sx_sb_puts(p->b, "BVSX((");
      render(p, a);
      sx_sb_printf(p->b, ")[%u:%u], %u)", w - 1, w - 1, k);
    }
    sx_sb_puts(p->b, " @ (");
    render(p, a);
    sx_sb_printf(p->b, ")[%u:%u]", w - 1, k);
  }
  sx_sb_putc(p->b, ')');
}

/* a shifted by k >= w: zeros, or the sign bit everywhere for ashr. */
static void render_shift_out(cvc *p, symx_kind kind, const sx_expr *a, unsigned w) {
  if (kind != SYMX_K_ASHR) {
    put_const(p->b, 0, w);
    return;
  }
  sx_sb_puts(p->b, "BVSX((");
  render(p, a);
  sx_sb_printf(p->b, ")[%u:%u], %u)", w - 1, w - 1, w);
}

static void render_shift(cvc *p, const sx_expr *e) {
  const sx_expr *a = e->args[0], *k = e->args[1];
  unsigned w = e->width;
  symx_kind kind = (symx_kind)e->kind;
  if (sx_is_const(k)) {
    if (k->value < w) render_shift_by(p, kind, a, (unsigned)k->value, w);
    else render_shift_out(p, kind, a, w);
    return;
  }
  for (unsigned s = 0; s < w; s++) { /* one case per amount below w */
    sx_sb_puts(p->b, s ? " ELSIF " : "IF ");
    render(p, k);
    sx_sb_puts(p->b, " = ");
    put_const(p->b, s, w);
    sx_sb_puts(p->b, " THEN ");
    render_shift_by(p, kind, a, s, w);
  }
  sx_sb_puts(p->b, " ELSE ");
  render_shift_out(p, kind, a, w);
  sx_sb_puts(p->b, " ENDIF");
}

static void render_compare(cvc *p, const char *op, const sx_expr *e, bool negate) {
  sx_sb_puts(p->b, "IF ");
  if (op) {
    render_op(p, op, e, false, false);
  } else {
    render(p, e->args[0]);
    sx_sb_puts(p->b, " = ");
    render(p, e->args[1]);
  }
  sx_sb_puts(p->b, negate ? " THEN 0bin0 ELSE 0bin1 ENDIF" : " THEN 0bin1 ELSE 0bin0 ENDIF");
}

static void render_cast(cvc *p, const sx_expr *e) {
  const sx_expr *a = e->args[0];
  if (e->kind == SYMX_K_EXTRACT) {
    sx_sb_putc(p->b, '(');
    render(p, a);
    sx_sb_printf(p->b, ")[%u:%u]", (unsigned)e->value, e->aux);
  } else if (e->kind == SYMX_K_SEXT) {
    sx_sb_puts(p->b, "BVSX(");
    render(p, a);
    sx_sb_printf(p->b, ", %u)", e->width);
  } else if (e->width == a->width) { /* zext by nothing */
    render(p, a);
  } else {
    sx_sb_putc(p->b, '(');
    put_const(p->b, 0, e->width - a->width);
    sx_sb_puts(p->b, " @ ");
    render(p, a);
    sx_sb_putc(p->b, ')');
  }
}

/* The body of e (its LET's right-hand side when e is named). */
static void render_body(cvc *p, const sx_expr *e) {
  static const char *const cmp[] = {"BVLT", "BVLE", "BVGT", "BVGE", "BVSLT", "BVSLE", "BVSGT", "BVSGE"};
  switch (e->kind) {
  case SYMX_K_CONST: put_const(p->b, e->value, e->width); return;
  case SYMX_K_READ: render_read(p, e); return;
  case SYMX_K_NOT: sx_sb_puts(p->b, "(~"); render(p, e->args[0]); sx_sb_putc(p->b, ')'); return;
  case SYMX_K_NEG: render_op(p, "BVUMINUS", e, false, false); return;
  case SYMX_K_ADD: render_op(p, "BVPLUS", e, true, false); return;
  case SYMX_K_SUB: render_op(p, "BVSUB", e, true, false); return;
  case SYMX_K_MUL: render_op(p, "BVMULT", e, true, false); return;
  case SYMX_K_UDIV: case SYMX_K_SDIV: case SYMX_K_UREM: case SYMX_K_SREM: render_div(p, e); return;
  case SYMX_K_AND: render_op(p, "&", e, false, true); return;
  case SYMX_K_OR: render_op(p, "|", e, false, true); return;
  case SYMX_K_XOR: render_op(p, "BVXOR", e, false, false); return;
  case SYMX_K_SHL: case SYMX_K_LSHR: case SYMX_K_ASHR: render_shift(p, e); return;
  case SYMX_K_CONCAT: render_op(p, "@", e, false, true); return;
  case SYMX_K_EXTRACT: case SYMX_K_ZEXT: case SYMX_K_SEXT: render_cast(p, e); return;
  case SYMX_K_EQ: render_compare(p, NULL, e, false); return;
  case SYMX_K_NE: render_compare(p, NULL, e, true); return;
  case SYMX_K_ULT: case SYMX_K_ULE: case SYMX_K_UGT: case SYMX_K_UGE:
  case SYMX_K_SLT: case SYMX_K_SLE: case SYMX_K_SGT: case SYMX_K_SGE:
    render_compare(p, cmp[e->kind - SYMX_K_ULT], e, false);
    return;
  case SYMX_K_ITE:
    sx_sb_puts(p->b, "IF ");
    render(p, e->args[0]);
    sx_sb_puts(p->b, " = 0bin1 THEN ");
    render(p, e->args[1]);
    sx_sb_puts(p->b, " ELSE ");
    render(p, e->args[2]);
    sx_sb_puts(p->b, " ENDIF");
    return;
  default: render_array(p, e); return; /* arrays: only under reads */
  }
}

static void render(cvc *p, const sx_expr *e) {
  if (named(e)) sx_sb_printf(p->b, "t?%llu", (unsigned long long)e->id);
  else render_body(p, e);
}

#define F_BOUND (1ull << 35) /* its LET is placed in this ASSERT */

/* The named nodes under c, post-order, onto lets (each once); every node
** reached is marked F_VISIT and listed in seen, to be unmarked after. */
static bool gather(cvc *p, sx_expr *c, node_stack *lets, node_stack *seen) {
  node_stack st = {0};
  bool ok = SX_PUSH(p->ctx, st, c);
  while (ok && !SX_EMPTY(st)) {
    sx_expr *e = SX_TOP(st);
    if (e->eval_value & F_VISIT) {
      (void)SX_POP(st);
      if (!(e->eval_value & F_BOUND)) {
        e->eval_value |= F_BOUND;
        ok = SX_PUSH(p->ctx, *seen, e) && (!named(e) || SX_PUSH(p->ctx, *lets, e));
      }
      continue;
    }
    e->eval_value |= F_VISIT;
    for (unsigned i = 0; i < e->nargs && ok; i++)
      if (!(e->args[i]->eval_value & F_VISIT)) ok = SX_PUSH(p->ctx, st, e->args[i]);
  }
  SX_RELEASE(p->ctx, st);
  return ok;
}

/* ASSERT(LET t?A = ..., t?B = ... IN c = 0bin1); */
static bool put_assert(cvc *p, sx_expr *c) {
  node_stack lets = {0}, seen = {0};
  bool ok = gather(p, c, &lets, &seen);
  sx_sb_puts(p->b, "ASSERT(");
  for (size_t k = 0; ok && k < SX_SIZE(lets); k++) {
    const sx_expr *e = SX_AT(lets, k);
    sx_sb_printf(p->b, "%st?%llu = ", k ? ",\n  " : "LET ", (unsigned long long)e->id);
    render_body(p, e);
  }
  if (ok && !SX_EMPTY(lets)) sx_sb_puts(p->b, "\n  IN ");
  render(p, c);
  sx_sb_puts(p->b, " = 0bin1);\n");
  for (size_t k = 0; k < SX_SIZE(seen); k++) SX_AT(seen, k)->eval_value &= ~(F_VISIT | F_BOUND);
  SX_RELEASE(p->ctx, lets);
  SX_RELEASE(p->ctx, seen);
  return ok;
}

/* The arrays' declarations; each byte of a constant one asserted. */
static void put_arrays(cvc *p) {
  for (size_t k = 0; k < SX_SIZE(p->order); k++) {
    const sx_expr *a = SX_AT(p->order, k);
    if (a->kind != SYMX_K_ARRAY_INPUT && a->kind != SYMX_K_ARRAY_CONST) continue;
    render_array(p, a);
    sx_sb_printf(p->b, " : ARRAY BITVECTOR(%u) OF BITVECTOR(8);\n", a->aux);
    for (uint64_t i = 0; a->kind == SYMX_K_ARRAY_CONST && i < a->arr->size; i++) {
      sx_sb_printf(p->b, "ASSERT(c?%llu[", (unsigned long long)a->id);
      put_const(p->b, i, a->aux);
      sx_sb_puts(p->b, "] = ");
      put_const(p->b, a->arr->bytes[i], 8);
      sx_sb_puts(p->b, ");\n");
    }
  }
}

char *symx_cvc_query(symx_ctx *ctx, symx_expr *const *cs, size_t n) {
  if (!ctx) return NULL;
  if (n && !cs) {
    SX_MISUSE(ctx, "NULL constraint array");
    return NULL;
  }
  for (size_t i = 0; i < n; i++)
    if (!cs[i] || cs[i]->ctx != ctx || cs[i]->width != 1 || (cs[i]->flags & SX_F_ARRAY)) {
      SX_MISUSE(ctx, "constraint %zu is %s", i,
                !cs[i] ? "NULL" : cs[i]->ctx != ctx ? "from another context" : "not width 1");
      return NULL;
    }
  sx_sb b;
  sx_sb_init(&b, ctx);
  cvc p = {ctx, ++ctx->exprs->eval_epoch, &b, {0}};
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) ok = collect(&p, cs[i]);
  if (ok) decide_names(&p);
  sx_sb_puts(&b, "%----------------------------------------------------\n");
  if (ok) put_arrays(&p);
  sx_sb_puts(&b, "%----------------------------------------------------\n");
  for (size_t i = 0; i < n && ok; i++) ok = put_assert(&p, cs[i]);
  sx_sb_puts(&b, "QUERY(FALSE);\n");
  SX_RELEASE(ctx, p.order);
  if (!ok) b.oom = true;
  return sx_sb_finish(&b, __func__);
}
