/*
** kquery.c — KLEE's KQuery text of a query (symx_kquery_query): array
** declarations, then (query [constraints] expr).
**
** Nodes used more than once are labelled on their first print (N0:(...))
** and referenced by label afterwards, so the text is linear in the DAG;
** shared write chains likewise (U0:[i=v, ...] @ tail). KQuery's arrays are
** indexed by w32 and its reads outside an array are unconstrained, while
** ours give 0 there: reads that may fall outside are printed guarded,
** (Select w8 (Or (Ult i SIZE) (Eq i j1) ...) (Read ...) 0). Arrays indexed
** by 64 bits are read through a Select per write, over a guarded read of
** the root at the index's low 32 bits (exact: the guard bounds the index).
** Constants carry their width where the parser cannot infer it.
*/
#include "expr.h"
#include "printscan.h"
#include "alloc.h"
#include "error.h"
#include "stack.h"
#include "strbuf.h"

#include <stdio.h>
#include <string.h>

#define F_SEEN (1ull << 32)
#define LABEL_SHIFT 33 /* label number + 1; 0: not yet printed */

typedef SX_STACK(sx_expr *) node_stack;

typedef struct kq {
  symx_ctx *ctx;
  uint64_t epoch;
  sx_sb *b;
  node_stack arrays; /* root arrays, in order of discovery */
  char **names;      /* their KQuery names */
  uint64_t nlabels, nulabels;
} kq;

static bool shared(const sx_expr *e) { return (e->eval_value & USES_MASK) > 1; }

/* The index and the chain's indices (and values, when 64-bit chains are
** expanded per read) are printed more than once by a read: count them. */
static void count_read_extras(kq *p, sx_expr *r) {
  bool wide = sx_pr_chain_root(r->args[0])->aux == 64;
  bool guard = sx_pr_read_needs_guard(r);
  if (guard || wide) sx_pr_add_use(p->epoch, r->args[1]);
  for (sx_expr *a = r->args[0]; a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0]) {
    if (guard || wide) sx_pr_add_use(p->epoch, a->args[1]);
    if (wide) sx_pr_add_use(p->epoch, a->args[2]);
  }
}

static bool count(kq *p, sx_expr *root) {
  node_stack st = {0};
  sx_pr_add_use(p->epoch, root);
  if (root->eval_value & F_SEEN) return true;
  if (!SX_PUSH(p->ctx, st, root)) return false;
  while (!SX_EMPTY(st)) {
    sx_expr *e = SX_POP(st);
    if (e->eval_value & F_SEEN) continue;
    e->eval_value |= F_SEEN;
    if ((e->kind == SYMX_K_ARRAY_INPUT || e->kind == SYMX_K_ARRAY_CONST) &&
        !SX_PUSH(p->ctx, p->arrays, e))
      goto oom;
    if (e->kind == SYMX_K_READ) count_read_extras(p, e);
    for (unsigned i = e->nargs; i-- > 0;) {
      sx_expr *c = e->args[i];
      sx_pr_add_use(p->epoch, c);
      if (!(c->eval_value & F_SEEN) && !SX_PUSH(p->ctx, st, c)) goto oom;
    }
  }
  SX_RELEASE(p->ctx, st);
  return true;
oom:
  SX_RELEASE(p->ctx, st);
  return false;
}

/* ---- names ---- */

static bool reserved(const char *s) {
  static const char *const kw[] = {"array", "query", "true", "false", "symbolic", "define", "declare", "def"};
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if (!strcmp(s, kw[i])) return true;
  /* w32, i8, fp32...: types */
  size_t k = s[0] == 'f' && s[1] == 'p' ? 2 : (s[0] == 'w' || s[0] == 'i') ? 1 : 0;
  if (!k || !s[k]) return false;
  while (s[k] >= '0' && s[k] <= '9') k++;
  return !s[k] || (s[0] == 'f' && s[k] == '.');
}

static size_t name_cap(const sx_expr *a) { return (a->arr->name ? strlen(a->arr->name) : 0) + 32; }

static bool ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-';
}

/* A KQuery identifier for the array's name, distinct from the earlier ones:
** bad characters become '_', and clashes get a suffix _N. */
static char *array_name(kq *p, size_t k) {
  const char *name = SX_AT(p->arrays, k)->arr->name;
  size_t len = name ? strlen(name) : 0;
  size_t cap = name_cap(SX_AT(p->arrays, k));
  char *s = sx_alloc(p->ctx, cap);
  if (!s) return NULL;
  size_t o = 0;
  if (!len || !((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z') || name[0] == '_'))
    s[o++] = '_';
  for (size_t i = 0; i < len; i++) s[o++] = ident_char(name[i]) ? name[i] : '_';
  s[o] = 0;
  if (reserved(s)) s[o++] = '_', s[o] = 0;
  for (unsigned n = 1;; n++) {
    bool clash = false;
    for (size_t j = 0; j < k && !clash; j++) clash = !strcmp(p->names[j], s);
    if (!clash) break;
    snprintf(s + o, cap - o, "_%u", n);
  }
  return s;
}

static const char *name_of(const kq *p, const sx_expr *root) {
  for (size_t k = 0; k < SX_SIZE(p->arrays); k++)
    if (SX_AT(p->arrays, k) == root) return p->names[k];
  return "?"; /* unreachable: every root was collected */
}

static void declare(kq *p, sx_sb *d, size_t k) {
  const sx_expr *a = SX_AT(p->arrays, k);
  sx_sb_printf(d, "array %s[%llu] : w32 -> w8 = ", p->names[k], (unsigned long long)a->arr->size);
  if (a->kind == SYMX_K_ARRAY_INPUT) {
    sx_sb_puts(d, "symbolic\n");
    return;
  }
  sx_sb_putc(d, '[');
  for (uint64_t i = 0; i < a->arr->size; i++) sx_sb_printf(d, i ? " %u" : "%u", a->arr->bytes[i]);
  sx_sb_puts(d, "]\n");
}

/* ---- expressions ---- */

static void put(kq *p, const sx_expr *e);

static void put_const(kq *p, const sx_expr *e, bool typed) {
  if (e->width == 1) sx_sb_puts(p->b, e->value ? "true" : "false");
  else if (typed) sx_sb_printf(p->b, "(w%u %llu)", e->width, (unsigned long long)e->value);
  else sx_sb_printf(p->b, "%llu", (unsigned long long)e->value);
}

/* An operand whose type the parser knows from the context. */
static void put_arg(kq *p, const sx_expr *e) {
  if (sx_is_const(e)) put_const(p, e, false);
  else put(p, e);
}

/* A constant typed when "typed", else as put_arg. */
static void put_const_or(kq *p, const sx_expr *e, bool typed) {
  if (sx_is_const(e)) put_const(p, e, typed);
  else put(p, e);
}

static void put_args(kq *p, const sx_expr *e, unsigned from) {
  for (unsigned i = from; i < e->nargs; i++) {
    sx_sb_putc(p->b, ' ');
    put_arg(p, e->args[i]);
  }
  sx_sb_putc(p->b, ')');
}

/* A 32-bit index expression of an array read or write. */
static void put_index(kq *p, const sx_expr *i) {
  if (i->width == 32 || sx_is_const(i)) {
    put_arg(p, i);
    return;
  }
  sx_sb_puts(p->b, "(Extract w32 0 ");
  put(p, i);
  sx_sb_putc(p->b, ')');
}

/* A write chain: its label if printed already, else the writes down to the
** root or to a shared tail, most recent first. */
static void put_updates(kq *p, sx_expr *a) {
  if (a->kind != SYMX_K_ARRAY_WRITE) {
    sx_sb_puts(p->b, name_of(p, a));
    return;
  }
  if (a->eval_value >> LABEL_SHIFT) {
    sx_sb_printf(p->b, "U%llu", (unsigned long long)((a->eval_value >> LABEL_SHIFT) - 1));
    return;
  }
  if (shared(a)) {
    sx_sb_printf(p->b, "U%llu:", (unsigned long long)p->nulabels);
    a->eval_value |= ++p->nulabels << LABEL_SHIFT;
  }
  sx_sb_putc(p->b, '[');
  sx_expr *w = a;
  do {
    if (w != a) sx_sb_puts(p->b, ", ");
    put_index(p, w->args[1]);
    sx_sb_putc(p->b, '=');
    put_arg(p, w->args[2]);
    w = w->args[0];
  } while (w->kind == SYMX_K_ARRAY_WRITE && !shared(w));
  sx_sb_puts(p->b, "] @ ");
  put_updates(p, w);
}

/* (Select w8 GUARD (Read ...) 0), GUARD = (Ult i SIZE) or'ed with (Eq i j)
** for each write j of the chain (none when the chain is expanded). */
static void put_guard(kq *p, const sx_expr *r, bool wide) {
  sx_sb_puts(p->b, "(Select w8 ");
  const sx_expr *a;
  for (a = r->args[0]; !wide && a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0]) sx_sb_puts(p->b, "(Or ");
  sx_sb_puts(p->b, "(Ult ");
  put(p, r->args[1]);
  sx_sb_printf(p->b, " %llu)", (unsigned long long)sx_pr_chain_root(r->args[0])->arr->size);
  for (a = r->args[0]; !wide && a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0]) {
    sx_sb_puts(p->b, " (Eq ");
    put(p, r->args[1]);
    sx_sb_putc(p->b, ' ');
    put_arg(p, a->args[1]);
    sx_sb_puts(p->b, "))");
  }
  sx_sb_putc(p->b, ' ');
}

static void put_read(kq *p, const sx_expr *r) {
  bool guard = sx_pr_read_needs_guard(r), wide = sx_pr_chain_root(r->args[0])->aux == 64;
  unsigned close = 0;
  if (wide) {
    for (const sx_expr *a = r->args[0]; a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0], close++) {
      sx_sb_puts(p->b, "(Select w8 (Eq ");
      put(p, r->args[1]);
      sx_sb_putc(p->b, ' ');
      put_arg(p, a->args[1]);
      sx_sb_puts(p->b, ") ");
      put_arg(p, a->args[2]);
      sx_sb_putc(p->b, ' ');
    }
  }
  if (guard) put_guard(p, r, wide);
  sx_sb_puts(p->b, "(Read w8 ");
  put_index(p, r->args[1]);
  sx_sb_putc(p->b, ' ');
  put_updates(p, wide ? (sx_expr *)sx_pr_chain_root(r->args[0]) : r->args[0]);
  sx_sb_puts(p->b, guard ? ") 0)" : ")");
  while (close--) sx_sb_putc(p->b, ')');
}

static const char *op_name(int kind) {
  static const char *const names[SYMX_K_COUNT_] = {
      [SYMX_K_NOT] = "Not", [SYMX_K_ADD] = "Add", [SYMX_K_SUB] = "Sub", [SYMX_K_MUL] = "Mul",
      [SYMX_K_UDIV] = "UDiv", [SYMX_K_SDIV] = "SDiv", [SYMX_K_UREM] = "URem", [SYMX_K_SREM] = "SRem",
      [SYMX_K_AND] = "And", [SYMX_K_OR] = "Or", [SYMX_K_XOR] = "Xor", [SYMX_K_SHL] = "Shl",
      [SYMX_K_LSHR] = "LShr", [SYMX_K_ASHR] = "AShr", [SYMX_K_CONCAT] = "Concat",
      [SYMX_K_EXTRACT] = "Extract", [SYMX_K_ZEXT] = "ZExt", [SYMX_K_SEXT] = "SExt", [SYMX_K_EQ] = "Eq",
      [SYMX_K_NE] = "Ne", [SYMX_K_ULT] = "Ult", [SYMX_K_ULE] = "Ule", [SYMX_K_UGT] = "Ugt",
      [SYMX_K_UGE] = "Uge", [SYMX_K_SLT] = "Slt", [SYMX_K_SLE] = "Sle", [SYMX_K_SGT] = "Sgt",
      [SYMX_K_SGE] = "Sge", [SYMX_K_ITE] = "Select"};
  return kind >= 0 && kind < SYMX_K_COUNT_ && names[kind] ? names[kind] : "?";
}

/* A comparison in KLEE's canonical kinds (KLEE writes neither Ne nor the
** greater-than forms, and kleaver's solver misreads Ne): Ne as (Not (Eq)),
** Ugt/Uge/Sgt/Sge as Ult/Ule/Slt/Sle swapped. An untyped constant takes the
** other side's type; Eq puts its constant first, as KLEE writes it. */
static void put_cmp_arg(kq *p, const sx_expr *e, bool typed, const char *ext) {
  if (!ext) {
    put_const_or(p, e, typed);
    return;
  }
  sx_sb_printf(p->b, "(%s w8 ", ext);
  put(p, e);
  sx_sb_putc(p->b, ')');
}

/* ext: "ZExt"/"SExt" for width-1 operands (see bool_unsafe), else NULL */
static void put_compare(kq *p, const sx_expr *e, const char *ext) {
  const sx_expr *l = e->args[0], *r = e->args[1];
  int kind = e->kind;
  bool swap = kind == SYMX_K_UGT || kind == SYMX_K_UGE || kind == SYMX_K_SGT || kind == SYMX_K_SGE;
  if (swap) kind = kind == SYMX_K_UGT ? SYMX_K_ULT : kind == SYMX_K_UGE ? SYMX_K_ULE
                 : kind == SYMX_K_SGT ? SYMX_K_SLT : SYMX_K_SLE;
  if (kind == SYMX_K_NE) {
    sx_sb_puts(p->b, "(Not ");
    kind = SYMX_K_EQ;
  }
  if (kind == SYMX_K_EQ) swap = sx_is_const(r) && !sx_is_const(l);
  if (swap) l = e->args[1], r = e->args[0];
  sx_sb_printf(p->b, "(%s ", op_name(kind));
  put_cmp_arg(p, l, sx_is_const(r), ext);
  sx_sb_putc(p->b, ' ');
  put_cmp_arg(p, r, sx_is_const(l), ext);
  sx_sb_puts(p->b, e->kind == SYMX_K_NE ? "))" : ")");
}

/* KLEE gives width-1 values the solver's boolean sort, on which only Not,
** And, Or, Xor, Eq, Select and the extensions are defined: other operators
** on width-1 operands are printed at width 8 over extended operands (sign-
** extended for the signed ones), their width-1 results the low bit. */
static bool bool_unsafe(const sx_expr *e) {
  switch (e->kind) {
  case SYMX_K_NOT: case SYMX_K_AND: case SYMX_K_OR: case SYMX_K_XOR: case SYMX_K_EQ:
  case SYMX_K_ITE: case SYMX_K_ZEXT: case SYMX_K_SEXT: case SYMX_K_EXTRACT: case SYMX_K_READ:
    return false;
  default: break;
  }
  for (unsigned i = 0; i < e->nargs; i++)
    if (e->args[i]->width == 1) return true;
  return false;
}

static bool is_signed_op(int kind) {
  return kind == SYMX_K_SDIV || kind == SYMX_K_SREM || kind == SYMX_K_ASHR ||
         (kind >= SYMX_K_SLT && kind <= SYMX_K_SGE);
}

/* (Or wW (Shl wW (ZExt wW hi) LOW) (ZExt wW lo)): a Concat of a width-1 part */
static void put_concat_lifted(kq *p, const sx_expr *e) {
  unsigned w = e->width;
  sx_sb_printf(p->b, "(Or w%u (Shl w%u (ZExt w%u ", w, w, w);
  put(p, e->args[0]);
  sx_sb_printf(p->b, ") %u) (ZExt w%u ", e->args[1]->width, w);
  put(p, e->args[1]);
  sx_sb_puts(p->b, "))");
}

static void put_lifted(kq *p, const sx_expr *e) {
  if (e->kind == SYMX_K_CONCAT) {
    put_concat_lifted(p, e);
    return;
  }
  const char *ext = is_signed_op(e->kind) ? "SExt" : "ZExt";
  bool cmp = e->kind >= SYMX_K_EQ && e->kind <= SYMX_K_SGE;
  if (cmp) {
    put_compare(p, e, ext);
    return;
  }
  sx_sb_puts(p->b, "(Extract w1 0 ");
  if (e->kind == SYMX_K_NEG) sx_sb_puts(p->b, "(Sub w8 0");
  else sx_sb_printf(p->b, "(%s w8", op_name(e->kind));
  for (unsigned i = 0; i < e->nargs; i++) {
    sx_sb_printf(p->b, " (%s w8 ", ext);
    put(p, e->args[i]);
    sx_sb_putc(p->b, ')');
  }
  sx_sb_puts(p->b, "))");
}

static void put_body(kq *p, const sx_expr *e) {
  if (bool_unsafe(e)) {
    put_lifted(p, e);
    return;
  }
  switch (e->kind) {
  case SYMX_K_READ: put_read(p, e); return;
  case SYMX_K_NEG:
    sx_sb_printf(p->b, "(Sub w%u 0 ", e->width);
    put_arg(p, e->args[0]);
    sx_sb_putc(p->b, ')');
    return;
  case SYMX_K_EXTRACT:
    sx_sb_printf(p->b, "(Extract w%u %u ", e->width, e->aux);
    put_const_or(p, e->args[0], true);
    sx_sb_putc(p->b, ')');
    return;
  case SYMX_K_CONCAT: case SYMX_K_ZEXT: case SYMX_K_SEXT:
    sx_sb_printf(p->b, "(%s w%u", op_name(e->kind), e->width);
    for (unsigned i = 0; i < e->nargs; i++) {
      sx_sb_putc(p->b, ' ');
      put_const_or(p, e->args[i], true);
    }
    sx_sb_putc(p->b, ')');
    return;
  case SYMX_K_ITE:
    sx_sb_printf(p->b, "(Select w%u ", e->width);
    put(p, e->args[0]);
    put_args(p, e, 1);
    return;
  default: break;
  }
  if (e->kind >= SYMX_K_EQ && e->kind <= SYMX_K_SGE) {
    put_compare(p, e, NULL);
    return;
  }
  sx_sb_printf(p->b, "(%s w%u", op_name(e->kind), e->width);
  put_args(p, e, 0);
}

static void put(kq *p, const sx_expr *e) {
  if (sx_is_const(e)) {
    put_const(p, e, true);
    return;
  }
  uint64_t label = e->eval_value >> LABEL_SHIFT;
  if (label) {
    sx_sb_printf(p->b, "N%llu", (unsigned long long)(label - 1));
    return;
  }
  if (shared(e)) {
    sx_sb_printf(p->b, "N%llu:", (unsigned long long)p->nlabels);
    /* labelled before the body is printed: the body never refers to e */
    ((sx_expr *)e)->eval_value |= ++p->nlabels << LABEL_SHIFT;
  }
  put_body(p, e);
}

static bool check_bool(symx_ctx *ctx, const sx_expr *e, const char *what, size_t i) {
  if (e && e->ctx == ctx && e->width == 1 && !(e->flags & SX_F_ARRAY)) return true;
  SX_MISUSE(ctx, "%s %zu is %s", what, i,
            !e ? "NULL" : e->ctx != ctx ? "from another context" : "not width 1");
  return false;
}

static void put_query(kq *p, symx_expr *const *cs, size_t n, const sx_expr *q) {
  sx_sb_puts(p->b, "(query [");
  for (size_t i = 0; i < n; i++) {
    if (i) sx_sb_puts(p->b, "\n        ");
    put(p, cs[i]);
  }
  sx_sb_puts(p->b, "]\n        ");
  if (q) put(p, q);
  else sx_sb_puts(p->b, "false");
  sx_sb_puts(p->b, ")\n");
}

char *symx_kquery_query(symx_ctx *ctx, symx_expr *const *cs, size_t n, symx_expr *query) {
  if (!ctx) return NULL;
  if (n && !cs) {
    SX_MISUSE(ctx, "NULL constraint array");
    return NULL;
  }
  for (size_t i = 0; i < n; i++)
    if (!check_bool(ctx, cs[i], "constraint", i)) return NULL;
  if (query && !check_bool(ctx, query, "query expression", 0)) return NULL;
  kq p = {ctx, ++ctx->exprs->eval_epoch, NULL, {0}, NULL, 0, 0};
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++) ok = count(&p, cs[i]);
  if (ok && query) ok = count(&p, query);
  size_t na = SX_SIZE(p.arrays);
  p.names = ok ? sx_alloc(ctx, (na ? na : 1) * sizeof *p.names) : NULL;
  ok = p.names != NULL;
  size_t named = 0;
  for (; ok && named < na; named++) ok = (p.names[named] = array_name(&p, named)) != NULL;
  sx_sb decl, body;
  sx_sb_init(&decl, ctx);
  sx_sb_init(&body, ctx);
  for (size_t k = 0; ok && k < na; k++) declare(&p, &decl, k);
  p.b = &body;
  if (ok) put_query(&p, cs, n, query);
  for (size_t k = 0; k < named; k++) sx_free(ctx, p.names[k], name_cap(SX_AT(p.arrays, k)));
  if (p.names) sx_free(ctx, p.names, (na ? na : 1) * sizeof *p.names);
  SX_RELEASE(ctx, p.arrays);
  if (!ok) decl.oom = true;
  if (body.s) sx_sb_putn(&decl, body.s, body.len);
  else decl.oom = true;
  sx_sb_free(&body);
  return sx_sb_finish(&decl, __func__);
}
