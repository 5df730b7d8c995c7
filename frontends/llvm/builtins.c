/*
** builtins.c — functions the interpreter implements natively: the target
** API (symx_make_symbolic, klee_*), the heap, memcpy/memset intrinsics,
** output (__symx_write, under our libc's printf), exit/abort/assert.
*/
#include "exec_impl.h"

#include <stdlib.h>
#include <string.h>

static inline sxl_frame *top(run *r) { return &r->s->frames[r->s->nframes - 1]; }

void sxl_report_unsupported(run *r, const char *msg) {
  if (r->x->on_message) r->x->on_message(r->x->end_ud, msg);
}

/* A NUL-terminated string at a concrete address (symbolic bytes read '?'). */
static void read_cstr(run *r, uint64_t addr, char *buf, size_t len) {
  size_t i = 0;
  sxl_mem *m = r->s->mem;
  uint32_t id = SXL_ID(addr);
  uint64_t off = SXL_OFF(addr);
  sxl_obj *o = id && id < m->n ? m->objs[id] : NULL;
  if (o && o->kind != OBJ_FREED && !o->amode)
    for (; i + 1 < len && off + i < o->size; i++) {
      char ch = o->sym && o->sym[off + i] ? '?' : (char)o->bytes[off + i];
      if (!ch) break;
      buf[i] = ch;
    }
  buf[i] = 0;
}

static int ret(run *r, const sxl_ins *in, uint64_t v) {
  if (in->dst != UINT32_MAX) sxl_setc(r, in->dst, in->w && in->w < 64 ? v & ((1ull << in->w) - 1) : v);
  return SXL_RETURNED;
}

/* A fresh input name on this path: name, name_1, name_2, ... */
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
  s->inames = realloc(s->inames, (s->ninames + 1) * sizeof *s->inames);
  s->inames[s->ninames] = strdup(buf);
  return s->inames[s->ninames++];
}

/* Input array name of size bytes (renamed if the name exists with another size). */
static symx_expr *input_array(run *r, char **name, uint64_t size) {
  symx_expr *a = symx_array_input(r->ctx, *name, size, 32);
  for (unsigned k = 1; !a && k < 100; k++) {
    symx_errclear(r->ctx);
    char buf[320];
    snprintf(buf, sizeof buf, "%s_s%u", *name, k);
    free(r->s->inames[r->s->ninames - 1]);
    r->s->inames[r->s->ninames - 1] = strdup(buf);
    *name = r->s->inames[r->s->ninames - 1];
    a = symx_array_input(r->ctx, *name, size, 32);
  }
  return a;
}

/* Fills [id:off, +size) with the input's bytes (symbolic, or replayed). */
/* The first input a run creates: what AFL queue entries bind (afl.c). */
static void note_input(run *r, const char *name, uint64_t size) {
  if (r->x->first_input[0]) return;
  snprintf(r->x->first_input, sizeof r->x->first_input, "%s", name);
  r->x->first_input_size = size;
}

static int fill_input(run *r, uint32_t id, uint64_t off, uint64_t size, char **name) {
  symx_ctx *c = r->ctx;
  note_input(r, *name, size);
  if (!r->st) {
    size_t len = 0;
    const uint8_t *b = r->x->replay ? symx_assign_get(r->x->replay, *name, &len) : NULL;
    sxl_obj *o = sxl_mem_write_obj(&r->s->mem, id);
    if (!o) return -1;
    for (uint64_t k = 0; k < size; k++) o->bytes[off + k] = b && k < len ? b[k] : 0;
    return 0;
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
  symx_expr_release(arr);
  return 0;
}

/* A fresh 32-bit symbolic integer (in concrete mode: the replayed value). */
static symx_expr *fresh_int(run *r, const char *base) {
  char *name = fresh_name(r, base);
  note_input(r, name, 4);
  if (!r->st) {
    size_t len = 0;
    const uint8_t *b = r->x->replay ? symx_assign_get(r->x->replay, name, &len) : NULL;
    uint32_t v = 0;
    for (size_t k = 0; b && k < len && k < 4; k++) v |= (uint32_t)b[k] << (8 * k);
    return symx_const(r->ctx, 32, v);
  }
  symx_expr *arr = input_array(r, &name, 4);
  if (!arr) return NULL;
  symx_expr *v = symx_read_le(r->ctx, arr, 0, 4);
  symx_expr_release(arr);
  return v;
}

/* Adds cond (consumed) to the path, after the call; returns the loop code. */
static int assume_after(run *r, symx_expr *cond) {
  if (!cond) return sxl_fatal(r, "building an assumption");
  if (symx_expr_is_const(cond)) {
    int ok = symx_expr_const_value(cond) != 0;
    symx_expr_release(cond);
    if (!ok) return sxl_end(r, SYMX_END_USER, SYMX_ERR_NONE, "invalid klee_assume (provably false)", 0);
    top(r)->pc++;
    return SXL_CONTINUE;
  }
  if (!r->st) {
    symx_expr_release(cond);
    top(r)->pc++;
    return SXL_CONTINUE;
  }
  top(r)->pc++;
  sxl_flush(r);
  int rc = symx_state_assume(r->st, cond);
  symx_expr_release(cond);
  if (rc == SYMX_OK) return SXL_CONTINUE;
  if (rc == SYMX_UNSAT || rc == SYMX_UNKNOWN) return SXL_RUN_YIELD;
  return sxl_fatal(r, "symx_state_assume");
}

static int do_free(run *r, uint64_t p) {
  if (!p) return SXL_CONTINUE;
  sxl_mem *m = r->s->mem;
  uint32_t id = SXL_ID(p);
  sxl_obj *o = id < m->n ? m->objs[id] : NULL;
  if (o && o->kind == OBJ_FREED && SXL_OFF(p) == 0)
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_DOUBLE_FREE, "double free", 0);
  if (!o || o->kind != OBJ_HEAP || SXL_OFF(p) != 0)
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_INVALID_FREE, "free of an invalid pointer", 0);
  sxl_mem_free_obj(&r->s->mem, id, 1);
  return SXL_CONTINUE;
}

static uint64_t do_malloc(run *r, uint64_t size, uint32_t loc) {
  if (size > (1ull << 31)) return 0;
  uint32_t id = sxl_mem_alloc(&r->s->mem, OBJ_HEAP, size, loc, 0);
  if (!id) return 0;
  memset(r->s->mem->objs[id]->bytes, 0, size);
  return SXL_ADDR(id, 0);
}

/* memmove of n bytes between two resolved ranges (overlap-safe). */
static int copy_bytes(run *r, uint32_t did, uint64_t doff, uint32_t sid, uint64_t soff,
                      uint64_t n) {
  sxl_obj *so = r->s->mem->objs[sid];
  if (!so->nsym && !so->amode) {
    uint8_t *tmp = malloc(n ? n : 1);
    if (!tmp) return -1;
    memcpy(tmp, so->bytes + soff, n);
    sxl_obj *d = sxl_mem_write_obj(&r->s->mem, did);
    if (!d) {
      free(tmp);
      return -1;
    }
    if (!d->nsym && !d->amode) {
      memcpy(d->bytes + doff, tmp, n);
      if (d->arr) {
        symx_expr_release(d->arr);
        d->arr = NULL;
      }
      free(tmp);
      return 0;
    }
    for (uint64_t k = 0; k < n; k++) {
      symx_expr *b = symx_const(r->ctx, 8, tmp[k]);
      int rc = sxl_write_byte(r, did, doff + k, b);
      symx_expr_release(b);
      if (rc) {
        free(tmp);
        return -1;
      }
    }
    free(tmp);
    return 0;
  }
  symx_expr **tmp = malloc((n ? n : 1) * sizeof *tmp);
  if (!tmp) return -1;
  for (uint64_t k = 0; k < n; k++) tmp[k] = sxl_read_byte(r, r->s->mem->objs[sid], soff + k);
  int rc = 0;
  for (uint64_t k = 0; k < n; k++) {
    if (!rc && sxl_write_byte(r, did, doff + k, tmp[k])) rc = -1;
    symx_expr_release(tmp[k]);
  }
  free(tmp);
  return rc;
}

/* __symx_write(fd, buf, n): output of concrete bytes; a symbolic byte forks
** per value it can take (so every output of the program is seen). */
static int do_write(run *r, const sxl_ins *in, uint64_t fd, uint64_t buf, uint64_t n) {
  if (!n) return ret(r, in, 0);
  uint32_t id;
  uint64_t off;
  symx_expr *soff;
  int rc = sxl_resolve(r, buf, NULL, n, 0, &id, &off, &soff);
  if (rc != SXL_CONTINUE) return rc;
  sxl_obj *o = r->s->mem->objs[id];
  for (uint64_t k = 0; k < n; k++) {
    symx_expr *b = sxl_read_byte(r, o, off + k);
    if (!b) return sxl_fatal(r, "write");
    if (symx_expr_is_const(b)) {
      symx_expr_release(b);
      continue;
    }
    uint64_t v = 0;
    sxl_flush(r);
    symx_state_eval(r->st, b, &v);
    symx_expr *cv = symx_const(r->ctx, 8, v);
    symx_expr *cond = symx_eq(r->ctx, b, cv);
    symx_expr_release(b);
    symx_state *t = NULL, *f = NULL;
    int brc = symx_state_branch(r->st, cond, &t, &f);
    symx_expr_release(cond);
    if (brc != SYMX_OK) {
      symx_expr_release(cv);
      return sxl_fatal(r, "symx_state_branch");
    }
    if (t) { /* on this side the byte is v: store it concrete, then write */
      run rt = *r;
      rt.s = symx_state_payload(t);
      rt.st = t;
      sxl_write_byte(&rt, id, off + k, cv);
    }
    symx_expr_release(cv);
    /* Either side re-executes the call (pc unchanged). */
    if (t == r->st && !f && symx_state_status(r->st) == SYMX_ST_ACTIVE) {
      o = r->s->mem->objs[id];
      continue;
    }
    return SXL_RUN_YIELD;
  }
  o = r->s->mem->objs[id];
  sxl_state *s = r->s;
  if (s->outlen + n + 1 > s->outcap) {
    size_t cap = s->outcap ? s->outcap : 256;
    while (cap < s->outlen + n + 1) cap *= 2;
    char *nb = realloc(s->out, cap);
    if (!nb) return sxl_fatal(r, "out of memory");
    s->out = nb;
    s->outcap = cap;
  }
  memcpy(s->out + s->outlen, o->bytes + off, n);
  s->outlen += n;
  if (r->x->echo_output) {
    fwrite(o->bytes + off, 1, n, fd == 2 ? stderr : stdout);
    if (fd == 2) fflush(stderr);
  }
  return ret(r, in, n);
}

int sxl_builtin(run *r, const sxl_ins *in, uint32_t fi) {
  sxl_prog *p = r->p;
  sxl_fn *fn = &p->fns[fi];
  const uint32_t *args = p->fns[top(r)->fn].args + in->imm;
  uint32_t nargs = in->c;
  uint64_t a[4] = {0, 0, 0, 0};
  symx_ctx *c = r->ctx;
  int rc;
#define NEED(k)                                                                     \
  do {                                                                              \
    if (nargs < (k)) {                                                              \
      return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "builtin called with too few arguments", 0); \
    }                                                                               \
  } while (0)
#define CONC(i)                                                                     \
  do {                                                                              \
    rc = sxl_concrete(r, args[i], 64, &a[i]);                                       \
    if (rc != SXL_CONTINUE) return rc;                                              \
  } while (0)
#define FORK(i)                                                                     \
  do {                                                                              \
    rc = sxl_fork_value(r, args[i], &a[i]);                                         \
    if (rc != SXL_CONTINUE) return rc;                                              \
  } while (0)
  switch (fn->builtin) {
  case BI_MAKE_SYMBOLIC: {
    NEED(3);
    CONC(0);
    CONC(1);
    CONC(2);
    char nm[256];
    read_cstr(r, a[2], nm, sizeof nm);
    uint32_t id;
    uint64_t off;
    symx_expr *soff;
    rc = sxl_resolve(r, a[0], NULL, a[1], 1, &id, &off, &soff);
    if (rc != SXL_CONTINUE) return rc;
    char *name = fresh_name(r, nm);
    if (fill_input(r, id, off, a[1], &name)) return sxl_fatal(r, "make_symbolic");
    return SXL_RETURNED;
  }
  case BI_ASSUME: {
    NEED(1);
    symx_expr *e = sxl_ex(r, args[0], 64);
    symx_expr *z = symx_const(c, symx_expr_width(e) ? symx_expr_width(e) : 64, 0);
    symx_expr *cond = symx_ne(c, e, z);
    symx_expr_release(e);
    symx_expr_release(z);
    return assume_after(r, cond);
  }
  case BI_RANGE: {
    NEED(3);
    CONC(0);
    CONC(1);
    CONC(2);
    int32_t lo = (int32_t)a[0], hi = (int32_t)a[1];
    if (lo >= hi) return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_USER, "invalid klee_range", 0);
    if ((int64_t)hi == (int64_t)lo + 1) return ret(r, in, (uint32_t)lo);
    char nm[256];
    read_cstr(r, a[2], nm, sizeof nm);
    symx_expr *v = fresh_int(r, nm);
    if (!v) return sxl_fatal(r, "klee_range");
    symx_expr *l = symx_const(c, 32, (uint32_t)lo), *h = symx_const(c, 32, (uint32_t)hi);
    symx_expr *c1 = symx_sge(c, v, l), *c2 = symx_slt(c, v, h);
    symx_expr *cond = symx_bool_and(c, c1, c2);
    symx_expr_release(l);
    symx_expr_release(h);
    symx_expr_release(c1);
    symx_expr_release(c2);
    if (in->dst != UINT32_MAX) {
      rc = sxl_set(r, in->dst, v);
      if (rc != SXL_CONTINUE) {
        symx_expr_release(cond);
        return rc;
      }
    } else {
      symx_expr_release(v);
    }
    return assume_after(r, cond);
  }
  case BI_INT: {
    NEED(1);
    CONC(0);
    char nm[256];
    read_cstr(r, a[0], nm, sizeof nm);
    symx_expr *v = fresh_int(r, nm);
    if (!v) return sxl_fatal(r, "klee_int");
    if (in->dst != UINT32_MAX) {
      rc = sxl_set(r, in->dst, v);
      if (rc != SXL_CONTINUE) return rc;
    } else {
      symx_expr_release(v);
    }
    return SXL_RETURNED;
  }
  case BI_IS_SYMBOLIC: {
    NEED(1);
    sxl_frame *fr = top(r);
    return ret(r, in, r->s->sym[fr->base + args[0]] != NULL);
  }
  case BI_SILENT_EXIT:
    return sxl_end(r, SYMX_END_USER, SYMX_ERR_NONE, "silent exit", 0);
  case BI_MALLOC:
    NEED(1);
    CONC(0);
    return ret(r, in, do_malloc(r, a[0], in->loc));
  case BI_CALLOC: {
    NEED(2);
    CONC(0);
    CONC(1);
    uint64_t size = a[0] * a[1];
    if (a[0] && size / a[0] != a[1]) return ret(r, in, 0);
    return ret(r, in, do_malloc(r, size, in->loc));
  }
  case BI_REALLOC: {
    NEED(2);
    FORK(0);
    FORK(1);
    if (!a[1]) { /* realloc(p, 0) as KLEE's: frees p (as glibc does) and returns NULL */
      rc = a[0] ? do_free(r, a[0]) : SXL_CONTINUE;
      return rc == SXL_CONTINUE ? ret(r, in, 0) : rc;
    }
    if (!a[0]) return ret(r, in, do_malloc(r, a[1], in->loc));
    sxl_mem *m = r->s->mem;
    uint32_t id = SXL_ID(a[0]);
    sxl_obj *o = id < m->n ? m->objs[id] : NULL;
    if (!o || o->kind != OBJ_HEAP || SXL_OFF(a[0]))
      return do_free(r, a[0]); /* reports the error */
    uint64_t np = do_malloc(r, a[1], in->loc);
    if (!np) return ret(r, in, 0);
    uint64_t keep = o->size < a[1] ? o->size : a[1];
    if (copy_bytes(r, SXL_ID(np), 0, id, 0, keep)) return sxl_fatal(r, "realloc");
    sxl_mem_free_obj(&r->s->mem, id, 1);
    return ret(r, in, np);
  }
  case BI_FREE:
    NEED(1);
    FORK(0);
    rc = do_free(r, a[0]);
    return rc == SXL_CONTINUE ? ret(r, in, 0) : rc;
  case BI_MEMCPY:
  case BI_MEMMOVE: {
    NEED(3);
    CONC(0);
    CONC(1);
    CONC(2);
    if (!a[2]) return ret(r, in, a[0]);
    uint32_t did, sid;
    uint64_t doff, soff;
    symx_expr *so;
    rc = sxl_resolve(r, a[1], NULL, a[2], 0, &sid, &soff, &so);
    if (rc != SXL_CONTINUE) return rc;
    rc = sxl_resolve(r, a[0], NULL, a[2], 1, &did, &doff, &so);
    if (rc != SXL_CONTINUE) return rc;
    if (copy_bytes(r, did, doff, sid, soff, a[2])) return sxl_fatal(r, "memcpy");
    return ret(r, in, a[0]);
  }
  case BI_MEMSET: {
    NEED(3);
    CONC(0);
    CONC(2);
    if (!a[2]) return ret(r, in, a[0]);
    uint32_t did;
    uint64_t doff;
    symx_expr *so;
    rc = sxl_resolve(r, a[0], NULL, a[2], 1, &did, &doff, &so);
    if (rc != SXL_CONTINUE) return rc;
    symx_expr *v = sxl_ex(r, args[1], 8);
    if (v && symx_expr_width(v) != 8) {
      symx_expr *t = symx_extract(c, v, 7, 0);
      symx_expr_release(v);
      v = t;
    }
    if (!v) return sxl_fatal(r, "memset");
    sxl_obj *o = sxl_mem_write_obj(&r->s->mem, did);
    if (o && symx_expr_is_const(v) && !o->nsym && !o->amode) {
      memset(o->bytes + doff, (int)symx_expr_const_value(v), a[2]);
      if (o->arr) {
        symx_expr_release(o->arr);
        o->arr = NULL;
      }
    } else {
      for (uint64_t k = 0; k < a[2]; k++)
        if (sxl_write_byte(r, did, doff + k, v)) {
          symx_expr_release(v);
          return sxl_fatal(r, "memset");
        }
    }
    symx_expr_release(v);
    return ret(r, in, a[0]);
  }
  case BI_WRITE:
    NEED(3);
    CONC(0);
    CONC(1);
    CONC(2);
    return do_write(r, in, a[0], a[1], a[2]);
  case BI_EXIT:
    NEED(1);
    rc = sxl_enum_slot(r, args[0], 8);
    if (rc != SXL_CONTINUE) return rc;
    CONC(0);
    return sxl_end(r, SYMX_END_EXIT, SYMX_ERR_NONE, "exit", (int)(int32_t)a[0]);
  case BI_ABORT:
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_ABORT, "abort() called", 0);
  case BI_ASSERT_FAIL: {
    char e[256] = "?", msg[300];
    if (nargs >= 1) {
      CONC(0);
      read_cstr(r, a[0], e, sizeof e);
    }
    snprintf(msg, sizeof msg, "assertion failed: %s", e);
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_ASSERT, msg, 0);
  }
  case BI_REPORT_ERROR: {
    char e[256] = "klee_report_error";
    if (nargs >= 3) {
      CONC(2);
      read_cstr(r, a[2], e, sizeof e);
    }
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_USER, e, 0);
  }
  case BI_STACKSAVE:
    return ret(r, in, 0);
  case BI_IGNORE:
    return SXL_RETURNED;
  case BI_EXPECT: {
    NEED(1);
    if (in->dst == UINT32_MAX) return SXL_RETURNED;
    rc = sxl_set(r, in->dst, sxl_ex(r, args[0], in->w));
    return rc == SXL_CONTINUE ? SXL_RETURNED : rc;
  }
  case BI_UMAX:
  case BI_UMIN:
  case BI_SMAX:
  case BI_SMIN:
  case BI_ABS: {
    NEED(fn->builtin == BI_ABS ? 1 : 2);
    if (in->dst == UINT32_MAX) return SXL_RETURNED;
    unsigned w = in->w;
    symx_expr *x = sxl_ex(r, args[0], w);
    symx_expr *y = fn->builtin == BI_ABS ? symx_const(c, w, 0) : sxl_ex(r, args[1], w);
    symx_expr *cond, *e;
    switch (fn->builtin) {
    case BI_UMAX: cond = symx_ugt(c, x, y); e = symx_ite(c, cond, x, y); break;
    case BI_UMIN: cond = symx_ult(c, x, y); e = symx_ite(c, cond, x, y); break;
    case BI_SMAX: cond = symx_sgt(c, x, y); e = symx_ite(c, cond, x, y); break;
    case BI_SMIN: cond = symx_slt(c, x, y); e = symx_ite(c, cond, x, y); break;
    default: {
      cond = symx_slt(c, x, y);
      symx_expr *ng = symx_neg(c, x);
      e = symx_ite(c, cond, ng, x);
      symx_expr_release(ng);
    }
    }
    symx_expr_release(x);
    symx_expr_release(y);
    symx_expr_release(cond);
    rc = sxl_set(r, in->dst, e);
    return rc == SXL_CONTINUE ? SXL_RETURNED : rc;
  }
  default:
    break;
  }
  return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "unknown builtin", 0);
#undef NEED
#undef CONC
#undef FORK
}
