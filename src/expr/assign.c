/*
** assign.c — assignments: sorted bindings name -> bytes, with a per-context
** input-id index for the evaluator, and copy-on-write sharing.
*/
#include "assign.h"
#include "alloc.h"
#include "error.h"
#include "hash.h"

#include <string.h>

/* The bindings changed (or are new): no memoized value holds for them. */
static void changed(sx_assign *a) { a->stamp = ++a->ctx->exprs->eval_epoch; }

symx_assign *symx_assign_new(symx_ctx *ctx) {
  if (!ctx) return NULL;
  sx_assign *a = sx_calloc(ctx, sizeof *a);
  if (!a) {
    sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
    return NULL;
  }
  a->ctx = ctx;
  a->refs = 1;
  changed(a);
  return a;
}

static void destroy(sx_assign *a) {
  symx_ctx *ctx = a->ctx;
  for (size_t i = 0; i < a->n; i++) {
    sx_strfree(ctx, a->b[i].name);
    sx_free(ctx, a->b[i].bytes, a->b[i].len);
  }
  sx_free(ctx, a->b, a->cap * sizeof *a->b);
  sx_free(ctx, a->by_id, a->cap_by_id * sizeof *a->by_id);
  sx_free(ctx, a, sizeof *a);
}

void symx_assign_free(symx_assign *a) {
  if (!a) return;
  if (--a->refs == 0) destroy(a);
}

sx_assign *sx_assign_share(sx_assign *a) {
  a->refs++;
  return a;
}

symx_assign *symx_assign_copy(const symx_assign *src) {
  if (!src) return NULL;
  sx_assign *a = symx_assign_new(src->ctx);
  if (!a) return NULL;
  for (size_t i = 0; i < src->n; i++)
    if (symx_assign_set(a, src->b[i].name, src->b[i].bytes, src->b[i].len) != SYMX_OK) {
      destroy(a);
      return NULL;
    }
  return a;
}

sx_assign *sx_assign_unshare(sx_assign *a) {
  if (a->refs == 1) return a;
  sx_assign *c = symx_assign_copy(a);
  if (!c) return NULL;
  a->refs--;
  return c;
}

/* index of name, or -(insertion point) - 1 */
static long find(const sx_assign *a, const char *name) {
  size_t lo = 0, hi = a->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(name, a->b[mid].name);
    if (c == 0) return (long)mid;
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return -(long)lo - 1;
}

static sx_binding *binding(sx_assign *a, const char *name, const char *func) {
  long i = find(a, name);
  if (i >= 0) return &a->b[i];
  size_t at = (size_t)(-i - 1);
  symx_ctx *ctx = a->ctx;
  if (a->n == a->cap) {
    size_t ncap = a->cap ? a->cap * 2 : 4;
    sx_binding *nb = sx_realloc(ctx, a->b, a->cap * sizeof *nb, ncap * sizeof *nb);
    if (!nb) goto oom;
    a->b = nb;
    a->cap = ncap;
  }
  char *nm = sx_strdup(ctx, name);
  if (!nm) goto oom;
  memmove(&a->b[at + 1], &a->b[at], (a->n - at) * sizeof *a->b);
  a->b[at] = (sx_binding){nm, NULL, 0};
  a->n++;
  a->nresolved = 0; /* binding indices moved: re-resolve */
  changed(a);
  return &a->b[at];
oom:
  sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  return NULL;
}

int symx_assign_set(symx_assign *a, const char *name, const uint8_t *bytes, size_t len) {
  if (!a) return SYMX_MISUSE;
  if (!name || !*name) return sx_error(a->ctx, SYMX_MISUSE, __func__, "a binding needs a non-empty name");
  if (len && !bytes) return sx_error(a->ctx, SYMX_MISUSE, __func__, "NULL bytes with length %zu", len);
  uint8_t *copy = NULL;
  if (len) {
    copy = sx_alloc(a->ctx, len);
    if (!copy) return sx_error(a->ctx, SYMX_NOMEM, __func__, "out of memory");
    memcpy(copy, bytes, len);
  }
  sx_binding *b = binding(a, name, __func__);
  if (!b) {
    if (copy) sx_free(a->ctx, copy, len);
    return SYMX_NOMEM;
  }
  sx_free(a->ctx, b->bytes, b->len);
  b->bytes = copy;
  b->len = len;
  changed(a);
  return SYMX_OK;
}

int sx_assign_write(sx_assign *a, const char *name, size_t off, const uint8_t *bytes, size_t n) {
  sx_binding *b = binding(a, name, "sx_assign_write");
  if (!b) return SYMX_NOMEM;
  if (off + n > b->len) {
    uint8_t *p = sx_realloc(a->ctx, b->bytes, b->len, off + n);
    if (!p) return sx_error(a->ctx, SYMX_NOMEM, "sx_assign_write", "out of memory");
    memset(p + b->len, 0, off + n - b->len);
    b->bytes = p;
    b->len = off + n;
  }
  if (n) memcpy(b->bytes + off, bytes, n); /* an empty binding has no buffer */
  changed(a);
  return SYMX_OK;
}

const uint8_t *symx_assign_get(const symx_assign *a, const char *name, size_t *len) {
  if (!a || !name) return NULL;
  long i = find(a, name);
  if (i < 0) {
    if (len) *len = 0;
    return NULL;
  }
  if (len) *len = a->b[i].len;
  return a->b[i].bytes;
}

size_t symx_assign_count(const symx_assign *a) { return a ? a->n : 0; }
const char *symx_assign_name(const symx_assign *a, size_t i) { return a && i < a->n ? a->b[i].name : NULL; }

static void resolve(sx_assign *a) {
  struct sx_expr_table *t = a->ctx->exprs;
  if (t->ninputs > a->cap_by_id) {
    size_t ncap = t->cap_inputs;
    uint32_t *p = sx_realloc(a->ctx, a->by_id, a->cap_by_id * sizeof *p, ncap * sizeof *p);
    if (!p) return; /* stays unresolved: lookups fall back to names */
    a->by_id = p;
    a->cap_by_id = ncap;
  }
  for (size_t i = 0; i < t->ninputs; i++) {
    long k = find(a, t->inputs[i]->arr->name);
    a->by_id[i] = k >= 0 ? (uint32_t)k + 1 : 0;
  }
  a->nresolved = t->ninputs;
}

const uint8_t *sx_assign_bytes(sx_assign *a, uint32_t id, size_t *len) {
  struct sx_expr_table *t = a->ctx->exprs;
  if (SX_UNLIKELY(a->nresolved != t->ninputs)) resolve(a);
  if (SX_UNLIKELY(a->nresolved != t->ninputs)) { /* OOM while resolving */
    long k = id < t->ninputs ? find(a, t->inputs[id]->arr->name) : -1;
    if (k < 0) { *len = 0; return NULL; }
    *len = a->b[k].len;
    return a->b[k].bytes;
  }
  uint32_t k = id < a->nresolved ? a->by_id[id] : 0;
  if (!k) {
    *len = 0;
    return NULL;
  }
  *len = a->b[k - 1].len;
  return a->b[k - 1].bytes;
}

int sx_assign_merge(sx_assign *dst, const sx_assign *src) {
  for (size_t i = 0; i < src->n; i++)
    if (sx_assign_write(dst, src->b[i].name, 0, src->b[i].bytes, src->b[i].len) != SYMX_OK) return SYMX_NOMEM;
  return SYMX_OK;
}

bool sx_assign_equal(const sx_assign *a, const sx_assign *b) {
  if (a->n != b->n) return false;
  for (size_t i = 0; i < a->n; i++)
    if (strcmp(a->b[i].name, b->b[i].name) || a->b[i].len != b->b[i].len ||
        (a->b[i].len && memcmp(a->b[i].bytes, b->b[i].bytes, a->b[i].len)))
      return false;
  return true;
}

uint64_t sx_assign_hash(const sx_assign *a) {
  uint64_t h = 0;
  for (size_t i = 0; i < a->n; i++) {
    h = sx_hash_mix(h, sx_hash_bytes(a->b[i].name, strlen(a->b[i].name)));
    h = sx_hash_mix(h, sx_hash_bytes(a->b[i].bytes, a->b[i].len));
  }
  return h;
}
