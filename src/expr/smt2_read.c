/*
** smt2_read.c — the SMT-LIB2 reader (symx_smt2_parse): the QF_ABV/QF_AUFBV
** subset symbolic executors emit (KLEE's --use-query-log=solver:smt2 among
** them), into a list of commands whose terms are libsymx expressions.
**
** Mapping of declarations:
**   (declare-fun x () (_ BitVec w))  the input array "x" of ceil(w/8) bytes
**                                    (index width 32) read little-endian and
**                                    truncated to w bits, as symx_var does;
**   (declare-fun b () Bool)          likewise, one byte, width 1;
**   (declare-fun A () (Array (_ BitVec 32|64) (_ BitVec 8)))
**                                    the input array "A": an existing input
**                                    of that name and index width is reused,
**                                    otherwise a new one of 2^32 bytes
**                                    (index 32) or 2^64-1 bytes (index 64);
**   ((as const (Array ...)) #x00)    an all-zero constant array;
**   symx!zero32, symx!zero64         declared arrays of these names (the
**                                    printer's base of constant arrays) are
**                                    all-zero constant arrays too.
** Bool-sorted terms become width-1 expressions. Terms are parsed without
** recursion (an explicit frame stack), so nesting depth is not limited by
** the C stack. Errors read "name:line:col: message".
*/
#include "expr.h"
#include "alloc.h"
#include "error.h"
#include "smt2_lex.h"
#include "stack.h"

#include <stdio.h>
#include <string.h>

#define SORT_BOOL 0    /* BV sorts are their width 1..64 */
#define SORT_ARRAY32 (-32)
#define SORT_ARRAY64 (-64)
#define NBUCKETS 4096

typedef struct term {
  sx_expr *e; /* owned reference */
  int sort;
} term;

typedef struct binding {
  char *name; /* owned */
  term t;
  int next; /* older binding in the same bucket, -1 = none */
  uint32_t hash;
} binding;

typedef struct cmd {
  symx_smt2_cmd kind;
  unsigned num;
  sx_expr **exprs;
  char **texts; /* get-value: source text of each term */
  size_t n, cap, tcap; /* get-value: capacities of exprs and texts */
} cmd;

struct symx_smt2 {
  symx_ctx *ctx;
  cmd *cmds;
  size_t n, cap;
};

typedef SX_STACK(term) term_stack;
typedef SX_STACK(binding) binding_stack;
typedef SX_STACK(size_t) size_stack;

enum { FR_APP, FR_LET_BINDINGS, FR_LET_VALUE, FR_LET_BODY };

typedef struct frame {
  int kind;
  sx_tok op;         /* APP: the operator symbol (or the head's name) */
  unsigned idx[2];   /* APP: indices of (_ name i j) */
  unsigned nidx;
  int as_const_sort; /* APP: ((as const SORT) v) */
  size_t vbase;      /* APP: first argument in the value stack */
  size_t nbind;      /* LET: bindings activated by this let */
  sx_tok name;       /* LET_VALUE: the name being bound */
} frame;

typedef SX_STACK(frame) frame_stack;

typedef struct parser {
  symx_ctx *ctx;
  const char *name;
  sx_lexer lx;
  bool failed;
  binding_stack binds;
  int buckets[NBUCKETS];
  size_stack marks; /* push/pop: binding stack heights */
  term_stack vals;
  frame_stack frames;
  term_stack pending; /* let bindings being parsed (names in pending_names) */
  SX_STACK(sx_tok) pending_names;
  symx_smt2 *out;
} parser;

/* ---- errors ---- */

__attribute__((format(printf, 3, 4))) static bool fail_at(parser *p, const sx_tok *t, const char *fmt, ...) {
  if (p->failed) return false;
  p->failed = true;
  char where[300];
  snprintf(where, sizeof where, "%s:%u:%u", p->name, t->line, t->col);
  va_list ap;
  va_start(ap, fmt);
  sx_verror(p->ctx, SYMX_PARSE, where, fmt, ap);
  va_end(ap);
  return false;
}
static bool oom(parser *p) {
  if (!p->failed) {
    p->failed = true;
    sx_error(p->ctx, SYMX_NOMEM, "symx_smt2_parse", "out of memory");
  }
  return false;
}
/* A failed build: keep its message, prefixed with the location. */
static bool build_failed(parser *p, const sx_tok *t) {
  if (p->ctx->errcode == SYMX_NOMEM) return oom(p);
  char msg[512];
  snprintf(msg, sizeof msg, "%s", p->ctx->errmsg);
  return fail_at(p, t, "%s", msg);
}
static bool tok_error(parser *p, const sx_tok *t) {
  if (t->kind == SX_TOK_ERROR) return fail_at(p, t, "%s", t->text);
  if (t->kind == SX_TOK_EOF) return fail_at(p, t, "unexpected end of input (unbalanced parentheses?)");
  return fail_at(p, t, "unexpected '%.*s'", (int)(t->len > 40 ? 40 : t->len), t->text);
}

static void term_release(term t) {
  if (t.e) sx_expr_release_nonnull(t.e);
}

/* ---- symbol table: bucket chains over a binding stack (LIFO scopes) ---- */

static uint32_t name_hash(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static const binding *lookup(parser *p, const char *s, size_t n) {
  uint32_t h = name_hash(s, n);
  for (int i = p->buckets[h % NBUCKETS]; i >= 0; i = SX_AT(p->binds, i).next) {
    const binding *b = &SX_AT(p->binds, i);
    if (b->hash == h && strlen(b->name) == n && !memcmp(b->name, s, n)) return b;
  }
  return NULL;
}

/* Binds name to t (takes t's reference). */
static bool bind(parser *p, const sx_tok *name, term t) {
  char *nm = sx_alloc(p->ctx, name->len + 1);
  if (!nm || !SX_RESERVE1(p->ctx, p->binds)) {
    if (nm) sx_free(p->ctx, nm, name->len + 1);
    term_release(t);
    return oom(p);
  }
  memcpy(nm, name->text, name->len);
  nm[name->len] = 0;
  uint32_t h = name_hash(nm, name->len);
  binding b = {nm, t, p->buckets[h % NBUCKETS], h};
  p->buckets[h % NBUCKETS] = (int)SX_SIZE(p->binds);
  *p->binds.end++ = b;
  return true;
}

static void unbind_to(parser *p, size_t height) {
  while (SX_SIZE(p->binds) > height) {
    binding b = SX_POP(p->binds);
    p->buckets[b.hash % NBUCKETS] = b.next;
    sx_strfree(p->ctx, b.name);
    term_release(b.t);
  }
}

/* ---- sorts ---- */

static bool parse_unsigned(const sx_tok *t, unsigned *out) {
  if (t->kind != SX_TOK_NUMERAL || t->len > 9) return false;
  unsigned v = 0;
  for (size_t i = 0; i < t->len; i++) v = v * 10 + (unsigned)(t->text[i] - '0');
  *out = v;
  return true;
}

static bool expect(parser *p, sx_tok_kind k, sx_tok *out) {
  sx_tok t = sx_lex_next(&p->lx);
  if (out) *out = t;
  if (t.kind != k) {
    if (t.kind == SX_TOK_ERROR || t.kind == SX_TOK_EOF) return tok_error(p, &t);
    return fail_at(p, &t, "expected %s", k == SX_TOK_LPAREN ? "'('" : k == SX_TOK_RPAREN ? "')'" : "a symbol");
  }
  return true;
}

/* (_ BitVec w), Bool, or (Array (_ BitVec 32|64) (_ BitVec 8)). */
static bool parse_sort(parser *p, int *sort) {
  sx_tok t = sx_lex_next(&p->lx);
  if (t.kind == SX_TOK_SYMBOL && sx_tok_is(&t, "Bool")) {
    *sort = SORT_BOOL;
    return true;
  }
  if (t.kind != SX_TOK_LPAREN) return t.kind == SX_TOK_SYMBOL ? fail_at(p, &t, "unsupported sort '%.*s'", (int)t.len, t.text) : tok_error(p, &t);
  sx_tok h = sx_lex_next(&p->lx);
  if (h.kind == SX_TOK_SYMBOL && sx_tok_is(&h, "_")) {
    sx_tok bv = sx_lex_next(&p->lx), wt = sx_lex_next(&p->lx);
    unsigned w;
    if (bv.kind != SX_TOK_SYMBOL || !sx_tok_is(&bv, "BitVec")) return fail_at(p, &bv, "unsupported sort");
    if (!parse_unsigned(&wt, &w) || w == 0) return fail_at(p, &wt, "expected a bit-vector width");
    if (w > 64) return fail_at(p, &wt, "bit-vector width %u exceeds 64", w);
    *sort = (int)w;
    return expect(p, SX_TOK_RPAREN, NULL);
  }
  if (h.kind == SX_TOK_SYMBOL && sx_tok_is(&h, "Array")) {
    int is, es;
    sx_tok at = sx_lex_peek(&p->lx);
    if (!parse_sort(p, &is) || !parse_sort(p, &es)) return false;
    if ((is != 32 && is != 64) || es != 8)
      return fail_at(p, &at, "unsupported array sort (expected (Array (_ BitVec 32|64) (_ BitVec 8)))");
    *sort = -is;
    return expect(p, SX_TOK_RPAREN, NULL);
  }
  return fail_at(p, &h, "unsupported sort");
}

static const char *sort_name(int s, char *buf, size_t n) {
  if (s == SORT_BOOL) snprintf(buf, n, "Bool");
  else if (s < 0) snprintf(buf, n, "(Array (_ BitVec %d) (_ BitVec 8))", -s);
  else snprintf(buf, n, "(_ BitVec %d)", s);
  return buf;
}

/* ---- literals ---- */

static bool literal(parser *p, const sx_tok *t, term *out) {
  unsigned w = t->kind == SX_TOK_HEX ? (unsigned)t->len * 4 : (unsigned)t->len;
  if (w > 64) return fail_at(p, t, "literal width %u exceeds 64", w);
  uint64_t v = 0;
  for (size_t i = 0; i < t->len; i++) {
    char c = t->text[i];
    unsigned d = c <= '9' ? (unsigned)(c - '0') : (unsigned)((c | 32) - 'a' + 10);
    v = t->kind == SX_TOK_HEX ? v << 4 | d : v << 1 | d;
  }
  out->e = symx_const(p->ctx, w, v);
  out->sort = (int)w;
  return out->e ? true : build_failed(p, t);
}

/* (_ bvN w) after "(_" */
static bool indexed_literal(parser *p, const sx_tok *at, term *out) {
  sx_tok n = sx_lex_next(&p->lx), wt = sx_lex_next(&p->lx);
  unsigned w;
  if (n.kind != SX_TOK_SYMBOL || n.len < 3 || memcmp(n.text, "bv", 2) != 0)
    return fail_at(p, &n, "expected (_ bvN w)");
  uint64_t v = 0;
  for (size_t i = 2; i < n.len; i++) {
    if (n.text[i] < '0' || n.text[i] > '9') return fail_at(p, &n, "expected (_ bvN w)");
    v = v * 10 + (uint64_t)(n.text[i] - '0'); /* wraps mod 2^64; w <= 64 keeps it exact */
  }
  if (!parse_unsigned(&wt, &w) || w == 0) return fail_at(p, &wt, "expected a bit-vector width");
  if (w > 64) return fail_at(p, &wt, "bit-vector width %u exceeds 64", w);
  if (!expect(p, SX_TOK_RPAREN, NULL)) return false;
  out->e = symx_const(p->ctx, w, v);
  out->sort = (int)w;
  return out->e ? true : build_failed(p, at);
}

static bool atom(parser *p, const sx_tok *t, term *out) {
  if (t->kind == SX_TOK_HEX || t->kind == SX_TOK_BIN) return literal(p, t, out);
  if (t->kind == SX_TOK_SYMBOL) {
    const binding *b = lookup(p, t->text, t->len);
    if (b) {
      out->e = symx_expr_retain(b->t.e);
      out->sort = b->t.sort;
      return true;
    }
    if (sx_tok_is(t, "true") || sx_tok_is(t, "false")) {
      out->e = symx_const(p->ctx, 1, sx_tok_is(t, "true"));
      out->sort = SORT_BOOL;
      return out->e ? true : build_failed(p, t);
    }
    return fail_at(p, t, "unknown symbol '%.*s'", (int)(t->len > 60 ? 60 : t->len), t->text);
  }
  if (t->kind == SX_TOK_NUMERAL) return fail_at(p, t, "integer terms are not supported");
  return tok_error(p, t);
}

/* ---- operators ---- */

typedef struct opdef {
  const char *name;
  int kind;     /* symx_kind, or one of the OP_ pseudo kinds */
  int arity;    /* exact; -1 = at least 2 (left-assoc/chainable) */
  int nidx;     /* indices (_ name i j) */
  int argsort;  /* 1 = bit-vectors, 0 = Bool, 2 = any */
} opdef;

enum { OP_AND = 100, OP_OR, OP_XOR, OP_NOT, OP_IMPLIES, OP_EQ, OP_DISTINCT, OP_ITE, OP_NAND, OP_NOR,
       OP_XNOR, OP_COMP, OP_SELECT, OP_STORE };

static const opdef ops[] = {
    {"not", OP_NOT, 1, 0, 0}, {"and", OP_AND, -1, 0, 0}, {"or", OP_OR, -1, 0, 0},
    {"xor", OP_XOR, -1, 0, 0}, {"=>", OP_IMPLIES, -1, 0, 0}, {"=", OP_EQ, -1, 0, 2},
    {"distinct", OP_DISTINCT, -1, 0, 2}, {"ite", OP_ITE, 3, 0, 2},
    {"bvnot", SYMX_K_NOT, 1, 0, 1}, {"bvneg", SYMX_K_NEG, 1, 0, 1},
    {"bvadd", SYMX_K_ADD, -1, 0, 1}, {"bvsub", SYMX_K_SUB, -1, 0, 1}, {"bvmul", SYMX_K_MUL, -1, 0, 1},
    {"bvudiv", SYMX_K_UDIV, 2, 0, 1}, {"bvsdiv", SYMX_K_SDIV, 2, 0, 1}, {"bvurem", SYMX_K_UREM, 2, 0, 1},
    {"bvsrem", SYMX_K_SREM, 2, 0, 1}, {"bvand", SYMX_K_AND, -1, 0, 1}, {"bvor", SYMX_K_OR, -1, 0, 1},
    {"bvxor", SYMX_K_XOR, -1, 0, 1}, {"bvshl", SYMX_K_SHL, 2, 0, 1}, {"bvlshr", SYMX_K_LSHR, 2, 0, 1},
    {"bvashr", SYMX_K_ASHR, 2, 0, 1}, {"bvnand", OP_NAND, 2, 0, 1}, {"bvnor", OP_NOR, 2, 0, 1},
    {"bvxnor", OP_XNOR, 2, 0, 1}, {"bvcomp", OP_COMP, 2, 0, 1}, {"concat", SYMX_K_CONCAT, -1, 0, 1},
    {"extract", SYMX_K_EXTRACT, 1, 2, 1}, {"zero_extend", SYMX_K_ZEXT, 1, 1, 1},
    {"sign_extend", SYMX_K_SEXT, 1, 1, 1},
    {"bvult", SYMX_K_ULT, 2, 0, 1}, {"bvule", SYMX_K_ULE, 2, 0, 1}, {"bvugt", SYMX_K_UGT, 2, 0, 1},
    {"bvuge", SYMX_K_UGE, 2, 0, 1}, {"bvslt", SYMX_K_SLT, 2, 0, 1}, {"bvsle", SYMX_K_SLE, 2, 0, 1},
    {"bvsgt", SYMX_K_SGT, 2, 0, 1}, {"bvsge", SYMX_K_SGE, 2, 0, 1},
    {"select", OP_SELECT, 2, 0, 2}, {"store", OP_STORE, 3, 0, 2},
};

static const opdef *find_op(const sx_tok *t) {
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (sx_tok_is(t, ops[i].name)) return &ops[i];
  return NULL;
}

static bool is_compare(int k) { return k >= SYMX_K_EQ && k <= SYMX_K_SGE; }

/* Folds the Bool/BV connective k over args with a binary builder. */
static sx_expr *fold2(symx_ctx *ctx, int k, term *args, size_t n) {
  sx_expr *acc = symx_expr_retain(args[0].e);
  for (size_t i = 1; i < n && acc; i++) {
    sx_expr *a[2] = {acc, args[i].e};
    if (k == SYMX_K_CONCAT) { /* hi first: (concat a b c) = a:(b:c) == (a:b):c */
      a[0] = acc;
    }
    sx_expr *r = sx_expr_build(ctx, k, 2, a, 0, 0, "symx_smt2_parse");
    sx_expr_release_nonnull(acc);
    acc = r;
  }
  return acc;
}

static sx_expr *build2(symx_ctx *ctx, int k, sx_expr *a, sx_expr *b) {
  sx_expr *args[2] = {a, b};
  return sx_expr_build(ctx, k, 2, args, 0, 0, "symx_smt2_parse");
}
static sx_expr *build1(symx_ctx *ctx, int k, sx_expr *a) { return sx_expr_build(ctx, k, 1, &a, 0, 0, "symx_smt2_parse"); }

/* Applies the operator of frame f to args[0..n). */
static bool apply_op(parser *p, frame *f, term *args, size_t n, term *out) {
  symx_ctx *ctx = p->ctx;
  const sx_tok *at = &f->op;
  char s1[64], s2[64];
  if (f->as_const_sort) { /* ((as const (Array ...)) v) */
    if (n != 1) return fail_at(p, at, "'as const' expects one argument");
    if (!sx_is_const(args[0].e) || args[0].sort != 8 || args[0].e->value != 0)
      return fail_at(p, at, "only all-zero constant arrays are supported");
    static const uint8_t zero[1] = {0};
    out->e = symx_array_const(ctx, NULL, zero, 1, (unsigned)-f->as_const_sort);
    out->sort = f->as_const_sort;
    return out->e ? true : build_failed(p, at);
  }
  const opdef *op = find_op(at);
  if (!op) {
    if (lookup(p, at->text, at->len)) return fail_at(p, at, "'%.*s' is not a function", (int)at->len, at->text);
    return fail_at(p, at, "unknown function '%.*s'", (int)(at->len > 60 ? 60 : at->len), at->text);
  }
  if ((unsigned)op->nidx != f->nidx)
    return fail_at(p, at, op->nidx ? "'%s' needs %d indices" : "'%s' takes no indices", op->name, op->nidx);
  if ((op->arity >= 0 && n != (size_t)op->arity) || (op->arity < 0 && n < (op->kind == OP_AND || op->kind == OP_OR ? 1u : 2u)))
    return fail_at(p, at, "'%s' expects %s%d argument%s, got %zu", op->name, op->arity < 0 ? "at least " : "",
                   op->arity < 0 ? 2 : op->arity, op->arity == 1 ? "" : "s", n);
  for (size_t i = 0; i < n; i++) {
    if (op->argsort == 1 && args[i].sort <= 0)
      return fail_at(p, at, "'%s': argument %zu has sort %s, expected a bit-vector", op->name, i + 1,
                     sort_name(args[i].sort, s1, sizeof s1));
    if (op->argsort == 0 && args[i].sort != SORT_BOOL)
      return fail_at(p, at, "'%s': argument %zu has sort %s, expected Bool", op->name, i + 1,
                     sort_name(args[i].sort, s1, sizeof s1));
  }
  bool same_sort = op->argsort == 1 && op->kind != SYMX_K_CONCAT && op->kind != SYMX_K_EXTRACT &&
                   op->kind != SYMX_K_ZEXT && op->kind != SYMX_K_SEXT;
  if (op->kind == OP_EQ || op->kind == OP_DISTINCT) same_sort = true;
  for (size_t i = 1; same_sort && i < n; i++)
    if (args[i].sort != args[0].sort)
      return fail_at(p, at, "'%s': sort mismatch (%s and %s)", op->name, sort_name(args[0].sort, s1, sizeof s1),
                     sort_name(args[i].sort, s2, sizeof s2));
  sx_expr *e = NULL;
  int sort = args[0].sort;
  switch (op->kind) {
  case OP_NOT: e = build1(ctx, SYMX_K_NOT, args[0].e); break;
  case OP_AND: e = fold2(ctx, SYMX_K_AND, args, n); break;
  case OP_OR: e = fold2(ctx, SYMX_K_OR, args, n); break;
  case OP_XOR: e = fold2(ctx, SYMX_K_XOR, args, n); break;
  case OP_IMPLIES: { /* right associative: a => (b => c) */
    e = symx_expr_retain(args[n - 1].e);
    for (size_t i = n - 1; i-- > 0 && e;) {
      sx_expr *na = build1(ctx, SYMX_K_NOT, args[i].e);
      sx_expr *r = na ? build2(ctx, SYMX_K_OR, na, e) : NULL;
      if (na) sx_expr_release_nonnull(na);
      sx_expr_release_nonnull(e);
      e = r;
    }
    break;
  }
  case OP_EQ:
  case OP_DISTINCT:
    if (args[0].sort < 0) return fail_at(p, at, "'%s' on arrays is not supported", op->name);
    e = symx_true(ctx);
    for (size_t i = 0; i < n && e; i++)
      for (size_t j = i + 1; j < n && e; j++) {
        if (op->kind == OP_EQ && j != i + 1) break; /* chainable */
        sx_expr *c = build2(ctx, op->kind == OP_EQ ? SYMX_K_EQ : SYMX_K_NE, args[i].e, args[j].e);
        sx_expr *r = c ? build2(ctx, SYMX_K_AND, e, c) : NULL;
        if (c) sx_expr_release_nonnull(c);
        sx_expr_release_nonnull(e);
        e = r;
      }
    sort = SORT_BOOL;
    break;
  case OP_ITE:
    if (args[0].sort != SORT_BOOL) return fail_at(p, at, "'ite': the condition must be Bool");
    if (args[1].sort != args[2].sort)
      return fail_at(p, at, "'ite': sort mismatch (%s and %s)", sort_name(args[1].sort, s1, sizeof s1),
                     sort_name(args[2].sort, s2, sizeof s2));
    if (args[1].sort < 0) return fail_at(p, at, "'ite' on arrays is not supported");
    e = symx_ite(ctx, args[0].e, args[1].e, args[2].e);
    sort = args[1].sort;
    break;
  case OP_NAND:
  case OP_NOR:
  case OP_XNOR: {
    sx_expr *t = build2(ctx, op->kind == OP_NAND ? SYMX_K_AND : op->kind == OP_NOR ? SYMX_K_OR : SYMX_K_XOR,
                        args[0].e, args[1].e);
    e = t ? build1(ctx, SYMX_K_NOT, t) : NULL;
    if (t) sx_expr_release_nonnull(t);
    break;
  }
  case OP_COMP: e = build2(ctx, SYMX_K_EQ, args[0].e, args[1].e); sort = 1; break;
  case OP_SELECT:
  case OP_STORE:
    if (args[0].sort >= 0) return fail_at(p, at, "'%s': argument 1 must be an array", op->name);
    if (args[1].sort != -args[0].sort)
      return fail_at(p, at, "'%s': index has sort %s, expected (_ BitVec %d)", op->name,
                     sort_name(args[1].sort, s1, sizeof s1), -args[0].sort);
    if (op->kind == OP_SELECT) {
      e = symx_read(ctx, args[0].e, args[1].e);
      sort = 8;
    } else {
      if (args[2].sort != 8)
        return fail_at(p, at, "'store': value has sort %s, expected (_ BitVec 8)", sort_name(args[2].sort, s1, sizeof s1));
      e = symx_array_write(ctx, args[0].e, args[1].e, args[2].e);
    }
    break;
  case SYMX_K_CONCAT: {
    unsigned w = 0;
    for (size_t i = 0; i < n; i++) w += (unsigned)args[i].sort;
    if (w > 64) return fail_at(p, at, "'concat': result width %u exceeds 64", w);
    e = fold2(ctx, SYMX_K_CONCAT, args, n);
    sort = (int)w;
    break;
  }
  case SYMX_K_EXTRACT:
    if (f->idx[0] < f->idx[1] || f->idx[0] >= (unsigned)args[0].sort)
      return fail_at(p, at, "'extract': bits %u..%u out of range for width %d", f->idx[0], f->idx[1], args[0].sort);
    e = symx_extract(ctx, args[0].e, f->idx[0], f->idx[1]);
    sort = (int)(f->idx[0] - f->idx[1] + 1);
    break;
  case SYMX_K_ZEXT:
  case SYMX_K_SEXT:
    if (f->idx[0] + (unsigned)args[0].sort > 64)
      return fail_at(p, at, "'%s': result width %u exceeds 64", op->name, f->idx[0] + (unsigned)args[0].sort);
    sort = args[0].sort + (int)f->idx[0];
    e = op->kind == SYMX_K_ZEXT ? symx_zext(ctx, args[0].e, (unsigned)sort) : symx_sext(ctx, args[0].e, (unsigned)sort);
    break;
  default:
    if (op->arity < 0) e = fold2(ctx, op->kind, args, n);
    else if (n == 1) e = build1(ctx, op->kind, args[0].e);
    else e = build2(ctx, op->kind, args[0].e, args[1].e);
    if (is_compare(op->kind)) sort = SORT_BOOL;
    break;
  }
  if (!e) return build_failed(p, at);
  out->e = e;
  out->sort = sort;
  return true;
}

/* After "((": (_ name i [j]) ) or (as const SORT) ). */
static bool parse_head(parser *p, frame *f) {
  sx_tok h = sx_lex_next(&p->lx);
  if (h.kind == SX_TOK_SYMBOL && sx_tok_is(&h, "_")) {
    if (!expect(p, SX_TOK_SYMBOL, &f->op)) return false;
    for (;;) {
      sx_tok t = sx_lex_next(&p->lx);
      if (t.kind == SX_TOK_RPAREN) break;
      if (f->nidx == 2 || !parse_unsigned(&t, &f->idx[f->nidx])) return fail_at(p, &t, "expected an index");
      f->nidx++;
    }
    if (f->nidx == 0) return fail_at(p, &f->op, "expected an index");
    return true;
  }
  if (h.kind == SX_TOK_SYMBOL && sx_tok_is(&h, "as")) {
    sx_tok c = sx_lex_next(&p->lx);
    if (c.kind != SX_TOK_SYMBOL || !sx_tok_is(&c, "const")) return fail_at(p, &c, "expected 'as const'");
    f->op = h;
    int sort;
    if (!parse_sort(p, &sort)) return false;
    if (sort >= 0) return fail_at(p, &c, "'as const' needs an array sort");
    f->as_const_sort = sort;
    return expect(p, SX_TOK_RPAREN, NULL);
  }
  return h.kind == SX_TOK_SYMBOL ? fail_at(p, &h, "unsupported function head") : tok_error(p, &h);
}

/* Cuts the pending let bindings to their first n (both stacks may still be
** unallocated: no arithmetic on a NULL begin, which is undefined). */
static void pending_cut(parser *p, size_t n) {
  if (p->pending.begin) p->pending.end = p->pending.begin + n;
  if (p->pending_names.begin) p->pending_names.end = p->pending_names.begin + n;
}

/* Parses one term (iteratively). On success *out holds a new reference. */
static bool parse_term(parser *p, term *out, sx_tok *first) {
  size_t fbase = SX_SIZE(p->frames);
  term t = {0};
  bool have_first = first != NULL;
  for (;;) {
    sx_tok tok = have_first ? *first : sx_lex_next(&p->lx);
    have_first = false;
    if (tok.kind == SX_TOK_RPAREN && SX_SIZE(p->frames) > fbase && SX_TOP(p->frames).kind == FR_APP) {
      frame f = SX_POP(p->frames);
      size_t n = SX_SIZE(p->vals) - f.vbase;
      /* no arguments: vals may be unallocated (no arithmetic on NULL) */
      bool ok = apply_op(p, &f, n ? p->vals.begin + f.vbase : NULL, n, &t);
      while (SX_SIZE(p->vals) > f.vbase) term_release(SX_POP(p->vals));
      if (!ok) goto fail;
    } else if (tok.kind == SX_TOK_LPAREN) {
      sx_tok h = sx_lex_next(&p->lx);
      frame f = {.kind = FR_APP, .vbase = SX_SIZE(p->vals)};
      if (h.kind == SX_TOK_SYMBOL && sx_tok_is(&h, "let")) {
        if (!expect(p, SX_TOK_LPAREN, NULL)) goto fail;
        f.kind = FR_LET_BINDINGS;
        f.op = h;
        f.vbase = SX_SIZE(p->pending);
        if (!SX_PUSH(p->ctx, p->frames, f)) goto nomem;
        goto bindings;
      } else if (h.kind == SX_TOK_SYMBOL && sx_tok_is(&h, "_")) {
        if (!indexed_literal(p, &h, &t)) goto fail;
      } else if (h.kind == SX_TOK_LPAREN) {
        if (!parse_head(p, &f)) goto fail;
        if (!SX_PUSH(p->ctx, p->frames, f)) goto nomem;
        continue;
      } else if (h.kind == SX_TOK_SYMBOL) {
        f.op = h;
        if (!SX_PUSH(p->ctx, p->frames, f)) goto nomem;
        continue;
      } else {
        tok_error(p, &h);
        goto fail;
      }
    } else if (!atom(p, &tok, &t)) {
      goto fail;
    }
  deliver:
    if (SX_SIZE(p->frames) == fbase) {
      *out = t;
      return true;
    }
    frame *top = &SX_TOP(p->frames);
    if (top->kind == FR_APP) {
      if (!SX_PUSH(p->ctx, p->vals, t)) goto nomem;
      t.e = NULL;
      continue;
    }
    if (top->kind == FR_LET_VALUE) {
      if (!expect(p, SX_TOK_RPAREN, NULL)) goto fail;
      if (!SX_RESERVE1(p->ctx, p->pending_names) || !SX_PUSH(p->ctx, p->pending, t)) goto nomem;
      *p->pending_names.end++ = top->name;
      t.e = NULL;
      top->kind = FR_LET_BINDINGS;
      goto bindings;
    }
    /* FR_LET_BODY: the body is t */
    if (!expect(p, SX_TOK_RPAREN, NULL)) goto fail;
    unbind_to(p, SX_SIZE(p->binds) - top->nbind);
    (void)SX_POP(p->frames);
    goto deliver;
  bindings : {
    sx_tok b = sx_lex_next(&p->lx);
    top = &SX_TOP(p->frames);
    if (b.kind == SX_TOK_LPAREN) {
      if (!expect(p, SX_TOK_SYMBOL, &top->name)) goto fail;
      top->kind = FR_LET_VALUE;
      continue;
    }
    if (b.kind != SX_TOK_RPAREN) {
      tok_error(p, &b);
      goto fail;
    }
    /* parallel let: activate every binding of this let at once */
    size_t base = top->vbase, nb = SX_SIZE(p->pending) - base;
    for (size_t i = 0; i < nb; i++) {
      term v = SX_AT(p->pending, base + i);
      SX_AT(p->pending, base + i).e = NULL;
      if (!bind(p, &SX_AT(p->pending_names, base + i), v)) goto fail;
    }
    pending_cut(p, base);
    top->nbind = nb;
    top->kind = FR_LET_BODY;
    continue;
  }
  }
nomem:
  oom(p);
fail:
  term_release(t);
  /* unwind the frames of this term */
  while (SX_SIZE(p->frames) > fbase) {
    frame f = SX_POP(p->frames);
    if (f.kind == FR_APP) {
      while (SX_SIZE(p->vals) > f.vbase) term_release(SX_POP(p->vals));
    } else if (f.kind == FR_LET_BODY) {
      unbind_to(p, SX_SIZE(p->binds) - f.nbind);
    } else {
      while (SX_SIZE(p->pending) > f.vbase) term_release(SX_POP(p->pending));
      pending_cut(p, SX_SIZE(p->pending));
    }
  }
  return false;
}

/* ---- commands ---- */

static cmd *add_cmd(parser *p, symx_smt2_cmd kind) {
  symx_smt2 *s = p->out;
  if (s->n == s->cap) {
    size_t ncap = s->cap ? s->cap * 2 : 16;
    cmd *c = sx_realloc(p->ctx, s->cmds, s->cap * sizeof *c, ncap * sizeof *c);
    if (!c) {
      oom(p);
      return NULL;
    }
    s->cmds = c;
    s->cap = ncap;
  }
  cmd *c = &s->cmds[s->n++];
  memset(c, 0, sizeof *c);
  c->kind = kind;
  return c;
}

/* Skips tokens up to the ')' closing the current command. */
static bool skip_to_close(parser *p) {
  int depth = 0;
  for (;;) {
    sx_tok t = sx_lex_next(&p->lx);
    if (t.kind == SX_TOK_EOF || t.kind == SX_TOK_ERROR) return tok_error(p, &t);
    if (t.kind == SX_TOK_LPAREN) depth++;
    if (t.kind == SX_TOK_RPAREN && depth-- == 0) return true;
  }
}

static bool declare(parser *p, const sx_tok *name, int sort) {
  if (lookup(p, name->text, name->len))
    return fail_at(p, name, "'%.*s' is already declared", (int)name->len, name->text);
  char nm[256];
  if (name->len >= sizeof nm) return fail_at(p, name, "name too long");
  memcpy(nm, name->text, name->len);
  nm[name->len] = 0;
  if (!*nm) return fail_at(p, name, "empty name");
  term t = {NULL, sort};
  if (sort < 0 && (!strcmp(nm, "symx!zero32") || !strcmp(nm, "symx!zero64")) &&
      (unsigned)-sort == (strcmp(nm, "symx!zero32") ? 64u : 32u)) {
    /* the printer's base of constant arrays: all zeros */
    static const uint8_t zero[1] = {0};
    t.e = symx_array_const(p->ctx, NULL, zero, 1, (unsigned)-sort);
  } else if (sort < 0) {
    sx_expr *old = symx_input_find(p->ctx, nm);
    if (old && old->aux == (unsigned)-sort) {
      t.e = old;
    } else {
      if (old) sx_expr_release_nonnull(old);
      t.e = symx_array_input(p->ctx, nm, sort == SORT_ARRAY32 ? (1ull << 32) : UINT64_MAX, (unsigned)-sort);
    }
  } else {
    t.e = symx_var(p->ctx, nm, sort == SORT_BOOL ? 1 : (unsigned)sort);
  }
  if (!t.e) return build_failed(p, name);
  return bind(p, name, t);
}

static bool command(parser *p, const sx_tok *open) {
  sx_tok c = sx_lex_next(&p->lx);
  if (c.kind != SX_TOK_SYMBOL) return tok_error(p, &c);
  if (sx_tok_is(&c, "set-logic") || sx_tok_is(&c, "set-option") || sx_tok_is(&c, "set-info"))
    return skip_to_close(p);
  if (sx_tok_is(&c, "declare-fun") || sx_tok_is(&c, "declare-const")) {
    sx_tok name;
    int sort;
    if (!expect(p, SX_TOK_SYMBOL, &name)) return false;
    if (sx_tok_is(&c, "declare-fun")) {
      sx_tok l = sx_lex_next(&p->lx), r = sx_lex_next(&p->lx);
      if (l.kind != SX_TOK_LPAREN) return tok_error(p, &l);
      if (r.kind != SX_TOK_RPAREN) return fail_at(p, &r, "functions with arguments are not supported");
    }
    if (!parse_sort(p, &sort) || !expect(p, SX_TOK_RPAREN, NULL)) return false;
    return declare(p, &name, sort);
  }
  if (sx_tok_is(&c, "define-fun")) {
    sx_tok name, l, r;
    int sort;
    term t;
    if (!expect(p, SX_TOK_SYMBOL, &name)) return false;
    if (!expect(p, SX_TOK_LPAREN, &l)) return false;
    r = sx_lex_next(&p->lx);
    if (r.kind != SX_TOK_RPAREN) return fail_at(p, &r, "functions with arguments are not supported");
    if (!parse_sort(p, &sort)) return false;
    sx_tok at = sx_lex_peek(&p->lx);
    if (!parse_term(p, &t, NULL)) return false;
    if (t.sort != sort) {
      char s1[64], s2[64];
      term_release(t);
      return fail_at(p, &at, "'%.*s': body has sort %s, declared %s", (int)name.len, name.text,
                     sort_name(t.sort, s1, sizeof s1), sort_name(sort, s2, sizeof s2));
    }
    if (!expect(p, SX_TOK_RPAREN, NULL)) {
      term_release(t);
      return false;
    }
    return bind(p, &name, t);
  }
  if (sx_tok_is(&c, "assert")) {
    sx_tok at = sx_lex_peek(&p->lx);
    term t;
    if (!parse_term(p, &t, NULL)) return false;
    if (t.sort != SORT_BOOL) {
      term_release(t);
      return fail_at(p, &at, "assert needs a Bool term");
    }
    if (!expect(p, SX_TOK_RPAREN, NULL)) {
      term_release(t);
      return false;
    }
    cmd *k = add_cmd(p, SYMX_SMT2_ASSERT);
    sx_expr **v = k ? sx_alloc(p->ctx, sizeof *v) : NULL;
    if (!v) {
      term_release(t);
      return oom(p);
    }
    v[0] = t.e;
    k->exprs = v;
    k->n = 1;
    return true;
  }
  if (sx_tok_is(&c, "get-value")) {
    if (!expect(p, SX_TOK_LPAREN, NULL)) return false;
    cmd *k = add_cmd(p, SYMX_SMT2_GET_VALUE);
    if (!k) return false;
    for (;;) {
      sx_tok first = sx_lex_next(&p->lx);
      if (first.kind == SX_TOK_RPAREN) break;
      term t;
      if (!parse_term(p, &t, &first)) return false;
      size_t end = p->lx.has_peek ? p->lx.peeked.start : p->lx.pos;
      while (end > first.start && strchr(" \t\r\n", p->lx.src[end - 1])) end--;
      if (k->n == k->cap) {
        size_t ncap = k->cap ? k->cap * 2 : 4;
        sx_expr **ne = sx_realloc(p->ctx, k->exprs, k->cap * sizeof *ne, ncap * sizeof *ne);
        if (ne) k->exprs = ne, k->cap = ncap;
        char **nt = ne ? sx_realloc(p->ctx, k->texts, k->tcap * sizeof *nt, ncap * sizeof *nt) : NULL;
        if (nt) k->texts = nt, k->tcap = ncap;
        if (!ne || !nt) {
          term_release(t);
          return oom(p);
        }
      }
      char *txt = sx_alloc(p->ctx, end - first.start + 1);
      if (!txt) {
        term_release(t);
        return oom(p);
      }
      memcpy(txt, p->lx.src + first.start, end - first.start);
      txt[end - first.start] = 0;
      k->exprs[k->n] = t.e;
      k->texts[k->n++] = txt;
    }
    return expect(p, SX_TOK_RPAREN, NULL);
  }
  if (sx_tok_is(&c, "push") || sx_tok_is(&c, "pop")) {
    bool push = sx_tok_is(&c, "push");
    unsigned n = 1;
    sx_tok t = sx_lex_next(&p->lx);
    if (t.kind == SX_TOK_NUMERAL) {
      if (!parse_unsigned(&t, &n) || n > 1000000) return fail_at(p, &t, "level count out of range");
      t = sx_lex_next(&p->lx);
    }
    if (t.kind != SX_TOK_RPAREN) return tok_error(p, &t);
    if (!push && n > SX_SIZE(p->marks)) return fail_at(p, &c, "pop %u exceeds the %zu pushed levels", n, SX_SIZE(p->marks));
    for (unsigned i = 0; i < n; i++) {
      if (push) {
        if (!SX_PUSH(p->ctx, p->marks, SX_SIZE(p->binds))) return oom(p);
      } else {
        unbind_to(p, SX_POP(p->marks));
      }
    }
    cmd *k = add_cmd(p, push ? SYMX_SMT2_PUSH : SYMX_SMT2_POP);
    if (!k) return false;
    k->num = n;
    return true;
  }
  struct { const char *name; symx_smt2_cmd kind; } simple[] = {
      {"check-sat", SYMX_SMT2_CHECK_SAT}, {"exit", SYMX_SMT2_EXIT}, {"get-model", SYMX_SMT2_GET_MODEL},
      {"reset", SYMX_SMT2_RESET}};
  for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++)
    if (sx_tok_is(&c, simple[i].name)) {
      if (!expect(p, SX_TOK_RPAREN, NULL)) return false;
      if (simple[i].kind == SYMX_SMT2_RESET) {
        unbind_to(p, 0);
        SX_CLEAR(p->marks);
      }
      return add_cmd(p, simple[i].kind) != NULL;
    }
  SX_UNUSED(open);
  return fail_at(p, &c, "unsupported command '%.*s'", (int)(c.len > 40 ? 40 : c.len), c.text);
}

/* ---- public ---- */

symx_smt2 *symx_smt2_parse(symx_ctx *ctx, const char *text, size_t len, const char *name) {
  if (!ctx) return NULL;
  if (!text && len) {
    SX_MISUSE(ctx, "NULL text with length %zu", len);
    return NULL;
  }
  parser *p = sx_calloc(ctx, sizeof *p);
  symx_smt2 *s = p ? sx_calloc(ctx, sizeof *s) : NULL;
  if (!s) {
    if (p) sx_free(ctx, p, sizeof *p);
    sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
    return NULL;
  }
  s->ctx = ctx;
  p->ctx = ctx;
  p->name = name ? name : "<smt2>";
  p->out = s;
  for (size_t i = 0; i < NBUCKETS; i++) p->buckets[i] = -1;
  sx_lex_init(&p->lx, text ? text : "", len);
  for (;;) {
    sx_tok t = sx_lex_next(&p->lx);
    if (t.kind == SX_TOK_EOF) break;
    if (t.kind != SX_TOK_LPAREN) {
      if (t.kind == SX_TOK_RPAREN) fail_at(p, &t, "unexpected ')'");
      else if (t.kind == SX_TOK_ERROR) tok_error(p, &t);
      else fail_at(p, &t, "expected '(' to start a command");
      break;
    }
    if (!command(p, &t)) break;
  }
  unbind_to(p, 0);
  SX_RELEASE(ctx, p->binds);
  SX_RELEASE(ctx, p->marks);
  SX_RELEASE(ctx, p->vals);
  SX_RELEASE(ctx, p->frames);
  SX_RELEASE(ctx, p->pending);
  SX_RELEASE(ctx, p->pending_names);
  bool failed = p->failed;
  sx_free(ctx, p, sizeof *p);
  if (failed) {
    int code = ctx->errcode;
    char msg[sizeof ctx->errmsg];
    memcpy(msg, ctx->errmsg, sizeof msg);
    symx_smt2_free(s); /* freeing does not touch the error */
    ctx->errcode = code;
    memcpy(ctx->errmsg, msg, sizeof msg);
    return NULL;
  }
  return s;
}

void symx_smt2_free(symx_smt2 *s) {
  if (!s) return;
  symx_ctx *ctx = s->ctx;
  for (size_t i = 0; i < s->n; i++) {
    cmd *c = &s->cmds[i];
    for (size_t j = 0; j < c->n; j++) {
      sx_expr_release_nonnull(c->exprs[j]);
      if (c->texts) sx_strfree(ctx, c->texts[j]);
    }
    if (c->exprs) sx_free(ctx, c->exprs, (c->cap ? c->cap : c->n) * sizeof *c->exprs);
    if (c->texts) sx_free(ctx, c->texts, c->tcap * sizeof *c->texts);
  }
  sx_free(ctx, s->cmds, s->cap * sizeof *s->cmds);
  sx_free(ctx, s, sizeof *s);
}

size_t symx_smt2_count(const symx_smt2 *s) { return s ? s->n : 0; }
symx_smt2_cmd symx_smt2_kind(const symx_smt2 *s, size_t i) {
  return s && i < s->n ? s->cmds[i].kind : SYMX_SMT2_EXIT;
}
size_t symx_smt2_nexprs(const symx_smt2 *s, size_t i) { return s && i < s->n ? s->cmds[i].n : 0; }
symx_expr *symx_smt2_expr(const symx_smt2 *s, size_t i, size_t j) {
  return s && i < s->n && j < s->cmds[i].n ? s->cmds[i].exprs[j] : NULL;
}
const char *symx_smt2_expr_text(const symx_smt2 *s, size_t i, size_t j) {
  return s && i < s->n && j < s->cmds[i].n && s->cmds[i].texts ? s->cmds[i].texts[j] : NULL;
}
unsigned symx_smt2_num(const symx_smt2 *s, size_t i) {
  if (!s || i >= s->n) return 0;
  const cmd *c = &s->cmds[i];
  return c->kind == SYMX_SMT2_PUSH || c->kind == SYMX_SMT2_POP ? c->num : 0;
}
