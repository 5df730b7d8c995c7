/*
** bi_klee.c — KLEE's intrinsics beyond the target API (include/klee/klee.h
** declares them): klee_get_value_*, klee_check_memory_access,
** klee_get_obj_size, klee_warning(_once), klee_define_fixed_object,
** klee_set_forking, and the ones with no effect here (klee_prefer_cex, ...); also
** llvm.objectsize and llvm.is.constant, which only need a safe answer.
*/
#include "builtins.h"

#include <string.h>

/* klee_get_value_*: the witness's value of the argument. As in KLEE,
** nothing is added to the path. */
int sxl_bi_get_value(sxl_bcall *c) {
  run *r = c->r;
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  symx_expr *e = sxl_reg_sym(fr, c->args[0]);
  uint64_t v = sxl_reg_val(fr, c->args[0]);
  if (e && r->st) {
    sxl_flush(r);
    e = symx_expr_retain(e);
    int rc = symx_state_eval(r->st, e, &v);
    symx_expr_release(e);
    if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_eval");
  }
  return sxl_bi_ret(c, v);
}

/* klee_check_memory_access(p, n): the access of n bytes at p must be
** valid, as a load of them would check. */
int sxl_bi_check_access(sxl_bcall *c) {
  run *r = c->r;
  int rc = sxl_bi_args(c, 2);
  if (rc != SXL_CONTINUE) return rc;
  uint32_t id;
  uint64_t off;
  symx_expr *soff = NULL;
  rc = sxl_resolve(r, c->a[0], NULL, c->a[1] ? c->a[1] : 1, 0, &id, &off, &soff);
  symx_expr_release(soff);
  return rc == SXL_CONTINUE ? SXL_RETURNED : rc;
}

/* klee_get_obj_size(p): the size of the object p points into. */
int sxl_bi_obj_size(sxl_bcall *c) {
  int rc = sxl_bi_args(c, 1);
  if (rc != SXL_CONTINUE) return rc;
  sxl_mem *m = c->r->s->mem;
  uint32_t id = SXL_ID(c->a[0]);
  sxl_obj *o = id && id < m->n ? sxl_mem_get(m, id) : NULL;
  if (!o || o->kind == OBJ_FREED)
    return sxl_end(c->r, SYMX_END_ERROR, c->a[0] ? SYMX_ERR_OUT_OF_BOUNDS : SYMX_ERR_NULL_DEREF,
                   "klee_get_obj_size of a pointer to no object", 0);
  return sxl_bi_ret(c, o->size);
}

int sxl_warned_once(sxl_exec *x, const char *text) {
  uint64_t h = 1469598103934665603ull; /* FNV-1a */
  for (const char *p = text; *p; p++) h = (h ^ (uint8_t)*p) * 1099511628211ull;
  for (unsigned i = 0; i < x->nwarned_once; i++)
    if (x->warned_once[i] == h) return 1;
  if (x->nwarned_once < sizeof x->warned_once / sizeof x->warned_once[0])
    x->warned_once[x->nwarned_once++] = h;
  return 0;
}

/* klee_warning(msg), klee_warning_once(msg): a message of the run. */
int sxl_bi_warning(sxl_bcall *c) {
  int rc = sxl_bi_args(c, 1);
  if (rc != SXL_CONTINUE) return rc;
  char text[256], msg[600];
  sxl_bi_cstr(c->r, c->a[0], text, sizeof text);
  sxl_where(c->r, text, msg, sizeof msg);
  int once = c->id == BI_WARNING_ONCE;
  if (once && sxl_warned_once(c->r->x, text)) return SXL_RETURNED;
  if (c->r->x->on_warning) c->r->x->on_warning(c->r->x->end_ud, msg, once);
  return SXL_RETURNED;
}

/* klee_define_fixed_object(addr, size): a zeroed object at the numeric
** address addr, which accesses through that address (an integer made a
** pointer) reach (resolve.c). Our addresses are object id and offset: a
** number below 4 GiB has no id, so only those can be given; others, and
** ranges that overlap an object placed before, end the path with a message. */
int sxl_bi_fixed_object(sxl_bcall *c) {
  run *r = c->r;
  int rc = sxl_bi_args(c, 2);
  if (rc != SXL_CONTINUE) return rc;
  uint64_t addr = c->a[0], size = c->a[1];
  sxl_mem *m = r->s->mem;
  int clash = 0;
  for (uint32_t i = 1; i < m->n; i++) {
    sxl_obj *o = sxl_mem_get(m, i);
    if (o && o->fixed && addr < o->fixed + o->size && o->fixed < addr + size) clash = 1;
  }
  if (!addr || !size || SXL_ID(size) || SXL_ID(addr) || SXL_ID(addr + size - 1) || clash) {
    const char *why = clash ? "klee_define_fixed_object: the range overlaps a fixed object"
                            : "unsupported klee_define_fixed_object (addresses below 4 GiB only)";
    sxl_report_unsupported(r, why);
    return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, why, 0);
  }
  uint32_t id = sxl_mem_alloc(&r->s->mem, OBJ_GLOBAL, size, c->in->loc, 0);
  if (!id)
    return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "klee_define_fixed_object: no memory for it", 0);
  sxl_obj *o = sxl_mem_get(r->s->mem, id);
  o->fixed = (uint32_t)addr;
  return SXL_RETURNED;
}

/* llvm.objectsize(p, min, ...): the bytes from p to the end of its object
** when p is a concrete pointer into a live one, else "unknown" (0 for the
** least, -1 for the most); llvm.is.constant: 0, always a correct answer. */
int sxl_bi_objectsize(sxl_bcall *c) {
  if (c->id == BI_IS_CONSTANT) return sxl_bi_ret(c, 0);
  run *r = c->r;
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  uint64_t min = 0, p = sxl_reg_val(fr, c->args[0]);
  if (c->nargs >= 2) {
    int rc = sxl_concrete(r, c->args[1], 1, &min);
    if (rc != SXL_CONTINUE) return rc;
  }
  sxl_mem *m = r->s->mem;
  sxl_obj *o = SXL_ID(p) && SXL_ID(p) < m->n ? sxl_mem_get(m, SXL_ID(p)) : NULL;
  if (!sxl_reg_sym(fr, c->args[0]) && o && o->kind != OBJ_FREED && o->kind != OBJ_FUNC &&
      SXL_OFF(p) <= o->size)
    return sxl_bi_ret(c, o->size - SXL_OFF(p));
  return sxl_bi_ret(c, min & 1 ? 0 : ~0ull);
}

/* klee_set_forking(on): with 0, a symbolic branch takes one side (the
** witness's) instead of forking (path.c). */
int sxl_bi_set_forking(sxl_bcall *c) {
  int rc = sxl_bi_args(c, 1);
  if (rc != SXL_CONTINUE) return rc;
  c->r->s->no_fork = c->a[0] == 0;
  return SXL_RETURNED;
}

/* klee_prefer_cex, klee_print_expr, ...: accepted, no effect; those with a
** result return 0. */
int sxl_bi_nop(sxl_bcall *c) { return sxl_bi_ret(c, 0); }
