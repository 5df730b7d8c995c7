/*
** seed_json.c — JSON seed files (shape in seed.h). cJSON allocates with its
** own global hooks (malloc); we leave them alone, since setting them would be
** a hidden global shared by every context, and free its tree before
** returning. Every byte we keep goes through the context's allocator.
*/
#include "seed.h"
#include "error.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static int b64val(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

/* Decodes one BYTES value into a new buffer (*cap bytes allocated); NULL
** with why set on a malformed value, or with *nomem set. */
static uint8_t *decode(symx_ctx *ctx, const cJSON *v, size_t *len, size_t *cap, char *why,
                       size_t whylen, bool *nomem) {
  *len = *cap = 0;
  *nomem = false;
  if (cJSON_IsArray(v)) {
    size_t n = (size_t)cJSON_GetArraySize(v);
    uint8_t *b = sx_alloc(ctx, n);
    if (!b) {
      *nomem = true;
      return NULL;
    }
    size_t i = 0;
    for (const cJSON *e = v->child; e; e = e->next, i++) {
      if (!cJSON_IsNumber(e) || e->valuedouble < 0 || e->valuedouble > 255 ||
          e->valuedouble != (double)(int)e->valuedouble) {
        snprintf(why, whylen, "byte %zu is not an integer 0..255", i);
        sx_free(ctx, b, n);
        return NULL;
      }
      b[i] = (uint8_t)e->valueint;
    }
    *len = *cap = n;
    return b;
  }
  if (!cJSON_IsString(v)) {
    snprintf(why, whylen, "bytes must be an array of integers or a hex/base64 string");
    return NULL;
  }
  const char *s = v->valuestring;
  size_t n = strlen(s);
  if (!strncmp(s, "base64:", 7)) {
    s += 7;
    n -= 7;
    while (n && s[n - 1] == '=') n--;
    if (n % 4 == 1) {
      snprintf(why, whylen, "base64 text of impossible length");
      return NULL;
    }
    size_t out = n / 4 * 3 + (n % 4 ? n % 4 - 1 : 0);
    uint8_t *b = sx_alloc(ctx, out);
    if (!b) {
      *nomem = true;
      return NULL;
    }
    uint32_t acc = 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
      int d = b64val(s[i]);
      if (d < 0) {
        snprintf(why, whylen, "bad base64 character at %zu", i);
        sx_free(ctx, b, out);
        return NULL;
      }
      acc = acc << 6 | (uint32_t)d;
      if (i % 4 == 3) {
        b[k++] = (uint8_t)(acc >> 16);
        b[k++] = (uint8_t)(acc >> 8);
        b[k++] = (uint8_t)acc;
        acc = 0;
      }
    }
    if (n % 4 == 2) b[k++] = (uint8_t)(acc >> 4);
    else if (n % 4 == 3) {
      b[k++] = (uint8_t)(acc >> 10);
      b[k++] = (uint8_t)(acc >> 2);
    }
    *len = *cap = out;
    return b;
  }
  if (!strncmp(s, "hex:", 4)) {
    s += 4;
    n -= 4;
  }
  if (n % 2) {
    snprintf(why, whylen, "hex text of odd length");
    return NULL;
  }
  uint8_t *b = sx_alloc(ctx, n / 2);
  if (!b) {
    *nomem = true;
    return NULL;
  }
  for (size_t i = 0; i < n; i += 2) {
    int hi = hexval(s[i]), lo = hexval(s[i + 1]);
    if (hi < 0 || lo < 0) {
      snprintf(why, whylen, "bad hex digit at %zu", i);
      sx_free(ctx, b, n / 2);
      return NULL;
    }
    b[i / 2] = (uint8_t)(hi << 4 | lo);
  }
  *len = *cap = n / 2;
  return b;
}

/* One {"inputs": {...}} object into a new assignment, or NULL (why / nomem). */
static sx_assign *one_seed(symx_ctx *ctx, const cJSON *obj, char *why, size_t whylen, bool *nomem) {
  *nomem = false;
  const cJSON *in = cJSON_IsObject(obj) ? cJSON_GetObjectItemCaseSensitive(obj, "inputs") : NULL;
  if (!cJSON_IsObject(in)) {
    snprintf(why, whylen, "expected an object with an \"inputs\" object");
    return NULL;
  }
  sx_assign *a = symx_assign_new(ctx);
  if (!a) {
    *nomem = true;
    return NULL;
  }
  for (const cJSON *v = in->child; v; v = v->next) {
    if (!v->string || !*v->string) {
      snprintf(why, whylen, "an input with an empty name");
      goto fail;
    }
    size_t len, cap;
    char w[96];
    uint8_t *b = decode(ctx, v, &len, &cap, w, sizeof w, nomem);
    if (!b) {
      if (!*nomem) snprintf(why, whylen, "input \"%.64s\": %s", v->string, w);
      goto fail;
    }
    int rc = symx_assign_set(a, v->string, b, len);
    sx_free(ctx, b, cap);
    if (rc) {
      *nomem = true;
      goto fail;
    }
  }
  return a;
fail:
  symx_assign_free(a);
  return NULL;
}

int sx_seeds_parse_json(sx_seeds *s, const char *text, size_t len, const char *origin,
                        const char *func) {
  symx_ctx *ctx = s->ctx;
  const char *end = NULL;
  cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
  if (root && end) { /* only white space may follow the value */
    while (end < text + len && (*end == ' ' || *end == '\t' || *end == '\n' || *end == '\r')) end++;
    if (end != text + len) {
      cJSON_Delete(root);
      root = NULL;
    }
  }
  if (!root) {
    size_t at = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
    sx_seeds_note(s, "%s: offset %zu: malformed JSON", origin, at);
    return sx_error(ctx, SYMX_PARSE, func, "%s: offset %zu: malformed JSON", origin, at);
  }
  int rc = SYMX_OK;
  char why[192];
  bool nomem = false;
  if (cJSON_IsArray(root)) {
    size_t i = 0;
    for (const cJSON *e = root->child; e && !nomem; e = e->next, i++) {
      sx_assign *a = one_seed(ctx, e, why, sizeof why, &nomem);
      char label[64];
      if (a) {
        snprintf(label, sizeof label, "[%zu]", i);
        char *o = sx_strdupf(ctx, "%s%s", origin, label);
        if (!o) {
          symx_assign_free(a);
          nomem = true;
          break;
        }
        int r = sx_seeds_push(s, a, o, NULL, func);
        sx_strfree(ctx, o);
        if (r == SYMX_NOMEM) nomem = true;
        else if (r) rc = r;
      } else if (!nomem) {
        sx_seeds_note(s, "%s: seed %zu: %s", origin, i, why);
        rc = sx_error(ctx, SYMX_PARSE, func, "%s: seed %zu: %s", origin, i, why);
      }
    }
  } else {
    sx_assign *a = one_seed(ctx, root, why, sizeof why, &nomem);
    if (a) rc = sx_seeds_push(s, a, origin, NULL, func);
    else if (!nomem) {
      sx_seeds_note(s, "%s: %s", origin, why);
      rc = sx_error(ctx, SYMX_PARSE, func, "%s: %s", origin, why);
    }
  }
  cJSON_Delete(root);
  if (nomem) return sx_error(ctx, SYMX_NOMEM, func, "%s: out of memory", origin);
  return rc;
}
