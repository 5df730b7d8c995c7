/*
** bytes.c — the concrete bytes of one object, after its header: flat for
** an object of up to SXL_BPAGE bytes, else a table of pages shared
** copy-on-write between copies of the object (a NULL page reads as zeros).
** A pending state keeps its copy of every object it wrote after its fork;
** a page per write, not the object, is what that copy then costs.
*/
#include "sxl.h"

#include <stdlib.h>
#include <string.h>

const uint8_t sxl_bytes_zero[SXL_BPAGE] = {0};

static uint64_t npages(uint64_t size) { return (size + SXL_BPAGE - 1) / SXL_BPAGE; }

static sxl_bpage **pages(sxl_obj *o) { return (sxl_bpage **)(void *)(o + 1); }

/* Of n bytes at off, those up to the end of off's page. */
static uint64_t in_page(uint64_t off, uint64_t n) {
  uint64_t k = SXL_BPAGE - off % SXL_BPAGE;
  return k < n ? k : n;
}

uint64_t sxl_bytes_share(sxl_obj *dst, const sxl_obj *src) {
  uint64_t n = sxl_bytes_room(src->size);
  memcpy(dst + 1, src + 1, n);
  if (src->size > SXL_BPAGE)
    for (uint64_t i = 0; i < npages(src->size); i++)
      if (pages(dst)[i]) pages(dst)[i]->refs++;
  return n;
}

void sxl_bytes_drop_pages(sxl_obj *o) {
  for (uint64_t i = 0; i < npages(o->size); i++) {
    sxl_bpage *p = pages(o)[i];
    if (p && !--p->refs) free(p);
  }
}

void sxl_bytes_read(const sxl_obj *o, uint64_t off, void *dst, uint64_t n) {
  uint8_t *d = dst;
  while (n) {
    uint64_t k = in_page(off, n);
    memcpy(d, sxl_bytes_at(o, off, k), k);
    d += k;
    off += k;
    n -= k;
  }
}

const uint8_t *sxl_bytes_span(const sxl_obj *o, uint64_t off, uint64_t n, uint8_t **tmp) {
  *tmp = NULL;
  if (!n) return sxl_bytes_zero;
  const uint8_t *p = sxl_bytes_at(o, off, n);
  if (p) return p;
  if (!(*tmp = malloc(n))) return NULL;
  sxl_bytes_read(o, off, *tmp, n);
  return *tmp;
}

/* The pages of [off, off + n) private to o (copied when shared, made when
** all zero); -1 when out of memory (those made so far stay, same bytes). */
static int own_pages(sxl_obj *o, uint64_t off, uint64_t n, uint64_t *copied) {
  if (o->size <= SXL_BPAGE || !n) return 0;
  for (uint64_t i = off / SXL_BPAGE; i <= (off + n - 1) / SXL_BPAGE; i++) {
    sxl_bpage *p = pages(o)[i];
    if (p && p->refs == 1) continue;
    sxl_bpage *c = p ? malloc(sizeof *c) : calloc(1, sizeof *c);
    if (!c) return -1;
    if (p) {
      memcpy(c->b, p->b, SXL_BPAGE);
      p->refs--;
      if (copied) *copied += SXL_BPAGE;
    }
    c->refs = 1;
    pages(o)[i] = c;
  }
  return 0;
}

int sxl_bytes_write(sxl_obj *o, uint64_t off, const void *src, uint64_t n, uint64_t *copied) {
  if (own_pages(o, off, n, copied)) return -1;
  const uint8_t *s = src;
  while (n) {
    uint64_t k = in_page(off, n);
    memcpy(sxl_bytes_mut(o, off, k), s, k);
    s += k;
    off += k;
    n -= k;
  }
  return 0;
}

int sxl_bytes_fill(sxl_obj *o, uint64_t off, int c, uint64_t n, uint64_t *copied) {
  if (own_pages(o, off, n, copied)) return -1;
  while (n) {
    uint64_t k = in_page(off, n);
    memset(sxl_bytes_mut(o, off, k), c, k);
    off += k;
    n -= k;
  }
  return 0;
}
