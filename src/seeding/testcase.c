/*
** testcase.c — the test-case writers (ktest, raw, JSON; see testcase.h) and
** the names they write (termination reasons, error kinds).
*/
#include "testcase.h"
#include "error.h"
#include "io.h"
#include "ktest.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

const char *sx_testcase_reason_name(symx_reason r) {
  switch (r) {
  case SYMX_END_EXIT: return "exit";
  case SYMX_END_ERROR: return "error";
  case SYMX_END_EARLY: return "early";
  case SYMX_END_USER: return "user";
  }
  return "unknown";
}

static const char *const error_names[] = {
    "none", "assert", "abort", "div-zero", "out-of-bounds", "null-deref",
    "use-after-free", "double-free", "invalid-free", "unreachable", "user", "overshift", "external",
    "model"};

const char *symx_error_kind_name(symx_error_kind k) {
  return (unsigned)k < sizeof error_names / sizeof *error_names ? error_names[k] : NULL;
}

int sx_testcase_formats_parse(symx_ctx *ctx, const char *text, unsigned *out, const char *func) {
  *out = 0;
  if (!text) return SYMX_OK;
  const char *p = text;
  while (*p) {
    size_t n = strcspn(p, ", ");
    if (n == 4 && !strncmp(p, "none", 4)) {
    } else if (n == 5 && !strncmp(p, "ktest", 5)) *out |= SX_TF_KTEST;
    else if (n == 3 && !strncmp(p, "raw", 3)) *out |= SX_TF_RAW;
    else if (n == 4 && !strncmp(p, "json", 4)) *out |= SX_TF_JSON;
    else if (n)
      return sx_error(ctx, SYMX_RANGE, func, "unknown test format \"%.*s\" (ktest, raw, json)",
                      (int)(n > 32 ? 32 : n), p);
    p += n;
    while (*p == ',' || *p == ' ') p++;
  }
  return SYMX_OK;
}

void sx_testcase_safe_name(const char *input, char *buf, size_t len) {
  size_t k = 0;
  for (const char *p = input; *p && k + 1 < len && k < 64; p++) {
    char c = *p;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_' || c == '-';
    buf[k] = ok && !(k == 0 && c == '.') ? c : '_';
    k++;
  }
  if (k == 0 && len > 1) buf[k++] = '_';
  if (len) buf[k < len ? k : len - 1] = 0;
}

static char *hex(symx_ctx *ctx, const uint8_t *b, size_t n) {
  static const char digits[] = "0123456789abcdef";
  char *s = sx_alloc(ctx, 2 * n + 1);
  if (!s) return NULL;
  for (size_t i = 0; i < n; i++) {
    s[2 * i] = digits[b[i] >> 4];
    s[2 * i + 1] = digits[b[i] & 15];
  }
  s[2 * n] = 0;
  return s;
}

static cJSON *str_or_null(const char *s) { return s ? cJSON_CreateString(s) : cJSON_CreateNull(); }

static int write_json(symx_ctx *ctx, const char *dir, const char *fname, uint32_t number,
                      const sx_assign *a, const sx_test_meta *m, const char *func) {
  cJSON *root = cJSON_CreateObject(), *inputs = NULL;
  bool ok = root != NULL;
  ok = ok && cJSON_AddItemToObject(root, "test", cJSON_CreateNumber(number));
  ok = ok && cJSON_AddItemToObject(root, "reason", cJSON_CreateString(sx_testcase_reason_name(m->reason)));
  const char *error = m->kind != SYMX_ERR_NONE ? symx_error_kind_name(m->kind) : NULL;
  ok = ok && cJSON_AddItemToObject(root, "error", str_or_null(error));
  ok = ok && cJSON_AddItemToObject(root, "message", str_or_null(m->message));
  ok = ok && cJSON_AddItemToObject(root, "depth", cJSON_CreateNumber(m->depth));
  ok = ok && cJSON_AddItemToObject(root, "path_id", cJSON_CreateNumber((double)m->path_id));
  ok = ok && cJSON_AddItemToObject(root, "location", str_or_null(m->location));
  ok = ok && (inputs = cJSON_AddObjectToObject(root, "inputs")) != NULL;
  for (size_t i = 0; ok && i < a->n; i++) {
    char *h = hex(ctx, a->b[i].bytes, a->b[i].len);
    ok = h && cJSON_AddItemToObject(inputs, a->b[i].name, cJSON_CreateString(h));
    if (h) sx_free(ctx, h, 2 * a->b[i].len + 1);
  }
  char *text = ok ? cJSON_Print(root) : NULL;
  cJSON_Delete(root);
  if (!text) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  size_t n = strlen(text);
  int rc = sx_seeding_write_atomic(ctx, dir, fname, text, n, func);
  cJSON_free(text);
  return rc;
}

/* Removes the files of a test case that failed half-way (best effort), so a
** reused number leaves no stale file behind. */
static void unlink_test(symx_ctx *ctx, const char *dir, uint32_t number, const sx_assign *a) {
  char name[160];
  snprintf(name, sizeof name, "test%06u.ktest", number);
  char *p = sx_seeding_join(ctx, dir, name, "unlink");
  if (p) remove(p), sx_strfree(ctx, p);
  snprintf(name, sizeof name, "test%06u.json", number);
  p = sx_seeding_join(ctx, dir, name, "unlink");
  if (p) remove(p), sx_strfree(ctx, p);
  SX_UNUSED(a); /* raw files keep their names; a rewrite overwrites them */
}

static bool taken(char (*names)[96], size_t n, const char *name) {
  for (size_t j = 0; j < n; j++)
    if (!strcmp(names[j], name)) return true;
  return false;
}

/* The ktest of a, its objects in the path's order (m->order) first. */
static int encode_ktest(symx_ctx *ctx, const sx_assign *a, const sx_test_meta *m, uint8_t **buf,
                        size_t *len, const char *func) {
  const struct sx_expr_table *t = ctx->exprs;
  const char **order = m->norder ? sx_alloc(ctx, m->norder * sizeof *order) : NULL;
  if (m->norder && !order) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  size_t n = 0;
  for (size_t i = 0; i < m->norder; i++)
    if (m->order[i] < t->ninputs) order[n++] = t->inputs[m->order[i]]->arr->name;
  int rc = sx_ktest_encode_ordered(ctx, a, m->args, m->nargs, order, n, buf, len, func);
  if (order) sx_free(ctx, order, m->norder * sizeof *order);
  return rc;
}

int sx_testcase_write(symx_ctx *ctx, const char *dir, uint32_t number, unsigned formats,
                      const sx_assign *a, const sx_test_meta *m, const char *func) {
  static const sx_test_meta none = {0};
  if (!m) m = &none;
  char fname[192];
  int rc = SYMX_OK;
  if (formats & SX_TF_KTEST) {
    uint8_t *buf;
    size_t len;
    rc = encode_ktest(ctx, a, m, &buf, &len, func);
    if (rc) return rc;
    snprintf(fname, sizeof fname, "test%06u.ktest", number);
    rc = sx_seeding_write_atomic(ctx, dir, fname, buf, len, func);
    sx_free(ctx, buf, len);
    if (rc) return rc;
  }
  if (formats & SX_TF_RAW) {
    /* sanitized names may clash ("a/b", "a_b"): later ones get "-<k>" */
    char (*names)[96] = a->n ? sx_alloc(ctx, a->n * sizeof *names) : NULL;
    if (a->n && !names) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    for (size_t i = 0; i < a->n && rc == SYMX_OK; i++) {
      sx_testcase_safe_name(a->b[i].name, names[i], 65);
      size_t l = strlen(names[i]);
      /* distinct candidates "-i", "-(i+n)", ...: one of the first i+1 is
      ** free, since only i names are taken */
      for (size_t k = i; taken(names, i, names[i]); k += a->n)
        snprintf(names[i] + l, sizeof names[i] - l, "-%zu", k);
      snprintf(fname, sizeof fname, "test%06u.%s.bin", number, names[i]);
      rc = sx_seeding_write_atomic(ctx, dir, fname, a->b[i].bytes, a->b[i].len, func);
    }
    sx_free(ctx, names, a->n * sizeof *names);
    if (rc) {
      unlink_test(ctx, dir, number, a);
      return rc;
    }
  }
  if (formats & SX_TF_JSON) {
    snprintf(fname, sizeof fname, "test%06u.json", number);
    rc = write_json(ctx, dir, fname, number, a, m, func);
    if (rc) unlink_test(ctx, dir, number, a);
  }
  return rc;
}
