/*
** access.c — the slow paths of loads and stores once resolve.c found the
** object: symbolic bytes, symbolic offsets through the object's array
** expression, and the va_list images of va_start/va_copy.
*/
#include "exec_impl.h"

#include <stdlib.h>
#include <string.h>


symx_expr *sxl_read_byte(run *r, sxl_obj *o, uint64_t off) {
  if (o->amode) {
    symx_expr *i = symx_const(r->ctx, 32, off);
    symx_expr *b = symx_read(r->ctx, o->arr, i);
    symx_expr_release(i);
    return b;
  }
  symx_expr *e = sxl_shadow_get(o, off);
  if (e) return symx_expr_retain(e);
  return symx_const(r->ctx, 8, sxl_bytes_get(o, off));
}

int sxl_write_byte(run *r, uint32_t id, uint64_t off, symx_expr *b) {
  sxl_obj *o = sxl_mem_write_obj(&r->s->mem, id);
  if (!o || !b) return -1;
  if (o->amode) {
    symx_expr *i = symx_const(r->ctx, 32, off);
    symx_expr *na = symx_array_write(r->ctx, o->arr, i, b);
    symx_expr_release(i);
    if (!na) return -1;
    symx_expr_release(o->arr);
    o->arr = na;
    return 0;
  }
  int isc = symx_expr_is_const(b);
  uint8_t v = isc ? (uint8_t)symx_expr_const_value(b) : 0;
  /* the byte first: its page is the one copy that can fail */
  if (sxl_bytes_write(o, off, &v, 1, r->s->mem->copied) || sxl_shadow_set(o, off, isc ? NULL : b))
    return -1;
  if (o->arr) { /* the cached array form is stale now */
    symx_expr_release(o->arr);
    o->arr = NULL;
  }
  return 0;
}

/* The object's contents as an array expression (borrowed; cached). */
static symx_expr *obj_array(run *r, sxl_obj *o) {
  if (o->arr) return o->arr;
  uint8_t *tmp;
  const uint8_t *bytes = sxl_bytes_span(o, 0, o->size, &tmp);
  symx_expr *a = bytes ? symx_array_const(r->ctx, NULL, bytes, o->size, 32) : NULL;
  free(tmp);
  for (uint64_t i = sxl_shadow_next(o, 0); a && i < o->size; i = sxl_shadow_next(o, i + 1)) {
    symx_expr *idx = symx_const(r->ctx, 32, i);
    symx_expr *na = symx_array_write(r->ctx, a, idx, sxl_shadow_get(o, i));
    symx_expr_release(idx);
    symx_expr_release(a);
    a = na;
  }
  o->arr = a;
  return a;
}

int sxl_mem_load(run *r, const sxl_ins *in) {
  sxl_frame *fr = top(r);
  uint64_t addr = sxl_reg_val(fr, in->a);
  symx_expr *sym = sxl_reg_sym(fr, in->a);
  uint32_t id;
  uint64_t off;
  symx_expr *soff;
  unsigned n = in->w2;
  int rc = sxl_resolve(r, addr, sym, n, 0, &id, &off, &soff);
  if (rc != SXL_CONTINUE) return rc;
  symx_ctx *c = r->ctx;
  sxl_obj *o = sxl_mem_get(r->s->mem, id);
  symx_expr *e = NULL;
  if (!soff && !o->nsym && !o->amode) {
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++) v |= (uint64_t)sxl_bytes_get(o, off + k) << (8 * k);
    v = in->w < 64 ? v & ((1ull << in->w) - 1) : v;
    if (in->w <= 64 && sxl_mcs_draw(r)) return sxl_mcs_load(r, in, v);
    return sxl_setc(r, in->dst, v);
  }
  symx_expr *arr = soff ? obj_array(r, o) : NULL;
  if (soff && !arr) {
    symx_expr_release(soff);
    return sxl_fatal(r, "building an array");
  }
  for (unsigned k = n; k-- > 0;) {
    symx_expr *b;
    if (soff) {
      symx_expr *kk = symx_const(c, 32, k);
      symx_expr *idx = symx_add(c, soff, kk);
      b = symx_read(c, arr, idx);
      symx_expr_release(kk);
      symx_expr_release(idx);
    } else {
      b = sxl_read_byte(r, o, off + k);
    }
    if (!e) {
      e = b;
    } else {
      symx_expr *t = symx_concat(c, e, b);
      symx_expr_release(e);
      symx_expr_release(b);
      e = t;
    }
  }
  symx_expr_release(soff);
  if (e && in->w < 8 * n) {
    symx_expr *t = symx_extract(c, e, in->w - 1u, 0);
    symx_expr_release(e);
    e = t;
  }
  return sxl_set(r, in->dst, e);
}

int sxl_store_expr(run *r, uint32_t id, uint64_t off, symx_expr *e, unsigned n) {
  symx_ctx *c = r->ctx;
  symx_expr *v = symx_expr_retain(e);
  unsigned w = symx_expr_width(v);
  if (w < 8 * n) {
    symx_expr *t = symx_zext(c, v, 8 * n);
    symx_expr_release(v);
    v = t;
  }
  for (unsigned k = 0; k < n; k++) {
    symx_expr *b = symx_extract(c, v, 8 * k + 7, 8 * k);
    int rc = sxl_write_byte(r, id, off + k, b);
    symx_expr_release(b);
    if (rc) {
      symx_expr_release(v);
      return -1;
    }
  }
  symx_expr_release(v);
  return 0;
}

/* A concrete value into an object in byte form (not array mode); -1 when
** out of memory. */
static int store_bytes(run *r, sxl_obj *o, uint64_t off, uint64_t val, unsigned n) {
  uint8_t le[8];
  for (unsigned k = 0; k < n; k++) le[k] = (uint8_t)(val >> (8 * k));
  int rc = sxl_bytes_write(o, off, le, n, r->s->mem->copied);
  for (unsigned k = 0; k < n && !rc && o->nsym; k++) rc = sxl_shadow_set(o, off + k, NULL);
  if (o->arr) {
    symx_expr_release(o->arr);
    o->arr = NULL;
  }
  return rc;
}

/* From now on the array expression holds the object's contents. */
static int to_array_mode(run *r, sxl_obj *o) {
  if (o->amode) return 0;
  if (!obj_array(r, o)) return -1;
  sxl_shadow_drop(o);
  o->amode = 1;
  return 0;
}

/* v (n bytes, zero-extended; consumed) at the symbolic offset soff
** (borrowed) of object id, through its array expression. */
static int store_sym_offset(run *r, const sxl_ins *in, uint32_t id, symx_expr *soff,
                            symx_expr *v, unsigned n) {
  symx_ctx *c = r->ctx;
  sxl_obj *o = sxl_mem_write_obj(&r->s->mem, id);
  int rc = !o ? sxl_oom(r)
           : to_array_mode(r, o) ? sxl_fatal(r, "building an array") : SXL_CONTINUE;
  if (rc == SXL_CONTINUE && in->w < 8 * n) {
    symx_expr *t = symx_zext(c, v, 8 * n);
    symx_expr_release(v);
    v = t;
  }
  for (unsigned k = 0; k < n && rc == SXL_CONTINUE; k++) {
    symx_expr *b = symx_extract(c, v, 8 * k + 7, 8 * k);
    symx_expr *kk = symx_const(c, 32, k);
    symx_expr *idx = symx_add(c, soff, kk);
    symx_expr *na = symx_array_write(c, o->arr, idx, b);
    symx_expr_release(b);
    symx_expr_release(kk);
    symx_expr_release(idx);
    if (!na) {
      rc = sxl_fatal(r, "array write");
    } else {
      symx_expr_release(o->arr);
      o->arr = na;
    }
  }
  symx_expr_release(v);
  return rc;
}

int sxl_mem_store(run *r, const sxl_ins *in) {
  sxl_frame *fr = top(r);
  uint64_t addr = sxl_reg_val(fr, in->b);
  symx_expr *psym = sxl_reg_sym(fr, in->b);
  uint32_t id;
  uint64_t off;
  symx_expr *soff;
  unsigned n = in->w2;
  int rc = sxl_resolve(r, addr, psym, n, 1, &id, &off, &soff);
  if (rc != SXL_CONTINUE) return rc;
  fr = top(r);
  if (!soff && !sxl_reg_sym(fr, in->a)) {
    sxl_obj *o = sxl_mem_write_obj(&r->s->mem, id);
    if (!o) return sxl_oom(r);
    if (!o->amode) {
      return store_bytes(r, o, off, sxl_reg_val(fr, in->a), n) ? sxl_oom(r) : SXL_CONTINUE;
    }
  }
  symx_expr *v = sxl_ex(r, in->a, in->w);
  if (!v) return sxl_fatal(r, "building a value");
  if (!soff) {
    rc = sxl_store_expr(r, id, off, v, n);
    symx_expr_release(v);
    return rc ? sxl_fatal(r, "store") : SXL_CONTINUE;
  }
  rc = store_sym_offset(r, in, id, soff, v, n);
  symx_expr_release(soff);
  return rc;
}

int sxl_va(run *r, const sxl_ins *in) {
  uint64_t p;
  int rc = sxl_concrete(r, in->a, 64, &p);
  if (rc != SXL_CONTINUE) return rc;
  uint32_t id;
  uint64_t off;
  symx_expr *soff;
  rc = sxl_resolve(r, p, NULL, 24, 1, &id, &off, &soff);
  if (rc != SXL_CONTINUE) return rc;
  if (in->op == OP_VASTART) {
    /* x86-64 va_list with every register slot used up: va_arg reads the
    ** overflow area, which holds the extra arguments 8 bytes apart. */
    uint8_t img[24] = {0};
    uint32_t gp = 48, fp = 176;
    uint64_t area = SXL_ADDR(r->s->frames[r->s->nframes - 1].va_obj, 0);
    memcpy(img, &gp, 4);
    memcpy(img + 4, &fp, 4);
    memcpy(img + 8, &area, 8);
    for (unsigned k = 0; k < 24; k++) {
      symx_expr *b = symx_const(r->ctx, 8, img[k]);
      int e = sxl_write_byte(r, id, off + k, b);
      symx_expr_release(b);
      if (e) return sxl_fatal(r, "va_start");
    }
    return SXL_CONTINUE;
  }
  uint64_t q;
  rc = sxl_concrete(r, in->b, 64, &q);
  if (rc != SXL_CONTINUE) return rc;
  uint32_t sid;
  uint64_t soffc;
  rc = sxl_resolve(r, q, NULL, 24, 0, &sid, &soffc, &soff);
  if (rc != SXL_CONTINUE) return rc;
  for (unsigned k = 0; k < 24; k++) {
    symx_expr *b = sxl_read_byte(r, sxl_mem_get(r->s->mem, sid), soffc + k);
    int e = sxl_write_byte(r, id, off + k, b);
    symx_expr_release(b);
    if (e) return sxl_fatal(r, "va_copy");
  }
  return SXL_CONTINUE;
}
