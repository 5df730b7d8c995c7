/*
** rom.c — constant tables read as ROMs (see rom.h). Walking a write chain
** costs an index equality and an 8-bit ite per write for every read; a
** table of n bytes costs instead one decoder of the index (about 2n ANDs,
** built once per index expression and shared by every table read there)
** plus, per read, an OR over the lines of each output bit.
*/
#include "rom.h"
#include "circuits.h"

#include <stdlib.h>

static inline sx_lit *bits(sx_blast *b, uint32_t off) { return b->pool.begin + off; }

/* The constant value of a blasted bit-vector node, if it is one. */
static bool const_of(sx_blast *b, sx_expr *e, uint64_t *v) {
  uint32_t off = sx_map_get(&b->memo, e->id, 0);
  return off != UINT32_MAX && sx_bv_is_const(bits(b, off), e->width, v);
}

static bool const_write(sx_blast *b, sx_expr *a) {
  uint64_t k, v;
  return a->kind == SYMX_K_ARRAY_WRITE && const_of(b, a->args[1], &k) && const_of(b, a->args[2], &v);
}

/* Walks down to the first node already known or not a constant write, then
** records the answer for every node passed: each chain is walked once. */
bool sx_rom_is_table(sx_blast *b, sx_expr *a) {
  sx_expr *p = a;
  uint32_t known = UINT32_MAX;
  while ((known = sx_map_get(&b->tail, p->id, 0)) == UINT32_MAX && const_write(b, p)) p = p->args[0];
  if (known == UINT32_MAX) known = p->kind == SYMX_K_ARRAY_CONST;
  for (sx_expr *q = a;; q = q->args[0]) {
    if (!sx_map_put(b->ctx, &b->tail, q->id, 0, known)) b->g.failed = true;
    if (q == p) break;
  }
  return known;
}

static int cmp_ent(const void *x, const void *y) {
  const sx_rom_ent *a = x, *c = y;
  if (a->k != c->k) return a->k < c->k ? -1 : 1;
  return a->pos < c->pos ? -1 : a->pos > c->pos;
}

#define NOT_SPARSE (UINT32_MAX - 1)

/* The non-zero bytes of a big constant array, when it has at most
** SX_BLAST_ROM_SPARSE (a hash table's buckets): *n entries of b->nz from
** *first. Its ROM of them is exact, where lazy lemmas would refine a read
** one index value at a time. Each array is scanned once per session: every
** version of a memory object reads the same base. */
static bool sparse(sx_blast *b, const sx_expr *base, uint32_t *first, uint32_t *n) {
  uint32_t f = sx_map_get(&b->nz_of, base->id, 0);
  if (f == UINT32_MAX) {
    const sx_array_info *ai = base->arr;
    size_t start = SX_SIZE(b->nz);
    for (uint64_t k = 0; k < ai->size && SX_SIZE(b->nz) - start <= SX_BLAST_ROM_SPARSE; k++) {
      sx_rom_ent e = {k, UINT32_MAX, ai->bytes[k]};
      if (e.v && !SX_PUSH(b->ctx, b->nz, e)) b->g.failed = true;
    }
    uint32_t cnt = (uint32_t)(SX_SIZE(b->nz) - start);
    f = cnt > SX_BLAST_ROM_SPARSE || start >= NOT_SPARSE ? NOT_SPARSE : (uint32_t)start;
    if (f == NOT_SPARSE) b->nz.end = b->nz.begin + start;
    if (!sx_map_put(b->ctx, &b->nz_of, base->id, 0, f) || !sx_map_put(b->ctx, &b->nz_of, base->id, 1, cnt))
      b->g.failed = true;
  }
  *first = f;
  *n = sx_map_get(&b->nz_of, base->id, 1);
  return f != NOT_SPARSE && !b->g.failed;
}

/* Pushes the writes of a's chain (latest first) and, when the base is small
** or sparse enough to fold, its non-zero bytes behind every write. Returns
** the base. */
static sx_expr *collect(sx_blast *b, sx_expr *a, bool *folded) {
  uint32_t pos = 0;
  for (; a->kind == SYMX_K_ARRAY_WRITE; a = a->args[0]) {
    uint64_t k, v;
    (void)const_of(b, a->args[1], &k);
    (void)const_of(b, a->args[2], &v);
    sx_rom_ent e = {k, pos++, (uint8_t)v};
    if (!SX_PUSH(b->ctx, b->ents, e)) b->g.failed = true;
  }
  const sx_array_info *ai = a->arr;
  uint32_t first, n;
  if (ai->size > SX_BLAST_MUX_MAX) {
    *folded = sparse(b, a, &first, &n);
    for (uint32_t j = 0; *folded && j < n; j++)
      if (!SX_PUSH(b->ctx, b->ents, b->nz.begin[first + j])) b->g.failed = true;
    return a;
  }
  *folded = true;
  for (uint64_t k = 0; k < ai->size; k++) {
    if (!ai->bytes[k]) continue; /* folded: outside the entries reads 0 */
    sx_rom_ent e = {k, UINT32_MAX, ai->bytes[k]};
    if (!SX_PUSH(b->ctx, b->ents, e)) b->g.failed = true;
  }
  return a;
}

/* Sorts the new entries by index, keeps the latest byte of each index and,
** when folded, drops zeros (what outside the table reads anyway). */
static uint32_t finish(sx_blast *b, uint32_t first, bool folded) {
  size_t n = SX_SIZE(b->ents) - first, m = 0;
  if (!n) return 0; /* a zero constant array: no entries (and maybe no stack yet) */
  sx_rom_ent *e = b->ents.begin + first;
  qsort(e, n, sizeof *e, cmp_ent);
  for (size_t i = 0; i < n; i++) {
    if (i && e[i].k == e[i - 1].k) continue;
    if (folded && !e[i].v) continue;
    e[m++] = e[i];
  }
  b->ents.end = e + m;
  return (uint32_t)m;
}

/* Folded tables with every index below SX_BLAST_MUX_MAX, at least one in
** 8 of them non-zero, also get their bytes laid out densely, for the mux
** (a sparse table costs the mux its whole span, the decoder its entries). */
static void densify(sx_blast *b, sx_rom *rom) {
  if (!rom->n) return;
  const sx_rom_ent *e = b->ents.begin + rom->first;
  uint64_t size = e[rom->n - 1].k + 1;
  if (!rom->folded || size > SX_BLAST_MUX_MAX || (uint64_t)rom->n * 8 < size) return;
  if (SX_SIZE(b->dense) + size >= UINT32_MAX) return;
  size_t first = SX_SIZE(b->dense);
  for (uint64_t k = 0; k < size; k++)
    if (!SX_PUSH(b->ctx, b->dense, (uint8_t)0)) {
      b->g.failed = true;
      return;
    }
  for (uint32_t j = 0; j < rom->n; j++) b->dense.begin[first + e[j].k] = e[j].v;
  rom->first_byte = (uint32_t)first;
  rom->dense = (uint32_t)size;
}

uint32_t sx_rom_get(sx_blast *b, sx_expr *a) {
  uint32_t r = sx_map_get(&b->rom_of, a->id, 0);
  if (r != UINT32_MAX) return r;
  if (SX_SIZE(b->ents) >= UINT32_MAX / 2) {
    b->g.failed = true;
    return UINT32_MAX;
  }
  uint32_t first = (uint32_t)SX_SIZE(b->ents);
  sx_rom rom = {first, 0, false, NULL, 0, 0};
  rom.base = collect(b, a, &rom.folded);
  if (b->g.failed) return UINT32_MAX;
  rom.n = finish(b, first, rom.folded);
  densify(b, &rom);
  r = (uint32_t)SX_SIZE(b->roms);
  if (!SX_PUSH(b->ctx, b->roms, rom) || !sx_map_put(b->ctx, &b->rom_of, a->id, 0, r)) {
    b->g.failed = true;
    return UINT32_MAX;
  }
  return r;
}

/* ---- the decoder ---- */

static sx_dec *get_dec(sx_blast *b, uint64_t idx_id, unsigned iw) {
  uint32_t d = sx_map_get(&b->dec_of, idx_id, iw);
  if (d != UINT32_MAX) return &b->decs.begin[d];
  sx_dec nd = {{0}};
  d = (uint32_t)SX_SIZE(b->decs);
  if (!SX_PUSH(b->ctx, b->decs, nd) || !sx_map_put(b->ctx, &b->dec_of, idx_id, iw, d)) {
    b->g.failed = true;
    return NULL;
  }
  return &b->decs.begin[d];
}

/* idx[lo..hi) == v, halving the range: values sharing a half share its
** line, so n values of a w-bit index cost about 2n ANDs, not n * w. */
static sx_lit line(sx_blast *b, sx_dec *d, const sx_lit *idx, unsigned lo, unsigned hi, uint64_t v) {
  if (hi - lo == 1) return v & 1 ? idx[lo] : sx_lit_not(idx[lo]);
  uint32_t got = sx_map_get(&d->lines, lo * 128 + hi, v);
  if (got != UINT32_MAX) return got;
  unsigned mid = lo + (hi - lo) / 2, lw = mid - lo;
  sx_lit l = line(b, d, idx, lo, mid, v & ((1ull << lw) - 1));
  sx_lit r = l == SX_LIT_FALSE ? SX_LIT_FALSE : sx_aig_and(&b->g, l, line(b, d, idx, mid, hi, v >> lw));
  if (!sx_map_put(b->ctx, &d->lines, lo * 128 + hi, v, r)) b->g.failed = true;
  return r;
}

/* OR of lits[0..n) as a balanced tree (shallow circuits, and equal
** sub-ranges of different tables hash to the same nodes). */
static sx_lit or_tree(sx_aig *g, const sx_lit *lits, size_t n) {
  if (!n) return SX_LIT_FALSE;
  if (n == 1) return lits[0];
  return sx_aig_or(g, or_tree(g, lits, n / 2), or_tree(g, lits + n / 2, n - n / 2));
}

/* ---- reads ---- */

static sx_lit read_const(sx_blast *b, const sx_rom *rom, uint64_t k, sx_lit out[8]) {
  sx_bv_const(0, 8, out);
  if (!rom->n) return SX_LIT_FALSE;
  const sx_rom_ent *e = b->ents.begin + rom->first;
  size_t lo = 0, hi = rom->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (e[mid].k < k) lo = mid + 1;
    else hi = mid;
  }
  bool hit = lo < rom->n && e[lo].k == k;
  sx_bv_const(hit ? e[lo].v : 0, 8, out);
  return hit ? SX_LIT_TRUE : SX_LIT_FALSE;
}

/* Bit i: the OR of the lines whose byte has it set, or, when most have,
** "some line" AND NOT the OR of those that have it clear. */
static void out_bits(sx_blast *b, const sx_lit *lines, const uint8_t *vals, size_t n, sx_lit any,
                     sx_lit *buf, sx_lit out[8]) {
  for (unsigned i = 0; i < 8; i++) {
    size_t set = 0, clr = 0;
    for (size_t j = 0; j < n; j++)
      if ((vals[j] >> i) & 1) set++;
    bool want = set <= n - set;
    for (size_t j = 0; j < n; j++)
      if ((((vals[j] >> i) & 1) != 0) == want) buf[clr++] = lines[j];
    sx_lit o = or_tree(&b->g, buf, clr);
    out[i] = want ? o : sx_aig_and(&b->g, any, sx_lit_not(o));
  }
}

sx_lit sx_rom_read(sx_blast *b, uint32_t r, const sx_lit *idx, unsigned iw, uint64_t idx_id,
                   sx_lit out[8]) {
  const sx_rom *rom = &b->roms.begin[r];
  uint64_t k;
  if (sx_bv_is_const(idx, iw, &k)) return read_const(b, rom, k, out);
  sx_bv_const(0, 8, out);
  sx_dec *d = get_dec(b, idx_id, iw);
  size_t bytes = rom->n * (2 * sizeof(sx_lit) + 1) + 1;
  sx_lit *lines = d ? sx_alloc(b->ctx, bytes) : NULL;
  if (!lines) {
    b->g.failed = true;
    return SX_LIT_FALSE;
  }
  sx_lit *buf = lines + rom->n;
  uint8_t *vals = (uint8_t *)(buf + rom->n);
  size_t n = 0;
  for (uint32_t j = 0; j < rom->n; j++) {
    const sx_rom_ent *e = &b->ents.begin[rom->first + j];
    if (iw < 64 && e->k >> iw) continue; /* no index value reaches it */
    sx_lit l = line(b, d, idx, 0, iw, e->k);
    if (l == SX_LIT_FALSE) continue;
    lines[n] = l;
    vals[n++] = e->v;
  }
  sx_lit any = or_tree(&b->g, lines, n);
  out_bits(b, lines, vals, n, any, buf, out);
  sx_free(b->ctx, lines, bytes);
  return any;
}

void sx_rom_free(sx_blast *b) {
  for (sx_dec *d = b->decs.begin; d < b->decs.end; d++) sx_map_free(b->ctx, &d->lines);
  SX_RELEASE(b->ctx, b->decs);
  SX_RELEASE(b->ctx, b->roms);
  SX_RELEASE(b->ctx, b->ents);
  SX_RELEASE(b->ctx, b->nz);
  SX_RELEASE(b->ctx, b->dense);
  sx_map_free(b->ctx, &b->tail);
  sx_map_free(b->ctx, &b->rom_of);
  sx_map_free(b->ctx, &b->dec_of);
  sx_map_free(b->ctx, &b->nz_of);
}
