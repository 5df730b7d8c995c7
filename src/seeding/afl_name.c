/*
** afl_name.c — parsing AFL/AFL++ queue and crash file names (afl_name.h).
*/
#include "afl_name.h"

#include <stdio.h>
#include <string.h>

static bool fail(char *why, size_t whylen, const char *msg, const char *field, size_t flen) {
  if (why && whylen) {
    if (field) snprintf(why, whylen, "%s \"%.*s\"", msg, (int)(flen > 40 ? 40 : flen), field);
    else snprintf(why, whylen, "%s", msg);
  }
  return false;
}

/* Decimal digits s[0..n) into *v (at most 18 digits, so no overflow). */
static bool number(const char *s, size_t n, int64_t *v) {
  if (n == 0 || n > 18) return false;
  int64_t x = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    x = x * 10 + (s[i] - '0');
  }
  *v = x;
  return true;
}

static void copy_field(char *dst, size_t cap, const char *s, size_t n) {
  if (n >= cap) n = cap - 1;
  memcpy(dst, s, n);
  dst[n] = 0;
}

static bool key_is(const char *f, size_t klen, const char *key) {
  return strlen(key) == klen && !memcmp(f, key, klen);
}

bool sx_afl_name_parse(const char *name, sx_afl_name *out, char *why, size_t whylen) {
  memset(out, 0, sizeof *out);
  out->src = out->src2 = out->sig = out->time = out->execs = -1;
  if (why && whylen) why[0] = 0;
  if (!name) return fail(why, whylen, "no name", NULL, 0);
  if (strncmp(name, "id:", 3)) return fail(why, whylen, "does not start with \"id:\"", NULL, 0);
  const char *p = name + 3;
  size_t n = strcspn(p, ",");
  int64_t v;
  if (!number(p, n, &v) || v > UINT32_MAX) return fail(why, whylen, "bad id", p, n);
  out->id = (uint32_t)v;
  p += n;
  while (*p) {
    p++; /* the comma */
    if (!strncmp(p, "orig:", 5)) { /* original file names may hold commas */
      if (!p[5]) return fail(why, whylen, "empty orig:", NULL, 0);
      out->orig = true;
      return true;
    }
    n = strcspn(p, ",");
    if (n == 0) return fail(why, whylen, "empty field", NULL, 0);
    const char *f = p;
    p += n;
    if (f[0] == '+') {
      if (n == 4 && !memcmp(f, "+cov", 4)) out->cov = true;
      else if (n == 5 && !memcmp(f, "+tout", 5)) out->tout = true;
      /* other +flags: accepted, ignored */
      continue;
    }
    const char *colon = memchr(f, ':', n);
    if (!colon) return fail(why, whylen, "field without ':'", f, n);
    size_t klen = (size_t)(colon - f), vlen = n - klen - 1;
    const char *val = colon + 1;
    if (klen == 0) return fail(why, whylen, "field without a key", f, n);
    for (size_t i = 0; i < klen; i++)
      if (!((f[i] >= 'a' && f[i] <= 'z') || f[i] == '_'))
        return fail(why, whylen, "bad field key", f, n);
    if (vlen == 0) return fail(why, whylen, "empty value", f, n);
    if (key_is(f, klen, "src")) {
      size_t a = 0;
      while (a < vlen && val[a] != '+') a++;
      if (!number(val, a, &out->src)) return fail(why, whylen, "bad src", f, n);
      if (a < vlen && !number(val + a + 1, vlen - a - 1, &out->src2))
        return fail(why, whylen, "bad src", f, n);
    } else if (key_is(f, klen, "sig")) {
      if (!number(val, vlen, &out->sig)) return fail(why, whylen, "bad sig", f, n);
    } else if (key_is(f, klen, "time")) {
      if (!number(val, vlen, &out->time)) return fail(why, whylen, "bad time", f, n);
    } else if (key_is(f, klen, "execs")) {
      if (!number(val, vlen, &out->execs)) return fail(why, whylen, "bad execs", f, n);
    } else if (key_is(f, klen, "sync")) {
      copy_field(out->sync, sizeof out->sync, val, vlen);
    } else if (key_is(f, klen, "op")) {
      copy_field(out->op, sizeof out->op, val, vlen);
    } /* other keys (rep, pos, val, dur, ...): accepted, ignored */
  }
  return true;
}
