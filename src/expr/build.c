/*
** build.c — the checked builder behind every public expression constructor:
** type checks that name the public function, then the rewriter, then
** hash-consing. Arrays and the little-endian read sugar live here too.
*/
#include "expr.h"
#include "alloc.h"
#include "error.h"

#include <stdio.h>
#include <string.h>

static bool is_bv(const sx_expr *e) { return !(e->flags & SX_F_ARRAY); }

static bool is_binary_same(int k) {
  return (k >= SYMX_K_ADD && k <= SYMX_K_ASHR);
}
static bool is_compare(int k) { return k >= SYMX_K_EQ && k <= SYMX_K_SGE; }

sx_expr *sx_expr_build(symx_ctx *ctx, int kind, unsigned nargs, sx_expr *const *args,
                       unsigned p0, unsigned p1, const char *func) {
  if (!ctx) return NULL;
  for (unsigned i = 0; i < nargs; i++) {
    if (!args[i]) {
      /* a NULL usually comes from an earlier failed build: keep its error */
      if (ctx->errcode == SYMX_OK) sx_error(ctx, SYMX_MISUSE, func, "argument %u is NULL", i + 1);
      return NULL;
    }
    if (args[i]->ctx != ctx) {
      sx_error(ctx, SYMX_MISUSE, func, "argument %u belongs to another context", i + 1);
      return NULL;
    }
  }
  unsigned width = 0;
  uint64_t value = 0;
  uint32_t aux = 0;
  const sx_expr *a = nargs > 0 ? args[0] : NULL, *b = nargs > 1 ? args[1] : NULL;
#define FAIL(...)                                                                        \
  do {                                                                                   \
    sx_error(ctx, SYMX_MISUSE, func, __VA_ARGS__);                                       \
    return NULL;                                                                         \
  } while (0)
  if (kind == SYMX_K_NOT || kind == SYMX_K_NEG) {
    if (nargs != 1 || !is_bv(a)) FAIL("expects one bit-vector operand");
    width = a->width;
  } else if (is_binary_same(kind) || is_compare(kind)) {
    if (nargs != 2 || !is_bv(a) || !is_bv(b)) FAIL("expects two bit-vector operands");
    if (a->width != b->width) FAIL("operand widths differ (%u and %u)", a->width, b->width);
    width = is_compare(kind) ? 1 : a->width;
  } else if (kind == SYMX_K_CONCAT) {
    if (nargs != 2 || !is_bv(a) || !is_bv(b)) FAIL("expects two bit-vector operands");
    if (a->width + b->width > 64) FAIL("result width %u exceeds 64", a->width + b->width);
    width = a->width + b->width;
  } else if (kind == SYMX_K_EXTRACT) {
    if (nargs != 1 || !is_bv(a)) FAIL("expects one bit-vector operand");
    if (p1 > p0 || p0 >= a->width) FAIL("bits %u..%u out of range for width %u", p0, p1, a->width);
    width = p0 - p1 + 1;
    value = p0;
    aux = p1;
  } else if (kind == SYMX_K_ZEXT || kind == SYMX_K_SEXT) {
    if (nargs != 1 || !is_bv(a)) FAIL("expects one bit-vector operand");
    if (p0 < a->width || p0 > 64) FAIL("cannot extend width %u to %u", a->width, p0);
    if (p0 == a->width) return symx_expr_retain(args[0]);
    width = p0;
  } else if (kind == SYMX_K_ITE) {
    if (nargs != 3 || !is_bv(a) || !is_bv(b) || !is_bv(args[2])) FAIL("expects three bit-vector operands");
    if (a->width != 1) FAIL("condition has width %u, expected 1", a->width);
    if (b->width != args[2]->width) FAIL("branch widths differ (%u and %u)", b->width, args[2]->width);
    width = b->width;
  } else if (kind == SYMX_K_READ) {
    if (nargs != 2 || is_bv(a) || !is_bv(b)) FAIL("expects an array and a bit-vector index");
    if (b->width != a->aux) FAIL("index width %u differs from the array's %u", b->width, a->aux);
    width = 8;
  } else if (kind == SYMX_K_ARRAY_WRITE) {
    if (nargs != 3 || is_bv(a) || !is_bv(b) || !is_bv(args[2])) FAIL("expects an array, an index and a value");
    if (b->width != a->aux) FAIL("index width %u differs from the array's %u", b->width, a->aux);
    if (args[2]->width != 8) FAIL("value width %u, expected 8", args[2]->width);
    width = 0;
    aux = a->aux;
    value = (a->kind == SYMX_K_ARRAY_WRITE ? a->value : 0) + 1; /* chain length */
  } else {
    FAIL("kind %d cannot be built this way", kind);
  }
#undef FAIL
  if (ctx->opts.rewrite > 0) {
    int failed = 0;
    sx_expr *r = sx_rewrite(ctx, kind, width, nargs, args, value, aux, &failed);
    if (r) return r;
    if (failed) {
      sx_error(ctx, SYMX_NOMEM, func, "out of memory");
      return NULL;
    }
  }
  return sx_expr_make(ctx, kind, width, nargs, args, value, aux, func);
}

/* ---- constants ---- */

symx_expr *symx_const(symx_ctx *ctx, unsigned width, uint64_t value) {
  if (!ctx) return NULL;
  if (width < 1 || width > 64) {
    sx_error(ctx, SYMX_MISUSE, __func__, "width %u outside 1..64", width);
    return NULL;
  }
  return sx_expr_make(ctx, SYMX_K_CONST, width, 0, NULL, value & sx_mask(width), 0, __func__);
}
symx_expr *symx_true(symx_ctx *ctx) { return symx_const(ctx, 1, 1); }
symx_expr *symx_false(symx_ctx *ctx) { return symx_const(ctx, 1, 0); }

/* ---- arrays ---- */

symx_expr *symx_input_find(symx_ctx *ctx, const char *name) {
  if (!ctx || !name) return NULL;
  struct sx_expr_table *t = ctx->exprs;
  for (size_t i = 0; i < t->ninputs; i++)
    if (!strcmp(t->inputs[i]->arr->name, name)) return symx_expr_retain(t->inputs[i]);
  return NULL;
}

static sx_expr *make_array_leaf(symx_ctx *ctx, int kind, const char *name, const uint8_t *bytes,
                                uint64_t size, unsigned iw, uint64_t tag, const char *func) {
  /* leaves are distinguished by value = tag (input id + 1, or a const array
  ** counter), so hash-consing never merges two different arrays */
  sx_array_info *ai = sx_calloc(ctx, sizeof *ai);
  char *nm = ai ? sx_strdup(ctx, name) : NULL;
  uint8_t *copy = NULL;
  if (nm && bytes) {
    copy = sx_alloc(ctx, size);
    if (copy) memcpy(copy, bytes, size);
  }
  if (!ai || !nm || (bytes && !copy)) {
    if (ai) sx_free(ctx, ai, sizeof *ai);
    sx_strfree(ctx, nm);
    sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    return NULL;
  }
  sx_expr *e = sx_expr_make(ctx, kind, 0, 0, NULL, tag, iw, func);
  if (!e) {
    sx_free(ctx, ai, sizeof *ai);
    sx_strfree(ctx, nm);
    if (copy) sx_free(ctx, copy, size);
    return NULL;
  }
  ai->name = nm;
  ai->bytes = copy;
  ai->size = size;
  ai->index_width = (uint8_t)iw;
  e->arr = ai;
  return e;
}

symx_expr *symx_array_input(symx_ctx *ctx, const char *name, uint64_t size, unsigned iw) {
  if (!ctx) return NULL;
  if (!name || !*name) {
    sx_error(ctx, SYMX_MISUSE, __func__, "an input needs a non-empty name");
    return NULL;
  }
  if (iw != 32 && iw != 64) {
    sx_error(ctx, SYMX_MISUSE, __func__, "index width %u, expected 32 or 64", iw);
    return NULL;
  }
  if (size == 0 || (iw == 32 && size > (1ull << 32))) {
    sx_error(ctx, SYMX_MISUSE, __func__, "size %llu invalid for index width %u", (unsigned long long)size, iw);
    return NULL;
  }
  struct sx_expr_table *t = ctx->exprs;
  for (size_t i = 0; i < t->ninputs; i++) {
    sx_expr *in = t->inputs[i];
    if (!strcmp(in->arr->name, name)) {
      if (in->arr->size != size || in->aux != iw) {
        sx_error(ctx, SYMX_MISUSE, __func__,
                 "input '%s' exists with size %llu and index width %u", name,
                 (unsigned long long)in->arr->size, in->aux);
        return NULL;
      }
      return symx_expr_retain(in);
    }
  }
  if (t->ninputs == t->cap_inputs) {
    size_t ncap = t->cap_inputs ? t->cap_inputs * 2 : 8;
    sx_expr **p = sx_realloc(ctx, t->inputs, t->cap_inputs * sizeof *p, ncap * sizeof *p);
    if (!p) {
      sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
      return NULL;
    }
    t->inputs = p;
    t->cap_inputs = ncap;
  }
  sx_expr *e = make_array_leaf(ctx, SYMX_K_ARRAY_INPUT, name, NULL, size, iw, t->ninputs + 1, __func__);
  if (!e) return NULL;
  e->arr->input_id = (uint32_t)t->ninputs;
  t->inputs[t->ninputs++] = e;
  e->refs++; /* the table keeps inputs alive: their ids stay stable */
  return e;
}

symx_expr *symx_array_const(symx_ctx *ctx, const char *name, const uint8_t *bytes, uint64_t size,
                            unsigned iw) {
  if (!ctx) return NULL;
  if (!bytes || size == 0) {
    sx_error(ctx, SYMX_MISUSE, __func__, "a constant array needs bytes and a size > 0");
    return NULL;
  }
  if (iw != 32 && iw != 64) {
    sx_error(ctx, SYMX_MISUSE, __func__, "index width %u, expected 32 or 64", iw);
    return NULL;
  }
  char buf[32];
  uint64_t tag = ++ctx->exprs->const_array_counter;
  if (!name) {
    snprintf(buf, sizeof buf, "const%llu", (unsigned long long)tag);
    name = buf;
  }
  return make_array_leaf(ctx, SYMX_K_ARRAY_CONST, name, bytes, size, iw, tag, __func__);
}

symx_expr *symx_array_write(symx_ctx *ctx, symx_expr *array, symx_expr *index, symx_expr *value) {
  sx_expr *args[3] = {array, index, value};
  return sx_expr_build(ctx, SYMX_K_ARRAY_WRITE, 3, args, 0, 0, __func__);
}

symx_expr *symx_read(symx_ctx *ctx, symx_expr *array, symx_expr *index) {
  sx_expr *args[2] = {array, index};
  return sx_expr_build(ctx, SYMX_K_READ, 2, args, 0, 0, __func__);
}

symx_expr *symx_read_le(symx_ctx *ctx, symx_expr *array, uint64_t offset, unsigned nbytes) {
  if (!ctx) return NULL;
  if (!array || !(array->flags & SX_F_ARRAY)) {
    sx_error(ctx, SYMX_MISUSE, __func__, "expects an array");
    return NULL;
  }
  if (nbytes < 1 || nbytes > 8) {
    sx_error(ctx, SYMX_MISUSE, __func__, "%u bytes: expected 1..8", nbytes);
    return NULL;
  }
  sx_expr *acc = NULL;
  for (unsigned i = 0; i < nbytes; i++) {
    sx_expr *idx = symx_const(ctx, array->aux, offset + i);
    sx_expr *byte = idx ? symx_read(ctx, array, idx) : NULL;
    symx_expr_release(idx);
    if (!byte) {
      symx_expr_release(acc);
      return NULL;
    }
    if (!acc) {
      acc = byte;
      continue;
    }
    sx_expr *cat = symx_concat(ctx, byte, acc); /* later bytes are more significant */
    symx_expr_release(byte);
    symx_expr_release(acc);
    if (!cat) return NULL;
    acc = cat;
  }
  return acc;
}

symx_expr *symx_var(symx_ctx *ctx, const char *name, unsigned width) {
  if (!ctx) return NULL;
  if (width < 1 || width > 64) {
    sx_error(ctx, SYMX_MISUSE, __func__, "width %u outside 1..64", width);
    return NULL;
  }
  unsigned nbytes = (width + 7) / 8;
  sx_expr *arr = symx_array_input(ctx, name, nbytes, 32);
  if (!arr) return NULL;
  sx_expr *v = symx_read_le(ctx, arr, 0, nbytes);
  symx_expr_release(arr);
  if (!v || v->width == width) return v;
  sx_expr *t = symx_extract(ctx, v, width - 1, 0);
  symx_expr_release(v);
  return t;
}

/* ---- operator builders ---- */

symx_expr *symx_mk1(symx_ctx *ctx, symx_kind k, symx_expr *a) {
  return sx_expr_build(ctx, k, 1, &a, 0, 0, __func__);
}
symx_expr *symx_mk2(symx_ctx *ctx, symx_kind k, symx_expr *a, symx_expr *b) {
  sx_expr *args[2] = {a, b};
  return sx_expr_build(ctx, k, 2, args, 0, 0, __func__);
}
symx_expr *symx_mk3(symx_ctx *ctx, symx_kind k, symx_expr *a, symx_expr *b, symx_expr *c) {
  sx_expr *args[3] = {a, b, c};
  return sx_expr_build(ctx, k, 3, args, 0, 0, __func__);
}

#define UN(NAME, K)                                                                   \
  symx_expr *symx_##NAME(symx_ctx *ctx, symx_expr *a) {                               \
    return sx_expr_build(ctx, K, 1, &a, 0, 0, __func__);                              \
  }
#define BIN(NAME, K)                                                                  \
  symx_expr *symx_##NAME(symx_ctx *ctx, symx_expr *a, symx_expr *b) {                 \
    sx_expr *args[2] = {a, b};                                                        \
    return sx_expr_build(ctx, K, 2, args, 0, 0, __func__);                            \
  }
UN(not, SYMX_K_NOT)
UN(neg, SYMX_K_NEG)
BIN(add, SYMX_K_ADD)
BIN(sub, SYMX_K_SUB)
BIN(mul, SYMX_K_MUL)
BIN(udiv, SYMX_K_UDIV)
BIN(sdiv, SYMX_K_SDIV)
BIN(urem, SYMX_K_UREM)
BIN(srem, SYMX_K_SREM)
BIN(and, SYMX_K_AND)
BIN(or, SYMX_K_OR)
BIN(xor, SYMX_K_XOR)
BIN(shl, SYMX_K_SHL)
BIN(lshr, SYMX_K_LSHR)
BIN(ashr, SYMX_K_ASHR)
BIN(concat, SYMX_K_CONCAT)
BIN(eq, SYMX_K_EQ)
BIN(ne, SYMX_K_NE)
BIN(ult, SYMX_K_ULT)
BIN(ule, SYMX_K_ULE)
BIN(ugt, SYMX_K_UGT)
BIN(uge, SYMX_K_UGE)
BIN(slt, SYMX_K_SLT)
BIN(sle, SYMX_K_SLE)
BIN(sgt, SYMX_K_SGT)
BIN(sge, SYMX_K_SGE)
#undef UN
#undef BIN

symx_expr *symx_extract(symx_ctx *ctx, symx_expr *a, unsigned hi, unsigned lo) {
  return sx_expr_build(ctx, SYMX_K_EXTRACT, 1, &a, hi, lo, __func__);
}
symx_expr *symx_zext(symx_ctx *ctx, symx_expr *a, unsigned width) {
  return sx_expr_build(ctx, SYMX_K_ZEXT, 1, &a, width, 0, __func__);
}
symx_expr *symx_sext(symx_ctx *ctx, symx_expr *a, unsigned width) {
  return sx_expr_build(ctx, SYMX_K_SEXT, 1, &a, width, 0, __func__);
}
symx_expr *symx_ite(symx_ctx *ctx, symx_expr *c, symx_expr *t, symx_expr *e) {
  sx_expr *args[3] = {c, t, e};
  return sx_expr_build(ctx, SYMX_K_ITE, 3, args, 0, 0, __func__);
}

static bool want_bool(symx_ctx *ctx, symx_expr *a, const char *func) {
  if (a && a->width != 1) {
    sx_error(ctx, SYMX_MISUSE, func, "expects a width-1 operand, got width %u", a->width);
    return false;
  }
  return true;
}
symx_expr *symx_bool_not(symx_ctx *ctx, symx_expr *a) {
  if (!ctx || !want_bool(ctx, a, __func__)) return NULL;
  return sx_expr_build(ctx, SYMX_K_NOT, 1, &a, 0, 0, __func__);
}
symx_expr *symx_bool_and(symx_ctx *ctx, symx_expr *a, symx_expr *b) {
  if (!ctx || !want_bool(ctx, a, __func__) || !want_bool(ctx, b, __func__)) return NULL;
  sx_expr *args[2] = {a, b};
  return sx_expr_build(ctx, SYMX_K_AND, 2, args, 0, 0, __func__);
}
symx_expr *symx_bool_or(symx_ctx *ctx, symx_expr *a, symx_expr *b) {
  if (!ctx || !want_bool(ctx, a, __func__) || !want_bool(ctx, b, __func__)) return NULL;
  sx_expr *args[2] = {a, b};
  return sx_expr_build(ctx, SYMX_K_OR, 2, args, 0, 0, __func__);
}
