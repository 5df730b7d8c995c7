/*
** model.c — Z3 models to assignments.
**
** An input of at most SX_Z3_MODEL_FULL_MAX bytes gets every byte 0..size-1
** (bytes the query does not constrain take Z3's choice, or 0 for inputs
** translated byte by byte). A bigger input gets only the nonzero bytes at the
** indices its reads take in the model, which is all the evaluator looks at;
** a nonzero byte at or beyond SX_Z3_MODEL_SPARSE_MAX cannot be held by an
** assignment: the caller then asks Z3 again with the read indices bounded
** (sx_z3_bound_big_reads), and fails with SYMX_UNSUPPORTED if that fails.
*/
#include "z3int.h"
#include "alloc.h"
#include "error.h"

#include <string.h>

static bool numeral(sx_backend *b, Z3_ast a, uint64_t *v) {
  return a && Z3_get_numeral_uint64(b->z, a, v) && !sx_z3_failed(b);
}

static bool eval(sx_backend *b, Z3_model m, Z3_ast t, uint64_t *v) {
  Z3_ast r = NULL;
  if (!t || !Z3_model_eval(b->z, m, t, true, &r)) return false;
  return numeral(b, sx_z3_keep(b, r), v);
}

/* The model's value of array A as a default byte plus explicit entries in
** b->st (store chains, constant arrays, as-array function tables, outermost
** first). false when Z3 chose another form. */
static bool array_interp(sx_backend *b, Z3_model m, Z3_ast A, uint8_t *def) {
  Z3_context z = b->z;
  Z3_ast v = NULL;
  if (!Z3_model_eval(z, m, A, true, &v) || !sx_z3_keep(b, v)) return false;
  SX_CLEAR(b->st);
  for (;;) {
    if (Z3_get_ast_kind(z, v) != Z3_APP_AST) return false;
    Z3_app app = Z3_to_app(z, v);
    Z3_func_decl d = Z3_get_app_decl(z, app);
    if (!d || !sx_z3_keep(b, Z3_func_decl_to_ast(z, d))) return false;
    Z3_decl_kind dk = Z3_get_decl_kind(z, d);
    uint64_t i, x;
    if (dk == Z3_OP_STORE) {
      Z3_ast ai = sx_z3_keep(b, Z3_get_app_arg(z, app, 1));
      Z3_ast av = sx_z3_keep(b, Z3_get_app_arg(z, app, 2));
      if (!numeral(b, ai, &i) || !numeral(b, av, &x)) return false;
      sx_z3_store se = {i, (uint8_t)x};
      if (!SX_PUSH(b->ctx, b->st, se)) return false;
      v = sx_z3_keep(b, Z3_get_app_arg(z, app, 0));
      if (!v) return false;
    } else if (dk == Z3_OP_CONST_ARRAY) {
      if (!numeral(b, sx_z3_keep(b, Z3_get_app_arg(z, app, 0)), &x)) return false;
      *def = (uint8_t)x;
      return true;
    } else if (dk == Z3_OP_AS_ARRAY) {
      Z3_func_decl f = Z3_get_as_array_func_decl(z, v);
      if (!f || !sx_z3_keep(b, Z3_func_decl_to_ast(z, f))) return false;
      Z3_func_interp fi = Z3_model_get_func_interp(z, m, f);
      if (!fi || sx_z3_failed(b)) return false;
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
        Z3_ast ai = sx_z3_keep(b, Z3_func_entry_get_arg(z, en, 0));
        Z3_ast av = ai ? sx_z3_keep(b, Z3_func_entry_get_value(z, en)) : NULL;
        ok = numeral(b, ai, &i) && numeral(b, av, &x);
        sx_z3_store se = {i, (uint8_t)x};
        if (ok && !SX_PUSH(b->ctx, b->st, se)) ok = false;
        Z3_func_entry_dec_ref(z, en);
      }
      ok = ok && numeral(b, sx_z3_keep(b, Z3_func_interp_get_else(z, fi)), &x);
      Z3_func_interp_dec_ref(z, fi);
      *def = (uint8_t)x;
      return ok;
    } else {
      return false;
    }
  }
}

/* The model's byte of A at index term zi (the slow path). */
static bool model_byte(sx_backend *b, Z3_model m, Z3_ast A, Z3_ast zi, uint8_t *out) {
  uint64_t x;
  if (!eval(b, m, sx_z3_keep(b, Z3_mk_select(b->z, A, zi)), &x)) return false;
  *out = (uint8_t)x;
  return true;
}

static int no_value(sx_backend *b, const sx_expr *in) {
  if (!b->failed) sx_error(b->ctx, SYMX_SOLVER, SX_Z3_FN, "no model value for input '%s'", in->arr->name);
  return b->ctx->errcode;
}

/* A Z3 array input of at most FULL_MAX bytes: every byte. */
static int array_full(sx_backend *b, Z3_model m, sx_expr *in, Z3_ast A, sx_assign *model) {
  symx_ctx *ctx = b->ctx;
  size_t size = (size_t)in->arr->size;
  uint8_t *buf = sx_alloc(ctx, size), def = 0;
  if (!buf) return sx_error(ctx, SYMX_NOMEM, SX_Z3_FN, "out of memory");
  int rc = SYMX_OK;
  if (array_interp(b, m, A, &def)) {
    memset(buf, def, size);
    for (sx_z3_store *s = b->st.end; s > b->st.begin;) { /* innermost store first */
      s--;
      if (s->idx < size) buf[s->idx] = s->val;
    }
  } else if (b->failed) {
    rc = ctx->errcode;
  } else { /* an unexpected form: ask byte by byte */
    Z3_sort is = sx_z3_bv_sort(b, in->aux);
    for (size_t i = 0; i < size && rc == SYMX_OK; i++) {
      size_t mark = SX_SIZE(b->trail);
      Z3_ast zi = is ? sx_z3_keep(b, Z3_mk_unsigned_int64(b->z, i, is)) : NULL;
      if (!zi || !model_byte(b, m, A, zi, &buf[i])) rc = no_value(b, in);
      while (SX_SIZE(b->trail) > mark) Z3_dec_ref(b->z, SX_POP(b->trail)); /* bounded trail */
    }
  }
  if (rc == SYMX_OK) rc = sx_assign_write(model, in->arr->name, 0, buf, size);
  sx_free(ctx, buf, size);
  return rc;
}

static int bind_byte(sx_expr *in, uint64_t idx, uint8_t byte, sx_assign *model) {
  if (!byte || idx >= in->arr->size) return SYMX_OK; /* unbound bytes read 0 */
  if (idx >= SX_Z3_MODEL_SPARSE_MAX) return SX_Z3_FAR;
  return sx_assign_write(model, in->arr->name, (size_t)idx, &byte, 1);
}

/* A Z3 array input above FULL_MAX: the bytes at the model's read indices. */
static int array_sparse(sx_backend *b, Z3_model m, sx_expr *in, Z3_ast A, sx_assign *model) {
  for (size_t *u = b->used.begin; u < b->used.end; u++) {
    sx_expr *e = b->memo[*u].e;
    if (e->kind != SYMX_K_READ || sx_z3_array_root(e->args[0]) != in) continue;
    Z3_ast zi = sx_z3_bv(b, e->args[1]);
    uint64_t idx;
    uint8_t byte;
    if (!eval(b, m, zi, &idx) || !model_byte(b, m, A, zi, &byte)) return no_value(b, in);
    int rc = bind_byte(in, idx, byte, model);
    if (rc != SYMX_OK) return rc;
  }
  return SYMX_OK;
}

/* An input translated byte by byte: the bytes the query reads. */
static int bytes_model(sx_backend *b, Z3_model m, sx_expr *in, sx_assign *model) {
  symx_ctx *ctx = b->ctx;
  uint64_t size = in->arr->size;
  uint8_t *buf = NULL;
  if (size <= SX_Z3_MODEL_FULL_MAX && !(buf = sx_calloc(ctx, (size_t)size)))
    return sx_error(ctx, SYMX_NOMEM, SX_Z3_FN, "out of memory");
  int rc = SYMX_OK;
  for (sx_z3_byte *y = b->bytes.begin; rc == SYMX_OK && y < b->bytes.end; y++) {
    if (y->input != in) continue;
    uint64_t x;
    if (!eval(b, m, y->c, &x)) rc = no_value(b, in);
    else if (buf) buf[y->idx] = (uint8_t)x;
    else rc = bind_byte(in, y->idx, (uint8_t)x, model);
  }
  if (buf) {
    if (rc == SYMX_OK) rc = sx_assign_write(model, in->arr->name, 0, buf, (size_t)size);
    sx_free(ctx, buf, (size_t)size);
  }
  /* a constant index cannot be bounded by asking again */
  if (rc == SX_Z3_FAR)
    rc = sx_error(ctx, SYMX_UNSUPPORTED, SX_Z3_FN, "input '%s': a model byte beyond %llu cannot be bound",
                  in->arr->name, (unsigned long long)SX_Z3_MODEL_SPARSE_MAX);
  return rc;
}

int sx_z3_extract_model(sx_backend *b, Z3_model m, sx_assign *model) {
  for (size_t k = 0; k < SX_SIZE(b->used); k++) {
    sx_z3_entry *x = &b->memo[SX_AT(b->used, k)];
    sx_expr *in = x->e;
    if (in->kind != SYMX_K_ARRAY_INPUT) continue;
    int rc;
    if (!b->array_mode[in->arr->input_id]) rc = bytes_model(b, m, in, model);
    else if (!x->bv) rc = SYMX_OK; /* only reached through reads that were resolved */
    else if (in->arr->size <= SX_Z3_MODEL_FULL_MAX) rc = array_full(b, m, in, x->bv, model);
    else rc = array_sparse(b, m, in, x->bv, model);
    if (rc != SYMX_OK) return rc;
  }
  return SYMX_OK;
}

bool sx_z3_bound_big_reads(sx_backend *b, Z3_solver s) {
  for (size_t k = 0; k < SX_SIZE(b->used); k++) {
    sx_expr *e = b->memo[SX_AT(b->used, k)].e;
    if (e->kind != SYMX_K_READ || sx_is_const(e->args[1])) continue;
    const sx_expr *root = sx_z3_array_root(e->args[0]);
    if (root->kind != SYMX_K_ARRAY_INPUT || root->arr->size <= SX_Z3_MODEL_FULL_MAX) continue;
    Z3_sort is = sx_z3_bv_sort(b, root->aux);
    Z3_ast zi = sx_z3_bv(b, e->args[1]);
    Z3_ast lim = is && zi ? sx_z3_keep(b, Z3_mk_unsigned_int64(b->z, SX_Z3_MODEL_SPARSE_MAX, is)) : NULL;
    Z3_ast lt = lim ? sx_z3_keep(b, Z3_mk_bvult(b->z, zi, lim)) : NULL;
    if (!lt) return false;
    Z3_solver_assert(b->z, s, lt);
    if (sx_z3_failed(b)) return false;
  }
  return true;
}
