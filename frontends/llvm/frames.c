/*
** frames.c — calls and returns: a frame per call with its register window,
** its arguments (the variadic ones in an object of their own for va_arg),
** its stack objects (alloca), freed when it returns.
*/
#include "exec_impl.h"
#include "cuts.h"

#include <stdlib.h>
#include <string.h>

int sxl_frame_push(sxl_state *s, sxl_prog *p, uint32_t fi, uint32_t ret_dst) {
  sxl_fn *fn = &p->fns[fi];
  if (s->nframes == s->capframes) {
    uint32_t cap = s->capframes ? 2 * s->capframes : 64;
    sxl_frame *f = realloc(s->frames, cap * sizeof *f);
    if (!f) return -1;
    memset(f + s->capframes, 0, (cap - s->capframes) * sizeof *f); /* no spare windows */
    s->frames = f;
    s->capframes = cap;
  }
  sxl_frame *fr = &s->frames[s->nframes];
  uint32_t base = s->nframes ? fr[-1].base + p->fns[fr[-1].fn].nregs : 0;
  if (!(fr->win = sxl_regwin_reuse(fr->win, fn->nregs))) return -1;
  s->nframes++;
  fr->fn = fi;
  fr->pc = 0;
  fr->base = base;
  fr->ret_dst = ret_dst;
  fr->alloca0 = s->nallocas;
  fr->va_obj = 0;
  if (fn->nconst) memcpy(fr->win->v + fn->nparams, fn->consts, fn->nconst * sizeof(uint64_t));
  return 0;
}

/* 0, or -1 when out of memory (what was freed so far is off the frame). */
static int frame_pop(sxl_state *s) {
  sxl_frame *fr = &s->frames[s->nframes - 1];
  for (uint32_t i = s->nallocas; i > fr->alloca0; i--) {
    if (sxl_mem_free_obj(&s->mem, s->allocas[i - 1], 0)) return -1;
    s->nallocas = i - 1;
  }
  if (fr->va_obj && sxl_mem_free_obj(&s->mem, fr->va_obj, 0)) return -1;
  sxl_regwin_retire(&fr->win);
  if (s->nframes <= s->blocked) s->blocked = 0; /* the blocked frame (or its caller) returned */
  s->nframes--;
  return 0;
}

/* Pops frames until depth are left (longjmp). 0, or -1 when out of memory. */
int sxl_frames_unwind(sxl_state *s, uint32_t depth) {
  while (s->nframes > depth)
    if (frame_pop(s)) return -1;
  return 0;
}

/* Room for one more stack object in the frame's list. */
static int allocas_room(sxl_state *s) {
  uint32_t cap = s->capallocas ? 2 * s->capallocas : 64;
  uint32_t *a = realloc(s->allocas, cap * sizeof *a);
  if (!a) return -1;
  s->allocas = a;
  s->capallocas = cap;
  return 0;
}

uint32_t sxl_stack_alloc(sxl_state *s, uint64_t size, uint32_t loc) {
  if (s->nallocas == s->capallocas && allocas_room(s)) return SXL_NOMEM;
  uint32_t id = sxl_mem_alloc(&s->mem, OBJ_STACK, size, loc, 1);
  if (!id) return 0;
  s->allocas[s->nallocas++] = id;
  return id;
}

/* Copies n bytes from the caller's object at address src into the vararg
** object id at off (a byval argument); 0, or -1 when it cannot. */
static int copy_byval(run *r, uint64_t src, uint64_t n, uint32_t id, uint64_t off) {
  sxl_mem *m = r->s->mem;
  uint32_t sid = SXL_ID(src);
  uint64_t soff = SXL_OFF(src);
  sxl_obj *o = sid && sid < m->n ? sxl_mem_get(m, sid) : NULL;
  if (!o || o->kind == OBJ_FREED || soff + n > o->size) return -1;
  if (o->lazy && sxl_lazy_touch(r, sid) != SXL_CONTINUE) return -1;
  for (uint64_t k = 0; k < n; k++) {
    symx_expr *b = sxl_read_byte(r, sxl_mem_get(r->s->mem, sid), soff + k);
    int rc = b ? sxl_write_byte(r, id, off + k, b) : -1;
    symx_expr_release(b);
    if (rc) return -1;
  }
  return 0;
}

/* The caller's slot's value (8 bytes, zero-extended) at offset off of object id. */
static int put_arg(run *r, const sxl_frame *cf, uint32_t id, uint64_t off, uint32_t slot) {
  sxl_state *s = r->s;
  uint64_t v = sxl_reg_val(cf, slot);
  /* the object is new, private to the path */
  if (sxl_bytes_write(sxl_mem_get(s->mem, id), off, &v, 8, NULL)) return -1;
  if (!sxl_reg_sym(cf, slot)) return 0;
  symx_expr *e = symx_expr_retain(sxl_reg_sym(cf, slot));
  if (symx_expr_width(e) < 64) {
    symx_expr *z = symx_zext(r->ctx, e, 64);
    symx_expr_release(e);
    e = z;
  }
  int rc = e ? sxl_store_expr(r, id, off, e, 8) : -1;
  symx_expr_release(e);
  return rc;
}

/* Whether argument slot i is the first of an x86_fp80's two. */
static int is_fp80(const uint32_t *sizes, uint32_t i) {
  return sizes && sizes[i] == SXL_ARG_FP80;
}

/* The byval size of argument slot i (0: not byval). */
static uint32_t byval_of(const uint32_t *sizes, uint32_t i) {
  return sizes && !is_fp80(sizes, i) ? sizes[i] & ~SXL_ARG_ALIGN16 : 0;
}

/* The bytes argument slot i takes in the vararg object: 8, a byval one's
** size rounded up to 8, or 16 for an x86_fp80 (its two slots). */
static uint64_t arg_room(const uint32_t *sizes, uint32_t i) {
  if (is_fp80(sizes, i)) return 16;
  return byval_of(sizes, i) ? (byval_of(sizes, i) + 7ull) & ~7ull : 8;
}

/* off aligned for argument slot i: to 16 for an x86_fp80 or a 16-aligned
** byval argument (x86-64's va_arg aligns the overflow area for them). */
static uint64_t arg_align(const uint32_t *sizes, uint32_t i, uint64_t off) {
  int a16 = is_fp80(sizes, i) || (sizes && (sizes[i] & SXL_ARG_ALIGN16));
  return a16 ? (off + 15) & ~15ull : off;
}

/* An x86_fp80's two slots at off: its 10 bytes (the 16-bit part
** zero-extended into the padding). */
static int put_fp80(run *r, const sxl_frame *cf, uint32_t id, uint64_t off, uint32_t lo,
                    uint32_t hi) {
  return put_arg(r, cf, id, off, lo) || put_arg(r, cf, id, off + 8, hi);
}

/* The arguments past fn's parameters in an object of the new frame (what
** va_start's overflow area points at): 8 bytes each, a byval one (sizes:
** NULL, or one per argument slot) by value, 8-byte aligned, an x86_fp80 in
** 16 bytes; both 16-byte aligned when their type is. The caller's frame
** is number ci. */
#define SXL_ARG_REGS 6 /* x86-64's integer argument registers */

static int vararg_object(run *r, const sxl_fn *fn, uint32_t ci, const uint32_t *args,
                         uint32_t nargs, const uint32_t *sizes) {
  sxl_state *s = r->s;
  const sxl_frame *cf = &s->frames[ci];
  uint64_t total = 0;
  for (uint32_t i = fn->nparams; i < nargs; i += is_fp80(sizes, i) ? 2 : 1)
    total = arg_align(sizes, i, total) + arg_room(sizes, i);
  /* A callee may read more than it was given (musl's fcntl(fd, F_GETFD)
  ** and ioctl read a third argument always): natively the argument
  ** registers left after the named ones, here zeros, not a null area. */
  uint64_t regs = fn->nparams < SXL_ARG_REGS ? 8ull * (SXL_ARG_REGS - fn->nparams) : 0;
  if (total < regs) total = regs;
  uint32_t id = sxl_mem_alloc(&s->mem, OBJ_STACK, total, 0, 1);
  if (!id) return sxl_oom(r);
  uint64_t off = 0;
  for (uint32_t i = fn->nparams; i < nargs; i++) {
    uint32_t slot = args[i];
    uint64_t room = arg_room(sizes, i);
    int rc = 0;
    off = arg_align(sizes, i, off);
    if (is_fp80(sizes, i) && i + 1 < nargs) {
      rc = put_fp80(r, cf, id, off, slot, args[++i]);
    } else if (byval_of(sizes, i)) {
      if (sxl_reg_sym(cf, slot) || copy_byval(r, sxl_reg_val(cf, slot), byval_of(sizes, i), id, off))
        return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE,
                       "unsupported byval variadic argument (symbolic or bad pointer)", 0);
    } else {
      rc = put_arg(r, cf, id, off, slot);
    }
    if (rc) return sxl_fatal(r, "vararg");
    off += room;
  }
  s->frames[s->nframes - 1].va_obj = id;
  return SXL_CONTINUE;
}

/* A call symx-llvm cannot run ends the path early, with a message. */
static int unsupported_call(run *r, const char *why) {
  sxl_report_unsupported(r, why);
  return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, why, 0);
}

/* Directed search: the call left the path no target to reach (its
** callee and what follows its return reach none): it yields once. */
static int now_far(run *r) {
  sxl_state *s = r->s;
  if (!r->x->distance_of || s->far || r->x->distance_of(r->x->end_ud, s) != SYMX_DIST_INF)
    return 0;
  s->far = 1;
  return 1;
}

/* A call of function fi: a builtin runs natively, else a new frame. */
static int do_call(run *r, const sxl_ins *in, uint32_t fi) {
  sxl_state *s = r->s;
  sxl_prog *p = r->p;
  sxl_fn *fn = &p->fns[fi];
  if (fn->builtin) return sxl_builtin(r, in, fi);
  if (!fn->defined) return sxl_extcall(r, in, fn);
  if (!fn->translated && sxl_prog_translate(p, fi)) return sxl_oom(r); /* its only failure */
  if (in->c < fn->nparams) return unsupported_call(r, "call with too few arguments");
  if (r->x->max_frames && s->nframes >= r->x->max_frames) /* KLEE's --max-stack-frames */
    return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "maximum stack size reached", 0);
  uint32_t ci = s->nframes - 1; /* the caller (push may move the frames) */
  if (sxl_frame_push(s, p, fi, in->dst)) return sxl_oom(r);
  const sxl_frame *cf = &s->frames[ci];
  /* a caller that passes no argument anywhere has no table (NULL + 0 is UB) */
  const uint32_t *table = p->fns[cf->fn].args, *args = table ? table + in->imm : NULL;
  sxl_regwin *nw = s->frames[ci + 1].win; /* new, private, its expressions NULL */
  for (uint32_t i = 0; i < fn->nparams; i++) {
    nw->v[i] = sxl_reg_val(cf, args[i]);
    symx_expr *e = sxl_reg_sym(cf, args[i]);
    nw->e[i] = e ? symx_expr_retain(e) : NULL;
  }
  if (p->cuts && r->st) { /* --cut: a call past the depth bound returns at once */
    int rc = sxl_cut_enter(r);
    if (rc != SXL_CONTINUE || top(r)->pc) return rc;
  }
  int rc = fn->is_vararg
               ? vararg_object(r, fn, ci, args, in->c, in->flag & 2 && args ? args + in->c : NULL)
               : SXL_CONTINUE;
  return rc == SXL_CONTINUE && now_far(r) ? SXL_RUN_YIELD : rc;
}

/* The function a call through a pointer reaches: one path per function a
** symbolic pointer can point to; an error when it points to none. */
static int callee(run *r, const sxl_ins *in, uint32_t *fi) {
  sxl_state *s = r->s;
  sxl_prog *p = r->p;
  int rc = sxl_enum_slot(r, in->a, 64); /* nothing when it is concrete */
  if (rc != SXL_CONTINUE) return rc;
  sxl_frame *fr = &s->frames[s->nframes - 1];
  uint64_t addr = sxl_reg_val(fr, in->a);
  if ((*fi = sxl_fn_at(p, addr)) == UINT32_MAX)
    return sxl_end(r, SYMX_END_ERROR, addr ? SYMX_ERR_OUT_OF_BOUNDS : SYMX_ERR_NULL_DEREF,
                   "call through an invalid function pointer", 0);
  return SXL_CONTINUE;
}

int sxl_call(run *r, const sxl_ins *in) {
  uint32_t fi = in->a;
  if (in->flag & 1) {
    int rc = callee(r, in, &fi);
    if (rc != SXL_CONTINUE) return rc;
  }
  return do_call(r, in, fi);
}

/* Returning from main is exit(status): when the program's libc defines
** exit (atexit handlers, stdio flushed), it runs now, on an empty stack. */
static int libc_exit(run *r, int code) {
  int fi = sxl_fn_find(r->p, "exit");
  if (fi < 0 || !r->p->fns[fi].defined || r->p->fns[fi].nparams != 1) return SXL_RETURNED;
  if (!r->p->fns[fi].translated && sxl_prog_translate(r->p, (uint32_t)fi)) return sxl_oom(r);
  if (sxl_frame_push(r->s, r->p, (uint32_t)fi, UINT32_MAX)) return sxl_oom(r);
  /* the new frame's window is private: this write cannot fail */
  sxl_reg_put(&r->s->frames[0], 0, (uint64_t)(uint32_t)code, NULL);
  return SXL_CONTINUE;
}

/* main returned v (symbolic e, consumed, or NULL): the path ends; a
** symbolic exit code is shown concrete, as the witness's value. */
static int main_returned(run *r, uint64_t v, symx_expr *e) {
  int code = (int)(int32_t)v;
  if (e) {
    uint64_t cv = 0;
    if (r->st) symx_state_eval(r->st, e, &cv);
    code = (int)(int32_t)cv;
    symx_expr_release(e);
  }
  int rc = libc_exit(r, code);
  if (rc != SXL_RETURNED) return rc;
  return sxl_end(r, SYMX_END_EXIT, SYMX_ERR_NONE, "exit", code);
}

/* ret of an aggregate (flag 1): its c field slots are in the argument list
** at imm; they go to the caller's slots from ret_dst on. */
static int ret_fields(run *r, const sxl_ins *in) {
  sxl_state *s = r->s;
  sxl_frame *fr = &s->frames[s->nframes - 1];
  const uint32_t *fs = r->p->fns[fr->fn].args + in->imm;
  uint64_t v[16];
  symx_expr *e[16];
  uint32_t n = in->c < 16 ? in->c : 16, dst = fr->ret_dst;
  for (uint32_t i = 0; i < n; i++) {
    v[i] = sxl_reg_val(fr, fs[i]);
    e[i] = sxl_reg_sym(fr, fs[i]) ? symx_expr_retain(sxl_reg_sym(fr, fs[i])) : NULL;
  }
  if (r->p->cuts && r->st) sxl_cut_leave(r);
  int bad = frame_pop(s) || s->nframes == 0, oom = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (bad || oom || dst == UINT32_MAX) {
      symx_expr_release(e[i]);
      continue;
    }
    oom = sxl_reg_put(&s->frames[s->nframes - 1], dst + i, v[i], e[i]); /* e[i] consumed */
  }
  if (bad) return s->nframes ? sxl_oom(r) : sxl_fatal(r, "main returned an aggregate");
  if (oom) return sxl_oom(r);
  return SXL_RETURNED;
}

int sxl_ret(run *r, const sxl_ins *in) {
  sxl_state *s = r->s;
  if (in->flag) return ret_fields(r, in);
  if (s->nframes == 1 && in->a != UINT32_MAX) {
    /* A symbolic exit status: one value (or one path per value with
       enum_outputs; nothing when it is concrete). */
    int rc = sxl_out_slot(r, in->a, 8);
    if (rc != SXL_CONTINUE) return rc;
  }
  sxl_frame *fr = &s->frames[s->nframes - 1];
  uint64_t v = 0;
  symx_expr *e = NULL;
  if (in->a != UINT32_MAX) {
    v = sxl_reg_val(fr, in->a);
    e = sxl_reg_sym(fr, in->a) ? symx_expr_retain(sxl_reg_sym(fr, in->a)) : NULL;
  }
  uint32_t dst = fr->ret_dst;
  /* where main returned: the program's own, also under a C library's or
     the environment runtime's entry (a libc frame below it) */
  int below_libc = s->nframes == 2 && r->p->fns[s->frames[0].fn].is_libc;
  if ((s->nframes == 1 && !r->p->fns[fr->fn].is_libc) || (below_libc && in->loc))
    s->end_loc = in->loc;
  if (r->p->cuts && r->st) sxl_cut_leave(r);
  if (frame_pop(s)) {
    symx_expr_release(e);
    return sxl_oom(r);
  }
  if (s->nframes == 0) return main_returned(r, v, e);
  if (dst == UINT32_MAX) {
    symx_expr_release(e);
    return SXL_RETURNED;
  }
  /* the caller's window may be shared with a fork's other side */
  return sxl_reg_put(&s->frames[s->nframes - 1], dst, v, e) ? sxl_oom(r) : SXL_RETURNED;
}
