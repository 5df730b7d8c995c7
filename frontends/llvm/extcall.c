/*
** extcall.c — a call of a function without bitcode: the native function of
** that name (dlsym) called through libffi with concrete arguments, as
** KLEE does. A symbolic argument takes its value under the path's witness
** (the constraint is added; with --external-calls=over-approx it is not)
** unless --external-calls=concrete refuses it;
** --external-calls=none refuses every such call. A pointer argument is
** passed as a native copy of its object (symbolic bytes concretized the
** same way), copied back after the call; addresses stored in such an
** object are passed as pointers into copies too (one level: argv-style
** arrays, struct fields, out-parameters like strtol's), and native
** pointers into the copies the function leaves in them become addresses
** again; bytes written past a copy's end are an out-of-bounds error. A
** long double (x86_fp80, two slots) goes and comes back as the host's. As
** in KLEE, a call that fails (no native function of that name, or one that
** faults) is the error "external", and a call --external-calls=none
** forbids a user error; a call that cannot be made otherwise ends its path
** early with one message naming the function.
*/
#include "exec_impl.h"

#include <dlfcn.h>
#include <ffi.h>
#include <inttypes.h>
#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGS = 32, MAX_BUFS = 256, GUARD = 64, GUARD_BYTE = 0xA5 };
#define MAX_COPY (64ull << 20) /* the largest object passed to a native function */

typedef struct ext_buf {
  uint32_t id;
  int ro;        /* not copied back */
  uint64_t size; /* the object's; GUARD bytes follow in mem */
  uint8_t *mem;
  uint8_t *before; /* over-approx: mem before the call (only changed bytes go back) */
} ext_buf;

typedef struct ext_call {
  run *r;
  const sxl_ins *in;
  const sxl_fn *fn;
  const uint32_t *args; /* argument slots in the caller's frame */
  uint32_t nargs;        /* arguments (an x86_fp80 has two slots) */
  uint32_t slot[MAX_ARGS]; /* each argument's (first) slot */
  int is_ld[MAX_ARGS];     /* an x86_fp80: passed as the host's long double */
  long double ld[MAX_ARGS];
  ffi_type *types[MAX_ARGS];
  uint64_t vals[MAX_ARGS];
  void *avals[MAX_ARGS];
  int is_ptr[MAX_ARGS];
  ext_buf bufs[MAX_BUFS];
  uint32_t nbufs;
} ext_call;

/* Functions that would act on symx-llvm's own process or the host's files,
** not the program's: end it (exit, and error/err, which may call it), jump,
** fork, signal, or change what the host's file system holds. */
static const char *const denied[] = {
    "exit", "quick_exit", "abort", "error", "error_at_line", "err", "errx", "verr", "verrx",
    "system", "popen", "daemon", "setsid", "setuid", "setgid", "seteuid", "setegid",
    "unlink", "unlinkat", "remove", "rename", "renameat", "rmdir", "mkdir", "mkdirat",
    "truncate", "chmod", "fchmod", "chown", "fchown", "lchown", "link", "symlink", "mkfifo",
    "fork", "vfork", "clone", "execve", "execv", "execvp", "execl", "execlp", "execle",
    "_exit", "_Exit", "longjmp", "siglongjmp", "_longjmp", "setjmp", "sigsetjmp", "_setjmp",
    "pthread_create", "pthread_exit", "kill", "raise", "signal", "sigaction", "setrlimit",
    "atexit", "on_exit", "mmap", "munmap", "brk", "sbrk", "chdir", "fchdir"};

static int refuse(run *r, const char *fmt, const char *name, const char *detail) {
  char msg[400];
  snprintf(msg, sizeof msg, fmt, name, detail);
  sxl_report_unsupported(r, msg);
  return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, msg, 0);
}

/* The call failed, or was forbidden: the path ends with an error of kind. */
static int fail(run *r, symx_error_kind kind, const char *fmt, const char *name, const char *detail) {
  char msg[400];
  snprintf(msg, sizeof msg, fmt, name, detail);
  return sxl_end(r, SYMX_END_ERROR, kind, msg, 0);
}

static int is_denied(const char *name) {
  for (size_t k = 0; k < sizeof denied / sizeof denied[0]; k++)
    if (strcmp(denied[k], name) == 0) return 1;
  return 0;
}

static int has_attr(LLVMValueRef f, unsigned idx, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  return LLVMGetEnumAttributeAtIndex(f, idx, kind) != NULL;
}

/* The libffi type of a value of type t (attributes at index idx of the
** function: 0 its result, i + 1 parameter i), or NULL (why says why). */
static ffi_type *ffi_of(LLVMValueRef f, unsigned idx, LLVMTypeRef t, const char **why) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMPointerTypeKind:
    if (has_attr(f, idx, "byval")) *why = "a struct passed by value";
    return *why ? NULL : &ffi_type_pointer;
  case LLVMDoubleTypeKind: return &ffi_type_double;
  case LLVMX86_FP80TypeKind: return &ffi_type_longdouble;
  case LLVMFloatTypeKind: return &ffi_type_float;
  case LLVMIntegerTypeKind: break;
  default: *why = "of a type symx-llvm cannot pass natively"; return NULL;
  }
  int s = has_attr(f, idx, "signext");
  switch (LLVMGetIntTypeWidth(t)) {
  case 1:
  case 8: return s ? &ffi_type_sint8 : &ffi_type_uint8;
  case 16: return s ? &ffi_type_sint16 : &ffi_type_uint16;
  case 32: return s ? &ffi_type_sint32 : &ffi_type_uint32;
  case 64: return &ffi_type_uint64;
  default: *why = "an integer wider than 64 bits"; return NULL;
  }
}

/* A variadic argument: 64 bits, a pointer when it is the address of one of
** the path's objects (its type is not in the call any more). */
static void vararg_type(ext_call *c, uint32_t i, uint64_t v) {
  sxl_mem *m = c->r->s->mem;
  uint32_t id = SXL_ID(v);
  c->is_ptr[i] = id && id < m->n && sxl_mem_get(m, id);
  c->types[i] = c->is_ptr[i] ? &ffi_type_pointer : &ffi_type_uint64;
}

/* The arguments' slots: an x86_fp80 (a parameter of that type, or a
** variadic one marked so) takes two. 0, or an SXL_* result. */
static int arg_slots(ext_call *c, uint32_t nparams, const LLVMTypeRef *pt) {
  const uint32_t *sizes = c->in->flag & 2 ? c->args + c->in->c : NULL;
  uint32_t n = 0;
  for (uint32_t j = 0; j < c->in->c; j++, n++) {
    if (n == MAX_ARGS)
      return refuse(c->r, "external call to '%s': more than %s arguments", c->fn->name, "32");
    c->slot[n] = c->args[j];
    c->is_ld[n] = n < nparams ? LLVMGetTypeKind(pt[n]) == LLVMX86_FP80TypeKind
                              : sizes && sizes[j] == SXL_ARG_FP80;
    j += c->is_ld[n] && j + 1 < c->in->c;
  }
  c->nargs = n;
  return 0;
}

/* Argument i concrete: its bits, or its long double; a symbolic one takes
** its value under the witness unless the policy refuses it. */
static int take_value(ext_call *c, uint32_t i, int policy) {
  run *r = c->r;
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  uint32_t s = c->slot[i];
  if ((sxl_reg_sym(fr, s) || (c->is_ld[i] && sxl_reg_sym(fr, s + 1))) &&
      policy == SXL_EXT_CONCRETE)
    return refuse(r, "external call to '%s' with a symbolic argument%s", c->fn->name,
                  " (--external-calls=concrete)");
  uint64_t hi = 0;
  int over = policy == SXL_EXT_OVER_APPROX; /* witness values the path does not keep */
  int rc = over ? sxl_witness(r, s, &c->vals[i]) : sxl_concrete(r, s, 64, &c->vals[i]);
  if (rc == SXL_CONTINUE && c->is_ld[i])
    rc = over ? sxl_witness(r, s + 1, &hi) : sxl_concrete(r, s + 1, 16, &hi);
  if (rc != SXL_CONTINUE) return rc;
  if (c->is_ld[i]) c->ld[i] = sxl_fp80_value(c->vals[i], hi);
  return 0;
}

/* Argument values made concrete, their types. 0, or an SXL_* result. */
static int take_args(ext_call *c, LLVMTypeRef fty, int policy) {
  run *r = c->r;
  uint32_t nparams = LLVMCountParamTypes(fty);
  LLVMTypeRef pt[MAX_ARGS];
  if (nparams > MAX_ARGS)
    return refuse(r, "external call to '%s': more than %s arguments", c->fn->name, "32");
  LLVMGetParamTypes(fty, pt);
  int rc = arg_slots(c, nparams, pt);
  if (rc) return rc;
  if (c->nargs < nparams)
    return refuse(r, "external call to '%s'%s", c->fn->name, " with too few arguments");
  for (uint32_t i = 0; i < c->nargs; i++) {
    if ((rc = take_value(c, i, policy))) return rc;
    const char *why = NULL;
    if (i < nparams) {
      c->types[i] = ffi_of(c->fn->ref, i + 1, pt[i], &why);
      c->is_ptr[i] = LLVMGetTypeKind(pt[i]) == LLVMPointerTypeKind;
    } else if (c->is_ld[i]) {
      c->types[i] = &ffi_type_longdouble;
    } else {
      vararg_type(c, i, c->vals[i]);
    }
    if (why) {
      char d[100];
      snprintf(d, sizeof d, "argument %u is %s", i + 1, why);
      return refuse(r, "external call to '%s': %s", c->fn->name, d);
    }
  }
  return 0;
}

/* The object's bytes become b's (as constants: it may be symbolic, or in
** array form). 0 or an SXL_* result. */
static int set_bytes(run *r, const ext_buf *b) {
  sxl_obj *o = sxl_mem_get(r->s->mem, b->id);
  if (!o->amode && !o->nsym) {
    uint8_t *tmp;
    const uint8_t *cur = sxl_bytes_span(o, 0, b->size, &tmp);
    int same = cur && !memcmp(cur, b->mem, b->size);
    free(tmp);
    if (!cur) return sxl_oom(r);
    if (same) return 0;
    if (!(o = sxl_mem_write_obj(&r->s->mem, b->id)) ||
        sxl_bytes_write(o, 0, b->mem, b->size, r->s->mem->copied))
      return sxl_oom(r);
    return 0;
  }
  for (uint64_t k = 0; k < b->size; k++) {
    if (b->before && b->before[k] == b->mem[k]) continue; /* left as it was */
    symx_expr *v = symx_const(r->ctx, 8, b->mem[k]);
    int bad = sxl_write_byte(r, b->id, k, v);
    symx_expr_release(v);
    if (bad) return sxl_oom(r);
  }
  return 0;
}

/* The object's bytes, symbolic ones concretized under the witness (and
** the object made concrete to match; with over-approx their witness values
** only, the object left as it is), into b->mem. 0 or an SXL_* result. */
static int copy_out(run *r, sxl_obj *o, ext_buf *b) {
  int over = r->x->ext_calls == SXL_EXT_OVER_APPROX;
  memset(b->mem + b->size, GUARD_BYTE, GUARD);
  if (!o->amode && !o->nsym) {
    sxl_bytes_read(o, 0, b->mem, b->size);
    return 0;
  }
  sxl_flush(r);
  for (uint64_t k = 0; k < b->size; k++) {
    symx_expr *e = sxl_read_byte(r, o, k);
    uint64_t v = 0;
    int ok = e && (symx_expr_is_const(e) ? (v = symx_expr_const_value(e), 1)
                   : r->st && (over ? symx_state_eval(r->st, e, &v)
                                    : symx_state_concretize(r->st, e, &v)) == SYMX_OK);
    symx_expr_release(e);
    if (!ok) return sxl_fatal(r, "concretizing an external call's argument");
    b->mem[k] = (uint8_t)v;
  }
  if (!over) return set_bytes(r, b);
  b->before = b->mem + b->size + GUARD;
  memcpy(b->before, b->mem, b->size);
  return 0;
}

/* The copy of object id (made on first use): its index in c->bufs, or -1
** with *rc the SXL_* result that ends the call. */
static int buffer_of(ext_call *c, uint32_t id, int *rc) {
  run *r = c->r;
  for (uint32_t k = 0; k < c->nbufs; k++)
    if (c->bufs[k].id == id) return (int)k;
  sxl_obj *o = sxl_mem_get(r->s->mem, id);
  if (o->size > MAX_COPY || c->nbufs == MAX_BUFS) {
    *rc = refuse(r, "external call to '%s': %s", c->fn->name,
                 "its arguments reach objects too large or too many to copy");
    return -1;
  }
  ext_buf *b = &c->bufs[c->nbufs];
  *b = (ext_buf){id, o->ro, o->size, malloc(2 * o->size + GUARD), NULL}; /* mem, GUARD, before */
  if (!b->mem) {
    *rc = sxl_oom(r);
    return -1;
  }
  c->nbufs++;
  *rc = copy_out(r, o, b);
  return *rc ? -1 : (int)c->nbufs - 1;
}

/* The live object an address of the path points into (not a function),
** or NULL. */
static sxl_obj *object_at(run *r, uint64_t v) {
  sxl_mem *m = r->s->mem;
  uint32_t id = SXL_ID(v);
  sxl_obj *o = id && id < m->n ? sxl_mem_get(m, id) : NULL;
  return o && o->kind != OBJ_FUNC && o->kind != OBJ_FREED && SXL_OFF(v) <= o->size ? o : NULL;
}

/* Pointer argument i as a native pointer into a copy of its object. */
static int pass_pointer(ext_call *c, uint32_t i) {
  run *r = c->r;
  uint64_t v = c->vals[i];
  uint32_t id = SXL_ID(v);
  sxl_mem *m = r->s->mem;
  sxl_obj *o = id && id < m->n ? sxl_mem_get(m, id) : NULL;
  if (!o) return 0; /* NULL or an integer made a pointer: passed as it is */
  if (o->kind == OBJ_FUNC || o->kind == OBJ_FREED)
    return refuse(r, "external call to '%s': argument %s", c->fn->name,
                  o->kind == OBJ_FUNC ? "is a function pointer" : "points to freed memory");
  int rc, k = buffer_of(c, id, &rc);
  if (k < 0) return rc;
  c->vals[i] = (uint64_t)(uintptr_t)(c->bufs[k].mem + SXL_OFF(v));
  return 0;
}

/* One level down: addresses of the path's objects stored in the first n
** copies (argv-style arrays, struct fields, out-parameters) become native
** pointers into copies of those objects. */
static int swizzle(ext_call *c, uint32_t n) {
  for (uint32_t k = 0; k < n; k++)
    for (uint64_t off = 0; off + 8 <= c->bufs[k].size; off += 8) {
      uint64_t w;
      memcpy(&w, c->bufs[k].mem + off, 8);
      if (!object_at(c->r, w)) continue;
      int rc, j = buffer_of(c, SXL_ID(w), &rc);
      if (j < 0) return rc;
      uint64_t p = (uint64_t)(uintptr_t)(c->bufs[j].mem + SXL_OFF(w));
      memcpy(c->bufs[k].mem + off, &p, 8);
    }
  return 0;
}

/* After the call: native pointers into the copies stored in them become
** the path's addresses again (a swizzled one, or one the function wrote). */
static void unswizzle(ext_call *c) {
  for (uint32_t k = 0; k < c->nbufs; k++)
    for (uint64_t off = 0; off + 8 <= c->bufs[k].size; off += 8) {
      uint64_t w;
      memcpy(&w, c->bufs[k].mem + off, 8);
      for (uint32_t j = 0; j < c->nbufs; j++) {
        uint8_t *p = (uint8_t *)(uintptr_t)w;
        if (p < c->bufs[j].mem || p > c->bufs[j].mem + c->bufs[j].size) continue;
        w = SXL_ADDR(c->bufs[j].id, p - c->bufs[j].mem);
        memcpy(c->bufs[k].mem + off, &w, 8);
        break;
      }
    }
}

static sigjmp_buf g_jmp;
static volatile sig_atomic_t g_sig;

static void on_fault(int sig) {
  g_sig = sig;
  siglongjmp(g_jmp, 1);
}

/* The native call; 0, or the signal that ended it. */
static int guarded_call(ffi_cif *cif, void (*f)(void), uint64_t *ret, void **avals) {
  static const int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
  struct sigaction sa, old[4];
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fault;
  sigemptyset(&sa.sa_mask);
  for (int k = 0; k < 4; k++) sigaction(sigs[k], &sa, &old[k]);
  g_sig = 0;
  if (!sigsetjmp(g_jmp, 1)) ffi_call(cif, f, ret, avals);
  for (int k = 0; k < 4; k++) sigaction(sigs[k], &old[k], NULL);
  return g_sig;
}

/* The copies back into their objects (read-only ones not); an error when
** the function wrote past a copy's end. */
static int copy_back(ext_call *c) {
  run *r = c->r;
  for (uint32_t k = 0; k < c->nbufs; k++) {
    ext_buf *b = &c->bufs[k];
    for (int g = 0; g < GUARD; g++)
      if (b->mem[b->size + g] != GUARD_BYTE)
        return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_OUT_OF_BOUNDS,
                       "external call wrote past the end of an object", 0);
    int rc = b->ro ? 0 : set_bytes(r, b);
    if (rc) return rc;
  }
  return 0;
}

/* A returned native pointer as an address of the path: into one of the
** copies, NULL, or a new object holding a returned C string. */
static int map_pointer(ext_call *c, LLVMTypeRef rt, uint64_t *v) {
  uint8_t *p = (uint8_t *)(uintptr_t)*v;
  if (!p) return 0;
  for (uint32_t k = 0; k < c->nbufs; k++)
    if (p >= c->bufs[k].mem && p <= c->bufs[k].mem + c->bufs[k].size) {
      *v = SXL_ADDR(c->bufs[k].id, p - c->bufs[k].mem);
      return 0;
    }
  LLVMTypeRef et = LLVMGetElementType(rt);
  if (!et || LLVMGetTypeKind(et) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(et) != 8)
    return refuse(c->r, "external call to '%s': %s", c->fn->name,
                  "it returned a native pointer symx-llvm cannot follow");
  size_t n = strlen((const char *)p) + 1;
  uint32_t id = sxl_mem_alloc(&c->r->s->mem, OBJ_HEAP, n, c->in->loc, 0);
  if (!id || sxl_bytes_write(sxl_mem_get(c->r->s->mem, id), 0, p, n, NULL)) return sxl_oom(c->r);
  *v = SXL_ADDR(id, 0);
  return 0;
}

/* KLEE's "calling external: f(args)" warning, with the concrete values
** passed, as --external-call-warnings asks. */
static void warn_call(ext_call *c) {
  sxl_exec *x = c->r->x;
  if (x->ext_warnings == SXL_EXTWARN_NONE || !x->on_warning) return;
  char key[300], text[600];
  snprintf(key, sizeof key, "calling external: %s", c->fn->name);
  if (x->ext_warnings == SXL_EXTWARN_ONCE && sxl_warned_once(x, key)) return;
  size_t n = (size_t)snprintf(text, sizeof text, "%s(", key);
  for (uint32_t i = 0; i < c->nargs && n < sizeof text; i++)
    n += (size_t)snprintf(text + n, sizeof text - n, "%s%" PRIu64, i ? ", " : "", c->vals[i]);
  if (n < sizeof text) snprintf(text + n, sizeof text - n, ")");
  x->on_warning(x->end_ud, text, x->ext_warnings == SXL_EXTWARN_ONCE);
}

/* The call made: arguments passed, copies back, the result set. */
static int call_native(ext_call *c, LLVMTypeRef fty, void (*f)(void)) {
  LLVMTypeRef rt = LLVMGetReturnType(fty);
  const char *why = NULL;
  ffi_type *rtype = LLVMGetTypeKind(rt) == LLVMVoidTypeKind ? &ffi_type_void
                                                               : ffi_of(c->fn->ref, 0, rt, &why);
  if (!rtype) return refuse(c->r, "external call to '%s': %s", c->fn->name, "its result type");
  uint32_t nfixed = LLVMCountParamTypes(fty);
  ffi_cif cif;
  int st = LLVMIsFunctionVarArg(fty)
               ? ffi_prep_cif_var(&cif, FFI_DEFAULT_ABI, nfixed, c->nargs, rtype, c->types)
               : ffi_prep_cif(&cif, FFI_DEFAULT_ABI, c->nargs, rtype, c->types);
  if (st != FFI_OK) return refuse(c->r, "external call to '%s': %s", c->fn->name, "libffi refused it");
  for (uint32_t i = 0; i < c->nargs; i++)
    c->avals[i] = c->is_ld[i] ? (void *)&c->ld[i] : (void *)&c->vals[i];
  uint64_t ret[2] = {0, 0};
  int sig = guarded_call(&cif, f, ret, c->avals);
  if (sig) {
    char d[40];
    snprintf(d, sizeof d, "%d", sig);
    return fail(c->r, SYMX_ERR_EXTERNAL, "external call to '%s' failed: signal %s", c->fn->name, d);
  }
  unswizzle(c);
  int rc = copy_back(c);
  if (rc) return rc;
  uint64_t v = ret[0];
  if (LLVMGetTypeKind(rt) == LLVMPointerTypeKind && (rc = map_pointer(c, rt, &v))) return rc;
  rc = SXL_CONTINUE;
  if (c->in->dst != UINT32_MAX && rtype == &ffi_type_longdouble) { /* its 10 bytes */
    rc = sxl_setc(c->r, c->in->dst, ret[0]);
    if (rc == SXL_CONTINUE) rc = sxl_setc(c->r, c->in->dst + 1, ret[1] & 0xffff);
  } else if (c->in->dst != UINT32_MAX && rtype != &ffi_type_void)
    rc = sxl_setc(c->r, c->in->dst, c->in->w && c->in->w < 64 ? v & ((1ull << c->in->w) - 1) : v);
  return rc == SXL_CONTINUE ? SXL_RETURNED : rc;
}

/* Inline assembly we cannot run, under --external-calls=none: KLEE runs
** such assembly as an external call, so it is an external call disallowed
** there, and KLEE files it as an execution error (testN.exec.err). */
int sxl_asm_disallowed(run *r, const char *what) {
  char msg[600];
  snprintf(msg, sizeof msg, "external calls disallowed (in particular inline asm): %s", what);
  snprintf(r->x->err_suffix, sizeof r->x->err_suffix, "exec.err");
  int rc = sxl_end(r, SYMX_END_ERROR, SYMX_ERR_EXTERNAL, msg, 0);
  r->x->err_suffix[0] = 0;
  return rc;
}

int sxl_extcall(run *r, const sxl_ins *in, const sxl_fn *fn) {
  int policy = r->x->ext_calls;
  if (policy == SXL_EXT_NONE)
    return fail(r, SYMX_ERR_USER, "external calls disallowed: '%s', a function without bitcode%s", fn->name,
                  " (--external-calls=none)");
  if (is_denied(fn->name))
    return refuse(r, "external call to '%s': %s", fn->name,
                  "not allowed (it would act on symx-llvm's own process or the host's files)");
  void (*f)(void) = NULL;
  void *sym = dlsym(RTLD_DEFAULT, fn->name);
  memcpy(&f, &sym, sizeof f); /* ISO C has no object-to-function pointer cast */
  if (!f) return fail(r, SYMX_ERR_EXTERNAL, "call to undefined function '%s'%s", fn->name,
                        ": no bitcode and no native function of that name");
  ext_call *c = calloc(1, sizeof *c);
  if (!c) return sxl_oom(r);
  c->r = r;
  c->in = in;
  c->fn = fn;
  c->args = r->p->fns[r->s->frames[r->s->nframes - 1].fn].args + in->imm;
  LLVMTypeRef fty = LLVMGlobalGetValueType(fn->ref);
  int rc = take_args(c, fty, policy);
  for (uint32_t i = 0; !rc && i < c->nargs; i++)
    if (c->is_ptr[i]) rc = pass_pointer(c, i);
  if (!rc) rc = swizzle(c, c->nbufs);
  if (!rc) warn_call(c);
  if (!rc) rc = call_native(c, fty, f);
  for (uint32_t k = 0; k < c->nbufs; k++) free(c->bufs[k].mem);
  free(c);
  return rc;
}
