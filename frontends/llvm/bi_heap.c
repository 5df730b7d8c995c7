/*
** bi_heap.c — the heap: malloc, calloc, realloc, free and
** malloc_usable_size, with the errors
** of free (double free, a pointer malloc did not return). A pointer that
** may point to several objects is freed on one path per object.
*/
#include "builtins.h"

#include <string.h>

/* Why p cannot be freed (KLEE tells free of a stack object or global,
** its "free" error, from free of a pointer to no object's start, its
** "invalid pointer"). */
static const char *invalid_free(const sxl_obj *o, uint64_t p) {
  if (o && !SXL_OFF(p) && o->kind == OBJ_STACK) return "free of a stack object";
  if (o && !SXL_OFF(p) && o->kind == OBJ_GLOBAL) return "free of a global object";
  return "free of an invalid pointer (no object starts there)";
}

static int do_free(run *r, uint64_t p) {
  if (!p) return SXL_CONTINUE;
  sxl_mem *m = r->s->mem;
  uint32_t id = SXL_ID(p);
  sxl_obj *o = id < m->n ? sxl_mem_get(m, id) : NULL;
  if (o && o->kind == OBJ_FREED && SXL_OFF(p) == 0)
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_DOUBLE_FREE, "double free", 0);
  if (!o || o->kind != OBJ_HEAP || SXL_OFF(p) != 0)
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_INVALID_FREE, invalid_free(o, p), 0);
  return sxl_mem_free_obj(&r->s->mem, id, 1) ? sxl_oom(r) : SXL_CONTINUE;
}

/* A zeroed heap object; its address, or 0 (NULL) when it cannot be made. */
static uint64_t do_malloc(run *r, uint64_t size, uint32_t loc) {
  if (size > SXL_MAX_OBJECT) return 0;
  uint32_t id = sxl_mem_alloc(&r->s->mem, OBJ_HEAP, size, loc, 0);
  return id ? SXL_ADDR(id, 0) : 0;
}

int sxl_bi_malloc(sxl_bcall *c) {
  int rc = sxl_alloc_size(c->r, c->args[0], 1ull << 31, &c->a[0]);
  if (rc != SXL_CONTINUE) return rc;
  return sxl_bi_ret(c, do_malloc(c->r, c->a[0], c->in->loc));
}

int sxl_bi_calloc(sxl_bcall *c) {
  int rc = sxl_bi_args(c, 2);
  if (rc != SXL_CONTINUE) return rc;
  uint64_t size = c->a[0] * c->a[1];
  if (c->a[0] && size / c->a[0] != c->a[1]) return sxl_bi_ret(c, 0);
  return sxl_bi_ret(c, do_malloc(c->r, size, c->in->loc));
}

int sxl_bi_realloc(sxl_bcall *c) {
  run *r = c->r;
  int rc = sxl_bi_fork(c, 0);
  if (rc == SXL_CONTINUE) rc = sxl_bi_fork(c, 1);
  if (rc != SXL_CONTINUE) return rc;
  uint64_t p = c->a[0], size = c->a[1];
  if (!size) { /* realloc(p, 0) as KLEE's: frees p (as glibc does) and returns NULL */
    rc = p ? do_free(r, p) : SXL_CONTINUE;
    return rc == SXL_CONTINUE ? sxl_bi_ret(c, 0) : rc;
  }
  if (!p) return sxl_bi_ret(c, do_malloc(r, size, c->in->loc));
  sxl_mem *m = r->s->mem;
  uint32_t id = SXL_ID(p);
  sxl_obj *o = id < m->n ? sxl_mem_get(m, id) : NULL;
  if (!o || o->kind != OBJ_HEAP || SXL_OFF(p)) return do_free(r, p); /* reports the error */
  uint64_t np = do_malloc(r, size, c->in->loc);
  if (!np) return sxl_bi_ret(c, 0);
  uint64_t keep = o->size < size ? o->size : size;
  if (sxl_bi_copy(r, SXL_ID(np), 0, id, 0, keep)) return sxl_fatal(r, "realloc");
  return sxl_mem_free_obj(&r->s->mem, id, 1) ? sxl_oom(r) : sxl_bi_ret(c, np);
}

int sxl_bi_free(sxl_bcall *c) {
  int rc = sxl_bi_fork(c, 0);
  if (rc != SXL_CONTINUE) return rc;
  rc = do_free(c->r, c->a[0]);
  return rc == SXL_CONTINUE ? sxl_bi_ret(c, 0) : rc;
}

/* malloc_usable_size(p): the object's size (what malloc was asked: it is
** usable, glibc's answer may be larger); 0 for NULL and for a pointer that
** is no live heap object's start (undefined natively). Called natively, it
** would read the host's heap at an interpreter address. */
int sxl_bi_usable_size(sxl_bcall *c) {
  int rc = sxl_bi_fork(c, 0);
  if (rc != SXL_CONTINUE) return rc;
  sxl_mem *m = c->r->s->mem;
  uint32_t id = SXL_ID(c->a[0]);
  const sxl_obj *o = c->a[0] && id < m->n ? sxl_mem_get(m, id) : NULL;
  int live = o && o->kind == OBJ_HEAP && SXL_OFF(c->a[0]) == 0;
  return sxl_bi_ret(c, live ? o->size : 0);
}
