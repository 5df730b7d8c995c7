/*
** zesti_run.c — ZESTI's bounded exploration around the seed paths (paper
** section 4.7): the sensitive depths the front end reports, which pending
** states are worth reviving (one with a sensitive depth below it), and
** the depth bound a revival sets for what runs next (zesti_bound_mul x
** the distance, at least 1).
*/
#include "zesti.h"

#include <string.h>

static bool named(symx_ctx *ctx, int opt) { return !strcmp(sx_option_str(ctx, opt), "zesti"); }

int sx_zesti_start(sx_zesti *z, symx_ctx *ctx, const sx_search_env *penv, sx_searcher search[2]) {
  z->on = named(ctx, SX_OPT_search) || named(ctx, SX_OPT_pending_search);
  if (z->on && !named(ctx, SX_OPT_pending_search)) {
    /* search "zesti" names the whole strategy: pending states in ZESTI order */
    sx_searcher s;
    int rc = sx_searcher_zesti(penv, &s);
    if (rc != SYMX_OK) return rc;
    sx_search_free(&search[1]);
    search[1] = s;
  }
  for (int i = 0; i < 2; i++) sx_searcher_zesti_bind(&search[i], &z->sensitive);
  return SYMX_OK;
}

void sx_zesti_release(sx_zesti *z, symx_ctx *ctx) { SX_RELEASE(ctx, z->sensitive.depths); }

int sx_zesti_note(sx_zesti *z, symx_ctx *ctx, uint32_t d, const char *func) {
  sx_sensitive *s = &z->sensitive;
  size_t i = SX_SIZE(s->depths);
  while (i > 0 && s->depths.begin[i - 1] > d) i--;
  if (i > 0 && s->depths.begin[i - 1] == d) return SYMX_OK;
  if (!SX_RESERVE1(ctx, s->depths)) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  memmove(s->depths.begin + i + 1, s->depths.begin + i,
          (SX_SIZE(s->depths) - i) * sizeof *s->depths.begin);
  s->depths.begin[i] = d;
  s->depths.end++;
  s->version++;
  return SYMX_OK;
}

uint32_t sx_zesti_gate(const sx_zesti *z, const sx_state *st, int64_t mul) {
  uint32_t d = st->flags & SX_SF_ERRSIDE ? 0 : sx_sensitive_distance(&z->sensitive, st->depth);
  return mul == 0 ? SX_ZESTI_FAR : d; /* mul 0 = the seed path only */
}

void sx_zesti_bound(sx_zesti *z, const sx_state *st, int64_t mul, uint32_t d) {
  uint64_t b = (uint64_t)mul * d;
  z->base = st->depth;
  z->bound = b < 1 ? 1 : b > UINT32_MAX - st->depth ? UINT32_MAX - st->depth : (uint32_t)b;
  z->bounded = true;
}
