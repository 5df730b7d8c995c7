/*
** stitch.c — CCBSE's path stitching (Otter's "copy-and-check", K. Ma's
** dissertation §3.3): a path from a callee's entry that reached the target
** has a condition over its harness's inputs (entry.c, lazy.c): argN (the
** bytes of a scalar argument), NAME.sel / NAME* / NAME[] (a lazy pointer's
** selector and the objects behind it, NAME+OFF for a pointer at OFF in an
** object), and the program's globals by name. At a call of the callee,
** each of those inputs is replaced by what the caller's state holds there
** (the argument's value, the bytes of the object an argument points to or
** a byval argument is, for a pointer to one of several objects each one's
** under its condition, 0 / 1 / 2 for a selector by whether the pointer is
** null, a function pointer's number among entry.c's choices), so the
** condition becomes one over the caller's inputs: satisfiable with the
** caller's path, the joined path reaches the target without running the
** callee again. An input that has no such counterpart (a symbolic pointer
** other than an ite of addresses, two pointers to one object, an object
** the caller has not made yet, a callee's own input) leaves the condition
** unmapped: the caller then follows the stored path instead (ccbse.c).
*/
#include "entry.h"
#include "prog_impl.h" /* sxl_type_slots, sxl_fn_index */

#include <stdlib.h>
#include <string.h>

#define MAXIN 256

typedef struct smap {
  sxl_session *s;
  sxl_state *ps;
  const sxl_fn *callee;
  const uint32_t *args; /* the call's argument slots in the caller's frame */
  const sxl_frame *frame; /* (the caller's) */
  uint32_t nargs;
  symx_expr *in[MAXIN]; /* the condition's inputs (borrowed) */
  size_t nin;
  uint32_t objs[MAXIN]; /* objects an input's bytes come from (no two inputs share one) */
  size_t nobjs;
  symx_expr *vals[MAXIN]; /* pointers read from memory (owned) */
  size_t nvals;
} smap;

/* Where a name's prefix leads: a pointer value (v, or sv when symbolic),
** an object's bytes from off, or a scalar argument's value (sv). */
typedef struct where {
  enum { W_VALUE, W_OBJ, W_SCALAR } kind;
  uint64_t v, off;
  symx_expr *sv; /* borrowed */
  uint32_t id;
  LLVMTypeRef ty; /* an argument's: a pointer to a function type (fn_choice's), else NULL */
} where;

/* The one non-null constant a pointer expression (an ite tree of
** constants) may take, in *v; 0 when there are several or it is not one. */
static int one_target(symx_expr *e, uint64_t *v) {
  if (symx_expr_is_const(e)) {
    uint64_t c = symx_expr_const_value(e);
    if (c && *v && c != *v) return 0;
    if (c) *v = c;
    return 1;
  }
  if (symx_expr_kind(e) != SYMX_K_ITE) return 0;
  return one_target(symx_expr_arg(e, 1), v) && one_target(symx_expr_arg(e, 2), v);
}

/* Dereference of the value w: the object it points to (one only; id 0
** for a null pointer, whose selector makes the condition false whatever
** the bytes behind it). */
static int deref(where *w) {
  uint64_t v = w->sv ? 0 : w->v;
  if ((w->sv && (!one_target(w->sv, &v) || !v)) || (v && !SXL_ID(v))) return 0;
  *w = (where){W_OBJ, 0, SXL_OFF(v), NULL, SXL_ID(v), NULL};
  return 1;
}

#define MAXLEAF 16

/* The values a pointer expression (an ite tree of constants) may take,
** each once, into v[0..) from n on: their number, 0 when a leaf is not a
** constant or there are more than MAXLEAF. */
static size_t leaves(symx_expr *e, uint64_t *v, size_t n) {
  if (symx_expr_is_const(e)) {
    uint64_t c = symx_expr_const_value(e);
    for (size_t i = 0; i < n; i++)
      if (v[i] == c) return n;
    if (n == MAXLEAF) return 0;
    v[n] = c;
    return n + 1;
  }
  if (symx_expr_kind(e) != SYMX_K_ITE || !(n = leaves(symx_expr_arg(e, 1), v, n))) return 0;
  return leaves(symx_expr_arg(e, 2), v, n);
}

/* The root of name (an argument of the callee or a global) into *w, its
** length returned (0: none). */
static size_t root(smap *m, const char *name, where *w) {
  sxl_prog *p = m->s->prog;
  unsigned i;
  int len = 0;
  if (sscanf(name, "arg%u%n", &i, &len) == 1 && len && strchr(".+*[", name[len] ? name[len] : '.') &&
      i < LLVMCountParams(m->callee->ref)) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(m->callee->ref, i));
    uint32_t k = 0; /* its argument slot: an x86_fp80 before it takes two */
    for (unsigned j = 0; j < i; j++) k += sxl_type_slots(LLVMTypeOf(LLVMGetParam(m->callee->ref, j)));
    if (k >= m->nargs) return 0;
    uint32_t sl = m->args[k];
    *w = (where){LLVMGetTypeKind(t) == LLVMPointerTypeKind ? W_VALUE : W_SCALAR,
                 sxl_reg_val(m->frame, sl), 0, sxl_reg_sym(m->frame, sl), 0, NULL};
    /* byval: argN is the object's bytes (entry.c), the caller's object
    ** at the call, which the callee gets a copy of */
    unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
    if (LLVMGetEnumAttributeAtIndex(m->callee->ref, i + 1, byval) && !deref(w)) return 0;
    if (w->kind == W_VALUE && LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMFunctionTypeKind)
      w->ty = t;
    return (size_t)len;
  }
  size_t best = 0;
  for (uint32_t g = 0; g < p->nglobals; g++) {
    size_t n = strlen(p->globals[g].name);
    if (n > best && !strncmp(name, p->globals[g].name, n) && strchr(".+*[", name[n] ? name[n] : '.')) {
      best = n;
      *w = (where){W_OBJ, 0, 0, NULL, p->globals[g].obj, NULL};
      if (LLVMGetTypeKind(LLVMGlobalGetValueType(p->globals[g].ref)) == LLVMPointerTypeKind) {
        sxl_obj *o = sxl_mem_get(m->ps->mem, p->globals[g].obj);
        if (!o || o->size < 8) return 0;
        *w = (where){W_VALUE, 0, 0, sxl_shadow_get(o, 0), 0, NULL};
        sxl_bytes_read(o, 0, &w->v, 8);
      }
    }
  }
  return best;
}

/* The pointer at w (an object) + off: a value (symbolic when a byte is;
** its bytes joined again). 0 when it cannot be read. */
static int read_pointer(smap *m, where *w, uint64_t off) {
  symx_ctx *c = m->s->ctx;
  sxl_obj *o = w->id < m->ps->mem->n ? sxl_mem_get(m->ps->mem, w->id) : NULL;
  uint64_t at = w->off + off;
  if (!w->id) { /* behind a null pointer: null too */
    *w = (where){W_VALUE, 0, 0, NULL, 0, NULL};
    return 1;
  }
  if (!o || o->amode || o->lazy || at + 8 > o->size) return 0;
  *w = (where){W_VALUE, 0, 0, NULL, 0, NULL};
  sxl_bytes_read(o, at, &w->v, 8);
  if (sxl_shadow_next(o, at) >= at + 8) return 1;
  symx_expr *v = NULL;
  for (unsigned k = 8; k-- > 0;) {
    symx_expr *b = sxl_shadow_get(o, at + k);
    b = b ? symx_expr_retain(b) : symx_const(c, 8, sxl_bytes_get(o, at + k));
    symx_expr *nv = !v ? symx_expr_retain(b) : b ? symx_concat(c, v, b) : NULL;
    symx_expr_release(v);
    symx_expr_release(b);
    if (!(v = nv)) return 0;
  }
  if (m->nvals == MAXIN) { /* kept for the walk's end */
    symx_expr_release(v);
    return 0;
  }
  w->sv = m->vals[m->nvals++] = v;
  return 1;
}

/* Follows name past its root: +OFF (the pointer at OFF of an object), *
** or [] (what a pointer points to). *sel: the name ends in .sel (w is the
** pointer); *arr: the last dereference was []. 0 when a step fails. */
static int follow(smap *m, const char *name, where *w, int *sel, int *arr) {
  *sel = *arr = 0;
  while (*name) {
    if (!strcmp(name, ".sel")) {
      *sel = 1;
      return w->kind == W_VALUE;
    }
    if (*name == '+') {
      char *end;
      unsigned long long off = strtoull(name + 1, &end, 10);
      if (end == name + 1 || w->kind != W_OBJ || !read_pointer(m, w, off)) return 0;
      name = end;
    } else if (*name == '*' || !strncmp(name, "[]", 2)) {
      *arr = *name == '[';
      if (w->kind != W_VALUE || !deref(w)) return 0;
      name += *arr ? 2 : 1;
    } else {
      return 0;
    }
  }
  return w->kind != W_VALUE;
}

/* a with a[k] = b, both consumed; NULL when out of memory */
static symx_expr *put_byte(symx_ctx *c, symx_expr *a, uint64_t k, symx_expr *b) {
  symx_expr *i = symx_const(c, 32, k);
  symx_expr *na = a && b && i ? symx_array_write(c, a, i, b) : NULL;
  symx_expr_release(i);
  symx_expr_release(b);
  symx_expr_release(a);
  return na;
}

/* An array of n bytes whose byte k is the k-th byte of value e. */
static symx_expr *value_bytes(symx_ctx *c, symx_expr *e, uint64_t n) {
  unsigned w = symx_expr_width(e);
  if (!n || n > 8) return NULL;
  symx_expr *v = 8 * n > w   ? symx_zext(c, e, (unsigned)(8 * n))
                 : 8 * n < w ? symx_extract(c, e, (unsigned)(8 * n - 1), 0) /* the slot's low bytes */
                             : symx_expr_retain(e);
  uint8_t zero[8] = {0};
  symx_expr *a = symx_array_const(c, NULL, zero, n, 32);
  for (uint64_t k = 0; v && a && k < n; k++)
    a = put_byte(c, a, k, symx_extract(c, v, (unsigned)(8 * k + 7), (unsigned)(8 * k)));
  symx_expr_release(v);
  return a;
}

/* The bytes [off, +n) of object id as an array (the caller's contents).
** Past the object's end (the callee's array case is larger than what the
** caller passes) the array reads the input STITCH_BEYOND: a condition that
** still reads it after the substitution is not mapped (sxl_stitch_cond). */
#define STITCH_BEYOND "__symx_stitch_beyond"
static symx_expr *object_bytes(smap *m, uint32_t id, uint64_t off, uint64_t n) {
  symx_ctx *c = m->s->ctx;
  sxl_obj *o = id && id < m->ps->mem->n ? sxl_mem_get(m->ps->mem, id) : NULL;
  if (!id) { /* behind a null pointer */
    uint8_t *z = calloc(1, n ? n : 1);
    symx_expr *a = z ? symx_array_const(c, NULL, z, n, 32) : NULL;
    free(z);
    return a;
  }
  if (!o || o->kind == OBJ_FREED || o->kind == OBJ_FUNC || o->amode || o->lazy || off >= o->size)
    return NULL;
  for (size_t i = 0; i < m->nobjs; i++)
    if (m->objs[i] == id) return NULL; /* two inputs, one object: the callee assumed two */
  if (m->nobjs < MAXIN) m->objs[m->nobjs++] = id;
  uint64_t have = o->size - off < n ? o->size - off : n;
  uint8_t *tmp = NULL;
  const uint8_t *bytes = have < n ? NULL : sxl_bytes_span(o, off, n, &tmp);
  symx_expr *a = have < n ? symx_array_input(c, STITCH_BEYOND, n, 32)
                 : bytes  ? symx_array_const(c, NULL, bytes, n, 32)
                          : NULL;
  free(tmp);
  for (uint64_t k = 0; a && k < have; k++) {
    symx_expr *b = sxl_shadow_get(o, off + k);
    if (!b && have == n) continue; /* in the constant array already */
    a = put_byte(c, a, k, b ? symx_expr_retain(b) : symx_const(c, 8, sxl_bytes_get(o, off + k)));
  }
  return a;
}

/* The n bytes behind pointer p, an ite tree of constants pointing to
** several objects (or null): byte i is ite(p == k1, byte i of k1's object,
** ite(p == k2, ...)), each object's bytes as object_bytes reads them. */
static symx_expr *multi_bytes(smap *m, symx_expr *p, uint64_t n) {
  symx_ctx *c = m->s->ctx;
  uint64_t k[MAXLEAF];
  size_t nk = leaves(p, k, 0);
  symx_expr *ob[MAXLEAF] = {NULL}, *a = NULL;
  size_t j = 0;
  while (j < nk && n <= 4096 && (!k[j] || SXL_ID(k[j])) &&
         (ob[j] = object_bytes(m, SXL_ID(k[j]), SXL_OFF(k[j]), n)) != NULL)
    j++;
  uint8_t *z = nk > 1 && j == nk ? calloc(1, n) : NULL;
  if (z) a = symx_array_const(c, NULL, z, n, 32);
  free(z);
  for (uint64_t i = 0; a && i < n; i++) {
    symx_expr *ix = symx_const(c, 32, i), *b = ix ? symx_read(c, ob[nk - 1], ix) : NULL;
    for (size_t q = nk - 1; b && q-- > 0;) {
      symx_expr *kq = symx_const(c, 64, k[q]), *eq = kq ? symx_eq(c, p, kq) : NULL;
      symx_expr *bq = eq ? symx_read(c, ob[q], ix) : NULL, *nb = bq ? symx_ite(c, eq, bq, b) : NULL;
      symx_expr *all[] = {kq, eq, bq, b};
      for (unsigned u = 0; u < 4; u++) symx_expr_release(all[u]);
      b = nb;
    }
    symx_expr_release(ix);
    a = put_byte(c, a, i, b); /* NULL when b is */
  }
  for (size_t q = 0; q < j; q++) symx_expr_release(ob[q]);
  return a;
}

/* The counterpart of argN.fn (entry.c's fn_choice) for the function
** pointer w, of the callee's parameter type pty: the number the harness
** gives the function it points to, past them (null, or a function the
** harness cannot choose) their count. */
static symx_expr *fn_selector(smap *m, const where *w, LLVMTypeRef pty, uint64_t n) {
  symx_ctx *c = m->s->ctx;
  LLVMValueRef fs[SXL_ENTRY_MAXFNS];
  size_t nf = sxl_entry_fns_of(LLVMGetGlobalParent(m->callee->ref), LLVMGetElementType(pty), fs,
                               SXL_ENTRY_MAXFNS);
  if (n != 1) return NULL;
  symx_expr *p = w->sv ? symx_expr_retain(w->sv) : symx_const(c, 64, w->v);
  symx_expr *e = p ? symx_const(c, 8, nf) : NULL;
  for (size_t k = nf; e && k-- > 0;) {
    int fi = sxl_fn_index(m->s->prog, fs[k]);
    if (fi < 0) continue;
    symx_expr *a = symx_const(c, 64, SXL_ADDR(m->s->prog->fns[fi].obj, 0));
    symx_expr *eq = a ? symx_eq(c, p, a) : NULL, *kc = eq ? symx_const(c, 8, k) : NULL;
    symx_expr *ne = kc ? symx_ite(c, eq, kc, e) : NULL;
    symx_expr *all[] = {a, eq, kc, e};
    for (unsigned i = 0; i < 4; i++) symx_expr_release(all[i]);
    e = ne;
  }
  symx_expr *b = e ? value_bytes(c, e, 1) : NULL;
  symx_expr_release(e);
  symx_expr_release(p);
  return b;
}

/* Whether the condition also reads name[] (the pointer's array case). */
static int has_array(const smap *m, const char *ptr, size_t len) {
  for (size_t i = 0; i < m->nin; i++) {
    const char *n = symx_array_name(m->in[i]);
    if (!strncmp(n, ptr, len) && !strncmp(n + len, "[]", 2)) return 1;
  }
  return 0;
}

/* The caller's counterpart of input a (an array of its size), or NULL. */
static symx_expr *counterpart(smap *m, symx_expr *a) {
  symx_ctx *c = m->s->ctx;
  const char *name = symx_array_name(a);
  uint64_t n = symx_array_size(a);
  where w = {W_VALUE, 0, 0, NULL, 0, NULL}; /* (root sets it) */
  int sel, arr;
  size_t len = root(m, name, &w);
  if (!len) return NULL;
  if (w.kind == W_SCALAR) {
    if (name[len]) return NULL;
    symx_expr *k = w.sv ? symx_expr_retain(w.sv) : symx_const(c, 64, w.v);
    symx_expr *b = k ? value_bytes(c, k, n) : NULL;
    symx_expr_release(k);
    return b;
  }
  uint64_t v[MAXLEAF];
  const char *rest = name + len;
  if (w.kind == W_VALUE && w.ty && !strcmp(rest, ".fn")) return fn_selector(m, &w, w.ty, n);
  if (w.kind == W_VALUE && w.sv && (!strcmp(rest, "*") || !strcmp(rest, "[]")) &&
      leaves(w.sv, v, 0) > 1)
    return multi_bytes(m, w.sv, n); /* a pointer to one of several objects */
  if (!follow(m, rest, &w, &sel, &arr)) return NULL;
  if (!sel) return object_bytes(m, w.id, w.off, n);
  /* the selector: 0 null, else 1 (one object) or 2 (the array case) */
  if (n != 1 || (w.sv && !leaves(w.sv, v, 0))) return NULL;
  symx_expr *p = w.sv ? symx_expr_retain(w.sv) : symx_const(c, 64, w.v);
  symx_expr *z = symx_const(c, 64, 0), *isnull = symx_eq(c, p, z);
  symx_expr *k0 = symx_const(c, 8, 0), *k1 = symx_const(c, 8, has_array(m, name, strlen(name) - 4) ? 2 : 1);
  symx_expr *e = symx_ite(c, isnull, k0, k1);
  symx_expr *b = e ? value_bytes(c, e, 1) : NULL;
  symx_expr *all[] = {p, z, isnull, k0, k1, e};
  for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++) symx_expr_release(all[i]);
  return b;
}

symx_expr *sxl_stitch_cond(sxl_session *s, sxl_state *ps, uint32_t callee, symx_expr *cond) {
  const sxl_frame *fr = &ps->frames[ps->nframes - 1];
  const sxl_fn *f = &s->prog->fns[fr->fn];
  const sxl_ins *in = &f->code[fr->pc];
  /* (flag 2: sizes of byval arguments follow the slots, which stay as they are) */
  if (in->op != OP_CALL || !s->prog->fns[callee].ref) return NULL;
  /* through a pointer: only once it is callee's (ccbse.c made it concrete) */
  if ((in->flag & 1) && (sxl_reg_sym(fr, in->a) || sxl_fn_at(s->prog, sxl_reg_val(fr, in->a)) != callee))
    return NULL;
  smap m = {.s = s, .ps = ps, .callee = &s->prog->fns[callee], .args = f->args + in->imm,
            .nargs = in->c, .frame = fr};
  m.nin = symx_expr_inputs(s->ctx, cond, m.in, MAXIN);
  if (m.nin > MAXIN) return NULL;
  symx_expr *to[MAXIN];
  size_t k = 0;
  while (k < m.nin && (to[k] = counterpart(&m, m.in[k])) != NULL) k++;
  symx_expr *r = k == m.nin ? symx_expr_substitute(s->ctx, cond, m.in, to, k) : NULL;
  symx_expr *beyond = r ? symx_input_find(s->ctx, STITCH_BEYOND) : NULL, *left[MAXIN];
  size_t nl = beyond ? symx_expr_inputs(s->ctx, r, left, MAXIN) : 0;
  for (size_t i = 0; i < nl && i < MAXIN && r; i++)
    if (left[i] == beyond) { /* it reads past what the caller passes */
      symx_expr_release(r);
      r = NULL;
    }
  for (size_t i = 0; i < k; i++) symx_expr_release(to[i]);
  for (size_t i = 0; i < m.nvals; i++) symx_expr_release(m.vals[i]);
  return r;
}
