/*
** options.c — everything generated from the option table in options.h:
** defaults, range checks, lookup by name and introspection.
*/
#include "alloc.h"
#include "error.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum { T_INT = SYMX_OPT_INT, T_BOOL = SYMX_OPT_BOOL, T_ENUM = SYMX_OPT_ENUM,
       T_STR = SYMX_OPT_STR, T_TIME = 4 };
#define SX_T_INT T_INT
#define SX_T_BOOL T_BOOL
#define SX_T_ENUM T_ENUM
#define SX_T_STR T_STR
#define SX_T_TIME T_TIME

typedef struct opt_row {
  symx_option_info info;
  int kind; /* T_*; TIME is reported as INT */
} opt_row;

static const opt_row table[SX_OPT_COUNT_] = {
#define ROW_(N, T, D, L, H, V, HELP)                                          \
  {{#N, HELP, (symx_option_type)(SX_T_##T == T_TIME ? T_INT : SX_T_##T),     \
    (int64_t)(D), (int64_t)(L), (int64_t)(H), V}, SX_T_##T},
    SX_OPTIONS(ROW_)
#undef ROW_
};

size_t symx_option_count(void) { return SX_OPT_COUNT_; }

const symx_option_info *symx_option_info_at(size_t i) {
  return i < SX_OPT_COUNT_ ? &table[i].info : NULL;
}

static int find_index(const char *name) {
  if (!name) return -1;
  size_t lo = 0, hi = SX_OPT_COUNT_; /* the table is sorted: binary search */
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(name, table[mid].info.name);
    if (c == 0) return (int)mid;
    if (c < 0) hi = mid;
    else lo = mid + 1;
  }
  /* accept '-' for '_' (command-line spelling) */
  char buf[64];
  size_t n = strlen(name);
  if (n >= sizeof buf) return -1;
  for (size_t i = 0; i <= n; i++) buf[i] = name[i] == '-' ? '_' : name[i];
  if (strcmp(buf, name) == 0) return -1;
  return find_index(buf);
}

const symx_option_info *symx_option_find(const char *name) {
  int i = find_index(name);
  return i < 0 ? NULL : &table[i].info;
}

static int64_t *field(symx_ctx *ctx, int i) { return &((int64_t *)&ctx->opts)[i]; }

void sx_options_init(symx_ctx *ctx) {
  for (int i = 0; i < SX_OPT_COUNT_; i++) {
    *field(ctx, i) = table[i].info.def;
    ctx->opt_str[i] = NULL;
  }
}

void sx_options_release(symx_ctx *ctx) {
  for (int i = 0; i < SX_OPT_COUNT_; i++) {
    sx_strfree(ctx, ctx->opt_str[i]);
    ctx->opt_str[i] = NULL;
  }
}

const char *sx_option_str(symx_ctx *ctx, int i) {
  return ctx->opt_str[i] ? ctx->opt_str[i] : table[i].info.values;
}

int symx_option_set(symx_ctx *ctx, const char *name, int64_t value) {
  if (!ctx) return SYMX_MISUSE;
  int i = find_index(name);
  if (i < 0) return sx_error(ctx, SYMX_NOTFOUND, __func__, "no option named '%s'", name ? name : "(null)");
  if (table[i].kind == T_STR)
    return sx_error(ctx, SYMX_MISUSE, __func__, "option '%s' takes text: use symx_option_set_str", name);
  if (value < table[i].info.min || value > table[i].info.max)
    return sx_error(ctx, SYMX_RANGE, __func__, "option '%s': %lld outside [%lld, %lld]", name,
                    (long long)value, (long long)table[i].info.min, (long long)table[i].info.max);
  *field(ctx, i) = value;
  return SYMX_OK;
}

/* "120s", "2min", "1h", "500ms", "1.5s", "30" (seconds) -> milliseconds */
static int parse_time(const char *s, int64_t *ms) {
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (end == s || errno || v < 0) return 0;
  while (isspace((unsigned char)*end)) end++;
  double mul;
  if (!*end || !strcmp(end, "s") || !strcmp(end, "sec")) mul = 1000;
  else if (!strcmp(end, "ms")) mul = 1;
  else if (!strcmp(end, "min") || !strcmp(end, "m")) mul = 60000;
  else if (!strcmp(end, "h")) mul = 3600000;
  else if (!strcmp(end, "us")) mul = 0.001;
  else return 0;
  if (v * mul > 9.2e18) return 0;
  *ms = (int64_t)(v * mul + 0.5);
  return 1;
}

static int enum_index(const char *values, const char *s, int64_t *out) {
  size_t n = strlen(s);
  int64_t idx = 0;
  for (const char *p = values; *p; idx++) {
    const char *bar = strchr(p, '|');
    size_t len = bar ? (size_t)(bar - p) : strlen(p);
    if (len == n && !strncmp(p, s, n)) {
      *out = idx;
      return 1;
    }
    if (!bar) break;
    p = bar + 1;
  }
  return 0;
}

int symx_option_set_str(symx_ctx *ctx, const char *name, const char *value) {
  if (!ctx) return SYMX_MISUSE;
  int i = find_index(name);
  if (i < 0) return sx_error(ctx, SYMX_NOTFOUND, __func__, "no option named '%s'", name ? name : "(null)");
  if (!value) return SX_MISUSE(ctx, "option '%s': NULL value", name);
  int64_t v;
  char *end;
  switch (table[i].kind) {
  case T_STR: {
    char *d = sx_strdup(ctx, value);
    if (!d) return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
    sx_strfree(ctx, ctx->opt_str[i]);
    ctx->opt_str[i] = d;
    return SYMX_OK;
  }
  case T_BOOL:
    if (!strcmp(value, "true") || !strcmp(value, "on") || !strcmp(value, "yes")) v = 1;
    else if (!strcmp(value, "false") || !strcmp(value, "off") || !strcmp(value, "no")) v = 0;
    else {
      errno = 0;
      v = strtoll(value, &end, 0);
      if (end == value || *end || errno) goto bad;
    }
    return symx_option_set(ctx, table[i].info.name, v);
  case T_ENUM:
    if (enum_index(table[i].info.values, value, &v)) return symx_option_set(ctx, table[i].info.name, v);
    errno = 0;
    v = strtoll(value, &end, 0);
    if (end == value || *end || errno)
      return sx_error(ctx, SYMX_RANGE, __func__, "option '%s': '%s' is not one of %s", name, value,
                      table[i].info.values);
    return symx_option_set(ctx, table[i].info.name, v);
  case T_TIME:
    if (!parse_time(value, &v)) goto bad;
    return symx_option_set(ctx, table[i].info.name, v);
  default:
    errno = 0;
    v = strtoll(value, &end, 0);
    if (end == value || *end || errno) goto bad;
    return symx_option_set(ctx, table[i].info.name, v);
  }
bad:
  return sx_error(ctx, SYMX_RANGE, __func__, "option '%s': cannot read '%s'", name, value);
}

int64_t symx_option_get(symx_ctx *ctx, const char *name) {
  if (!ctx) return 0;
  int i = find_index(name);
  if (i < 0) {
    sx_error(ctx, SYMX_NOTFOUND, __func__, "no option named '%s'", name ? name : "(null)");
    return 0;
  }
  return *field(ctx, i);
}

const char *symx_option_get_str(symx_ctx *ctx, const char *name) {
  if (!ctx) return NULL;
  int i = find_index(name);
  if (i < 0) {
    sx_error(ctx, SYMX_NOTFOUND, __func__, "no option named '%s'", name ? name : "(null)");
    return NULL;
  }
  if (table[i].kind == T_STR) return sx_option_str(ctx, i);
  if (table[i].kind == T_ENUM) {
    /* the enum names are static: return a pointer into a static copy */
    static const char *const none = "";
    const char *p = table[i].info.values;
    for (int64_t k = *field(ctx, i); k > 0 && p; k--) {
      p = strchr(p, '|');
      if (p) p++;
    }
    if (!p) return none;
    /* copy the name into the string slot so it is NUL-terminated */
    size_t len = strcspn(p, "|");
    const char *had = ctx->opt_str[i];
    /* the copy made for the same value stays: the header promises it is
    ** valid until the option changes */
    if (had && strlen(had) == len && !memcmp(had, p, len)) return had;
    char *d = sx_alloc(ctx, len + 1);
    if (!d) return NULL;
    memcpy(d, p, len);
    d[len] = 0;
    sx_strfree(ctx, ctx->opt_str[i]);
    ctx->opt_str[i] = d;
    return d;
  }
  return NULL;
}
