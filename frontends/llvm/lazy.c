/*
** lazy.c — Otter's lazy initialization for --entry (K. Ma's dissertation
** §2, "starting in the middle"): the harness (entry.c) stores a lazy
** pointer into each pointer an entry function gets (arguments, globals).
** A lazy pointer is ite(sel == 0, null, ite(sel == 1, &one, &array)) over
** a fresh selector byte NAME.sel, where one and array are objects reserved
** but empty; a comparison with null forks on sel like any branch, and the
** first access that resolves to a reserved object makes it: its bytes the
** input NAME* (NAME[] for the array), its own pointers lazy one level
** deeper (null past the depth). Objects never accessed cost no input and
** no fork, unlike making every shape when the function is entered.
*/
#include "builtins.h"

#include <stdlib.h>
#include <string.h>

void sxl_lazy_tab_clear(sxl_lazy_tab *t) {
  for (uint32_t i = 0; i < t->nrecs; i++) free(t->recs[i].name);
  free(t->types);
  free(t->ptrs);
  free(t->recs);
  memset(t, 0, sizeof *t);
}

/* An object of n elements of type ty reserved for its first access: its id
** (0 out of memory). */
static uint32_t reserve(run *r, uint32_t ty, uint64_t n, unsigned depth, const char *name) {
  sxl_lazy_tab *t = r->x->lazy;
  if (t->nrecs == t->caprecs) {
    uint32_t cap = t->caprecs ? 2 * t->caprecs : 64;
    sxl_lazy_rec *nr = realloc(t->recs, cap * sizeof *nr);
    if (!nr) return 0;
    t->recs = nr;
    t->caprecs = cap;
  }
  char *nm = strdup(name);
  uint32_t id = nm ? sxl_mem_alloc(&r->s->mem, OBJ_HEAP, t->types[ty].size * n, sxl_user_loc(r), 0) : 0;
  sxl_obj *o = id ? sxl_mem_write_obj(&r->s->mem, id) : NULL;
  if (!o) {
    free(nm);
    return 0;
  }
  t->recs[t->nrecs] = (sxl_lazy_rec){ty, depth, n, nm};
  o->lazy = ++t->nrecs;
  return id;
}

/* The lazy pointer to type ty named name at depth (a new reference in *p):
** SXL_CONTINUE or the loop's code. */
static int lazy_pointer(run *r, uint32_t ty, const char *name, unsigned depth, symx_expr **p) {
  symx_ctx *c = r->ctx;
  sxl_lazy_tab *t = r->x->lazy;
  if (ty >= t->ntypes || depth >= t->depth || !t->types[ty].size) {
    *p = symx_const(c, 64, 0);
    return *p ? SXL_CONTINUE : sxl_oom(r);
  }
  char sub[320];
  snprintf(sub, sizeof sub, "%.300s.sel", name); /* (a deeper name is cut) */
  symx_expr *sel;
  int rc = sxl_input_value(r, sub, 1, &sel);
  if (rc != SXL_CONTINUE) return rc;
  snprintf(sub, sizeof sub, "%.300s*", name);
  uint32_t one = reserve(r, ty, 1, depth, sub), arr = 0;
  snprintf(sub, sizeof sub, "%.300s[]", name);
  if (one && t->types[ty].prim && t->array > 1) arr = reserve(r, ty, t->array, depth, sub);
  if (!one || (t->types[ty].prim && t->array > 1 && !arr)) {
    symx_expr_release(sel);
    return sxl_oom(r);
  }
  symx_expr *k0 = symx_const(c, 8, 0), *k1 = symx_const(c, 8, 1), *nul = symx_const(c, 64, 0);
  symx_expr *a1 = symx_const(c, 64, SXL_ADDR(one, 0));
  symx_expr *obj = arr ? NULL : symx_expr_retain(a1);
  if (arr) {
    symx_expr *a2 = symx_const(c, 64, SXL_ADDR(arr, 0)), *is1 = symx_eq(c, sel, k1);
    obj = symx_ite(c, is1, a1, a2);
    symx_expr_release(a2);
    symx_expr_release(is1);
  }
  symx_expr *is0 = symx_eq(c, sel, k0);
  *p = symx_ite(c, is0, nul, obj);
  symx_expr *all[] = {sel, k0, k1, nul, a1, obj, is0};
  for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
  return *p ? SXL_CONTINUE : sxl_fatal(r, "building a lazy pointer");
}

/* Object id, if still reserved, made: its bytes an input, its pointers
** lazy one level deeper. SXL_CONTINUE or the loop's code. */
int sxl_lazy_touch(run *r, uint32_t id) {
  sxl_mem *m = r->s->mem;
  sxl_obj *o = id && id < m->n ? sxl_mem_get(m, id) : NULL;
  if (!o || !o->lazy || !r->x->lazy) return SXL_CONTINUE;
  const sxl_lazy_tab *t = r->x->lazy;
  sxl_lazy_rec rec = t->recs[o->lazy - 1];
  uint64_t size = o->size;
  if (!(o = sxl_mem_write_obj(&r->s->mem, id))) return sxl_oom(r);
  o->lazy = 0;
  int rc = size ? sxl_input_fill(r, id, 0, size, rec.name) : SXL_CONTINUE;
  const sxl_lazy_type *ty = &t->types[rec.type];
  for (uint64_t k = 0; k < rec.n && rc == SXL_CONTINUE; k++)
    for (uint32_t i = 0; i < ty->nptr && rc == SXL_CONTINUE; i++) {
      const sxl_lazy_ptr *lp = &r->x->lazy->ptrs[ty->ptr0 + i];
      uint64_t off = k * ty->size + lp->off;
      char sub[320];
      snprintf(sub, sizeof sub, "%.290s+%llu", rec.name, (unsigned long long)off);
      symx_expr *p = NULL;
      rc = lazy_pointer(r, lp->type, sub, rec.depth + 1, &p);
      if (rc == SXL_CONTINUE && sxl_store_expr(r, id, off, p, 8)) rc = sxl_fatal(r, "store");
      symx_expr_release(p);
    }
  return rc;
}

/* __symx_lazy_pointer(slot, type, name, depth): *slot becomes a lazy
** pointer to type (an index of the table; SXL_LAZY_NONE: null). */
int sxl_bi_lazy_pointer(sxl_bcall *c) {
  run *r = c->r;
  int rc = sxl_bi_args(c, 4);
  if (rc != SXL_CONTINUE) return rc;
  if (!r->x->lazy) return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "a lazy pointer without --entry", 0);
  char name[256];
  sxl_bi_cstr(r, c->a[2], name, sizeof name);
  uint32_t id;
  uint64_t off;
  symx_expr *soff, *p = NULL;
  rc = sxl_resolve(r, c->a[0], NULL, 8, 1, &id, &off, &soff);
  if (rc == SXL_CONTINUE)
    rc = lazy_pointer(r, c->a[1] > UINT32_MAX ? SXL_LAZY_NONE : (uint32_t)c->a[1], name,
                      (unsigned)c->a[3], &p);
  if (rc == SXL_CONTINUE && sxl_store_expr(r, id, off, p, 8)) rc = sxl_fatal(r, "store");
  symx_expr_release(p);
  return rc == SXL_CONTINUE ? sxl_bi_ret(c, 0) : rc;
}

