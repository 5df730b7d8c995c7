/*
** acache.c — the α-renamed constraint cache (Oasis): a factor's constraints
** printed canonically, every input byte read at a constant index renamed
** v0, v1, ... in order of first appearance (post-order, constraints in
** order), so the same condition over other bytes has the same text. The
** text is the key, compared whole (never only its hash): an UNSAT entry
** answers only the same renamed query; a SAT entry's bytes are mapped back
** and checked by evaluation before they answer. Bounded: the oldest entry
** goes first. The directory side is adisk.c.
*/
#include "acache_int.h"
#include "error.h"
#include "hash.h"

#include <string.h>

/* ---- expression numbering (pointer -> node number) for one canon ---- */

static bool vis_reserve(sx_acache *ac, size_t need) {
  if (2 * need <= ac->vcap) return true;
  size_t cap = ac->vcap ? ac->vcap : 256;
  while (2 * need > cap) cap *= 2;
  sx_ac_vis *t = sx_calloc(ac->ctx, cap * sizeof *t);
  if (!t) return false;
  for (size_t i = 0; i < ac->vcap; i++) {
    if (!ac->vis[i].e) continue;
    size_t j = ac->vis[i].e->id & (cap - 1);
    while (t[j].e) j = (j + 1) & (cap - 1);
    t[j] = ac->vis[i];
  }
  sx_free(ac->ctx, ac->vis, ac->vcap * sizeof *ac->vis);
  ac->vis = t;
  ac->vcap = cap;
  return true;
}

/* The slot of e (its number in ->num, or an empty slot). */
static sx_ac_vis *vis_slot(sx_acache *ac, const sx_expr *e) {
  size_t j = e->id & (ac->vcap - 1);
  while (ac->vis[j].e && ac->vis[j].e != e) j = (j + 1) & (ac->vcap - 1);
  return &ac->vis[j];
}

/* An input byte read at a constant index inside the input: a variable. */
static bool is_var(const sx_expr *e) {
  if (e->kind != SYMX_K_READ) return false;
  const sx_expr *a = e->args[0], *i = e->args[1];
  return a->kind == SYMX_K_ARRAY_INPUT && sx_is_const(i) && i->value < a->arr->size;
}

/* Emits e (its arguments numbered already); false: cannot be renamed. */
static bool emit(sx_acache *ac, sx_expr *e, uint32_t num) {
  sx_sb *b = &ac->text;
  if (is_var(e)) {
    uint32_t v = (uint32_t)ac->nvars;
    if (ac->nvars == ac->capvars) {
      size_t cap = ac->capvars ? 2 * ac->capvars : 32;
      sx_key *k = sx_realloc(ac->ctx, ac->vars, ac->capvars * sizeof *k, cap * sizeof *k);
      if (!k) return false;
      ac->vars = k;
      ac->capvars = cap;
    }
    ac->vars[ac->nvars++] = (sx_key){e->args[0]->arr->input_id, e->args[1]->value};
    sx_sb_printf(b, "%u=v%u;", num, v);
    return true;
  }
  if (e->flags & SX_F_ARRAY || e->kind == SYMX_K_READ) return false;
  if (sx_is_const(e)) {
    sx_sb_printf(b, "%u=c%u:%llx;", num, e->width, (unsigned long long)e->value);
    return true;
  }
  sx_sb_printf(b, "%u=k%u/%u/%llx/%x(", num, e->kind, e->width, (unsigned long long)e->value, e->aux);
  for (unsigned i = 0; i < e->nargs; i++) sx_sb_printf(b, "%s%u", i ? "," : "", vis_slot(ac, e->args[i])->num);
  sx_sb_puts(b, ");");
  return true;
}

/* Whether e's arguments are still to be visited (pushes them). */
static bool descend(sx_acache *ac, sx_expr *e) {
  if (is_var(e) || sx_is_const(e)) return false;
  bool any = false;
  for (unsigned i = e->nargs; i-- > 0;)
    if (!vis_slot(ac, e->args[i])->e) {
      SX_PUSH(ac->ctx, ac->stack, e->args[i]);
      any = true;
    }
  return any;
}

/* Numbers the DAG under root, emitting nodes in post-order. */
static bool walk(sx_acache *ac, sx_expr *root) {
  if (!SX_PUSH(ac->ctx, ac->stack, root)) return false;
  while (!SX_EMPTY(ac->stack)) {
    sx_expr *e = SX_TOP(ac->stack);
    if (vis_slot(ac, e)->e) {
      (void)SX_POP(ac->stack);
      continue;
    }
    size_t before = SX_SIZE(ac->stack);
    if (descend(ac, e)) {
      if (SX_SIZE(ac->stack) == before) return false; /* OOM */
      continue;
    }
    (void)SX_POP(ac->stack);
    if (!vis_reserve(ac, ac->nnodes + 1)) return false;
    uint32_t num = (uint32_t)ac->nnodes++;
    if (!emit(ac, e, num)) return false;
    sx_ac_vis *s = vis_slot(ac, e);
    s->e = e;
    s->num = num;
  }
  sx_sb_printf(&ac->text, "r%u;", vis_slot(ac, root)->num);
  return true;
}

static void canon_reset(sx_acache *ac) {
  if (ac->vis) memset(ac->vis, 0, ac->vcap * sizeof *ac->vis);
  ac->nnodes = ac->nvars = 0;
  SX_CLEAR(ac->stack);
  ac->text.len = 0;
  ac->text.oom = false;
  if (ac->text.s) ac->text.s[0] = 0;
}

const char *sx_ac_canon(sx_acache *ac, sx_expr *const *cs, size_t n) {
  canon_reset(ac);
  if (!vis_reserve(ac, 16)) return NULL;
  for (size_t i = 0; i < n; i++)
    if (!walk(ac, cs[i])) return NULL;
  sx_sb_putc(&ac->text, 0); /* a text even for n = 0 */
  return ac->text.oom ? NULL : ac->text.s;
}

/* ---- the table ---- */

sx_ac_entry *sx_ac_find(sx_acache *ac, const char *text, size_t len, uint64_t h) {
  if (!ac->nbuckets) return NULL;
  for (sx_ac_entry *e = ac->buckets[h & (ac->nbuckets - 1)]; e; e = e->next)
    if (e->hash == h && e->len == len && !memcmp(e->text, text, len)) return e;
  return NULL;
}

int sx_ac_lookup(sx_acache *ac, sx_expr *const *cs, size_t n, sx_assign *base, sx_assign **out) {
  symx_ctx *ctx = ac->ctx;
  *out = NULL;
  const char *t = sx_ac_canon(ac, cs, n);
  if (!t) {
    SX_INC(ctx, acache_uncacheable);
    return SYMX_UNKNOWN;
  }
  size_t len = strlen(t);
  sx_ac_entry *e = sx_ac_find(ac, t, len, sx_hash_bytes(t, len));
  if (!e) {
    SX_INC(ctx, acache_misses);
    return SYMX_UNKNOWN;
  }
  if (!e->sat) {
    SX_INC(ctx, acache_unsat_hits);
    return SYMX_UNSAT;
  }
  sx_assign *a = symx_assign_copy(base);
  if (!a) return SYMX_NOMEM;
  for (size_t j = 0; j < ac->nvars && j < e->nvars; j++) {
    sx_expr *in = sx_input_by_id(ctx, ac->vars[j].input);
    if (sx_assign_write(a, in->arr->name, (size_t)ac->vars[j].byte, &e->vals[j], 1) != SYMX_OK) {
      symx_assign_free(a);
      return SYMX_NOMEM;
    }
  }
  if (e->nvars != ac->nvars || !sx_eval_all(ctx, cs, n, a)) { /* cannot happen: a miss then */
    symx_assign_free(a);
    SX_INC(ctx, acache_misses);
    return SYMX_UNKNOWN;
  }
  SX_INC(ctx, acache_hits);
  *out = a;
  return SYMX_SAT;
}

int sx_ac_insert(sx_acache *ac, sx_expr *const *cs, size_t n, sx_assign *model) {
  const char *t = sx_ac_canon(ac, cs, n);
  if (!t) return SYMX_UNKNOWN;
  size_t len = strlen(t);
  uint64_t h = sx_hash_bytes(t, len);
  if (sx_ac_find(ac, t, len, h)) return SYMX_OK;
  uint8_t *vals = NULL;
  if (model) {
    vals = sx_alloc(ac->ctx, ac->nvars ? ac->nvars : 1);
    if (!vals) return SYMX_NOMEM;
    for (size_t j = 0; j < ac->nvars; j++) {
      size_t blen;
      const uint8_t *b = sx_assign_bytes(model, ac->vars[j].input, &blen);
      vals[j] = b && ac->vars[j].byte < blen ? b[ac->vars[j].byte] : 0;
    }
  }
  return sx_ac_add(ac, t, len, h, model != NULL, vals, (uint32_t)ac->nvars);
}
