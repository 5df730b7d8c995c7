/*
** prune.c — before a libc module is linked into the program, everything of
** it the program cannot reach is removed: a full libc (musl, ~1,500
** functions) would otherwise be loaded, imaged and checked whole on every
** run, and one unsupported initializer in a function never called (a
** double table of libm) would refuse the program.
*/
#include "sxl.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A set of LLVM values (open addressing, pointers as keys). */
typedef struct vset {
  LLVMValueRef *slots;
  size_t cap, n;
} vset;

static size_t vhash(LLVMValueRef v, size_t cap) {
  uintptr_t x = (uintptr_t)v;
  x ^= x >> 17;
  x *= 0x9E3779B97F4A7C15ull;
  return (size_t)(x >> 7) & (cap - 1);
}

static int vset_grow(vset *s) {
  size_t cap = s->cap ? 2 * s->cap : 1024;
  LLVMValueRef *slots = calloc(cap, sizeof *slots);
  if (!slots) return -1;
  for (size_t i = 0; i < s->cap; i++) {
    if (!s->slots[i]) continue;
    size_t h = vhash(s->slots[i], cap);
    while (slots[h]) h = (h + 1) & (cap - 1);
    slots[h] = s->slots[i];
  }
  free(s->slots);
  s->slots = slots;
  s->cap = cap;
  return 0;
}

/* 1 when v was added, 0 when it was there, -1 when out of memory. */
static int vset_add(vset *s, LLVMValueRef v) {
  if (2 * (s->n + 1) > s->cap && vset_grow(s)) return -1;
  size_t h = vhash(v, s->cap);
  while (s->slots[h]) {
    if (s->slots[h] == v) return 0;
    h = (h + 1) & (s->cap - 1);
  }
  s->slots[h] = v;
  s->n++;
  return 1;
}

static int vset_has(const vset *s, LLVMValueRef v) {
  if (!s->cap) return 0;
  size_t h = vhash(v, s->cap);
  while (s->slots[h]) {
    if (s->slots[h] == v) return 1;
    h = (h + 1) & (s->cap - 1);
  }
  return 0;
}

typedef struct walk {
  vset seen;          /* globals reached, and constants looked into */
  LLVMValueRef *todo; /* globals reached, not yet looked into */
  size_t ntodo, captodo;
} walk;

static int push(walk *w, LLVMValueRef g) {
  if (w->ntodo == w->captodo) {
    size_t cap = w->captodo ? 2 * w->captodo : 256;
    LLVMValueRef *t = realloc(w->todo, cap * sizeof *t);
    if (!t) return -1;
    w->todo = t;
    w->captodo = cap;
  }
  w->todo[w->ntodo++] = g;
  return 0;
}

/* The globals a constant names, through constant expressions and
** aggregates (each constant looked into once). */
static int visit(walk *w, LLVMValueRef v) {
  if (!v || !LLVMIsAConstant(v)) return 0;
  int added = vset_add(&w->seen, v);
  if (added <= 0) return added;
  if (LLVMIsAGlobalValue(v)) return push(w, v);
  int n = LLVMGetNumOperands(v);
  for (int i = 0; i < n; i++)
    if (visit(w, LLVMGetOperand(v, i))) return -1;
  return 0;
}

static int visit_global(walk *w, LLVMValueRef g) {
  if (LLVMIsAGlobalAlias(g)) return visit(w, LLVMAliasGetAliasee(g));
  if (LLVMIsAGlobalVariable(g)) return visit(w, LLVMGetInitializer(g));
  if (!LLVMIsAFunction(g)) return 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(g); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
      int n = LLVMGetNumOperands(in);
      for (int i = 0; i < n; i++)
        if (visit(w, LLVMGetOperand(in, i))) return -1;
    }
  return 0;
}

/* lib's global named like g, a declaration of the program. */
static LLVMValueRef lib_named(LLVMModuleRef lib, LLVMValueRef g) {
  size_t n;
  const char *name = LLVMGetValueName2(g, &n);
  LLVMValueRef v = LLVMGetNamedFunction(lib, name);
  if (!v) v = LLVMGetNamedGlobal(lib, name);
  if (!v) v = LLVMGetNamedGlobalAlias(lib, name, n);
  return v;
}

/* Roots: what the program declares without defining, and exit (returning
** from main calls it). */
static int roots(walk *w, LLVMModuleRef prog, LLVMModuleRef lib) {
  for (LLVMValueRef f = LLVMGetFirstFunction(prog); f; f = LLVMGetNextFunction(f))
    if (LLVMIsDeclaration(f) && visit(w, lib_named(lib, f))) return -1;
  for (LLVMValueRef g = LLVMGetFirstGlobal(prog); g; g = LLVMGetNextGlobal(g))
    if (LLVMIsDeclaration(g) && visit(w, lib_named(lib, g))) return -1;
  return visit(w, LLVMGetNamedFunction(lib, "exit"));
}

/* Removes what w did not reach; its uses (all unreached too) become undef.
** The C API cannot delete an alias: an unreached one is made private and
** names one byte, so that what it named can go. */
static void sweep(const walk *w, LLVMModuleRef lib) {
  LLVMTypeRef i8 = LLVMInt8TypeInContext(LLVMGetModuleContext(lib));
  LLVMValueRef byte = NULL;
  for (LLVMValueRef a = LLVMGetFirstGlobalAlias(lib); a; a = LLVMGetNextGlobalAlias(a)) {
    if (vset_has(&w->seen, a)) continue;
    if (!byte) {
      byte = LLVMAddGlobal(lib, i8, "__symx_pruned");
      LLVMSetInitializer(byte, LLVMConstInt(i8, 0, 0));
      LLVMSetLinkage(byte, LLVMPrivateLinkage);
    }
    LLVMReplaceAllUsesWith(a, LLVMGetUndef(LLVMTypeOf(a)));
    LLVMAliasSetAliasee(a, LLVMConstBitCast(byte, LLVMTypeOf(a)));
    LLVMSetLinkage(a, LLVMPrivateLinkage);
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f;) {
    LLVMValueRef next = LLVMGetNextFunction(f);
    if (!vset_has(&w->seen, f)) {
      LLVMReplaceAllUsesWith(f, LLVMGetUndef(LLVMTypeOf(f)));
      LLVMDeleteFunction(f);
    }
    f = next;
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g;) {
    LLVMValueRef next = LLVMGetNextGlobal(g);
    if (!vset_has(&w->seen, g) && g != byte) {
      LLVMReplaceAllUsesWith(g, LLVMGetUndef(LLVMTypeOf(g)));
      LLVMDeleteGlobal(g);
    }
    g = next;
  }
}

int sxl_libc_prune(LLVMModuleRef prog, LLVMModuleRef lib) {
  walk w = {{NULL, 0, 0}, NULL, 0, 0};
  int rc = roots(&w, prog, lib);
  while (!rc && w.ntodo) rc = visit_global(&w, w.todo[--w.ntodo]);
  if (!rc) sweep(&w, lib);
  free(w.seen.slots);
  free(w.todo);
  return rc;
}
