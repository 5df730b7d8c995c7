/*
** bi_target.c — the target API (include/symx/target.h, and KLEE's names):
** symbolic inputs (make_symbolic, int, range), assumptions, is_symbolic,
** silent_exit. In concrete mode an input takes the replayed bytes.
*/
#include "builtins.h"

#include <stdlib.h>
#include <string.h>


/* A fresh input name on this path: name, name_1, name_2, ...; NULL when out
** of memory. */
static char *fresh_name(run *r, const char *base) {
  char buf[300];
  snprintf(buf, sizeof buf, "%s", *base ? base : "unnamed");
  for (unsigned k = 1;; k++) {
    int used = 0;
    for (uint32_t i = 0; i < r->s->ninames; i++)
      if (strcmp(r->s->inames[i], buf) == 0) used = 1;
    if (!used) break;
    snprintf(buf, sizeof buf, "%s_%u", *base ? base : "unnamed", k);
  }
  sxl_state *s = r->s;
  char **names = realloc(s->inames, (s->ninames + 1) * sizeof *s->inames);
  if (!names) return NULL;
  s->inames = names;
  if (!(names[s->ninames] = strdup(buf))) return NULL;
  return names[s->ninames++];
}

/* Input array name of size bytes (renamed if the name exists with another
** size); NULL when it cannot be made. */
static symx_expr *input_array(run *r, char **name, uint64_t size) {
  symx_expr *a = symx_array_input(r->ctx, *name, size, 32);
  for (unsigned k = 1; !a && k < 100; k++) {
    symx_errclear(r->ctx);
    char buf[320], *renamed;
    snprintf(buf, sizeof buf, "%s_s%u", *name, k);
    if (!(renamed = strdup(buf))) return NULL;
    free(r->s->inames[r->s->ninames - 1]);
    *name = r->s->inames[r->s->ninames - 1] = renamed;
    a = symx_array_input(r->ctx, *name, size, 32);
  }
  return a;
}

/* The first input a run creates: what AFL queue entries bind (afl.c). */
static void note_input(run *r, const char *name, uint64_t size) {
  if (r->x->first_input[0]) return;
  snprintf(r->x->first_input, sizeof r->x->first_input, "%s", name);
  r->x->first_input_size = size;
}

/* The new input arr joins the seeds that follow the path (KLEE's seeding
** by position): 0, -1 (failed), 1 when a seed cannot take it (the reason in
** the context: the caller ends the path with KLEE's user error). */
static int seed_input(run *r, symx_expr *arr) {
  int rc = symx_state_new_input(r->st, arr);
  return rc == SYMX_OK ? 0 : rc == SYMX_RANGE ? 1 : -1;
}

/* The path's user error for a seed that cannot take a new input. */
static int seed_refused(run *r) {
  char why[600];
  const char *m = symx_errmsg(r->ctx), *colon = strstr(m, ": ");
  snprintf(why, sizeof why, "%s", colon ? colon + 2 : m);
  symx_errclear(r->ctx);
  return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_USER, why, 0);
}

/* Fills [id:off, +size) with the input's bytes (symbolic, or replayed): 0,
** -1, or 1 when a seed cannot take it (seed_input). */
static int fill_input(run *r, uint32_t id, uint64_t off, uint64_t size, char **name) {
  symx_ctx *c = r->ctx;
  note_input(r, *name, size);
  if (!r->st) {
    size_t len = 0;
    const uint8_t *b = r->x->replay ? symx_assign_get(r->x->replay, *name, &len) : NULL;
    sxl_obj *o = sxl_mem_write_obj(&r->s->mem, id);
    if (!o) return -1;
    uint64_t have = !b ? 0 : len < size ? len : size;
    /* the replayed bytes, zeros after them */
    if (sxl_bytes_write(o, off, b, have, r->s->mem->copied)) return -1;
    return sxl_bytes_fill(o, off + have, 0, size - have, r->s->mem->copied);
  }
  symx_expr *arr = input_array(r, name, size);
  if (!arr) return -1;
  for (uint64_t k = 0; k < size; k++) {
    symx_expr *i = symx_const(c, 32, k);
    symx_expr *b = symx_read(c, arr, i);
    int rc = sxl_write_byte(r, id, off + k, b);
    symx_expr_release(i);
    symx_expr_release(b);
    if (rc) {
      symx_expr_release(arr);
      return -1;
    }
  }
  int seeded = seed_input(r, arr);
  symx_expr_release(arr);
  return seeded;
}

/* A fresh symbolic value of nbytes *v (in concrete mode: the replayed
** value): SXL_CONTINUE, or the path ended (what); a seed's refusal is the
** path's user error, as for klee_make_symbolic. */
static int fresh_value(run *r, const char *base, unsigned nbytes, symx_expr **v, const char *what) {
  char *name = fresh_name(r, base);
  *v = NULL;
  if (!name) return sxl_fatal(r, what);
  note_input(r, name, nbytes);
  if (!r->st) {
    size_t len = 0;
    const uint8_t *b = r->x->replay ? symx_assign_get(r->x->replay, name, &len) : NULL;
    uint64_t k = 0;
    for (size_t i = 0; b && i < len && i < nbytes; i++) k |= (uint64_t)b[i] << (8 * i);
    *v = symx_const(r->ctx, 8 * nbytes, k);
    return *v ? SXL_CONTINUE : sxl_fatal(r, what);
  }
  symx_expr *arr = input_array(r, &name, nbytes);
  if (!arr) return sxl_fatal(r, what);
  int seeded = seed_input(r, arr);
  *v = seeded ? NULL : symx_read_le(r->ctx, arr, 0, nbytes);
  symx_expr_release(arr);
  if (seeded > 0) return seed_refused(r);
  return *v ? SXL_CONTINUE : sxl_fatal(r, what);
}

static int fresh_int(run *r, const char *base, symx_expr **v, const char *what) {
  return fresh_value(r, base, 4, v, what);
}

int sxl_input_value(run *r, const char *base, unsigned nbytes, symx_expr **v) {
  return fresh_value(r, base, nbytes, v, "a lazy pointer's selector");
}

int sxl_input_fill(run *r, uint32_t id, uint64_t off, uint64_t size, const char *base) {
  char *name = fresh_name(r, base);
  if (!name) return sxl_oom(r);
  int filled = fill_input(r, id, off, size, &name);
  if (filled > 0) return seed_refused(r);
  return filled ? sxl_fatal(r, "a lazy object's input") : SXL_CONTINUE;
}

/* Adds cond (consumed) to the path, after the call; returns the loop code.
** klee (KLEE's klee_assume): a cond the path cannot meet is the user error
** KLEE reports (with --silent-klee-assume the path just ends); symx_assume
** drops such a path silently. */
static int assume_after(run *r, symx_expr *cond, int klee) {
  static const char provably_false[] = "invalid klee_assume call (provably false)";
  if (!cond) return sxl_fatal(r, "building an assumption");
  if (klee && r->x->silent_assume) klee = 0;
  if (symx_expr_is_const(cond)) {
    int ok = symx_expr_const_value(cond) != 0;
    symx_expr_release(cond);
    if (!ok && klee) return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_USER, provably_false, 0);
    if (!ok && r->x->silent_assume)
      return sxl_end(r, SYMX_END_USER, SYMX_ERR_NONE, "silent exit: klee_assume provably false", 0);
    if (!ok) return sxl_end(r, SYMX_END_USER, SYMX_ERR_NONE, "assumption provably false", 0);
    top(r)->pc++;
    return SXL_CONTINUE;
  }
  if (!r->st) {
    symx_expr_release(cond);
    top(r)->pc++;
    return SXL_CONTINUE;
  }
  return klee ? sxl_require(r, cond, provably_false) : sxl_assume_silent(r, cond);
}

/* The call's result v (consumed); a call without a result drops it. */
static int set_result(sxl_bcall *c, symx_expr *v) {
  if (c->in->dst == UINT32_MAX) {
    symx_expr_release(v);
    return SXL_CONTINUE;
  }
  return sxl_set(c->r, c->in->dst, v);
}

/* A misuse of the call: the path ends with KLEE's user error. */
static int misuse(run *r, const char *why) { return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_USER, why, 0); }

/* The input's name from the pointer in slot (NULL: ""), as KLEE reads the
** string arguments of its functions: a symbolic pointer, or one to no
** object, is a misuse. */
static int input_name(run *r, uint32_t slot, char *nm, size_t len) {
  nm[0] = 0;
  if (sxl_top_sym(r, slot))
    return misuse(r, "Symbolic string pointer passed to one of the klee_ functions");
  uint64_t p = sxl_top_val(r, slot);
  if (!p) return SXL_CONTINUE;
  sxl_mem *m = r->s->mem;
  sxl_obj *o = SXL_ID(p) && SXL_ID(p) < m->n ? sxl_mem_get(m, SXL_ID(p)) : NULL;
  if (!o || o->kind == OBJ_FREED || o->kind == OBJ_FUNC || SXL_OFF(p) >= o->size)
    return misuse(r, "Invalid string pointer passed to one of the klee_ functions");
  sxl_bi_cstr(r, p, nm, len);
  return SXL_CONTINUE;
}

/* klee_make_symbolic's object rule (KLEE's): addr is the start of an
** object, writable, of exactly size bytes. */
static int whole_object(run *r, uint64_t addr, uint64_t size) {
  sxl_mem *m = r->s->mem;
  sxl_obj *o = SXL_ID(addr) && SXL_ID(addr) < m->n ? sxl_mem_get(m, SXL_ID(addr)) : NULL;
  if (!o || o->kind == OBJ_FREED || o->kind == OBJ_FUNC || SXL_OFF(addr))
    return sxl_end(r, SYMX_END_ERROR, SXL_ID(addr) ? SYMX_ERR_OUT_OF_BOUNDS : SYMX_ERR_NULL_DEREF,
                   "invalid pointer: make_symbolic (not the start of an object)", 0);
  if (o->ro) return misuse(r, "cannot make readonly object symbolic");
  if (o->size != size) return misuse(r, "Wrong size given to klee_make_symbolic");
  return SXL_CONTINUE;
}

/* make_symbolic(addr, size, name); klee_make_symbolic asks for a whole
** object (whole_object), symx_make_symbolic for any size bytes at addr. */
int sxl_bi_make_symbolic(sxl_bcall *c) {
  run *r = c->r;
  if (c->nargs != 3)
    return misuse(r, "Incorrect number of arguments to klee_make_symbolic(void*, size_t, char*)");
  char nm[256];
  int rc = input_name(r, c->args[2], nm, sizeof nm);
  if (rc == SXL_CONTINUE) rc = sxl_bi_args(c, 2);
  if (rc == SXL_CONTINUE && c->id == BI_KLEE_MAKE_SYMBOLIC) rc = whole_object(r, c->a[0], c->a[1]);
  if (rc != SXL_CONTINUE) return rc;
  uint32_t id;
  uint64_t off;
  symx_expr *soff;
  rc = sxl_resolve(r, c->a[0], NULL, c->a[1], 1, &id, &off, &soff);
  if (rc != SXL_CONTINUE) return rc;
  char *name = fresh_name(r, nm);
  if (!name) return sxl_oom(r);
  int filled = fill_input(r, id, off, c->a[1], &name);
  if (filled > 0) return seed_refused(r);
  if (filled) return sxl_fatal(r, "make_symbolic");
  return SXL_RETURNED;
}

static int assume_call(sxl_bcall *c, int klee) {
  symx_ctx *x = c->r->ctx;
  symx_expr *e = sxl_ex(c->r, c->args[0], 64);
  symx_expr *z = symx_const(x, symx_expr_width(e) ? symx_expr_width(e) : 64, 0);
  symx_expr *cond = symx_ne(x, e, z);
  symx_expr_release(e);
  symx_expr_release(z);
  return assume_after(c->r, cond, klee);
}

int sxl_bi_assume(sxl_bcall *c) { return assume_call(c, 0); }
int sxl_bi_klee_assume(sxl_bcall *c) { return assume_call(c, 1); }

/* klee_range(lo, hi, name): a fresh integer assumed in [lo, hi). */
int sxl_bi_range(sxl_bcall *c) {
  run *r = c->r;
  symx_ctx *x = r->ctx;
  int rc = sxl_bi_args(c, 3);
  if (rc != SXL_CONTINUE) return rc;
  int32_t lo = (int32_t)c->a[0], hi = (int32_t)c->a[1];
  if (lo >= hi) return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_USER, "invalid klee_range", 0);
  if ((int64_t)hi == (int64_t)lo + 1) return sxl_bi_ret(c, (uint32_t)lo);
  char nm[256];
  sxl_bi_cstr(r, c->a[2], nm, sizeof nm);
  symx_expr *v;
  if ((rc = fresh_int(r, nm, &v, "klee_range")) != SXL_CONTINUE) return rc;
  symx_expr *l = symx_const(x, 32, (uint32_t)lo), *h = symx_const(x, 32, (uint32_t)hi);
  symx_expr *c1 = symx_sge(x, v, l), *c2 = symx_slt(x, v, h);
  symx_expr *cond = symx_bool_and(x, c1, c2);
  symx_expr_release(l);
  symx_expr_release(h);
  symx_expr_release(c1);
  symx_expr_release(c2);
  rc = set_result(c, v);
  if (rc != SXL_CONTINUE) {
    symx_expr_release(cond);
    return rc;
  }
  return assume_after(r, cond, 0);
}

int sxl_bi_int(sxl_bcall *c) {
  int rc = sxl_bi_args(c, 1);
  if (rc != SXL_CONTINUE) return rc;
  char nm[256];
  sxl_bi_cstr(c->r, c->a[0], nm, sizeof nm);
  symx_expr *v;
  if ((rc = fresh_int(c->r, nm, &v, "klee_int")) != SXL_CONTINUE) return rc;
  rc = set_result(c, v);
  return rc == SXL_CONTINUE ? SXL_RETURNED : rc;
}

int sxl_bi_is_symbolic(sxl_bcall *c) {
  sxl_frame *fr = top(c->r);
  return sxl_bi_ret(c, sxl_reg_sym(fr, c->args[0]) != NULL);
}

int sxl_bi_silent_exit(sxl_bcall *c) {
  return sxl_end(c->r, SYMX_END_USER, SYMX_ERR_NONE, "silent exit", 0);
}
