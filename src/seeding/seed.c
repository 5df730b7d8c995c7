/*
** seed.c — the seed set, its size policy and the file loaders (raw, raw
** directories, AFL queues, ktest). JSON lives in seed_json.c.
*/
#include "seed.h"
#include "error.h"
#include "ktest.h"

#include <stdio.h>
#include <string.h>

/* ---- the set ---- */

symx_seeds *symx_seeds_new(symx_ctx *ctx) {
  if (!ctx) return NULL;
  sx_seeds *s = sx_calloc(ctx, sizeof *s);
  if (!s) {
    sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
    return NULL;
  }
  s->ctx = ctx;
  return s;
}

static void seed_release(symx_ctx *ctx, sx_seed *e) {
  symx_assign_free(e->assign);
  sx_strfree(ctx, e->origin);
  sx_ktest k = {.objs = e->objs, .nobjs = e->nobjs};
  sx_ktest_clear(ctx, &k);
}

void symx_seeds_free(symx_seeds *s) {
  if (!s) return;
  symx_ctx *ctx = s->ctx;
  for (sx_seed *e = s->list.begin; e != s->list.end; e++) seed_release(ctx, e);
  SX_RELEASE(ctx, s->list);
  sx_seeding_names_release(ctx, &s->msgs);
  sx_free(ctx, s, sizeof *s);
}

void sx_seeds_note(sx_seeds *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = sx_vstrdupf(s->ctx, fmt, ap);
  va_end(ap);
  SX_INC(s->ctx, seeds_rejected); /* every note is one file or seed skipped */
  if (m && !SX_PUSH(s->ctx, s->msgs, m)) sx_strfree(s->ctx, m);
}

int sx_seed_fit(symx_ctx *ctx, sx_assign *a, const char *name, uint64_t size, char *why,
                size_t whylen) {
  const sx_binding *bd = NULL;
  for (size_t lo = 0, hi = a->n; lo < hi;) { /* bindings are sorted by name */
    size_t mid = (lo + hi) / 2;
    int c = strcmp(name, a->b[mid].name);
    if (c == 0) {
      bd = &a->b[mid];
      break;
    }
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  if (!bd) return SYMX_OK; /* unbound: reads as zeros, nothing to fit */
  size_t len = bd->len;
  const uint8_t *b = bd->bytes;
  if (len == size) return SYMX_OK;
  if (len < size) {
    if (!ctx->opts.seed_extend) {
      snprintf(why, whylen, "input %s: %zu bytes, shorter than its %llu (seed_extend is off)",
               name, len, (unsigned long long)size);
      return SYMX_RANGE;
    }
    /* missing bytes read 0 anyway: padding only makes the seed's length
    ** explicit, so a huge input is left implicit rather than allocated */
    if (size > SX_SEED_MAX_FILE) return SYMX_OK;
    uint8_t zero = 0; /* sx_assign_write pads the gap with zeros */
    if (sx_assign_write(a, name, (size_t)size - 1, &zero, 1) != SYMX_OK) return SYMX_NOMEM;
    return SYMX_OK;
  }
  if (!ctx->opts.seed_truncate) {
    snprintf(why, whylen, "input %s: %zu bytes, longer than its %llu (seed_truncate is off)", name,
             len, (unsigned long long)size);
    return SYMX_RANGE;
  }
  return symx_assign_set(a, name, b, (size_t)size); /* copies before freeing */
}

/* The policy against every input array already declared in the context. */
static int fit_known(sx_seeds *s, sx_assign *a, char *why, size_t whylen) {
  struct sx_expr_table *t = s->ctx->exprs;
  for (size_t i = 0; i < a->n; i++) {
    for (size_t k = 0; k < t->ninputs; k++) {
      sx_array_info *ai = t->inputs[k]->arr;
      if (strcmp(ai->name, a->b[i].name)) continue;
      int rc = sx_seed_fit(s->ctx, a, ai->name, ai->size, why, whylen);
      if (rc) return rc;
      break;
    }
  }
  return SYMX_OK;
}

int sx_seeds_push(sx_seeds *s, sx_assign *a, const char *origin, const sx_afl_name *afl,
                  const char *func) {
  symx_ctx *ctx = s->ctx;
  char why[256];
  int rc = fit_known(s, a, why, sizeof why);
  if (rc == SYMX_RANGE) {
    sx_seeds_note(s, "%s: %s", origin, why);
    symx_assign_free(a);
    return sx_error(ctx, SYMX_RANGE, func, "%s: %s", origin, why);
  }
  sx_seed e = {a, sx_strdup(ctx, origin), afl != NULL, {0}, NULL, 0};
  if (afl) e.afl = *afl;
  if (rc || !e.origin || !SX_PUSH(ctx, s->list, e)) {
    symx_assign_free(a);
    sx_strfree(ctx, e.origin);
    return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  }
  s->added++;
  SX_INC(ctx, seeds_loaded);
  return SYMX_OK;
}

size_t sx_seeds_fit(sx_seeds *s, const char *name, uint64_t size) {
  size_t kept = 0, removed = 0;
  char why[256];
  for (size_t i = 0; i < SX_SIZE(s->list); i++) {
    sx_seed e = SX_AT(s->list, i);
    size_t len;
    symx_assign_get(e.assign, name, &len);
    int rc = SYMX_OK;
    if (len != size && e.assign->refs > 1) {
      /* the engine may share a seed as a witness: copy before changing */
      sx_assign *u = sx_assign_unshare(e.assign);
      if (!u) rc = SYMX_NOMEM;
      else e.assign = u;
    }
    if (rc == SYMX_OK) rc = sx_seed_fit(s->ctx, e.assign, name, size, why, sizeof why);
    if (rc == SYMX_OK) {
      SX_AT(s->list, kept++) = e;
      continue;
    }
    if (rc == SYMX_NOMEM) snprintf(why, sizeof why, "out of memory fitting input %s", name);
    sx_seeds_note(s, "%s: %s", e.origin, why);
    seed_release(s->ctx, &e);
    removed++;
  }
  s->list.end = s->list.begin + kept;
  return removed;
}

/* ---- loaders ---- */

int sx_seeds_load_raw(sx_seeds *s, const char *path, const char *input, const sx_afl_name *afl,
                      const char *func) {
  symx_ctx *ctx = s->ctx;
  uint8_t *buf;
  size_t len;
  int rc = sx_seeding_read(ctx, path, SX_SEED_MAX_FILE, &buf, &len, func);
  if (rc) {
    sx_seeds_note(s, "%s", ctx->errmsg);
    return rc;
  }
  sx_assign *a = symx_assign_new(ctx);
  if (!a || symx_assign_set(a, input, buf, len) != SYMX_OK) {
    symx_assign_free(a);
    sx_seeding_free_buf(ctx, buf, len);
    return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  }
  sx_seeding_free_buf(ctx, buf, len);
  return sx_seeds_push(s, a, path, afl, func);
}

int sx_seeds_load_ktest(sx_seeds *s, const char *path, const char *const *names, size_t nnames,
                        const char *func) {
  symx_ctx *ctx = s->ctx;
  sx_ktest k;
  int rc = sx_ktest_read(ctx, path, &k, func);
  if (rc) {
    sx_seeds_note(s, "%s", ctx->errmsg);
    return rc;
  }
  sx_assign *a;
  rc = sx_ktest_to_assign(ctx, &k, names, nnames, &a, func);
  size_t nobjs = k.nobjs;
  if (rc || (names && nobjs < nnames && !ctx->opts.seed_extend)) {
    sx_ktest_clear(ctx, &k);
    if (rc) return rc;
    sx_seeds_note(s, "%s: %zu objects for %zu inputs (seed_extend is off)", path, nobjs, nnames);
    symx_assign_free(a);
    return sx_error(ctx, SYMX_RANGE, func, "%s: %zu objects for %zu inputs (seed_extend is off)",
                    path, nobjs, nnames);
  }
  rc = sx_seeds_push(s, a, path, NULL, func);
  if (rc == SYMX_OK && !names) { /* the objects' order, for seed_match=position */
    sx_seed *e = &SX_AT(s->list, SX_SIZE(s->list) - 1);
    e->objs = k.objs;
    e->nobjs = k.nobjs;
    k.objs = NULL;
    k.nobjs = 0;
  }
  sx_ktest_clear(ctx, &k);
  return rc;
}

/* ---- public ---- */

static bool name_ok(sx_seeds *s, const char *input, const char *func) {
  if (input && *input) return true;
  sx_error(s->ctx, SYMX_MISUSE, func, "an input name is required");
  return false;
}

int symx_seeds_add_bytes(symx_seeds *s, const char *input, const uint8_t *bytes, size_t len) {
  if (!s) return SYMX_MISUSE;
  if (!name_ok(s, input, __func__)) return SYMX_MISUSE;
  if (len && !bytes) return sx_error(s->ctx, SYMX_MISUSE, __func__, "NULL bytes with length %zu", len);
  sx_assign *a = symx_assign_new(s->ctx);
  if (!a || symx_assign_set(a, input, bytes, len) != SYMX_OK) {
    symx_assign_free(a);
    return sx_error(s->ctx, SYMX_NOMEM, __func__, "out of memory");
  }
  char origin[48];
  snprintf(origin, sizeof origin, "bytes #%llu", (unsigned long long)s->added + 1);
  return sx_seeds_push(s, a, origin, NULL, __func__);
}

int symx_seeds_add_assign(symx_seeds *s, const symx_assign *a) {
  if (!s) return SYMX_MISUSE;
  if (!a) return sx_error(s->ctx, SYMX_MISUSE, __func__, "NULL assignment");
  if (a->ctx != s->ctx) return sx_error(s->ctx, SYMX_MISUSE, __func__, "assignment of another context");
  sx_assign *c = symx_assign_copy(a);
  if (!c) return sx_error(s->ctx, SYMX_NOMEM, __func__, "out of memory");
  char origin[48];
  snprintf(origin, sizeof origin, "assignment #%llu", (unsigned long long)s->added + 1);
  return sx_seeds_push(s, c, origin, NULL, __func__);
}

int symx_seeds_add_file(symx_seeds *s, const char *path, const char *input) {
  if (!s) return SYMX_MISUSE;
  if (!path) return sx_error(s->ctx, SYMX_MISUSE, __func__, "NULL path");
  if (!name_ok(s, input, __func__)) return SYMX_MISUSE;
  return sx_seeds_load_raw(s, path, input, NULL, __func__);
}

int symx_seeds_add_dir(symx_seeds *s, const char *dir, const char *input) {
  if (!s) return SYMX_MISUSE;
  if (!dir) return sx_error(s->ctx, SYMX_MISUSE, __func__, "NULL directory");
  if (!name_ok(s, input, __func__)) return SYMX_MISUSE;
  symx_ctx *ctx = s->ctx;
  sx_seeding_names names = {0};
  int rc = sx_seeding_list(ctx, dir, true, true, &names, __func__);
  for (size_t i = 0; rc == SYMX_OK && i < SX_SIZE(names); i++) {
    char *path = sx_seeding_join(ctx, dir, SX_AT(names, i), __func__);
    if (!path) rc = SYMX_NOMEM;
    else if (sx_seeds_load_raw(s, path, input, NULL, __func__) == SYMX_NOMEM) rc = SYMX_NOMEM;
    sx_strfree(ctx, path);
  }
  sx_seeding_names_release(ctx, &names);
  if (rc == SYMX_OK) symx_errclear(ctx); /* per-file failures are in the messages */
  return rc;
}

int symx_seeds_add_afl_queue(symx_seeds *s, const char *dir, const char *input) {
  if (!s) return SYMX_MISUSE;
  if (!dir) return sx_error(s->ctx, SYMX_MISUSE, __func__, "NULL directory");
  if (!name_ok(s, input, __func__)) return SYMX_MISUSE;
  symx_ctx *ctx = s->ctx;
  /* an instance directory (holding queue/) is accepted too */
  char *queue = sx_seeding_join(ctx, dir, "queue", __func__);
  if (!queue) return SYMX_NOMEM;
  if (!sx_seeding_is_dir(queue)) {
    sx_strfree(ctx, queue);
    queue = sx_strdup(ctx, dir);
    if (!queue) return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  }
  sx_seeding_names names = {0};
  int rc = sx_seeding_list(ctx, queue, true, true, &names, __func__);
  char why[128];
  for (size_t i = 0; rc == SYMX_OK && i < SX_SIZE(names); i++) {
    const char *nm = SX_AT(names, i);
    char *path = sx_seeding_join(ctx, queue, nm, __func__);
    if (!path) {
      rc = SYMX_NOMEM;
      break;
    }
    sx_afl_name an;
    if (!sx_afl_name_parse(nm, &an, why, sizeof why))
      sx_seeds_note(s, "%s: not an AFL queue entry name: %s", path, why);
    else if (sx_seeds_load_raw(s, path, input, &an, __func__) == SYMX_NOMEM)
      rc = SYMX_NOMEM;
    sx_strfree(ctx, path);
  }
  sx_seeding_names_release(ctx, &names);
  sx_strfree(ctx, queue);
  if (rc == SYMX_OK) symx_errclear(ctx);
  return rc;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

int symx_seeds_add_ktest(symx_seeds *s, const char *path, const char *const *names, size_t nnames) {
  if (!s) return SYMX_MISUSE;
  if (!path) return sx_error(s->ctx, SYMX_MISUSE, __func__, "NULL path");
  if (names)
    for (size_t i = 0; i < nnames; i++)
      if (!names[i] || !*names[i]) return sx_error(s->ctx, SYMX_MISUSE, __func__, "input name %zu is empty", i);
  symx_ctx *ctx = s->ctx;
  if (!sx_seeding_is_dir(path)) return sx_seeds_load_ktest(s, path, names, nnames, __func__);
  sx_seeding_names files = {0};
  int rc = sx_seeding_list(ctx, path, true, true, &files, __func__);
  for (size_t i = 0; rc == SYMX_OK && i < SX_SIZE(files); i++) {
    if (!ends_with(SX_AT(files, i), ".ktest")) continue;
    char *p = sx_seeding_join(ctx, path, SX_AT(files, i), __func__);
    if (!p) rc = SYMX_NOMEM;
    else if (sx_seeds_load_ktest(s, p, names, nnames, __func__) == SYMX_NOMEM) rc = SYMX_NOMEM;
    sx_strfree(ctx, p);
  }
  sx_seeding_names_release(ctx, &files);
  if (rc == SYMX_OK) symx_errclear(ctx);
  return rc;
}

int symx_seeds_add_json(symx_seeds *s, const char *path) {
  if (!s) return SYMX_MISUSE;
  if (!path) return sx_error(s->ctx, SYMX_MISUSE, __func__, "NULL path");
  symx_ctx *ctx = s->ctx;
  uint8_t *buf;
  size_t len;
  int rc = sx_seeding_read(ctx, path, SX_SEED_MAX_FILE, &buf, &len, __func__);
  if (rc) {
    sx_seeds_note(s, "%s", ctx->errmsg);
    return rc;
  }
  rc = sx_seeds_parse_json(s, (const char *)buf, len, path, __func__);
  sx_seeding_free_buf(ctx, buf, len);
  return rc;
}

int symx_seeds_fit(symx_seeds *s, const char *input, uint64_t size) {
  if (!s) return SYMX_MISUSE;
  if (!name_ok(s, input, __func__)) return SYMX_MISUSE;
  sx_seeds_fit(s, input, size);
  return SYMX_OK;
}

size_t symx_seeds_count(const symx_seeds *s) { return s ? SX_SIZE(s->list) : 0; }

const symx_assign *symx_seeds_get(const symx_seeds *s, size_t i) {
  return s && i < SX_SIZE(s->list) ? SX_AT(s->list, i).assign : NULL;
}

const char *symx_seeds_origin(const symx_seeds *s, size_t i) {
  return s && i < SX_SIZE(s->list) ? SX_AT(s->list, i).origin : NULL;
}

size_t symx_seeds_message_count(const symx_seeds *s) { return s ? SX_SIZE(s->msgs) : 0; }

const char *symx_seeds_message(const symx_seeds *s, size_t i) {
  return s && i < SX_SIZE(s->msgs) ? SX_AT(s->msgs, i) : NULL;
}
