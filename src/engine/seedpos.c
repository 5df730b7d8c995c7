/*
** seedpos.c — a path's new input (symx_state_new_input): it joins the
** path's inputs in order (its test cases' object order, state/inorder.c)
** and, with option seed_match = position (KLEE's default), the .ktest seeds
** that follow the path bind it: the k-th input a path makes takes the
** seed's k-th object, whatever the names. A seed follows one state at a time (a
** fork partitions the seeds), so its next object and the bindings made so
** far belong to the seed (sx_seeding.pos), and the seed's assignment grows
** as its path makes inputs.
*/
#include "seeds.h"
#include "engine.h"
#include "seeding/seed.h"

#include <inttypes.h>
#include <string.h>

int sx_engine_seedpos_start(symx_engine *eng) {
  symx_ctx *ctx = eng->ctx;
  sx_seeding *sd = &eng->sd;
  size_t n = SX_SIZE(eng->seeds->list);
  if (ctx->opts.seed_match != SX_SEEDMATCH_POSITION) return SYMX_OK;
  sd->pos = sx_alloc(ctx, n * sizeof *sd->pos);
  if (!sd->pos) return SYMX_NOMEM;
  memset(sd->pos, 0, n * sizeof *sd->pos);
  sd->npos = (uint32_t)n;
  for (uint32_t i = 0; i < n; i++)
    if (SX_AT(eng->seeds->list, i).objs && !(sd->pos[i].a = symx_assign_new(ctx)))
      return SYMX_NOMEM;
  return SYMX_OK;
}

void sx_engine_seedpos_release(symx_engine *eng) {
  sx_seeding *sd = &eng->sd;
  for (uint32_t i = 0; i < sd->npos; i++) symx_assign_free(sd->pos[i].a);
  if (sd->pos) sx_free(eng->ctx, sd->pos, sd->npos * sizeof *sd->pos);
  sd->pos = NULL;
  sd->npos = 0;
}

/* Binds name (size bytes) in seed i to its next object, as KLEE's size
** rules say (seed_extend: KLEE's --allow-seed-extension, seed_truncate:
** --allow-seed-truncation). SYMX_RANGE with the reason in the context. */
static int bind_next(symx_engine *eng, uint32_t i, const char *name, uint64_t size,
                     const char *func) {
  symx_ctx *ctx = eng->ctx;
  sx_seedpos *p = &eng->sd.pos[i];
  const sx_seed *seed = &SX_AT(eng->seeds->list, i);
  const sx_ktest_obj *o = p->next < seed->nobjs ? &seed->objs[p->next] : NULL;
  if (!o && !ctx->opts.seed_extend)
    return sx_error(ctx, SYMX_RANGE, func, "ran out of inputs during seeding (%s has %zu)",
                    seed->origin, seed->nobjs);
  if (o && ((o->len < size && !ctx->opts.seed_extend) || (o->len > size && !ctx->opts.seed_truncate)))
    return sx_error(ctx, SYMX_RANGE, func, "replace size mismatch: %s[%" PRIu64 "] vs %s[%zu] in %s",
                    name, size, o->name, o->len, seed->origin);
  if (o) p->next++;
  sx_assign *a = sx_assign_unshare(p->a); /* a state may hold it as its witness */
  if (!a) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  p->a = a;
  size_t n = o ? (o->len < size ? o->len : (size_t)size) : 0;
  int rc = n ? sx_assign_write(a, name, 0, o->bytes, n) : SYMX_OK;
  if (rc == SYMX_OK && n < size && size <= SX_SEED_MAX_FILE) { /* larger: unbound bytes read 0 */
    uint8_t zero = 0;
    rc = sx_assign_write(a, name, (size_t)size - 1, &zero, 1); /* zeros up to size */
  }
  return rc;
}

int symx_state_new_input(symx_state *st, symx_expr *array) {
  if (!st || !array) return SYMX_MISUSE;
  symx_engine *eng = st->eng;
  symx_ctx *ctx = eng->ctx;
  if (st->status != SYMX_ST_ACTIVE) return SX_MISUSE(ctx, "the state is not active");
  if (array->kind != SYMX_K_ARRAY_INPUT || array->ctx != ctx)
    return SX_MISUSE(ctx, "not an input array of the engine's context");
  const char *name = array->arr->name;
  if (sx_state_add_input(ctx, st, array->arr->input_id) != SYMX_OK)
    return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  sx_seedset *s = st->seeds;
  if (!s || !eng->sd.pos) return SYMX_OK;
  for (uint32_t k = 0; k < s->n; k++) {
    uint32_t i = s->idx[k];
    if (!eng->sd.pos[i].a) continue; /* bound by name */
    sx_assign *old = eng->sd.pos[i].a;
    bool witness = st->witness == old;
    int rc = bind_next(eng, i, name, symx_array_size(array), __func__);
    if (rc != SYMX_OK) return rc;
    /* the path has no constraint on its new input yet: the seed still
    ** satisfies it, and the state goes on following it */
    if (witness && old != eng->sd.pos[i].a)
      sx_state_set_witness(st, sx_assign_share(eng->sd.pos[i].a));
  }
  return SYMX_OK;
}
