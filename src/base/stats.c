/*
** stats.c — everything generated from the statistics table in stats.h.
*/
#include "alloc.h"
#include "error.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static const char *const names[SX_STAT_COUNT_] = {
#define NAME_(N, HELP) #N,
    SX_STATS(NAME_)
#undef NAME_
};
static const char *const helps[SX_STAT_COUNT_] = {
#define HELP_(N, HELP) HELP,
    SX_STATS(HELP_)
#undef HELP_
};

uint64_t sx_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t sx_cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t sx_deadline_ns(uint64_t from_ns, int64_t ms) {
  if (ms <= 0) return 0;
  if ((uint64_t)ms > (UINT64_MAX - from_ns) / 1000000u) return UINT64_MAX;
  return from_ns + (uint64_t)ms * 1000000u;
}

size_t symx_stat_count(void) { return SX_STAT_COUNT_; }
const char *symx_stat_name(size_t i) { return i < SX_STAT_COUNT_ ? names[i] : NULL; }
const char *symx_stat_help(size_t i) { return i < SX_STAT_COUNT_ ? helps[i] : NULL; }

uint64_t symx_stat_at(symx_ctx *ctx, size_t i) {
  return ctx && i < SX_STAT_COUNT_ ? ctx->stats.v[i] : 0;
}

uint64_t symx_stat_get(symx_ctx *ctx, const char *name) {
  if (!ctx) return 0;
  for (size_t i = 0; name && i < SX_STAT_COUNT_; i++)
    if (!strcmp(names[i], name)) return ctx->stats.v[i];
  sx_error(ctx, SYMX_NOTFOUND, __func__, "no statistic named '%s'", name ? name : "(null)");
  return 0;
}

void symx_stat_reset(symx_ctx *ctx) {
  if (!ctx) return;
  for (size_t i = 0; i < SX_STAT_COUNT_; i++)
    if (i != SX_STAT_bytes_in_use && i != SX_STAT_expr_live) ctx->stats.v[i] = 0;
  ctx->stats.v[SX_STAT_bytes_max] = ctx->stats.v[SX_STAT_bytes_in_use];
}

char *symx_stats_json(symx_ctx *ctx) {
  if (!ctx) return NULL;
  size_t cap = 64 + SX_STAT_COUNT_ * 64;
  char *s = sx_alloc(ctx, cap);
  if (!s) {
    sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
    return NULL;
  }
  size_t n = 0;
  n += (size_t)snprintf(s + n, cap - n, "{");
  for (size_t i = 0; i < SX_STAT_COUNT_; i++)
    n += (size_t)snprintf(s + n, cap - n, "%s\"%s\": %" PRIu64, i ? ", " : "", names[i], ctx->stats.v[i]);
  snprintf(s + n, cap - n, "}");
  /* shrink to the exact length so symx_string_free can size the free */
  size_t len = strlen(s) + 1;
  char *t = sx_realloc(ctx, s, cap, len);
  return t ? t : s;
}
