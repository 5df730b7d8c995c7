/*
** fuzz_seed_json.c — libFuzzer harness of the JSON seed reader
** (sx_seeds_parse_json, behind symx_seeds_add_json). The text is handed over
** without a terminating NUL, so a read past its end is caught. A rejected
** file leaves SYMX_PARSE, a message on the context and one in the set; every
** seed loaded is written back as a one-seed JSON file, its bytes in the
** form the seed's index picks (array of integers, hex, "hex:", base64), and
** must read back to the same bindings.
*/
#include "fuzz.h"
#include "seeding/seed.h"

#include <cjson/cJSON.h>

static char *base64(const uint8_t *b, size_t n) {
  static const char d[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char *s = malloc(8 + 4 * (n / 3 + 1) + 1), *p = s;
  FUZZ_CHECK(s, "out of memory");
  p += sprintf(p, "base64:");
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)b[i] << 16 | (i + 1 < n ? (uint32_t)b[i + 1] << 8 : 0) |
                 (i + 2 < n ? b[i + 2] : 0);
    *p++ = d[v >> 18 & 63];
    *p++ = d[v >> 12 & 63];
    *p++ = i + 1 < n ? d[v >> 6 & 63] : '=';
    *p++ = i + 2 < n ? d[v & 63] : '=';
  }
  *p = 0;
  return s;
}

static cJSON *encode_bytes(const uint8_t *b, size_t n, unsigned form) {
  if (form == 0) {
    cJSON *arr = cJSON_CreateArray();
    for (size_t i = 0; arr && i < n; i++) cJSON_AddItemToArray(arr, cJSON_CreateNumber(b[i]));
    return arr;
  }
  char *s;
  if (form == 3) {
    s = base64(b, n);
  } else {
    s = malloc(2 * n + 5);
    FUZZ_CHECK(s, "out of memory");
    char *p = s + sprintf(s, "%s", form == 2 ? "hex:" : "");
    for (size_t i = 0; i < n; i++) p += sprintf(p, "%02X", b[i]);
  }
  cJSON *str = cJSON_CreateString(s);
  free(s);
  return str;
}

/* {"inputs": {...}} of assignment a, bytes in the given form. */
static char *encode_seed(const symx_assign *a, unsigned form) {
  cJSON *root = cJSON_CreateObject();
  cJSON *in = root ? cJSON_AddObjectToObject(root, "inputs") : NULL;
  FUZZ_CHECK(in, "out of memory");
  for (size_t i = 0; i < symx_assign_count(a); i++) {
    const char *nm = symx_assign_name(a, i);
    size_t len;
    const uint8_t *b = symx_assign_get(a, nm, &len);
    cJSON_AddItemToObject(in, nm, encode_bytes(b, len, form));
  }
  char *text = cJSON_PrintUnformatted(root);
  FUZZ_CHECK(text, "out of memory");
  cJSON_Delete(root);
  return text;
}

static void same_assign(const symx_assign *a, const symx_assign *b, const char *text) {
  FUZZ_CHECK(symx_assign_count(a) == symx_assign_count(b), "%zu bindings, %zu read back from %s",
             symx_assign_count(a), symx_assign_count(b), text);
  for (size_t i = 0; i < symx_assign_count(a); i++) { /* both sorted by name */
    const char *nm = symx_assign_name(a, i);
    size_t la, lb;
    const uint8_t *x = symx_assign_get(a, nm, &la), *y = symx_assign_get(b, nm, &lb);
    FUZZ_CHECK(!strcmp(nm, symx_assign_name(b, i)) && la == lb && (!la || !memcmp(x, y, la)),
               "binding \"%s\" read back differently from %s", nm, text);
  }
}

static void round_trip(symx_ctx *ctx, const symx_assign *a, unsigned form) {
  char *text = encode_seed(a, form);
  symx_seeds *again = symx_seeds_new(ctx);
  FUZZ_CHECK(again, "out of memory");
  int rc = sx_seeds_parse_json(again, text, strlen(text), "written", "fuzz");
  FUZZ_CHECK(rc == SYMX_OK && symx_seeds_count(again) == 1, "rc %d, %zu seeds from %s: %s", rc,
             symx_seeds_count(again), text, symx_errmsg(ctx));
  same_assign(a, symx_seeds_get(again, 0), text);
  symx_seeds_free(again);
  cJSON_free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  symx_ctx *ctx = fuzz_ctx();
  symx_seeds *s = symx_seeds_new(ctx);
  FUZZ_CHECK(s, "out of memory");
  char *text = malloc(size ? size : 1); /* no NUL after the text */
  FUZZ_CHECK(text, "out of memory");
  if (size) memcpy(text, data, size);
  int rc = sx_seeds_parse_json(s, text, size, "fuzz", "fuzz");
  if (rc) {
    FUZZ_CHECK(rc == SYMX_PARSE, "returned %d: %s", rc, symx_errmsg(ctx));
    fuzz_check_rejected(ctx, SYMX_PARSE);
    FUZZ_CHECK(symx_seeds_message_count(s) > 0, "no message in the seed set");
  }
  for (size_t i = 0; i < symx_seeds_count(s); i++) {
    FUZZ_CHECK(symx_seeds_origin(s, i), "seed %zu has no origin", i);
    round_trip(ctx, symx_seeds_get(s, i), (unsigned)(i + size) % 4);
  }
  free(text);
  symx_seeds_free(s);
  symx_ctx_free(ctx);
  return 0;
}
