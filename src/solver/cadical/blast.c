/*
** blast.c — expressions to AIG circuits, arrays by read-over-write and
** symbolic reads (see blast.h).
*/
#include "blast.h"
#include "circuits.h"
#include "rom.h"
#include "solver/backend.h"
#include "error.h"

#include <string.h>

bool sx_blast_init(symx_ctx *ctx, sx_blast *b, bool ackermann, bool rom) {
  memset(b, 0, sizeof *b);
  b->ctx = ctx;
  b->ackermann = ackermann;
  b->rom = rom;
  return sx_aig_init(ctx, &b->g);
}

void sx_blast_free(sx_blast *b) {
  symx_ctx *ctx = b->ctx;
  if (!ctx) return;
  for (sx_leaf *l = b->leaves.begin; l < b->leaves.end; l++) {
    symx_expr_release(l->e);
    SX_RELEASE(ctx, l->reads);
    SX_RELEASE(ctx, l->bytes);
  }
  SX_RELEASE(ctx, b->leaves);
  SX_RELEASE(ctx, b->reads);
  SX_RELEASE(ctx, b->bytes);
  SX_RELEASE(ctx, b->pool);
  SX_RELEASE(ctx, b->axioms);
  SX_RELEASE(ctx, b->work);
  sx_map_free(ctx, &b->memo);
  sx_map_free(ctx, &b->leaf_of);
  sx_map_free(ctx, &b->base);
  sx_map_free(ctx, &b->byte_of);
  sx_rom_free(b);
  sx_aig_free(&b->g);
  memset(b, 0, sizeof *b);
}

static inline sx_lit *bits(sx_blast *b, uint32_t off) { return b->pool.begin + off; }

static void oom(sx_blast *b) { b->g.failed = true; }

static uint32_t append(sx_blast *b, const sx_lit *v, unsigned w) {
  size_t off = SX_SIZE(b->pool);
  if (off + w >= UINT32_MAX) {
    oom(b);
    return 0;
  }
  for (unsigned i = 0; i < w; i++)
    if (!SX_PUSH(b->ctx, b->pool, v[i])) {
      oom(b);
      return 0;
    }
  return (uint32_t)off;
}

static void axiom(sx_blast *b, sx_lit a) {
  if (a == SX_LIT_TRUE) return;
  if (!SX_PUSH(b->ctx, b->axioms, a)) oom(b);
}

/* ---- lemmas / axioms ---- */

static sx_lit implies_same(sx_blast *b, sx_lit cond, const sx_lit *x, const sx_lit *y) {
  if (cond == SX_LIT_FALSE) return SX_LIT_TRUE;
  return sx_aig_or(&b->g, sx_lit_not(cond), sx_bv_eq(&b->g, x, y, 8));
}

void sx_blast_lemma_pair(sx_blast *b, uint32_t ri, uint32_t rj) {
  sx_sread *x = &b->reads.begin[ri], *y = &b->reads.begin[rj];
  sx_lit eq = sx_bv_eq(&b->g, bits(b, x->idx), bits(b, y->idx), x->idx_w);
  axiom(b, implies_same(b, eq, x->val, y->val));
}

void sx_blast_lemma_byte(sx_blast *b, uint32_t r, uint32_t yb) {
  sx_sread *x = &b->reads.begin[r];
  sx_cbyte *y = &b->bytes.begin[yb];
  sx_lit k[64];
  sx_bv_const(y->k, x->idx_w, k);
  sx_lit eq = sx_bv_eq(&b->g, bits(b, x->idx), k, x->idx_w);
  axiom(b, implies_same(b, eq, x->val, y->val));
}

void sx_blast_lemma_range(sx_blast *b, uint32_t r) {
  sx_sread *x = &b->reads.begin[r];
  uint64_t size = b->leaves.begin[x->leaf].e->arr->size;
  if (x->idx_w < 64 && size >> x->idx_w) return; /* every index is in range */
  sx_lit s[64], zero[8];
  sx_bv_const(size, x->idx_w, s);
  sx_bv_const(0, 8, zero);
  sx_lit in = sx_bv_ult(&b->g, bits(b, x->idx), s, x->idx_w);
  axiom(b, implies_same(b, sx_lit_not(in), x->val, zero));
}

void sx_blast_lemma_const(sx_blast *b, uint32_t r, uint64_t v) {
  sx_sread *x = &b->reads.begin[r];
  const sx_array_info *ai = b->leaves.begin[x->leaf].e->arr;
  if (v >= ai->size) {
    sx_blast_lemma_range(b, r);
    return;
  }
  sx_lit k[64], c[8];
  sx_bv_const(v, x->idx_w, k);
  sx_bv_const(ai->bytes[v], 8, c);
  sx_lit eq = sx_bv_eq(&b->g, bits(b, x->idx), k, x->idx_w);
  axiom(b, implies_same(b, eq, x->val, c));
}

/* ---- array leaves, bytes and symbolic reads ---- */

static uint32_t get_leaf(sx_blast *b, sx_expr *e) {
  uint32_t l = sx_map_get(&b->leaf_of, e->id, 0);
  if (l != UINT32_MAX) return l;
  sx_leaf leaf = {symx_expr_retain(e), {0}, {0}};
  l = (uint32_t)SX_SIZE(b->leaves);
  if (!SX_PUSH(b->ctx, b->leaves, leaf)) {
    symx_expr_release(e);
    oom(b);
    return UINT32_MAX;
  }
  if (!sx_map_put(b->ctx, &b->leaf_of, e->id, 0, l)) {
    oom(b);
    return UINT32_MAX;
  }
  return l;
}

static void fresh8(sx_blast *b, sx_lit v[8]) {
  for (int i = 0; i < 8; i++) v[i] = sx_aig_input(&b->g);
}

static uint32_t get_byte(sx_blast *b, uint32_t leaf, uint64_t k) {
  sx_expr *e = b->leaves.begin[leaf].e;
  uint32_t y = sx_map_get(&b->byte_of, e->id, k);
  if (y != UINT32_MAX) return y;
  sx_cbyte nb = {leaf, k, {0}};
  fresh8(b, nb.val);
  y = (uint32_t)SX_SIZE(b->bytes);
  if (!SX_PUSH(b->ctx, b->bytes, nb) || !sx_map_put(b->ctx, &b->byte_of, e->id, k, y) ||
      !SX_PUSH(b->ctx, b->leaves.begin[leaf].bytes, y)) {
    oom(b);
    return UINT32_MAX;
  }
  if (b->ackermann) {
    sx_leaf *L = &b->leaves.begin[leaf];
    for (uint32_t *r = L->reads.begin; r < L->reads.end; r++) sx_blast_lemma_byte(b, *r, y);
  }
  return y;
}

static uint32_t new_read(sx_blast *b, uint32_t leaf, uint32_t idx, unsigned iw) {
  sx_sread nr = {leaf, idx, (uint8_t)iw, {0}};
  fresh8(b, nr.val);
  uint32_t r = (uint32_t)SX_SIZE(b->reads);
  if (!SX_PUSH(b->ctx, b->reads, nr)) {
    oom(b);
    return UINT32_MAX;
  }
  sx_leaf *L = &b->leaves.begin[leaf];
  if (b->ackermann && L->e->kind == SYMX_K_ARRAY_INPUT) {
    for (uint32_t *q = L->reads.begin; q < L->reads.end; q++) sx_blast_lemma_pair(b, *q, r);
    for (uint32_t *y = L->bytes.begin; y < L->bytes.end; y++) sx_blast_lemma_byte(b, r, *y);
    sx_blast_lemma_range(b, r);
  }
  if (!SX_PUSH(b->ctx, b->leaves.begin[leaf].reads, r)) {
    oom(b);
    return UINT32_MAX;
  }
  return r;
}

/* bit `bit` of bytes[idx] for idx < 2^(level+1) + base, as a mux tree */
static sx_lit mux_bit(sx_aig *g, const uint8_t *bytes, uint64_t size, const sx_lit *idx, int level,
                      uint64_t base, unsigned bit) {
  if (base >= size) return SX_LIT_FALSE;
  if (level < 0) return (bytes[base] >> bit) & 1 ? SX_LIT_TRUE : SX_LIT_FALSE;
  sx_lit hi = mux_bit(g, bytes, size, idx, level - 1, base + (1ull << level), bit);
  sx_lit lo = mux_bit(g, bytes, size, idx, level - 1, base, bit);
  return sx_aig_ite(g, idx[level], hi, lo);
}

/* bytes[idx] for idx < size, 0 beyond: a mux tree per bit (constant leaves
** fold away, so this is the cheapest form of a dense small table) */
static void mux_read(sx_blast *b, const uint8_t *bytes, uint64_t size, const sx_lit *idx, unsigned iw,
                     sx_lit out[8]) {
  int nb = 0;
  while ((1ull << nb) < size) nb++;
  sx_lit in = SX_LIT_TRUE;
  if (iw == 64 || !(size >> iw)) {
    sx_lit s[64];
    sx_bv_const(size, iw, s);
    in = sx_bv_ult(&b->g, idx, s, iw);
  }
  for (unsigned i = 0; i < 8; i++)
    out[i] = sx_aig_and(&b->g, in, mux_bit(&b->g, bytes, size, idx, nb - 1, 0, i));
}

static void base_read(sx_blast *b, sx_expr *leaf_e, const sx_lit *idx, unsigned iw, uint64_t idx_id,
                      sx_lit out[8]) {
  const sx_array_info *ai = leaf_e->arr;
  uint64_t k;
  sx_bv_const(0, 8, out);
  if (sx_bv_is_const(idx, iw, &k)) {
    if (k >= ai->size) return; /* out of range reads 0 */
    if (leaf_e->kind == SYMX_K_ARRAY_CONST) {
      sx_bv_const(ai->bytes[k], 8, out);
      return;
    }
    uint32_t leaf = get_leaf(b, leaf_e);
    uint32_t y = leaf == UINT32_MAX ? UINT32_MAX : get_byte(b, leaf, k);
    if (y == UINT32_MAX) return;
    if (!sx_map_put(b->ctx, &b->base, leaf_e->id, idx_id, y | SX_BASE_BYTE)) oom(b);
    memcpy(out, b->bytes.begin[y].val, sizeof b->bytes.begin[y].val);
    return;
  }
  if (leaf_e->kind == SYMX_K_ARRAY_CONST && ai->size <= SX_BLAST_MUX_MAX) {
    mux_read(b, ai->bytes, ai->size, idx, iw, out);
    return;
  }
  uint32_t r = sx_map_get(&b->base, leaf_e->id, idx_id);
  if (r == UINT32_MAX) {
    uint32_t leaf = get_leaf(b, leaf_e);
    uint32_t off = leaf == UINT32_MAX ? 0 : append(b, idx, iw);
    r = leaf == UINT32_MAX || b->g.failed ? UINT32_MAX : new_read(b, leaf, off, iw);
    if (r == UINT32_MAX) return;
    if (!sx_map_put(b->ctx, &b->base, leaf_e->id, idx_id, r)) oom(b);
  }
  memcpy(out, b->reads.begin[r].val, sizeof b->reads.begin[r].val);
}

/* Whether a read of array a goes through its ROM: a is a table with writes,
** or a constant array too big for base_read's mux (sparse ones fold). */
static bool use_rom(sx_blast *b, sx_expr *a) {
  bool big = a->kind == SYMX_K_ARRAY_CONST && a->arr->size > SX_BLAST_MUX_MAX;
  return b->rom && (a->kind == SYMX_K_ARRAY_WRITE || big) && sx_rom_is_table(b, a);
}

/* The read of a chain's tail a (no write above it matched for sure). */
static void tail_read(sx_blast *b, sx_expr *a, const sx_lit *idx, unsigned iw, uint64_t idx_id,
                      sx_lit out[8]) {
  uint32_t r = use_rom(b, a) ? sx_rom_get(b, a) : UINT32_MAX;
  if (r == UINT32_MAX) {
    if (!b->g.failed) base_read(b, a, idx, iw, idx_id, out);
    else sx_bv_const(0, 8, out);
    return;
  }
  const sx_rom *rom = &b->roms.begin[r];
  if (!rom->folded && !rom->n) { /* a big dense constant array: lazily */
    base_read(b, a, idx, iw, idx_id, out);
    return;
  }
  if (rom->dense) { /* measured: a mux beats the decoder on dense small tables */
    mux_read(b, b->dense.begin + rom->first_byte, rom->dense, idx, iw, out);
    return;
  }
  sx_lit in = sx_rom_read(b, r, idx, iw, idx_id, out);
  rom = &b->roms.begin[r];
  if (rom->folded || in == SX_LIT_TRUE || b->g.failed) return;
  /* outside the entries: the (big) base; out is 0 there */
  sx_lit d[8];
  base_read(b, rom->base, idx, iw, idx_id, d);
  for (unsigned i = 0; i < 8; i++) out[i] = sx_aig_or(&b->g, out[i], sx_aig_and(&b->g, sx_lit_not(in), d[i]));
}

typedef struct chain_item { sx_lit eq; uint32_t val; } chain_item;

/* read-over-write: an ite chain over index equalities, outermost write first */
static void blast_read(sx_blast *b, sx_expr *e, sx_lit out[8]) {
  sx_expr *ie = e->args[1];
  unsigned iw = ie->width;
  sx_lit idx[64];
  memcpy(idx, bits(b, sx_map_get(&b->memo, ie->id, 0)), iw * sizeof *idx);
  SX_STACK(chain_item) chain = {0};
  sx_expr *a = e->args[0];
  bool hit = false;
  for (; a->kind == SYMX_K_ARRAY_WRITE && !use_rom(b, a); a = a->args[0]) {
    const sx_lit *wi = bits(b, sx_map_get(&b->memo, a->args[1]->id, 0));
    sx_lit eq = sx_bv_eq(&b->g, idx, wi, iw);
    if (eq == SX_LIT_FALSE) continue;
    chain_item it = {eq, sx_map_get(&b->memo, a->args[2]->id, 0)};
    if (!SX_PUSH(b->ctx, chain, it)) {
      oom(b);
      break;
    }
    if (eq == SX_LIT_TRUE) {
      hit = true;
      break;
    }
  }
  if (hit) memcpy(out, bits(b, SX_POP(chain).val), 8 * sizeof *out);
  else tail_read(b, a, idx, iw, ie->id, out);
  while (!SX_EMPTY(chain)) {
    chain_item it = SX_POP(chain);
    sx_lit r[8];
    sx_bv_ite(&b->g, it.eq, bits(b, it.val), out, 8, r);
    memcpy(out, r, sizeof r);
  }
  SX_RELEASE(b->ctx, chain);
}

/* ---- bit-vector nodes ---- */

static void compute(sx_blast *b, sx_expr *e) {
  uint32_t off = 0;
  unsigned w = e->width;
  sx_lit out[64], x[64], y[64], z[64];
  if (e->flags & SX_F_ARRAY) goto done; /* arrays: visited; reads walk them */
  for (unsigned i = 0; i < e->nargs; i++) {
    sx_expr *a = e->args[i];
    if (a->flags & SX_F_ARRAY) continue;
    sx_lit *dst = i == 0 ? x : i == 1 ? y : z;
    memcpy(dst, bits(b, sx_map_get(&b->memo, a->id, 0)), a->width * sizeof *dst);
  }
  unsigned aw = e->nargs ? e->args[0]->width : 0;
  switch (e->kind) {
  case SYMX_K_CONST: sx_bv_const(e->value, w, out); break;
  case SYMX_K_READ: blast_read(b, e, out); break;
  case SYMX_K_CONCAT: { /* args: high, low */
    unsigned lw = e->args[1]->width;
    memcpy(out, y, lw * sizeof *out);
    memcpy(out + lw, x, aw * sizeof *out);
    break;
  }
  case SYMX_K_EXTRACT: memcpy(out, x + e->aux, w * sizeof *out); break;
  case SYMX_K_ZEXT:
  case SYMX_K_SEXT:
    memcpy(out, x, aw * sizeof *out);
    for (unsigned i = aw; i < w; i++) out[i] = e->kind == SYMX_K_SEXT ? x[aw - 1] : SX_LIT_FALSE;
    break;
  case SYMX_K_ITE: sx_bv_ite(&b->g, x[0], y, z, w, out); break;
  default: sx_bv_op(&b->g, e->kind, x, y, aw, out); break;
  }
  off = append(b, out, w);
done:
  if (!b->g.failed && !sx_map_put(b->ctx, &b->memo, e->id, 0, off)) oom(b);
}

int sx_blast_expr(sx_blast *b, sx_expr *root, uint32_t *off) {
  uint32_t o = sx_map_get(&b->memo, root->id, 0);
  if (o == UINT32_MAX && !b->g.failed) {
    SX_CLEAR(b->work);
    if (!SX_PUSH(b->ctx, b->work, (uintptr_t)root)) oom(b);
    while (!b->g.failed && !SX_EMPTY(b->work)) {
      uintptr_t it = SX_TOP(b->work);
      sx_expr *e = (sx_expr *)(it & ~(uintptr_t)1);
      if (sx_map_get(&b->memo, e->id, 0) != UINT32_MAX) {
        (void)SX_POP(b->work);
        continue;
      }
      if (!(it & 1) && e->nargs) {
        SX_TOP(b->work) = it | 1;
        for (int i = e->nargs - 1; i >= 0; i--)
          if (sx_map_get(&b->memo, e->args[i]->id, 0) == UINT32_MAX &&
              !SX_PUSH(b->ctx, b->work, (uintptr_t)e->args[i]))
            oom(b);
        continue;
      }
      (void)SX_POP(b->work);
      compute(b, e);
    }
    o = sx_map_get(&b->memo, root->id, 0);
  }
  if (b->g.poll && b->g.poll->stopped) return SYMX_UNKNOWN;
  if (b->g.failed || o == UINT32_MAX)
    return sx_error(b->ctx, SYMX_NOMEM, SX_CHECK_FN, "out of memory (bit-blaster)");
  *off = o;
  return SYMX_OK;
}
