/*
** resolve.c — from a pointer to an object: the error checks of an access
** (null, out of bounds, use after free, read-only), a fork per object when a
** symbolic pointer may point to several, and pointers made concrete for the
** builtins.
*/
#include "exec_impl.h"

#include <stdlib.h>


/* In-bounds test says: not this object, resolve again under the new path. */
#define RETRY 100

int sxl_concrete(run *r, uint32_t slot, unsigned w, uint64_t *v) {
  sxl_frame *fr = top(r);
  symx_expr *e = sxl_reg_sym(fr, slot);
  if (!e) {
    *v = sxl_reg_val(fr, slot);
    return SXL_CONTINUE;
  }
  (void)w;
  if (!r->st) return sxl_fatal(r, "symbolic value without an engine");
  e = symx_expr_retain(e);
  sxl_flush(r);
  int rc = symx_state_concretize(r->st, e, v);
  symx_expr_release(e);
  if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_concretize");
  return sxl_setc(r, slot, *v);
}

int sxl_witness(run *r, uint32_t slot, uint64_t *v) {
  symx_expr *e = sxl_top_sym(r, slot);
  *v = sxl_top_val(r, slot);
  if (!e) return SXL_CONTINUE;
  if (!r->st) return sxl_fatal(r, "symbolic value without an engine");
  sxl_flush(r);
  return symx_state_eval(r->st, e, v) == SYMX_OK ? SXL_CONTINUE : sxl_fatal(r, "symx_state_eval");
}

/* Fork on slot == witness; after a fork both sides yield and run the
   instruction again: the true side finds the condition on its path (the
   engine forks nothing, walk step 1) and goes on with the value, the false
   side forks on its own witness. */
int sxl_fork_value(run *r, uint32_t slot, uint64_t *v) {
  symx_expr *e = sxl_top_sym(r, slot);
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
  sxl_obj *o = id < m->n ? sxl_mem_get(m, id) : NULL;
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

/* Whether object id can take an access of n bytes at all. */
static int usable(run *r, uint32_t id, uint64_t n, int write) {
  sxl_mem *m = r->s->mem;
  sxl_obj *o = id && id < m->n ? sxl_mem_get(m, id) : NULL;
  return o && o->kind != OBJ_FREED && o->kind != OBJ_FUNC && o->size >= n && !(write && o->ro);
}

/* The in-bounds condition inb (borrowed) of sym in object cand: a check
** when the object is certain (or the only one: --single-object-resolution),
** else a fork per object (the true side keeps the object for its resumed
** access); RETRY when the path excludes it. */
static int in_bounds(run *r, symx_expr *sym, uint32_t cand, symx_expr *inb, int write) {
  if (r->x->single_object || const_base(sym, cand) || symx_expr_is_const(inb))
    return sxl_check(r, symx_bool_not(r->ctx, inb), SYMX_ERR_OUT_OF_BOUNDS,
                     write ? "out-of-bounds write" : "out-of-bounds read");
  symx_state *t = NULL, *f = NULL;
  if (symx_state_branch(r->st, inb, &t, &f) != SYMX_OK) return sxl_fatal(r, "symx_state_branch");
  int active = symx_state_status(r->st) == SYMX_ST_ACTIVE;
  if (t) {
    sxl_state *ts = symx_state_payload(t);
    ts->resolved_id = cand + 1;
    if (f || t != r->st || !active) return SXL_RUN_YIELD;
    ts->resolved_id = 0;
    return SXL_CONTINUE;
  }
  if (!f || f != r->st || !active) return SXL_RUN_YIELD;
  return RETRY;
}

/* sym resolved to object cand, usable for the access: its offset, concrete
** (*off) or symbolic (*soff, 32-bit), once the access is in bounds. */
static int resolve_to(run *r, symx_expr *sym, uint32_t cand, uint64_t n, int write,
                      uint64_t *off, symx_expr **soff) {
  symx_ctx *c = r->ctx;
  symx_expr *base = symx_const(c, 64, SXL_ADDR(cand, 0));
  symx_expr *o64 = symx_sub(c, sym, base);
  symx_expr *lim = symx_const(c, 64, sxl_mem_get(r->s->mem, cand)->size - n);
  symx_expr *inb = symx_ule(c, o64, lim);
  symx_expr_release(base);
  symx_expr_release(lim);
  int rc = in_bounds(r, sym, cand, inb, write);
  symx_expr_release(inb);
  if (rc != SXL_CONTINUE) {
    symx_expr_release(o64);
    return rc;
  }
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

/* The witness v points at no usable object (cand): that region is an error. */
static int exclude(run *r, symx_expr *sym, uint64_t v, uint32_t cand, uint64_t n, int write) {
  symx_ctx *c = r->ctx;
  const char *desc = NULL;
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
  return sxl_check(r, bad, k, desc);
}

/* --single-object-resolution (KLEE's): the witness's object alone, its
** offset symbolic; a witness at no usable object is that error. */
static int resolve_single(run *r, symx_expr *sym, uint64_t n, int write, uint32_t *id,
                          uint64_t *off, symx_expr **soff) {
  uint64_t v = 0;
  sxl_flush(r);
  if (symx_state_eval(r->st, sym, &v) != SYMX_OK) return sxl_fatal(r, "symx_state_eval");
  uint32_t cand = SXL_ID(v);
  int rc = sxl_lazy_touch(r, cand);
  if (rc != SXL_CONTINUE) return rc;
  if (!usable(r, cand, n, write)) {
    const char *desc = NULL;
    symx_error_kind k = bad_access(r, v, n, write, &desc);
    if (!k) {
      k = SYMX_ERR_OUT_OF_BOUNDS;
      desc = write ? "out-of-bounds write" : "out-of-bounds read";
    }
    return sxl_end(r, SYMX_END_ERROR, k, desc, 0);
  }
  rc = resolve_to(r, sym, cand, n, write, off, soff);
  if (rc == SXL_CONTINUE) *id = cand;
  return rc;
}

/* A symbolic pointer: the witness's object, each other object it may point
** to on a path of its own. */
static int resolve_sym(run *r, symx_expr *sym, uint64_t n, int write, uint32_t *id,
                       uint64_t *off, symx_expr **soff) {
  /* Objects whose in-bounds side the path has excluded: a witness still in
  ** one of them is past its bounds there (without this, such a witness
  ** would retry the same object for ever). */
  uint32_t *tried = NULL;
  size_t ntried = 0;
  int rc;
  for (;;) {
    uint64_t v = 0;
    sxl_flush(r);
    if (symx_state_eval(r->st, sym, &v) != SYMX_OK) {
      rc = sxl_fatal(r, "symx_state_eval");
      break;
    }
    uint32_t cand = SXL_ID(v);
    /* Resumed after the fork that chose the object: its branch on the
       in-bounds condition finds it on the path and forks nothing. */
    if (r->s->resolved_id) {
      cand = r->s->resolved_id - 1;
      r->s->resolved_id = 0;
    }
    if ((rc = sxl_lazy_touch(r, cand)) != SXL_CONTINUE) break;
    int seen = 0;
    for (size_t k = 0; k < ntried && !seen; k++) seen = tried[k] == cand;
    if (!seen && usable(r, cand, n, write)) {
      rc = resolve_to(r, sym, cand, n, write, off, soff);
      if (rc == SXL_CONTINUE) *id = cand;
      if (rc != RETRY) break;
      uint32_t *t = realloc(tried, (ntried + 1) * sizeof *t);
      if (!t) {
        rc = sxl_oom(r);
        break;
      }
      tried = t;
      tried[ntried++] = cand;
    } else if ((rc = exclude(r, sym, v, cand, n, write)) != SXL_CONTINUE) {
      break;
    }
  }
  free(tried);
  return rc;
}

/* A numeric address (an integer made a pointer: no object id) inside an
** object klee_define_fixed_object placed there: that object's address. */
static uint64_t fixed_address(run *r, uint64_t addr) {
  if (SXL_ID(addr) || !addr) return addr;
  sxl_mem *m = r->s->mem;
  for (uint32_t i = 1; i < m->n; i++) {
    sxl_obj *o = sxl_mem_get(m, i);
    if (o && o->fixed && addr >= o->fixed && addr - o->fixed < o->size)
      return SXL_ADDR(i, addr - o->fixed);
  }
  return addr;
}

int sxl_resolve(run *r, uint64_t addr, symx_expr *sym, uint64_t n, int write, uint32_t *id,
                uint64_t *off, symx_expr **soff) {
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
    const char *desc = NULL;
    addr = fixed_address(r, addr);
    int rc = sxl_lazy_touch(r, SXL_ID(addr));
    if (rc != SXL_CONTINUE) return rc;
    symx_error_kind k = bad_access(r, addr, n, write, &desc);
    if (k) return sxl_end(r, SYMX_END_ERROR, k, desc, 0);
    *id = SXL_ID(addr);
    *off = SXL_OFF(addr);
    return SXL_CONTINUE;
  }
  sym = symx_expr_retain(sym);
  int rc = r->x->single_object ? resolve_single(r, sym, n, write, id, off, soff)
                                : resolve_sym(r, sym, n, write, id, off, soff);
  symx_expr_release(sym);
  return rc;
}
