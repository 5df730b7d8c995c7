/*
** bi_memory.c — the memory intrinsics: memcpy and memmove (overlap-safe
** through a copy of the source) and memset, over concrete or symbolic bytes.
*/
#include "builtins.h"

#include <stdlib.h>
#include <string.h>

/* n concrete bytes from tmp into object did at doff. */
static int copy_concrete(run *r, uint32_t did, uint64_t doff, const uint8_t *tmp, uint64_t n) {
  sxl_obj *d = sxl_mem_write_obj(&r->s->mem, did);
  if (!d) return -1;
  if (!d->nsym && !d->amode) {
    if (sxl_bytes_write(d, doff, tmp, n, r->s->mem->copied)) return -1;
    if (d->arr) {
      symx_expr_release(d->arr);
      d->arr = NULL;
    }
    return 0;
  }
  for (uint64_t k = 0; k < n; k++) {
    symx_expr *b = symx_const(r->ctx, 8, tmp[k]);
    int rc = sxl_write_byte(r, did, doff + k, b);
    symx_expr_release(b);
    if (rc) return -1;
  }
  return 0;
}

/* A source with symbolic bytes: every byte as an expression. */
static int copy_symbolic(run *r, uint32_t did, uint64_t doff, uint32_t sid, uint64_t soff,
                         uint64_t n) {
  symx_expr **tmp = malloc((n ? n : 1) * sizeof *tmp);
  if (!tmp) return -1;
  for (uint64_t k = 0; k < n; k++) tmp[k] = sxl_read_byte(r, sxl_mem_get(r->s->mem, sid), soff + k);
  int rc = 0;
  for (uint64_t k = 0; k < n; k++) {
    if (!rc && sxl_write_byte(r, did, doff + k, tmp[k])) rc = -1;
    symx_expr_release(tmp[k]);
  }
  free(tmp);
  return rc;
}

int sxl_bi_copy(run *r, uint32_t did, uint64_t doff, uint32_t sid, uint64_t soff, uint64_t n) {
  sxl_obj *so = sxl_mem_get(r->s->mem, sid);
  if (so->nsym || so->amode) return copy_symbolic(r, did, doff, sid, soff, n);
  uint8_t *tmp = malloc(n ? n : 1);
  if (!tmp) return -1;
  sxl_bytes_read(so, soff, tmp, n);
  int rc = copy_concrete(r, did, doff, tmp, n);
  free(tmp);
  return rc;
}

int sxl_bi_memcpy(sxl_bcall *c) {
  run *r = c->r;
  int rc = sxl_bi_args(c, 3);
  if (rc != SXL_CONTINUE) return rc;
  if (!c->a[2]) return sxl_bi_ret(c, c->a[0]);
  uint32_t did, sid;
  uint64_t doff, soff;
  symx_expr *so;
  rc = sxl_resolve(r, c->a[1], NULL, c->a[2], 0, &sid, &soff, &so);
  if (rc != SXL_CONTINUE) return rc;
  rc = sxl_resolve(r, c->a[0], NULL, c->a[2], 1, &did, &doff, &so);
  if (rc != SXL_CONTINUE) return rc;
  if (sxl_bi_copy(r, did, doff, sid, soff, c->a[2])) return sxl_fatal(r, "memcpy");
  return sxl_bi_ret(c, c->a[0]);
}

/* n copies of byte v (8 bits, borrowed) from did:doff. */
static int fill(run *r, uint32_t did, uint64_t doff, symx_expr *v, uint64_t n) {
  sxl_obj *o = sxl_mem_write_obj(&r->s->mem, did);
  if (o && symx_expr_is_const(v) && !o->nsym && !o->amode) {
    if (sxl_bytes_fill(o, doff, (int)symx_expr_const_value(v), n, r->s->mem->copied)) return -1;
    if (o->arr) {
      symx_expr_release(o->arr);
      o->arr = NULL;
    }
    return 0;
  }
  for (uint64_t k = 0; k < n; k++)
    if (sxl_write_byte(r, did, doff + k, v)) return -1;
  return 0;
}

int sxl_bi_memset(sxl_bcall *c) {
  run *r = c->r;
  int rc = sxl_bi_args(c, 1);
  if (rc == SXL_CONTINUE) rc = sxl_concrete(r, c->args[2], 64, &c->a[2]);
  if (rc != SXL_CONTINUE) return rc;
  if (!c->a[2]) return sxl_bi_ret(c, c->a[0]);
  uint32_t did;
  uint64_t doff;
  symx_expr *so;
  rc = sxl_resolve(r, c->a[0], NULL, c->a[2], 1, &did, &doff, &so);
  if (rc != SXL_CONTINUE) return rc;
  symx_expr *v = sxl_ex(r, c->args[1], 8);
  if (v && symx_expr_width(v) != 8) {
    symx_expr *t = symx_extract(r->ctx, v, 7, 0);
    symx_expr_release(v);
    v = t;
  }
  if (!v) return sxl_fatal(r, "memset");
  rc = fill(r, did, doff, v, c->a[2]);
  symx_expr_release(v);
  return rc ? sxl_fatal(r, "memset") : sxl_bi_ret(c, c->a[0]);
}
