/*
** memory.c — the slow paths of memory access: pointer resolution with the
** error checks (null, out of bounds, use after free), symbolic bytes, and
** symbolic offsets through the object's array expression.
*/
#include "exec_impl.h"

#include <stdlib.h>
#include <string.h>

static inline sxl_frame *top(run *r) { return &r->s->frames[r->s->nframes - 1]; }

int sxl_concrete(run *r, uint32_t slot, unsigned w, uint64_t *v) {
  sxl_frame *fr = top(r);
  symx_expr *e = r->s->sym[fr->base + slot];
  if (!e) {
    *v = r->s->regs[fr->base + slot];
    return SXL_CONTINUE;
  }
  (void)w;
  if (!r->st) return sxl_fatal(r, "symbolic value without an engine");
  e = symx_expr_retain(e);
  sxl_flush(r);
  int rc = symx_state_concretize(r->st, e, v);
  symx_expr_release(e);
  if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_concretize");
  sxl_setc(r, slot, *v);
  return SXL_CONTINUE;
}

/* Fork on slot == witness; after a fork both sides yield and run the
   instruction again: the true side finds the condition on its path (the
   engine forks nothing, walk step 1) and goes on with the value, the false
   side forks on its own witness. */
int sxl_fork_value(run *r, uint32_t slot, uint64_t *v) {
  symx_expr *e = r->s->sym[top(r)->base + slot];
  if (!e) return sxl_concrete(r, slot, 64, v);
  sxl_flush(r);
  if (symx_state_eval(r->st, e, v) != SYMX_OK) return sxl_fatal(r, "symx_state_eval");
  symx_expr *k = symx_const(r->ctx, symx_expr_width(e), *v);
  symx_expr *eq = symx_eq(r->ctx, e, k);
  symx_expr_release(k);
  symx_state *t = NULL, *f = NULL;
  int ok = eq && symx_state_branch(r->st, eq, &t, &f) == SYMX_OK;
  symx_expr_release(eq);
  if (!ok) return sxl_fatal(r, "symx_state_branch");
  if (f || t != r->st || symx_state_status(r->st) != SYMX_ST_ACTIVE) return SXL_RUN_YIELD;
  return sxl_concrete(r, slot, 64, v);
}

/* Why a concrete access of n bytes at addr is bad (0 when it is fine). */
static symx_error_kind bad_access(run *r, uint64_t addr, uint64_t n, int write,
                                  const char **desc) {
  sxl_mem *m = r->s->mem;
  uint32_t id = SXL_ID(addr);
  uint64_t off = SXL_OFF(addr);
  if (id == 0) {
    *desc = "null pointer dereference";
    return SYMX_ERR_NULL_DEREF;
  }
  sxl_obj *o = id < m->n ? m->objs[id] : NULL;
  if (!o || o->kind == OBJ_FUNC) {
    *desc = write ? "out-of-bounds write (no object)" : "out-of-bounds read (no object)";
    return SYMX_ERR_OUT_OF_BOUNDS;
  }
  if (o->kind == OBJ_FREED) {
    *desc = write ? "use after free (write)" : "use after free (read)";
    return SYMX_ERR_USE_AFTER_FREE;
  }
  if (off + n > o->size) {
    *desc = write ? "out-of-bounds write" : "out-of-bounds read";
    return SYMX_ERR_OUT_OF_BOUNDS;
  }
  if (write && o->ro) {
    *desc = "write to read-only memory";
    return SYMX_ERR_OUT_OF_BOUNDS;
  }
  return SYMX_ERR_NONE;
}

/* p = base-of-object-id + something: an array index, not a pointer choice. */
static int const_base(symx_expr *p, uint32_t id) {
  if (symx_expr_kind(p) != SYMX_K_ADD) return 0;
  for (unsigned i = 0; i < 2; i++) {
    symx_expr *a = symx_expr_arg(p, i);
    if (symx_expr_is_const(a) && SXL_ID(symx_expr_const_value(a)) == id) return 1;
  }
  return 0;
}

/* A symbolic index into one known object: --concretize-pointers fixes the
   choice of object, not the index (which the object's array handles). */
static int index_only(run *r, symx_expr *sym) {
  uint64_t v = 0;
  sxl_flush(r);
  return symx_state_eval(r->st, sym, &v) == SYMX_OK && const_base(sym, SXL_ID(v));
}

int sxl_resolve(run *r, uint64_t addr, symx_expr *sym, uint64_t n, int write, uint32_t *id,
                uint64_t *off, symx_expr **soff) {
  symx_ctx *c = r->ctx;
  const char *desc = NULL;
  *soff = NULL;
  if (sym && !r->st) return sxl_fatal(r, "symbolic pointer without an engine");
  if (sym && r->x->concretize_ptrs && !index_only(r, sym)) {
    sxl_flush(r);
    symx_expr *e = symx_expr_retain(sym);
    int rc = symx_state_concretize(r->st, e, &addr);
    symx_expr_release(e);
    if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_concretize");
    sym = NULL;
  }
  if (!sym) {
    symx_error_kind k = bad_access(r, addr, n, write, &desc);
    if (k) return sxl_end(r, SYMX_END_ERROR, k, desc, 0);
    *id = SXL_ID(addr);
    *off = SXL_OFF(addr);
    return SXL_CONTINUE;
  }
  sym = symx_expr_retain(sym);
  for (;;) {
    uint64_t v = 0;
    sxl_flush(r);
    if (symx_state_eval(r->st, sym, &v) != SYMX_OK) {
      symx_expr_release(sym);
      return sxl_fatal(r, "symx_state_eval");
    }
    uint32_t cand = SXL_ID(v);
    /* Resumed after the fork that chose the object: its branch on the
       in-bounds condition below finds it on the path and forks nothing. */
    if (r->s->resolved_id) {
      cand = r->s->resolved_id - 1;
      r->s->resolved_id = 0;
    }
    sxl_mem *m = r->s->mem;
    sxl_obj *o = cand && cand < m->n ? m->objs[cand] : NULL;
    if (o && o->kind != OBJ_FREED && o->kind != OBJ_FUNC && o->size >= n &&
        !(write && o->ro)) {
      symx_expr *base = symx_const(c, 64, SXL_ADDR(cand, 0));
      symx_expr *o64 = symx_sub(c, sym, base);
      symx_expr *lim = symx_const(c, 64, o->size - n);
      symx_expr *inb = symx_ule(c, o64, lim);
      symx_expr_release(base);
      symx_expr_release(lim);
      int rc;
      if (const_base(sym, cand) || symx_expr_is_const(inb)) {
        rc = sxl_check(r, symx_bool_not(c, inb), SYMX_ERR_OUT_OF_BOUNDS,
                       write ? "out-of-bounds write" : "out-of-bounds read");
      } else {
        /* A pointer that may point to several objects: fork per object. */
        symx_state *t = NULL, *f = NULL;
        rc = symx_state_branch(r->st, inb, &t, &f) == SYMX_OK ? SXL_CONTINUE : SXL_RUN_FATAL;
        if (rc == SXL_RUN_FATAL) {
          sxl_fatal(r, "symx_state_branch");
        } else if (t) {
          ((sxl_state *)symx_state_payload(t))->resolved_id = cand + 1;
          if (f || t != r->st || symx_state_status(r->st) != SYMX_ST_ACTIVE) rc = SXL_RUN_YIELD;
          else ((sxl_state *)symx_state_payload(t))->resolved_id = 0;
        } else {
          /* Not this object: resolve again under the new path. */
          symx_expr_release(inb);
          symx_expr_release(o64);
          if (!f || f != r->st || symx_state_status(r->st) != SYMX_ST_ACTIVE) {
            symx_expr_release(sym);
            return SXL_RUN_YIELD;
          }
          continue;
        }
      }
      symx_expr_release(inb);
      symx_expr_release(sym);
      if (rc != SXL_CONTINUE) {
        symx_expr_release(o64);
        return rc;
      }
      *id = cand;
      symx_expr *o32 = symx_extract(c, o64, 31, 0);
      symx_expr_release(o64);
      if (!o32) return sxl_fatal(r, "building an offset");
      if (symx_expr_is_const(o32)) {
        *off = symx_expr_const_value(o32);
        symx_expr_release(o32);
      } else {
        *soff = o32;
      }
      return SXL_CONTINUE;
    }
    /* The witness points at no usable object: that region is an error. */
    symx_error_kind k = bad_access(r, v, n, write, &desc);
    if (!k) {
      k = SYMX_ERR_OUT_OF_BOUNDS;
      desc = write ? "out-of-bounds write" : "out-of-bounds read";
    }
    symx_expr *hi = symx_extract(c, sym, 63, 32);
    symx_expr *cv = symx_const(c, 32, cand);
    symx_expr *bad = symx_eq(c, hi, cv);
    symx_expr_release(hi);
    symx_expr_release(cv);
    int rc = sxl_check(r, bad, k, desc);
    if (rc != SXL_CONTINUE) {
      symx_expr_release(sym);
      return rc;
    }
  }
}

symx_expr *sxl_read_byte(run *r, sxl_obj *o, uint64_t off) {
  if (o->amode) {
    symx_expr *i = symx_const(r->ctx, 32, off);
    symx_expr *b = symx_read(r->ctx, o->arr, i);
    symx_expr_release(i);
    return b;
  }
  if (o->sym && o->sym[off]) return symx_expr_retain(o->sym[off]);
  return symx_const(r->ctx, 8, o->bytes[off]);
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
  if (symx_expr_is_const(b)) {
    o->bytes[off] = (uint8_t)symx_expr_const_value(b);
    if (o->sym && o->sym[off]) {
      symx_expr_release(o->sym[off]);
      o->sym[off] = NULL;
      o->nsym--;
    }
  } else {
    if (!o->sym) {
      o->sym = calloc(o->size, sizeof *o->sym);
      if (!o->sym) return -1;
    }
    if (o->sym[off])
      symx_expr_release(o->sym[off]);
    else
      o->nsym++;
    o->sym[off] = symx_expr_retain(b);
    o->bytes[off] = 0;
  }
  if (o->arr) { /* the cached array form is stale now */
    symx_expr_release(o->arr);
    o->arr = NULL;
  }
  return 0;
}

/* The object's contents as an array expression (borrowed; cached). */
static symx_expr *obj_array(run *r, sxl_obj *o) {
  if (o->arr) return o->arr;
  symx_expr *a = symx_array_const(r->ctx, NULL, o->bytes, o->size, 32);
  for (uint64_t i = 0; a && o->sym && i < o->size; i++) {
    if (!o->sym[i]) continue;
    symx_expr *idx = symx_const(r->ctx, 32, i);
    symx_expr *na = symx_array_write(r->ctx, a, idx, o->sym[i]);
    symx_expr_release(idx);
    symx_expr_release(a);
    a = na;
  }
  o->arr = a;
  return a;
}

int sxl_mem_load(run *r, const sxl_ins *in) {
  sxl_frame *fr = top(r);
  uint64_t addr = r->s->regs[fr->base + in->a];
  symx_expr *sym = r->s->sym[fr->base + in->a];
  uint32_t id;
  uint64_t off;
  symx_expr *soff;
  unsigned n = in->w2;
  int rc = sxl_resolve(r, addr, sym, n, 0, &id, &off, &soff);
  if (rc != SXL_CONTINUE) return rc;
  symx_ctx *c = r->ctx;
  sxl_obj *o = r->s->mem->objs[id];
  symx_expr *e = NULL;
  if (!soff && !o->nsym && !o->amode) {
    uint64_t v = 0;
    for (unsigned k = 0; k < n; k++) v |= (uint64_t)o->bytes[off + k] << (8 * k);
    sxl_setc(r, in->dst, in->w < 64 ? v & ((1ull << in->w) - 1) : v);
    return SXL_CONTINUE;
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

int sxl_mem_store(run *r, const sxl_ins *in) {
  sxl_frame *fr = top(r);
  uint64_t addr = r->s->regs[fr->base + in->b];
  symx_expr *psym = r->s->sym[fr->base + in->b];
  uint32_t id;
  uint64_t off;
  symx_expr *soff;
  unsigned n = in->w2;
  int rc = sxl_resolve(r, addr, psym, n, 1, &id, &off, &soff);
  if (rc != SXL_CONTINUE) return rc;
  fr = top(r);
  symx_expr *vs = r->s->sym[fr->base + in->a];
  uint64_t val = r->s->regs[fr->base + in->a];
  if (!soff && !vs) {
    sxl_obj *o = sxl_mem_write_obj(&r->s->mem, id);
    if (!o) return sxl_fatal(r, "out of memory");
    if (!o->amode) {
      for (unsigned k = 0; k < n; k++) {
        o->bytes[off + k] = (uint8_t)(val >> (8 * k));
        if (o->sym && o->sym[off + k]) {
          symx_expr_release(o->sym[off + k]);
          o->sym[off + k] = NULL;
          o->nsym--;
        }
      }
      if (o->arr) {
        symx_expr_release(o->arr);
        o->arr = NULL;
      }
      return SXL_CONTINUE;
    }
  }
  symx_ctx *c = r->ctx;
  symx_expr *v = sxl_ex(r, in->a, in->w);
  if (!v) return sxl_fatal(r, "building a value");
  if (!soff) {
    rc = sxl_store_expr(r, id, off, v, n);
    symx_expr_release(v);
    return rc ? sxl_fatal(r, "store") : SXL_CONTINUE;
  }
  sxl_obj *o = sxl_mem_write_obj(&r->s->mem, id);
  if (!o) {
    symx_expr_release(v);
    symx_expr_release(soff);
    return sxl_fatal(r, "out of memory");
  }
  if (!o->amode) { /* from now on the array expression holds the contents */
    if (!obj_array(r, o)) {
      symx_expr_release(v);
      symx_expr_release(soff);
      return sxl_fatal(r, "building an array");
    }
    if (o->sym) {
      for (uint64_t i = 0; i < o->size; i++) symx_expr_release(o->sym[i]);
      free(o->sym);
      o->sym = NULL;
    }
    o->nsym = 0;
    o->amode = 1;
  }
  if (in->w < 8 * n) {
    symx_expr *t = symx_zext(c, v, 8 * n);
    symx_expr_release(v);
    v = t;
  }
  for (unsigned k = 0; k < n; k++) {
    symx_expr *b = symx_extract(c, v, 8 * k + 7, 8 * k);
    symx_expr *kk = symx_const(c, 32, k);
    symx_expr *idx = symx_add(c, soff, kk);
    symx_expr *na = symx_array_write(c, o->arr, idx, b);
    symx_expr_release(b);
    symx_expr_release(kk);
    symx_expr_release(idx);
    if (!na) {
      symx_expr_release(v);
      symx_expr_release(soff);
      return sxl_fatal(r, "array write");
    }
    symx_expr_release(o->arr);
    o->arr = na;
  }
  symx_expr_release(v);
  symx_expr_release(soff);
  return SXL_CONTINUE;
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
    symx_expr *b = sxl_read_byte(r, r->s->mem->objs[sid], soffc + k);
    int e = sxl_write_byte(r, id, off + k, b);
    symx_expr_release(b);
    if (e) return sxl_fatal(r, "va_copy");
  }
  return SXL_CONTINUE;
}
