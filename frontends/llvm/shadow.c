/*
** shadow.c — the symbolic bytes of one object: a table of pages of
** per-byte expressions, each page shared copy-on-write between copies of
** the object. A write after a fork then copies one page and the table, not
** one expression pointer per byte of the object (a pending state keeps its
** copy for as long as it waits, so whole-object copies add up fast).
*/
#include "sxl.h"

#include <stdlib.h>
#include <string.h>

struct sxl_shpage {
  uint32_t refs;
  uint32_t n; /* non-NULL entries */
  symx_expr *e[SXL_SHPAGE];
};

static uint64_t npages(const sxl_obj *o) {
  return (o->size + SXL_SHPAGE - 1) / SXL_SHPAGE;
}

symx_expr *sxl_shadow_get(const sxl_obj *o, uint64_t off) {
  if (!o->sym) return NULL;
  const sxl_shpage *p = o->sym[off / SXL_SHPAGE];
  return p ? p->e[off % SXL_SHPAGE] : NULL;
}

static void page_release(sxl_shpage *p) {
  if (!p || --p->refs) return;
  for (unsigned i = 0; i < SXL_SHPAGE; i++) symx_expr_release(p->e[i]);
  free(p);
}

void sxl_shadow_drop(sxl_obj *o) {
  if (!o->sym) return;
  for (uint64_t i = 0; i < npages(o); i++) page_release(o->sym[i]);
  free(o->sym);
  o->sym = NULL;
  o->nsym = 0;
}

int sxl_shadow_share(sxl_obj *dst, const sxl_obj *src) {
  dst->sym = NULL;
  if (!src->sym) return 0;
  uint64_t n = npages(src);
  dst->sym = malloc(n * sizeof *dst->sym);
  if (!dst->sym) return -1;
  memcpy(dst->sym, src->sym, n * sizeof *dst->sym);
  for (uint64_t i = 0; i < n; i++)
    if (dst->sym[i]) dst->sym[i]->refs++;
  return 0;
}

/* The page holding off, private to o (created or copied); NULL when out of
** memory. */
static sxl_shpage *own_page(sxl_obj *o, uint64_t off) {
  if (!o->sym && !(o->sym = calloc(npages(o), sizeof *o->sym))) return NULL;
  sxl_shpage **pp = &o->sym[off / SXL_SHPAGE], *p = *pp;
  if (p && p->refs == 1) return p;
  sxl_shpage *c = malloc(sizeof *c);
  if (!c) return NULL;
  if (p) {
    *c = *p;
    for (unsigned i = 0; i < SXL_SHPAGE; i++) symx_expr_retain(c->e[i]);
    p->refs--;
  } else {
    memset(c, 0, sizeof *c);
  }
  c->refs = 1;
  *pp = c;
  return c;
}

int sxl_shadow_set(sxl_obj *o, uint64_t off, symx_expr *e) {
  symx_expr *old = sxl_shadow_get(o, off);
  if (old == e) return 0;
  if (!old && !e) return 0;
  sxl_shpage *p = own_page(o, off);
  if (!p) return -1;
  symx_expr **slot = &p->e[off % SXL_SHPAGE];
  if (*slot) {
    symx_expr_release(*slot);
    p->n--;
    o->nsym--;
  }
  *slot = e ? symx_expr_retain(e) : NULL;
  if (e) {
    p->n++;
    o->nsym++;
  } else if (!p->n) { /* an empty page is no page */
    free(p);
    o->sym[off / SXL_SHPAGE] = NULL;
  }
  return 0;
}

uint64_t sxl_shadow_next(const sxl_obj *o, uint64_t off) {
  while (o->sym && off < o->size) {
    const sxl_shpage *p = o->sym[off / SXL_SHPAGE];
    if (!p) {
      off = (off / SXL_SHPAGE + 1) * SXL_SHPAGE;
      continue;
    }
    if (p->e[off % SXL_SHPAGE]) return off;
    off++;
  }
  return o->size;
}
