/*
** ktest.c — KLEE's .ktest format (see ktest.h for the layout).
*/
#include "ktest.h"
#include "alloc.h"
#include "error.h"
#include "io.h"

#include <stdio.h>
#include <string.h>

/* ---- reading ---- */

typedef struct reader {
  symx_ctx *ctx;
  const uint8_t *p;
  size_t len, off;
  const char *origin, *func;
} reader;

static int bad(reader *r, size_t at, const char *what) {
  return sx_error(r->ctx, SYMX_FORMAT, r->func, "%s: offset %zu: %s", r->origin, at, what);
}

static int u32(reader *r, uint32_t *v, const char *what) {
  if (r->len - r->off < 4) {
    char m[96];
    snprintf(m, sizeof m, "truncated %s (need 4 bytes, %zu left)", what, r->len - r->off);
    return bad(r, r->off, m);
  }
  const uint8_t *b = r->p + r->off;
  *v = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
  r->off += 4;
  return SYMX_OK;
}

/* A count of entries that each take at least min_entry bytes: bounded by
** what is left, so a huge count cannot make us allocate. */
static int count(reader *r, size_t *n, size_t min_entry, const char *what) {
  size_t at = r->off;
  uint32_t v = 0; /* set by u32 when it returns 0 (gcc -O3 cannot tell) */
  int rc = u32(r, &v, what);
  if (rc) return rc;
  if ((uint64_t)v * min_entry > r->len - r->off) {
    char m[128];
    snprintf(m, sizeof m, "%s %u exceeds what the remaining %zu bytes can hold", what, v,
             r->len - r->off);
    return bad(r, at, m);
  }
  *n = v;
  return SYMX_OK;
}

/* A length-prefixed byte string; check the length before allocating. */
static int blob(reader *r, uint8_t **out, size_t *n, bool nul_terminate, const char *what) {
  size_t at = r->off;
  uint32_t v = 0; /* set by u32 when it returns 0 (gcc -O3 cannot tell) */
  int rc = u32(r, &v, what);
  if (rc) return rc;
  if (v > r->len - r->off) {
    char m[128];
    snprintf(m, sizeof m, "%s length %u exceeds the remaining %zu bytes", what, v, r->len - r->off);
    return bad(r, at, m);
  }
  *n = v;
  *out = NULL;
  if (v || nul_terminate) {
    uint8_t *b = sx_alloc(r->ctx, (size_t)v + (nul_terminate ? 1 : 0));
    if (!b) return sx_error(r->ctx, SYMX_NOMEM, r->func, "%s: out of memory", r->origin);
    memcpy(b, r->p + r->off, v);
    if (nul_terminate) b[v] = 0;
    *out = b;
  }
  r->off += v;
  return SYMX_OK;
}

static int name(reader *r, char **out, bool allow_empty, const char *what) {
  size_t at = r->off, n = 0;
  uint8_t *b = NULL;
  int rc = blob(r, &b, &n, true, what);
  if (rc) return rc;
  const char *err = NULL;
  if (!n && !allow_empty) err = "zero-length";
  else if (memchr(b, 0, n)) err = "NUL byte in";
  if (err) {
    sx_free(r->ctx, b, n + 1);
    char m[96];
    snprintf(m, sizeof m, "%s %s", err, what);
    return bad(r, at, m);
  }
  *out = (char *)b;
  return SYMX_OK;
}

void sx_ktest_clear(symx_ctx *ctx, sx_ktest *k) {
  for (size_t i = 0; i < k->nargs; i++) sx_strfree(ctx, k->args[i]);
  sx_free(ctx, k->args, k->nargs * sizeof *k->args);
  for (size_t i = 0; i < k->nobjs; i++) {
    sx_strfree(ctx, k->objs[i].name);
    sx_free(ctx, k->objs[i].bytes, k->objs[i].len);
  }
  sx_free(ctx, k->objs, k->nobjs * sizeof *k->objs);
  memset(k, 0, sizeof *k);
}

int sx_ktest_parse(symx_ctx *ctx, const uint8_t *data, size_t len, const char *origin,
                   sx_ktest *out, const char *func) {
  memset(out, 0, sizeof *out);
  reader r = {ctx, data, len, 0, origin ? origin : "(ktest)", func};
  if (len < 5) return bad(&r, 0, "truncated magic (need 5 bytes)");
  if (memcmp(data, "KTEST", 5) && memcmp(data, "BOUT\n", 5)) return bad(&r, 0, "bad magic (not KTEST or BOUT)");
  r.off = 5;
  sx_ktest k = {0};
  uint32_t version = 0;
  int rc = u32(&r, &version, "version");
  if (rc) return rc;
  if (version == 0 || version > SX_KTEST_VERSION) {
    char m[64];
    snprintf(m, sizeof m, "unsupported version %u (1..%d)", version, SX_KTEST_VERSION);
    return bad(&r, 5, m);
  }
  k.version = version;
  size_t nargs = 0, nobjs = 0; /* before the first goto fail, which reads both */
  if ((rc = count(&r, &nargs, 4, "argument count"))) return rc;
  if (nargs) {
    k.args = sx_calloc(ctx, nargs * sizeof *k.args);
    if (!k.args) return sx_error(ctx, SYMX_NOMEM, func, "%s: out of memory", r.origin);
  }
  for (; k.nargs < nargs; k.nargs++) {
    if ((rc = name(&r, &k.args[k.nargs], true, "argument"))) goto fail;
  }
  k.nargs = nargs;
  if (version >= 2) {
    if ((rc = u32(&r, &k.sym_argvs, "symArgvs"))) goto fail;
    if ((rc = u32(&r, &k.sym_argv_len, "symArgvLen"))) goto fail;
  }
  if ((rc = count(&r, &nobjs, 8, "object count"))) goto fail;
  if (nobjs) {
    k.objs = sx_calloc(ctx, nobjs * sizeof *k.objs);
    if (!k.objs) {
      rc = sx_error(ctx, SYMX_NOMEM, func, "%s: out of memory", r.origin);
      goto fail;
    }
  }
  for (; k.nobjs < nobjs; k.nobjs++) {
    sx_ktest_obj *o = &k.objs[k.nobjs];
    if ((rc = name(&r, &o->name, false, "object name"))) goto fail;
    if ((rc = blob(&r, &o->bytes, &o->len, false, "object"))) goto fail;
  }
  *out = k;
  return SYMX_OK;
fail:
  /* entries past the failure point are zero (calloc), so the clear sees
  ** every allocated entry when the counts include the failing one */
  if (k.args) k.nargs = nargs;
  if (k.objs) k.nobjs = nobjs;
  for (size_t i = 0; i < k.nargs; i++)
    if (k.args[i]) sx_strfree(ctx, k.args[i]);
  sx_free(ctx, k.args, nargs * sizeof *k.args);
  for (size_t i = 0; i < k.nobjs; i++) {
    if (k.objs[i].name) sx_strfree(ctx, k.objs[i].name);
    sx_free(ctx, k.objs[i].bytes, k.objs[i].len);
  }
  sx_free(ctx, k.objs, k.nobjs * sizeof *k.objs);
  return rc;
}

int sx_ktest_read(symx_ctx *ctx, const char *path, sx_ktest *out, const char *func) {
  memset(out, 0, sizeof *out);
  uint8_t *buf;
  size_t len;
  int rc = sx_seeding_read(ctx, path, SX_SEED_MAX_FILE, &buf, &len, func);
  if (rc) return rc;
  rc = sx_ktest_parse(ctx, buf, len, path, out, func);
  sx_seeding_free_buf(ctx, buf, len);
  return rc;
}

/* ---- writing ---- */

static uint8_t *put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
  return p + 4;
}

static uint8_t *putstr(uint8_t *p, const void *s, size_t n) {
  p = put32(p, (uint32_t)n);
  if (n) memcpy(p, s, n);
  return p + n;
}

int sx_ktest_encode(symx_ctx *ctx, const sx_ktest *k, uint8_t **buf, size_t *len, const char *func) {
  *buf = NULL;
  *len = 0;
  if (k->nargs > UINT32_MAX || k->nobjs > UINT32_MAX)
    return sx_error(ctx, SYMX_RANGE, func, "too many ktest entries");
  uint64_t n = 5 + 4 + 4 + 8 + 4;
  for (size_t i = 0; i < k->nargs; i++) {
    size_t l = k->args[i] ? strlen(k->args[i]) : 0;
    if (l > UINT32_MAX) return sx_error(ctx, SYMX_RANGE, func, "ktest argument too long");
    n += 4 + l;
  }
  for (size_t i = 0; i < k->nobjs; i++) {
    const sx_ktest_obj *o = &k->objs[i];
    if (!o->name || !*o->name)
      return sx_error(ctx, SYMX_MISUSE, func, "ktest object %zu has an empty name", i);
    size_t l = strlen(o->name);
    if (l > UINT32_MAX || o->len > UINT32_MAX)
      return sx_error(ctx, SYMX_RANGE, func, "ktest object %s too large", o->name);
    n += 4 + l + 4 + o->len;
  }
  if (n > SIZE_MAX) return sx_error(ctx, SYMX_RANGE, func, "ktest too large");
  uint8_t *b = sx_alloc(ctx, (size_t)n);
  if (!b) return sx_error(ctx, SYMX_NOMEM, func, "out of memory (%llu bytes)", (unsigned long long)n);
  uint8_t *p = b;
  memcpy(p, "KTEST", 5);
  p = put32(p + 5, SX_KTEST_VERSION);
  p = put32(p, (uint32_t)k->nargs);
  for (size_t i = 0; i < k->nargs; i++)
    p = putstr(p, k->args[i] ? k->args[i] : "", k->args[i] ? strlen(k->args[i]) : 0);
  p = put32(p, k->sym_argvs);
  p = put32(p, k->sym_argv_len);
  p = put32(p, (uint32_t)k->nobjs);
  for (size_t i = 0; i < k->nobjs; i++) {
    p = putstr(p, k->objs[i].name, strlen(k->objs[i].name));
    p = putstr(p, k->objs[i].bytes, k->objs[i].len);
  }
  *buf = b;
  *len = (size_t)(p - b);
  return SYMX_OK;
}

int sx_ktest_view(symx_ctx *ctx, const sx_assign *a, const char *const *args, size_t nargs,
                  sx_ktest *out, const char *func) {
  memset(out, 0, sizeof *out);
  out->version = SX_KTEST_VERSION;
  out->args = (char **)args;
  out->nargs = args ? nargs : 0;
  size_t n = 0;
  for (size_t i = 0; i < a->n; i++) n += a->b[i].len > 0;
  if (n) {
    out->objs = sx_alloc(ctx, n * sizeof *out->objs);
    if (!out->objs) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  }
  for (size_t i = 0; i < a->n; i++)
    if (a->b[i].len) out->objs[out->nobjs++] = (sx_ktest_obj){a->b[i].name, a->b[i].bytes, a->b[i].len};
  return SYMX_OK;
}

void sx_ktest_view_release(symx_ctx *ctx, sx_ktest *k) {
  sx_free(ctx, k->objs, k->nobjs * sizeof *k->objs);
  memset(k, 0, sizeof *k);
}

/* Moves the objects named order[0..n) to the front, in that order; the
** others keep theirs. */
static void put_first(sx_ktest *k, const char *const *order, size_t n) {
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = m; j < k->nobjs; j++) {
      if (strcmp(k->objs[j].name, order[i]) != 0) continue;
      sx_ktest_obj o = k->objs[j];
      memmove(&k->objs[m + 1], &k->objs[m], (j - m) * sizeof o);
      k->objs[m++] = o;
      break;
    }
}

int sx_ktest_encode_assign(symx_ctx *ctx, const sx_assign *a, const char *const *args, size_t nargs,
                           uint8_t **buf, size_t *len, const char *func) {
  return sx_ktest_encode_ordered(ctx, a, args, nargs, NULL, 0, buf, len, func);
}

int sx_ktest_encode_ordered(symx_ctx *ctx, const sx_assign *a, const char *const *args,
                            size_t nargs, const char *const *order, size_t norder, uint8_t **buf,
                            size_t *len, const char *func) {
  sx_ktest k;
  int rc = sx_ktest_view(ctx, a, args, nargs, &k, func);
  if (rc == SYMX_OK) put_first(&k, order, norder);
  if (rc == SYMX_OK) rc = sx_ktest_encode(ctx, &k, buf, len, func);
  sx_ktest_view_release(ctx, &k);
  return rc;
}

static bool bound(const sx_assign *a, const char *name) {
  size_t lo = 0, hi = a->n; /* bindings are sorted by name */
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(name, a->b[mid].name);
    if (c == 0) return true;
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  return false;
}

int sx_ktest_to_assign(symx_ctx *ctx, const sx_ktest *k, const char *const *names, size_t nnames,
                       sx_assign **out, const char *func) {
  *out = NULL;
  sx_assign *a = symx_assign_new(ctx);
  if (!a) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  int rc = SYMX_OK;
  for (size_t i = 0; i < k->nobjs && rc == SYMX_OK; i++) {
    const char *nm = k->objs[i].name;
    if (names) {
      if (i >= nnames) break;
      nm = names[i];
      if (!nm || !*nm) {
        rc = sx_error(ctx, SYMX_MISUSE, func, "input name %zu is empty", i);
        break;
      }
    } else if (bound(a, nm)) {
      continue; /* a repeated name keeps its first object */
    }
    rc = symx_assign_set(a, nm, k->objs[i].bytes, k->objs[i].len);
    if (rc) sx_error(ctx, rc, func, "out of memory");
  }
  if (rc) {
    symx_assign_free(a);
    return rc;
  }
  *out = a;
  return SYMX_OK;
}

/* ---- public ---- */

symx_assign *symx_ktest_read(symx_ctx *ctx, const char *path) {
  if (!ctx) return NULL;
  if (!path) {
    sx_error(ctx, SYMX_MISUSE, __func__, "NULL path");
    return NULL;
  }
  sx_ktest k;
  if (sx_ktest_read(ctx, path, &k, __func__)) return NULL;
  sx_assign *a;
  sx_ktest_to_assign(ctx, &k, NULL, 0, &a, __func__);
  sx_ktest_clear(ctx, &k);
  return a;
}

int symx_ktest_write(symx_ctx *ctx, const char *path, const symx_assign *a, const char *const *argv,
                     size_t argc) {
  if (!ctx) return SYMX_MISUSE;
  if (!path || !*path || !a) return sx_error(ctx, SYMX_MISUSE, __func__, "NULL path or assignment");
  uint8_t *buf;
  size_t len;
  int rc = sx_ktest_encode_assign(ctx, a, argv, argc, &buf, &len, __func__);
  if (rc) return rc;
  /* split path into directory and base name for the atomic write */
  const char *slash = strrchr(path, '/');
  char *dir = slash ? sx_alloc(ctx, (size_t)(slash - path) + 2) : NULL;
  if (slash && !dir) {
    sx_free(ctx, buf, len);
    return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  }
  if (dir) {
    size_t dl = slash == path ? 1 : (size_t)(slash - path);
    memcpy(dir, path, dl);
    dir[dl] = 0;
  }
  rc = sx_seeding_write_atomic(ctx, dir ? dir : ".", slash ? slash + 1 : path, buf, len, __func__);
  if (dir) sx_free(ctx, dir, (size_t)(slash - path) + 2);
  sx_free(ctx, buf, len);
  return rc;
}
