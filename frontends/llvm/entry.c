/*
** entry.c — starting in the middle (--entry FUNC; Otter, K. Ma's
** dissertation §2 and ch. 3): a harness function built into the linked
** module calls FUNC with symbolic arguments after making the program's own
** globals symbolic. A pointer (argument, global, or a field of an object
** so made) becomes, by a symbolic selector byte, null, one fresh symbolic
** object of its pointee type, or (for a primitive pointee) the start of
** an array of `array` of them — Otter's conditional pointer. Otter creates
** those objects on their first dereference; here they are made when the
** harness runs, up to `depth` pointers deep (deeper ones are null), which
** costs memory but no solver work: an unused object constrains nothing.
** The harness is ordinary code, so its test cases replay (--replay).
*/
#include "entry.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/DebugInfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct eb {
  LLVMModuleRef m;
  LLVMContextRef c;
  LLVMBuilderRef b;
  LLVMTargetDataRef td;
  LLVMValueRef h;              /* the harness */
  LLVMValueRef mksym, malloc_, lazy_; /* symx_make_symbolic, malloc, __symx_lazy_pointer */
  LLVMTypeRef mksym_t, malloc_t, lazy_t, i8p, i64;
  sxl_lazy_tab *tab;     /* the pointee types (lazy.c) */
  LLVMTypeRef *tys;      /* the LLVM type of each */
  uint32_t capty;
} eb;

/* A function named name of type t, declared when the module has none;
** cast to t (a declaration of another type stays as it is). */
static LLVMValueRef callee(eb *e, const char *name, LLVMTypeRef t) {
  LLVMValueRef f = LLVMGetNamedFunction(e->m, name);
  if (!f) f = LLVMAddFunction(e->m, name, t);
  return LLVMConstBitCast(f, LLVMPointerType(t, 0));
}

/* The bytes [addr, +size) become the input name. */
static void make_symbolic(eb *e, LLVMValueRef addr, uint64_t size, const char *name) {
  LLVMValueRef args[3] = {LLVMBuildBitCast(e->b, addr, e->i8p, ""),
                          LLVMConstInt(e->i64, size, 0),
                          LLVMBuildGlobalStringPtr(e->b, name, ".entry.name")};
  LLVMBuildCall2(e->b, e->mksym_t, e->mksym, args, 3, "");
}

static int is_primitive(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMIntegerTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind ||
         k == LLVMX86_FP80TypeKind;
}

static uint32_t lazy_type(eb *e, LLVMTypeRef t);

/* The pointers inside type t at offset base, appended to out[*n] (at most
** max: a longer list's tail stays plain symbolic bytes). */
static void pointers_of(eb *e, LLVMTypeRef t, uint64_t base, sxl_lazy_ptr *out, uint32_t *n,
                        uint32_t max) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMPointerTypeKind:
    if (*n < max) out[(*n)++] = (sxl_lazy_ptr){base, lazy_type(e, LLVMGetElementType(t))};
    return;
  case LLVMStructTypeKind:
    if (LLVMIsOpaqueStruct(t)) return;
    for (unsigned i = 0; i < LLVMCountStructElementTypes(t); i++)
      pointers_of(e, LLVMStructGetTypeAtIndex(t, i), base + LLVMOffsetOfElement(e->td, t, i), out,
                  n, max);
    return;
  case LLVMArrayTypeKind: {
    LLVMTypeRef et = LLVMGetElementType(t);
    uint64_t es = LLVMABISizeOfType(e->td, et);
    for (unsigned i = 0; i < LLVMGetArrayLength(t) && i < 16; i++) /* a long array: its head */
      pointers_of(e, et, base + i * es, out, n, max);
    return;
  }
  default: return;
  }
}

/* The table index of pointee type t (made once; SXL_LAZY_NONE: a pointer
** to it stays null: a function, an opaque or empty type). */
static uint32_t lazy_type(eb *e, LLVMTypeRef t) {
  sxl_lazy_tab *tab = e->tab;
  if (LLVMGetTypeKind(t) == LLVMFunctionTypeKind || !LLVMTypeIsSized(t) ||
      !LLVMABISizeOfType(e->td, t))
    return SXL_LAZY_NONE;
  for (uint32_t i = 0; i < tab->ntypes; i++)
    if (e->tys[i] == t) return i;
  if (tab->ntypes == e->capty) {
    uint32_t cap = e->capty ? 2 * e->capty : 16;
    sxl_lazy_type *nt = realloc(tab->types, cap * sizeof *nt);
    LLVMTypeRef *nr = nt ? realloc(e->tys, cap * sizeof *nr) : NULL;
    if (nt) tab->types = nt;
    if (!nr) return SXL_LAZY_NONE;
    e->tys = nr;
    e->capty = cap;
  }
  uint32_t k = tab->ntypes++; /* before its pointers: a type may point to itself */
  e->tys[k] = t;
  tab->types[k] = (sxl_lazy_type){LLVMABISizeOfType(e->td, t), is_primitive(t), 0, 0};
  sxl_lazy_ptr ps[256];
  uint32_t n = 0;
  pointers_of(e, t, 0, ps, &n, 256);
  sxl_lazy_ptr *np = n ? realloc(tab->ptrs, (tab->nptrs + n) * sizeof *np) : NULL;
  if (n && !np) return SXL_LAZY_NONE;
  if (n) tab->ptrs = np, memcpy(np + tab->nptrs, ps, n * sizeof *ps);
  tab->types[k].ptr0 = tab->nptrs;
  tab->types[k].nptr = n;
  tab->nptrs += n;
  return k;
}

/* The pointers inside the object at addr (of type t) made lazy (lazy.c). */
static void fix_pointers(eb *e, LLVMValueRef addr, LLVMTypeRef t, const char *name) {
  sxl_lazy_ptr ps[256];
  uint32_t n = 0;
  pointers_of(e, t, 0, ps, &n, 256);
  for (uint32_t i = 0; i < n; i++) {
    char sub[300];
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) snprintf(sub, sizeof sub, "%s", name);
    else snprintf(sub, sizeof sub, "%s+%llu", name, (unsigned long long)ps[i].off);
    LLVMValueRef base = LLVMBuildBitCast(e->b, addr, e->i8p, "");
    LLVMValueRef off = LLVMConstInt(e->i64, ps[i].off, 0);
    LLVMValueRef args[4] = {LLVMBuildGEP2(e->b, LLVMInt8TypeInContext(e->c), base, &off, 1, ""),
                            LLVMConstInt(e->i64, ps[i].type, 0),
                            LLVMBuildGlobalStringPtr(e->b, sub, ".entry.name"),
                            LLVMConstInt(e->i64, 0, 0)};
    LLVMBuildCall2(e->b, e->lazy_t, e->lazy_, args, 4, "");
  }
}

/* The object at addr (type t) becomes the input name, its pointers lazy
** (a pointer alone makes no input of its own bytes). */
static void init_object(eb *e, LLVMValueRef addr, LLVMTypeRef t, const char *name) {
  if (!LLVMTypeIsSized(t)) return;
  uint64_t size = LLVMABISizeOfType(e->td, t);
  if (size && LLVMGetTypeKind(t) != LLVMPointerTypeKind) make_symbolic(e, addr, size, name);
  fix_pointers(e, addr, t, name);
}

/* A fresh heap object of n elements of type t (its address as t*). */
static LLVMValueRef fresh(eb *e, LLVMTypeRef t, unsigned n) {
  LLVMValueRef sz = LLVMConstInt(e->i64, LLVMABISizeOfType(e->td, t) * n, 0);
  LLVMValueRef p = LLVMBuildCall2(e->b, e->malloc_t, e->malloc_, &sz, 1, "");
  return LLVMBuildBitCast(e->b, p, LLVMPointerType(t, 0), "");
}

/* Whether function f is the program's own code (not our libc's, not
** without debug info in a program that has some). */
static int own_code(LLVMValueRef f, int debug) {
  return f && !LLVMIsDeclaration(f) &&
         !LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, SXL_LIB_ATTR,
                                        sizeof SXL_LIB_ATTR - 1) &&
         (!debug || LLVMGetSubprogram(f));
}

/* Who uses value v (through constant expressions): bit 1 the program's
** own code, bit 2 other code. */
static int users(LLVMValueRef v, int debug, unsigned level) {
  int who = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u && level < 8; u = LLVMGetNextUse(u)) {
    LLVMValueRef w = LLVMGetUser(u);
    if (LLVMIsAInstruction(w)) {
      LLVMValueRef f = LLVMGetBasicBlockParent(LLVMGetInstructionParent(w));
      who |= own_code(f, debug) ? 1 : 2;
    } else if (LLVMIsAConstantExpr(w)) {
      who |= users(w, debug, level + 1);
    } else {
      who |= 2; /* an initializer of another global: left alone */
    }
  }
  return who;
}

/* Whether the module has debug info (then code without it is a library's). */
static int module_debug(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMGetSubprogram(f)) return 1;
  return 0;
}

/* The program's own writable globals, those only its own code uses (a
** libc global such as errno or stdout is left alone), into g[0..max):
** their number. Found before any harness uses them. */
static size_t own_globals(LLVMModuleRef m, LLVMValueRef *g, size_t max) {
  int debug = module_debug(m);
  size_t k = 0;
  for (LLVMValueRef v = LLVMGetFirstGlobal(m); v && k < max; v = LLVMGetNextGlobal(v)) {
    size_t n;
    const char *name = LLVMGetValueName2(v, &n);
    if (!LLVMIsDeclaration(v) && !LLVMIsGlobalConstant(v) && strncmp(name, "llvm.", 5) &&
        users(v, debug, 0) == 1)
      g[k++] = v;
  }
  return k;
}

/* Whether code takes f's address (a use other than as a call's callee). */
static int address_taken(LLVMValueRef f) {
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef w = LLVMGetUser(u);
    if (!LLVMIsACallInst(w) || LLVMGetCalledValue(w) != f) return 1;
  }
  return 0;
}

size_t sxl_entry_fns_of(LLVMModuleRef m, LLVMTypeRef fty, LLVMValueRef *out, size_t max) {
  int debug = module_debug(m);
  size_t n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && n < max; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (LLVMGlobalGetValueType(f) == fty && own_code(f, debug) && address_taken(f) &&
        strncmp(name, SXL_ENTRY_PREFIX, strlen(SXL_ENTRY_PREFIX)))
      out[n++] = f;
  }
  return n;
}

/* A function pointer argument (type t): one of the functions
** sxl_entry_fns_of lists, the k-th by the input NAME.fn == k, past them
** null; null when there are none (as a pointer to a function inside an
** object stays). */
static LLVMValueRef fn_choice(eb *e, LLVMTypeRef t, const char *name) {
  LLVMValueRef fs[SXL_ENTRY_MAXFNS], v = LLVMConstNull(t);
  size_t n = sxl_entry_fns_of(e->m, LLVMGetElementType(t), fs, SXL_ENTRY_MAXFNS);
  if (!n) return v;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(e->c);
  LLVMValueRef slot = LLVMBuildAlloca(e->b, i8, "");
  char nm[48];
  snprintf(nm, sizeof nm, "%s.fn", name);
  make_symbolic(e, slot, 1, nm);
  LLVMValueRef sel = LLVMBuildLoad2(e->b, i8, slot, "");
  for (size_t k = n; k-- > 0;) {
    LLVMValueRef eq = LLVMBuildICmp(e->b, LLVMIntEQ, sel, LLVMConstInt(i8, k, 0), "");
    v = LLVMBuildSelect(e->b, eq, LLVMConstBitCast(fs[k], t), v, "");
  }
  return v;
}

/* The call of fn with symbolic arguments arg0, arg1, ... (a byval
** argument is its object, never null; a function pointer: fn_choice). */
static void call_with_args(eb *e, LLVMValueRef fn) {
  LLVMTypeRef ft = LLVMGlobalGetValueType(fn);
  unsigned n = LLVMCountParams(fn);
  LLVMValueRef args[64];
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  for (unsigned i = 0; i < n && i < 64; i++) {
    LLVMTypeRef t = LLVMTypeOf(LLVMGetParam(fn, i));
    char name[32];
    snprintf(name, sizeof name, "arg%u", i);
    if (LLVMGetEnumAttributeAtIndex(fn, i + 1, byval)) {
      LLVMTypeRef pt = LLVMGetElementType(t);
      args[i] = fresh(e, pt, 1);
      init_object(e, args[i], pt, name);
      continue;
    }
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind &&
        LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMFunctionTypeKind) {
      args[i] = fn_choice(e, t, name);
      continue;
    }
    LLVMValueRef slot = LLVMBuildAlloca(e->b, t, "");
    init_object(e, slot, t, name);
    args[i] = LLVMBuildLoad2(e->b, t, slot, "");
  }
  LLVMBuildCall2(e->b, ft, fn, args, n, "");
}

/* The harness of function fname (cfg's globals symbolic); NULL with err
** set when there is no such function or the harness is not valid IR. */
static LLVMValueRef build(LLVMModuleRef m, const char *fname, sxl_entry_cfg *cfg,
                          char *err, size_t errlen) {
  LLVMValueRef fn = LLVMGetNamedFunction(m, fname);
  if (!fn || LLVMIsDeclaration(fn)) {
    snprintf(err, errlen, "--entry %s: no function of that name is defined in the program", fname);
    return NULL;
  }
  if (LLVMCountParams(fn) > 64) {
    snprintf(err, errlen, "--entry %s: more than 64 parameters", fname);
    return NULL;
  }
  eb e = {.m = m, .c = LLVMGetModuleContext(m), .td = LLVMGetModuleDataLayout(m),
          .tab = &cfg->lazy, .tys = cfg->tys, .capty = cfg->capty};
  e.i8p = LLVMPointerType(LLVMInt8TypeInContext(e.c), 0);
  e.i64 = LLVMInt64TypeInContext(e.c);
  LLVMTypeRef mk[3] = {e.i8p, e.i64, e.i8p};
  e.mksym_t = LLVMFunctionType(LLVMVoidTypeInContext(e.c), mk, 3, 0);
  e.malloc_t = LLVMFunctionType(e.i8p, &e.i64, 1, 0);
  e.mksym = callee(&e, "symx_make_symbolic", e.mksym_t);
  LLVMTypeRef lz[4] = {e.i8p, e.i64, e.i8p, e.i64};
  e.lazy_t = LLVMFunctionType(LLVMVoidTypeInContext(e.c), lz, 4, 0);
  e.lazy_ = callee(&e, "__symx_lazy_pointer", e.lazy_t);
  e.malloc_ = callee(&e, "malloc", e.malloc_t);
  char hname[300];
  snprintf(hname, sizeof hname, "%s%s", SXL_ENTRY_PREFIX, fname);
  e.h = LLVMAddFunction(m, hname, LLVMFunctionType(LLVMInt32TypeInContext(e.c), NULL, 0, 0));
  e.b = LLVMCreateBuilderInContext(e.c);
  LLVMPositionBuilderAtEnd(e.b, LLVMAppendBasicBlockInContext(e.c, e.h, "entry"));
  for (size_t i = 0; i < cfg->nglobals; i++) {
    size_t n;
    const char *gname = LLVMGetValueName2(cfg->globals[i], &n);
    init_object(&e, cfg->globals[i], LLVMGlobalGetValueType(cfg->globals[i]), gname);
  }
  call_with_args(&e, fn);
  LLVMBuildRet(e.b, LLVMConstInt(LLVMInt32TypeInContext(e.c), 0, 0));
  LLVMDisposeBuilder(e.b);
  cfg->tys = e.tys, cfg->capty = e.capty;
  if (LLVMVerifyFunction(e.h, LLVMReturnStatusAction)) {
    snprintf(err, errlen, "--entry %s: the harness built for it is not valid IR", fname);
    LLVMDeleteFunction(e.h);
    return NULL;
  }
  return e.h;
}

/* The harnesses cfg asks for: of cfg->fn (as main when cfg->as_main), and
** with cfg->all of every function of the program's own code but main. */
static int build_all(LLVMModuleRef m, sxl_entry_cfg *cfg, char *err, size_t errlen) {
  LLVMValueRef g[4096];
  sxl_lazy_tab_clear(&cfg->lazy); /* this module's types */
  cfg->lazy.depth = cfg->depth, cfg->lazy.array = cfg->array ? cfg->array : 1;
  free(cfg->tys);
  cfg->tys = NULL, cfg->capty = 0;
  cfg->globals = g;
  cfg->nglobals = own_globals(m, g, sizeof g / sizeof g[0]);
  int debug = module_debug(m);
  LLVMValueRef h = cfg->fn ? build(m, cfg->fn, cfg, err, errlen) : NULL;
  if (cfg->fn && !h) return -1;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f && cfg->all; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (!own_code(f, debug) || !strcmp(name, "main") || (cfg->fn && !strcmp(name, cfg->fn)) ||
        !strncmp(name, SXL_ENTRY_PREFIX, strlen(SXL_ENTRY_PREFIX)))
      continue;
    if (!build(m, name, cfg, err, errlen)) return -1;
  }
  cfg->globals = NULL;
  if (h && cfg->as_main) { /* the harness runs as main; the program's own main stays callable */
    LLVMValueRef mn = LLVMGetNamedFunction(m, "main");
    if (mn) LLVMSetValueName2(mn, "__symx_main_not_entry", strlen("__symx_main_not_entry"));
    LLVMSetValueName2(h, "main", 4);
  }
  return 0;
}

int sxl_entry_hook(void *ud, LLVMModuleRef m, char *err, size_t errlen) {
  sxl_entry_cfg *cfg = ud;
  if (cfg->aliases && cfg->aliases->n && sxl_function_alias(cfg->aliases, m, err, errlen))
    return -1;
  if (!cfg->fn && !cfg->all) return 0;
  return build_all(m, cfg, err, errlen);
}

void sxl_entry_cfg_free(sxl_entry_cfg *cfg) {
  sxl_lazy_tab_clear(&cfg->lazy);
  free(cfg->tys);
  cfg->tys = NULL, cfg->capty = 0;
}
