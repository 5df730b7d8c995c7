/*
** lower.c — translation of an LLVM module into symx-llvm's program: object
** ids for globals and functions, global images, and per function (lazily, on
** first call) a compact instruction array whose operands are register slots
** (constants get slots too, filled at frame entry), with phis resolved into
** moves on the incoming edges.
*/
#include "sxl.h"

#include <llvm-c/DebugInfo.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---------------- pointer -> u32 map (open addressing) ---------------- */

typedef struct pmap {
  const void **keys;
  uint32_t *vals;
  uint32_t cap, n;
} pmap;

static uint32_t phash(const void *p, uint32_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
  return (uint32_t)(h >> 32) & (cap - 1);
}

static void pmap_put(pmap *m, const void *k, uint32_t v);

static void pmap_grow(pmap *m) {
  pmap old = *m;
  m->cap = old.cap ? old.cap * 2 : 64;
  m->keys = calloc(m->cap, sizeof *m->keys);
  m->vals = calloc(m->cap, sizeof *m->vals);
  m->n = 0;
  for (uint32_t i = 0; i < old.cap; i++)
    if (old.keys[i]) pmap_put(m, old.keys[i], old.vals[i]);
  free(old.keys);
  free(old.vals);
}

static void pmap_put(pmap *m, const void *k, uint32_t v) {
  if ((m->n + 1) * 2 > m->cap) pmap_grow(m);
  uint32_t i = phash(k, m->cap);
  while (m->keys[i] && m->keys[i] != k) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i]) m->n++;
  m->keys[i] = k;
  m->vals[i] = v;
}

static int pmap_get(const pmap *m, const void *k, uint32_t *v) {
  if (!m->cap) return 0;
  uint32_t i = phash(k, m->cap);
  while (m->keys[i]) {
    if (m->keys[i] == k) {
      *v = m->vals[i];
      return 1;
    }
    i = (i + 1) & (m->cap - 1);
  }
  return 0;
}

static void pmap_free(pmap *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

/* ---------------- growable arrays ---------------- */

#define GROW(ptr, n, cap)                                                           \
  do {                                                                              \
    if ((n) >= (cap)) {                                                             \
      (cap) = (cap) ? (cap) * 2 : 16;                                               \
      (ptr) = realloc((ptr), (size_t)(cap) * sizeof *(ptr));                       \
    }                                                                               \
  } while (0)

/* ---------------- names of builtins ---------------- */

static const struct {
  const char *name;
  int prefix;
  int id;
} builtin_names[] = {
    {"klee_make_symbolic", 0, BI_MAKE_SYMBOLIC}, {"symx_make_symbolic", 0, BI_MAKE_SYMBOLIC},
    {"klee_assume", 0, BI_ASSUME},               {"symx_assume", 0, BI_ASSUME},
    {"klee_range", 0, BI_RANGE},                 {"symx_range", 0, BI_RANGE},
    {"klee_int", 0, BI_INT},                     {"symx_int", 0, BI_INT},
    {"klee_silent_exit", 0, BI_SILENT_EXIT},     {"klee_is_symbolic", 0, BI_IS_SYMBOLIC},
    {"symx_is_symbolic", 0, BI_IS_SYMBOLIC},     {"klee_report_error", 0, BI_REPORT_ERROR},
    {"malloc", 0, BI_MALLOC},                    {"calloc", 0, BI_CALLOC},
    {"realloc", 0, BI_REALLOC},                  {"free", 0, BI_FREE},
    {"llvm.memcpy.", 1, BI_MEMCPY},              {"llvm.memmove.", 1, BI_MEMMOVE},
    {"llvm.memset.", 1, BI_MEMSET},              {"__symx_write", 0, BI_WRITE},
    {"exit", 0, BI_EXIT},                        {"_exit", 0, BI_EXIT},
    {"_Exit", 0, BI_EXIT},                       {"abort", 0, BI_ABORT},
    {"__assert_fail", 0, BI_ASSERT_FAIL},        {"llvm.trap", 0, BI_ABORT},
    {"llvm.dbg.", 1, BI_IGNORE},                 {"llvm.lifetime.", 1, BI_IGNORE},
    {"llvm.stackrestore", 0, BI_IGNORE},         {"llvm.va_end", 0, BI_IGNORE},
    {"llvm.assume", 0, BI_IGNORE},               {"llvm.stacksave", 0, BI_STACKSAVE},
    {"llvm.expect.", 1, BI_EXPECT},              {"llvm.umax.", 1, BI_UMAX},
    {"llvm.umin.", 1, BI_UMIN},                  {"llvm.smax.", 1, BI_SMAX},
    {"llvm.smin.", 1, BI_SMIN},                  {"llvm.abs.", 1, BI_ABS},
};

static int builtin_of(const char *name) {
  for (size_t i = 0; i < sizeof builtin_names / sizeof builtin_names[0]; i++) {
    size_t n = strlen(builtin_names[i].name);
    if (builtin_names[i].prefix ? strncmp(name, builtin_names[i].name, n) == 0
                                : strcmp(name, builtin_names[i].name) == 0)
      return builtin_names[i].id;
  }
  return BI_NONE;
}

/* ---------------- locations ---------------- */

static uint32_t intern_file(sxl_prog *p, const char *name, size_t len) {
  for (uint32_t i = 0; i < p->nfiles; i++)
    if (strlen(p->files[i]) == len && memcmp(p->files[i], name, len) == 0) return i;
  p->files = realloc(p->files, (p->nfiles + 1) * sizeof *p->files);
  p->files[p->nfiles] = strndup(name, len);
  return p->nfiles++;
}

static uint32_t loc_of(sxl_prog *p, LLVMValueRef inst) {
  unsigned line = LLVMGetDebugLocLine(inst);
  if (!line) return 0;
  unsigned len = 0;
  const char *f = LLVMGetDebugLocFilename(inst, &len);
  uint32_t file = intern_file(p, f ? f : "?", f ? len : 1);
  /* Recent locations repeat: search backwards a little before appending. */
  for (uint32_t i = p->nlocs, k = 0; i > 1 && k < 64; i--, k++)
    if (p->locs[i - 1].file == file && p->locs[i - 1].line == line) return i - 1;
  GROW(p->locs, p->nlocs, p->caplocs);
  p->locs[p->nlocs].file = file;
  p->locs[p->nlocs].line = line;
  return p->nlocs++;
}

void sxl_loc_str(const sxl_prog *p, uint32_t loc, char *buf, size_t len) {
  if (!loc || loc >= p->nlocs) {
    snprintf(buf, len, "?");
    return;
  }
  const char *f = p->files[p->locs[loc].file];
  const char *slash = strrchr(f, '/');
  snprintf(buf, len, "%s:%u", slash ? slash + 1 : f, p->locs[loc].line);
}

static uint32_t add_msg(sxl_prog *p, uint32_t loc, const char *fmt, ...) {
  char buf[400], where[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  sxl_loc_str(p, loc, where, sizeof where);
  char *m = malloc(strlen(buf) + strlen(where) + 8);
  sprintf(m, "%s at %s", buf, where);
  p->msgs = realloc(p->msgs, (p->nmsgs + 1) * sizeof *p->msgs);
  p->msgs[p->nmsgs] = m;
  return p->nmsgs++;
}

/* ---------------- constants ---------------- */

static int type_width(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return (int)LLVMGetIntTypeWidth(t);
  case LLVMPointerTypeKind: return 64;
  default: return 0;
  }
}

static int global_index(sxl_prog *p, LLVMValueRef g, uint32_t *obj) {
  for (uint32_t i = 0; i < p->nglobals; i++)
    if (p->globals[i].ref == g) {
      *obj = p->globals[i].obj;
      return 1;
    }
  return 0;
}

static int fn_index(const sxl_prog *p, LLVMValueRef f) {
  for (uint32_t i = 0; i < p->nfns; i++)
    if (p->fns[i].ref == f) return (int)i;
  return -1;
}

static int gep_offset(sxl_prog *p, LLVMTypeRef src, LLVMValueRef *idx, unsigned n,
                      uint64_t (*val)(sxl_prog *, LLVMValueRef, int *), int64_t *off);

/* The value of a scalar constant; *ok = 0 when it has none we handle. */
static uint64_t const_value(sxl_prog *p, LLVMValueRef c, int *ok) {
  if (LLVMIsAConstantInt(c)) {
    if (LLVMGetIntTypeWidth(LLVMTypeOf(c)) > 64) {
      *ok = 0;
      return 0;
    }
    return LLVMConstIntGetZExtValue(c);
  }
  if (LLVMIsAConstantPointerNull(c) || LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c) ||
      LLVMIsAConstantAggregateZero(c))
    return 0;
  if (LLVMIsAFunction(c)) {
    int i = fn_index(p, c);
    if (i < 0) {
      *ok = 0;
      return 0;
    }
    return SXL_ADDR(p->fns[i].obj, 0);
  }
  if (LLVMIsAGlobalVariable(c)) {
    uint32_t obj;
    if (!global_index(p, c, &obj)) {
      *ok = 0;
      return 0;
    }
    return SXL_ADDR(obj, 0);
  }
  if (LLVMIsAGlobalAlias(c)) return const_value(p, LLVMAliasGetAliasee(c), ok);
  if (LLVMIsAConstantExpr(c)) {
    LLVMOpcode op = LLVMGetConstOpcode(c);
    int w = type_width(LLVMTypeOf(c));
    uint64_t mask = w >= 64 ? ~0ull : (w ? (1ull << w) - 1 : 0);
    switch (op) {
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
    case LLVMPtrToInt:
    case LLVMIntToPtr:
    case LLVMTrunc:
    case LLVMZExt:
      return const_value(p, LLVMGetOperand(c, 0), ok) & mask;
    case LLVMSExt: {
      int sw = type_width(LLVMTypeOf(LLVMGetOperand(c, 0)));
      uint64_t v = const_value(p, LLVMGetOperand(c, 0), ok);
      if (sw <= 0 || sw > 64) {
        *ok = 0;
        return 0;
      }
      int64_t s = (int64_t)(v << (64 - sw)) >> (64 - sw);
      return (uint64_t)s & mask;
    }
    case LLVMAdd:
    case LLVMSub:
    case LLVMMul:
    case LLVMAnd:
    case LLVMOr:
    case LLVMXor: {
      uint64_t a = const_value(p, LLVMGetOperand(c, 0), ok);
      uint64_t b = const_value(p, LLVMGetOperand(c, 1), ok);
      uint64_t r = op == LLVMAdd ? a + b
                   : op == LLVMSub ? a - b
                   : op == LLVMMul ? a * b
                   : op == LLVMAnd ? a & b
                   : op == LLVMOr  ? a | b
                                   : a ^ b;
      return r & mask;
    }
    case LLVMGetElementPtr: {
      unsigned n = (unsigned)LLVMGetNumOperands(c);
      uint64_t base = const_value(p, LLVMGetOperand(c, 0), ok);
      LLVMValueRef idx[32];
      if (n - 1 > 32) {
        *ok = 0;
        return 0;
      }
      for (unsigned i = 1; i < n; i++) idx[i - 1] = LLVMGetOperand(c, i);
      int64_t off = 0;
      if (gep_offset(p, LLVMGetGEPSourceElementType(c), idx, n - 1, const_value, &off)) {
        *ok = 0;
        return 0;
      }
      return base + (uint64_t)off;
    }
    default:
      break;
    }
  }
  *ok = 0;
  return 0;
}

/* Byte offset of constant GEP indices; -1 when an index is not constant. */
static int gep_offset(sxl_prog *p, LLVMTypeRef t, LLVMValueRef *idx, unsigned n,
                      uint64_t (*val)(sxl_prog *, LLVMValueRef, int *), int64_t *off) {
  int64_t o = 0;
  for (unsigned i = 0; i < n; i++) {
    if (!LLVMIsAConstant(idx[i])) return -1;
    int ok = 1;
    uint64_t v = val(p, idx[i], &ok);
    if (!ok) return -1;
    int w = type_width(LLVMTypeOf(idx[i]));
    int64_t s = w > 0 && w < 64 ? (int64_t)(v << (64 - w)) >> (64 - w) : (int64_t)v;
    if (i == 0) {
      o += s * (int64_t)LLVMABISizeOfType(p->td, t);
    } else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
      o += (int64_t)LLVMOffsetOfElement(p->td, t, (unsigned)s);
      t = LLVMStructGetTypeAtIndex(t, (unsigned)s);
    } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
      t = LLVMGetElementType(t);
      o += s * (int64_t)LLVMABISizeOfType(p->td, t);
    } else {
      return -1;
    }
  }
  *off = o;
  return 0;
}

/* Serializes constant c of type t into buf (already zeroed). */
static int write_const(sxl_prog *p, LLVMValueRef c, uint8_t *buf, uint64_t size) {
  LLVMTypeRef t = LLVMTypeOf(c);
  if (LLVMIsAConstantAggregateZero(c) || LLVMIsAUndefValue(c) || LLVMIsAPoisonValue(c) ||
      LLVMIsAConstantPointerNull(c))
    return 0;
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind) {
    LLVMBool lose;
    double d = LLVMConstRealGetDouble(c, &lose);
    if (k == LLVMFloatTypeKind) {
      float f = (float)d;
      if (size >= 4) memcpy(buf, &f, 4);
    } else if (size >= 8) {
      memcpy(buf, &d, 8);
    }
    return 0;
  }
  if (k == LLVMIntegerTypeKind || k == LLVMPointerTypeKind) {
    int ok = 1;
    uint64_t v = const_value(p, c, &ok);
    if (!ok) return -1;
    uint64_t n = LLVMStoreSizeOfType(p->td, t);
    for (uint64_t i = 0; i < n && i < 8 && i < size; i++) buf[i] = (uint8_t)(v >> (8 * i));
    return 0;
  }
  if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
    LLVMTypeRef et = LLVMGetElementType(t);
    uint64_t es = LLVMABISizeOfType(p->td, et);
    unsigned n = k == LLVMArrayTypeKind ? LLVMGetArrayLength(t) : LLVMGetVectorSize(t);
    if (LLVMIsAConstantDataSequential(c)) {
      if (LLVMGetTypeKind(et) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(et) == 8) {
        size_t len;
        const char *s = LLVMGetAsString(c, &len);
        memcpy(buf, s, len < size ? len : size);
        return 0;
      }
      for (unsigned i = 0; i < n; i++)
        if ((i + 1) * es <= size &&
            write_const(p, LLVMGetElementAsConstant(c, i), buf + i * es, es))
          return -1;
      return 0;
    }
    for (unsigned i = 0; i < n && i < (unsigned)LLVMGetNumOperands(c); i++)
      if ((i + 1) * es <= size && write_const(p, LLVMGetOperand(c, i), buf + i * es, es))
        return -1;
    return 0;
  }
  if (k == LLVMStructTypeKind) {
    unsigned n = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < n && i < (unsigned)LLVMGetNumOperands(c); i++) {
      uint64_t off = LLVMOffsetOfElement(p->td, t, i);
      if (write_const(p, LLVMGetOperand(c, i), buf + off, size - off)) return -1;
    }
    return 0;
  }
  return -1;
}

/* ---------------- program ---------------- */

int sxl_fn_find(const sxl_prog *p, const char *name) {
  for (uint32_t i = 0; i < p->nfns; i++)
    if (strcmp(p->fns[i].name, name) == 0) return (int)i;
  return -1;
}

sxl_prog *sxl_prog_new(LLVMContextRef llctx, LLVMModuleRef mod, char *err, size_t errlen) {
  sxl_prog *p = calloc(1, sizeof *p);
  p->llctx = llctx;
  p->mod = mod;
  p->td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
  p->nlocs = 1; /* loc 0 = unknown */
  GROW(p->locs, 0, p->caplocs);
  p->locs[0].file = 0;
  p->locs[0].line = 0;
  uint32_t id = 1;
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
    p->globals = realloc(p->globals, (p->nglobals + 1) * sizeof *p->globals);
    sxl_global *gl = &p->globals[p->nglobals++];
    memset(gl, 0, sizeof *gl);
    size_t n;
    gl->ref = g;
    gl->name = strdup(LLVMGetValueName2(g, &n));
    gl->obj = id++;
    gl->size = LLVMABISizeOfType(p->td, LLVMGlobalGetValueType(g));
    gl->ro = LLVMIsGlobalConstant(g);
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    p->fns = realloc(p->fns, (p->nfns + 1) * sizeof *p->fns);
    sxl_fn *fn = &p->fns[p->nfns++];
    memset(fn, 0, sizeof *fn);
    size_t n;
    fn->ref = f;
    fn->name = strdup(LLVMGetValueName2(f, &n));
    fn->defined = !LLVMIsDeclaration(f);
    fn->builtin = builtin_of(fn->name);
    /* Calls to malloc & co. go to the interpreter even if defined. */
    if (fn->builtin) fn->defined = 0;
    fn->is_libc = fn->defined && !LLVMGetSubprogram(f);
    fn->is_vararg = LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f));
    fn->nparams = LLVMCountParams(f);
    fn->obj = id++;
  }
  p->nobjs = id;
  for (uint32_t i = 0; i < p->nglobals; i++) {
    sxl_global *gl = &p->globals[i];
    if (gl->size > SXL_MAX_OBJECT) { /* its image would be allocated here */
      snprintf(err, errlen, "global '%s': %llu bytes, more than an object may have (%llu)", gl->name,
               (unsigned long long)gl->size, (unsigned long long)SXL_MAX_OBJECT);
      sxl_prog_free(p);
      return NULL;
    }
    gl->init = calloc(1, gl->size ? gl->size : 1);
    if (!gl->init) {
      snprintf(err, errlen, "global '%s': out of memory (%llu bytes)", gl->name,
               (unsigned long long)gl->size);
      sxl_prog_free(p);
      return NULL;
    }
    LLVMValueRef init = LLVMGetInitializer(gl->ref);
    if (init && write_const(p, init, gl->init, gl->size)) {
      snprintf(err, errlen, "global '%s': unsupported initializer", gl->name);
      sxl_prog_free(p);
      return NULL;
    }
  }
  int m = sxl_fn_find(p, "main");
  if (m < 0 || !p->fns[m].defined) {
    snprintf(err, errlen, "the program has no main function");
    sxl_prog_free(p);
    return NULL;
  }
  p->main_fn = (uint32_t)m;
  return p;
}

void sxl_prog_free(sxl_prog *p) {
  if (!p) return;
  for (uint32_t i = 0; i < p->nfns; i++) {
    sxl_fn *f = &p->fns[i];
    free(f->name);
    free(f->consts);
    free(f->code);
    free(f->cov);
    free(f->edges);
    free(f->moves);
    free(f->args);
    free(f->unsupported);
  }
  free(p->fns);
  for (uint32_t i = 0; i < p->nglobals; i++) {
    free(p->globals[i].name);
    free(p->globals[i].init);
  }
  free(p->globals);
  free(p->locs);
  for (uint32_t i = 0; i < p->nfiles; i++) free(p->files[i]);
  free(p->files);
  for (uint32_t i = 0; i < p->nmsgs; i++) free(p->msgs[i]);
  free(p->msgs);
  if (p->td) LLVMDisposeTargetData(p->td);
  if (p->mod) LLVMDisposeModule(p->mod);
  free(p);
}

/* ---------------- function translation ---------------- */

typedef struct tr {
  sxl_prog *p;
  sxl_fn *fn;
  pmap slots;  /* value -> slot */
  pmap blocks; /* basic block -> block number */
  uint32_t *block_start;
  sxl_ins *code;
  uint32_t ncode, capcode;
  uint64_t *consts;
  uint32_t nconst, capconst;
  uint32_t nvals;
  sxl_edge *edges;
  uint32_t nedges, capedges;
  uint32_t *edge_block; /* target block of each edge, resolved at the end */
  uint32_t capeb;
  uint32_t *moves;
  uint32_t nmoves, capmoves;
  uint32_t *args;
  uint32_t nargs, capargs;
  uint32_t loc;
  int bad; /* an operand could not be translated */
} tr;

#define SLOT_CONST_BASE 0x40000000u /* temporary tag for constant slots */

static sxl_ins *emit(tr *t, int op, int w) {
  GROW(t->code, t->ncode, t->capcode);
  sxl_ins *in = &t->code[t->ncode++];
  memset(in, 0, sizeof *in);
  in->op = (uint8_t)op;
  in->w = (uint8_t)w;
  in->loc = t->loc;
  in->a = in->b = in->c = in->dst = UINT32_MAX;
  return in;
}

static uint32_t const_slot(tr *t, uint64_t v) {
  for (uint32_t i = 0; i < t->nconst; i++)
    if (t->consts[i] == v) return SLOT_CONST_BASE + i;
  GROW(t->consts, t->nconst, t->capconst);
  t->consts[t->nconst] = v;
  return SLOT_CONST_BASE + t->nconst++;
}

/* The slot of an operand (constants get constant slots). */
static uint32_t operand(tr *t, LLVMValueRef v) {
  uint32_t s;
  if (pmap_get(&t->slots, v, &s)) return s;
  if (LLVMIsAConstant(v)) {
    int ok = 1;
    uint64_t c = const_value(t->p, v, &ok);
    if (!ok) {
      t->bad = 1;
      return const_slot(t, 0);
    }
    return const_slot(t, c);
  }
  t->bad = 1;
  return const_slot(t, 0);
}

static uint32_t new_edge(tr *t, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  GROW(t->edges, t->nedges, t->capedges);
  GROW(t->edge_block, t->nedges, t->capeb);
  uint32_t e = t->nedges++;
  uint32_t bno = 0;
  pmap_get(&t->blocks, to, &bno);
  t->edge_block[e] = bno;
  t->edges[e].nmoves = 0;
  t->edges[e].moves = t->nmoves;
  for (LLVMValueRef in = LLVMGetFirstInstruction(to); in && LLVMIsAPHINode(in);
       in = LLVMGetNextInstruction(in)) {
    unsigned n = LLVMCountIncoming(in);
    for (unsigned i = 0; i < n; i++) {
      if (LLVMGetIncomingBlock(in, i) != from) continue;
      uint32_t src = operand(t, LLVMGetIncomingValue(in, i));
      uint32_t dst = 0;
      pmap_get(&t->slots, in, &dst);
      GROW(t->moves, t->nmoves + 1, t->capmoves);
      t->moves[t->nmoves++] = src;
      t->moves[t->nmoves++] = dst;
      t->edges[e].nmoves++;
      break;
    }
  }
  return e;
}

static const char *opcode_name(LLVMOpcode op) {
  switch (op) {
  case LLVMFAdd: return "fadd";
  case LLVMFSub: return "fsub";
  case LLVMFMul: return "fmul";
  case LLVMFDiv: return "fdiv";
  case LLVMFRem: return "frem";
  case LLVMFNeg: return "fneg";
  case LLVMFCmp: return "fcmp";
  case LLVMFPToUI: return "fptoui";
  case LLVMFPToSI: return "fptosi";
  case LLVMUIToFP: return "uitofp";
  case LLVMSIToFP: return "sitofp";
  case LLVMFPTrunc: return "fptrunc";
  case LLVMFPExt: return "fpext";
  case LLVMExtractValue: return "extractvalue";
  case LLVMInsertValue: return "insertvalue";
  case LLVMExtractElement: return "extractelement";
  case LLVMInsertElement: return "insertelement";
  case LLVMShuffleVector: return "shufflevector";
  case LLVMVAArg: return "va_arg";
  case LLVMInvoke: return "invoke";
  case LLVMLandingPad: return "landingpad";
  case LLVMAtomicRMW: return "atomicrmw";
  case LLVMAtomicCmpXchg: return "cmpxchg";
  case LLVMFence: return "fence";
  case LLVMIndirectBr: return "indirectbr";
  case LLVMCallBr: return "callbr";
  case LLVMLoad: return "load";
  case LLVMStore: return "store";
  case LLVMAlloca: return "alloca";
  case LLVMCall: return "call";
  case LLVMSelect: return "select";
  case LLVMPHI: return "phi";
  case LLVMRet: return "ret";
  case LLVMBitCast: return "bitcast";
  case LLVMICmp: return "icmp";
  case LLVMGetElementPtr: return "getelementptr";
  default: return "instruction";
  }
}

static void unsupported(tr *t, const char *fmt, const char *what) {
  sxl_ins *in = emit(t, OP_UNSUPPORTED, 0);
  in->imm = add_msg(t->p, t->loc, fmt, what);
}

static void tr_call(tr *t, LLVMValueRef in, uint32_t dst, int w) {
  LLVMValueRef callee = LLVMGetCalledValue(in);
  while (LLVMIsAConstantExpr(callee) && LLVMGetConstOpcode(callee) == LLVMBitCast)
    callee = LLVMGetOperand(callee, 0);
  if (LLVMIsAInlineAsm(callee)) {
    unsupported(t, "unsupported %s", "inline assembly");
    return;
  }
  unsigned n = LLVMGetNumArgOperands(in);
  int fi = LLVMIsAFunction(callee) ? fn_index(t->p, callee) : -1;
  if (fi >= 0) {
    int bi = t->p->fns[fi].builtin;
    if (bi == BI_IGNORE) return;
  }
  /* Argument slots first (operands may add constants). */
  uint32_t a0 = t->nargs;
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef av = LLVMGetOperand(in, i);
    LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(av));
    if (k != LLVMIntegerTypeKind && k != LLVMPointerTypeKind) {
      unsupported(t, "unsupported call argument type (%s)",
                  k == LLVMDoubleTypeKind || k == LLVMFloatTypeKind ? "floating point"
                                                                     : "aggregate");
      t->nargs = a0;
      return;
    }
    if (type_width(LLVMTypeOf(av)) > 64) {
      unsupported(t, "unsupported %s", "integer argument wider than 64 bits");
      t->nargs = a0;
      return;
    }
    uint32_t s = operand(t, av);
    GROW(t->args, t->nargs, t->capargs);
    t->args[t->nargs++] = s;
  }
  sxl_ins *ci = emit(t, OP_CALL, w);
  ci->dst = dst;
  ci->imm = a0;
  ci->c = n;
  if (fi >= 0) {
    ci->a = (uint32_t)fi;
  } else {
    ci->flag = 1;
    ci->a = operand(t, callee);
  }
}

static void tr_inst(tr *t, LLVMValueRef in, LLVMBasicBlockRef bb) {
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  LLVMTypeRef ty = LLVMTypeOf(in);
  LLVMTypeKind tk = LLVMGetTypeKind(ty);
  int w = type_width(ty);
  uint32_t dst = UINT32_MAX;
  pmap_get(&t->slots, in, &dst);
  t->loc = loc_of(t->p, in);
  if (tk == LLVMIntegerTypeKind && w > 64) {
    char what[64];
    snprintf(what, sizeof what, "%d-bit integer arithmetic", w);
    unsupported(t, "unsupported %s", what);
    return;
  }
  sxl_ins *o;
  switch (op) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
  case LLVMURem: case LLVMSRem: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMShl: case LLVMLShr: case LLVMAShr: {
    if (tk != LLVMIntegerTypeKind) break;
    static const int map[] = {0};
    (void)map;
    int iop = op == LLVMAdd ? OP_ADD : op == LLVMSub ? OP_SUB : op == LLVMMul ? OP_MUL
            : op == LLVMUDiv ? OP_UDIV : op == LLVMSDiv ? OP_SDIV : op == LLVMURem ? OP_UREM
            : op == LLVMSRem ? OP_SREM : op == LLVMAnd ? OP_AND : op == LLVMOr ? OP_OR
            : op == LLVMXor ? OP_XOR : op == LLVMShl ? OP_SHL : op == LLVMLShr ? OP_LSHR
            : OP_ASHR;
    uint32_t a = operand(t, LLVMGetOperand(in, 0)), b = operand(t, LLVMGetOperand(in, 1));
    o = emit(t, iop, w);
    o->dst = dst;
    o->a = a;
    o->b = b;
    return;
  }
  case LLVMICmp: {
    LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(in, 0));
    int ow = type_width(ot);
    if (!ow || ow > 64) break;
    uint32_t a = operand(t, LLVMGetOperand(in, 0)), b = operand(t, LLVMGetOperand(in, 1));
    o = emit(t, OP_ICMP, 1);
    o->dst = dst;
    o->a = a;
    o->b = b;
    o->w2 = (uint8_t)ow;
    o->flag = (uint8_t)LLVMGetICmpPredicate(in);
    return;
  }
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMPtrToInt: case LLVMIntToPtr:
  case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMFreeze: {
    LLVMValueRef src = LLVMGetOperand(in, 0);
    int sw = type_width(LLVMTypeOf(src));
    if (!w || !sw || sw > 64) break;
    uint32_t a = operand(t, src);
    int iop = op == LLVMSExt ? OP_SEXT : sw > w ? OP_TRUNC : sw < w ? OP_ZEXT : OP_MOV;
    o = emit(t, iop, w);
    o->dst = dst;
    o->a = a;
    o->w2 = (uint8_t)sw;
    return;
  }
  case LLVMSelect: {
    if (!w) break;
    LLVMValueRef cv = LLVMGetOperand(in, 0);
    if (type_width(LLVMTypeOf(cv)) != 1) break;
    uint32_t c = operand(t, cv), a = operand(t, LLVMGetOperand(in, 1)),
             b = operand(t, LLVMGetOperand(in, 2));
    o = emit(t, OP_SELECT, w);
    o->dst = dst;
    o->a = c;
    o->b = a;
    o->c = b;
    return;
  }
  case LLVMPHI:
    if (!w) break;
    return; /* moves on the incoming edges */
  case LLVMBr: {
    if (LLVMIsConditional(in)) {
      uint32_t c = operand(t, LLVMGetCondition(in));
      uint32_t et = new_edge(t, bb, LLVMGetSuccessor(in, 0));
      uint32_t ef = new_edge(t, bb, LLVMGetSuccessor(in, 1));
      o = emit(t, OP_CBR, 0);
      o->a = c;
      o->b = et;
      o->c = ef;
    } else {
      uint32_t e = new_edge(t, bb, LLVMGetSuccessor(in, 0));
      o = emit(t, OP_BR, 0);
      o->b = e;
    }
    return;
  }
  case LLVMSwitch: {
    LLVMValueRef cv = LLVMGetOperand(in, 0);
    int cw = type_width(LLVMTypeOf(cv));
    if (!cw || cw > 64) break;
    uint32_t c = operand(t, cv);
    unsigned nops = (unsigned)LLVMGetNumOperands(in);
    for (unsigned i = 2; i + 1 < nops; i += 2) {
      int ok = 1;
      uint64_t v = const_value(t->p, LLVMGetOperand(in, i), &ok);
      uint32_t e = new_edge(t, bb, LLVMValueAsBasicBlock(LLVMGetOperand(in, i + 1)));
      o = emit(t, OP_SWCASE, cw);
      o->a = c;
      o->imm = v;
      o->b = e;
    }
    uint32_t e = new_edge(t, bb, LLVMValueAsBasicBlock(LLVMGetOperand(in, 1)));
    o = emit(t, OP_BR, 0);
    o->b = e;
    o->flag = 1; /* part of the switch: not counted */
    return;
  }
  case LLVMRet: {
    uint32_t a = UINT32_MAX;
    if (LLVMGetNumOperands(in) > 0) {
      LLVMValueRef rv = LLVMGetOperand(in, 0);
      int rw = type_width(LLVMTypeOf(rv));
      if (!rw || rw > 64) break;
      a = operand(t, rv);
    }
    o = emit(t, OP_RET, 0);
    o->a = a;
    return;
  }
  case LLVMUnreachable:
    emit(t, OP_UNREACHABLE, 0);
    return;
  case LLVMAlloca: {
    LLVMTypeRef at = LLVMGetAllocatedType(in);
    uint64_t sz = LLVMABISizeOfType(t->p->td, at);
    LLVMValueRef cnt = LLVMGetOperand(in, 0);
    uint32_t a = UINT32_MAX;
    if (LLVMIsAConstantInt(cnt))
      sz *= LLVMConstIntGetZExtValue(cnt);
    else
      a = operand(t, cnt);
    o = emit(t, OP_ALLOCA, 64);
    o->dst = dst;
    o->a = a;
    o->imm = sz;
    o->w2 = a == UINT32_MAX ? 0 : (uint8_t)type_width(LLVMTypeOf(cnt));
    return;
  }
  case LLVMLoad: {
    if (!w) break;
    uint32_t a = operand(t, LLVMGetOperand(in, 0));
    o = emit(t, OP_LOAD, w);
    o->dst = dst;
    o->a = a;
    o->w2 = (uint8_t)LLVMStoreSizeOfType(t->p->td, ty);
    return;
  }
  case LLVMStore: {
    LLVMValueRef v = LLVMGetOperand(in, 0);
    LLVMTypeRef vt = LLVMTypeOf(v);
    int vw = type_width(vt);
    if (!vw || vw > 64) {
      tk = LLVMGetTypeKind(vt);
      /* Floating-point constants can still be stored (as bits). */
      if ((tk == LLVMFloatTypeKind || tk == LLVMDoubleTypeKind) && LLVMIsAConstantFP(v)) {
        uint8_t bytes[8] = {0};
        write_const(t->p, v, bytes, 8);
        uint64_t bits = 0;
        memcpy(&bits, bytes, 8);
        uint32_t s = const_slot(t, bits), b = operand(t, LLVMGetOperand(in, 1));
        o = emit(t, OP_STORE, 64);
        o->a = s;
        o->b = b;
        o->w2 = (uint8_t)LLVMStoreSizeOfType(t->p->td, vt);
        return;
      }
      break;
    }
    uint32_t a = operand(t, v), b = operand(t, LLVMGetOperand(in, 1));
    o = emit(t, OP_STORE, vw);
    o->a = a;
    o->b = b;
    o->w2 = (uint8_t)LLVMStoreSizeOfType(t->p->td, vt);
    return;
  }
  case LLVMGetElementPtr: {
    if (tk != LLVMPointerTypeKind) break;
    unsigned n = (unsigned)LLVMGetNumOperands(in);
    uint32_t base = operand(t, LLVMGetOperand(in, 0));
    LLVMTypeRef cur = LLVMGetGEPSourceElementType(in);
    int64_t coff = 0;
    /* Variable indices are emitted after the constant part; collect them. */
    struct {
      uint32_t slot;
      uint64_t scale;
      int w;
    } var[32];
    unsigned nvar = 0;
    for (unsigned i = 1; i < n; i++) {
      LLVMValueRef iv = LLVMGetOperand(in, i);
      uint64_t scale;
      if (i == 1) {
        scale = LLVMABISizeOfType(t->p->td, cur);
      } else if (LLVMGetTypeKind(cur) == LLVMStructTypeKind) {
        int ok = 1;
        unsigned fi = (unsigned)const_value(t->p, iv, &ok);
        coff += (int64_t)LLVMOffsetOfElement(t->p->td, cur, fi);
        cur = LLVMStructGetTypeAtIndex(cur, fi);
        continue;
      } else if (LLVMGetTypeKind(cur) == LLVMArrayTypeKind) {
        cur = LLVMGetElementType(cur);
        scale = LLVMABISizeOfType(t->p->td, cur);
      } else {
        t->bad = 1;
        break;
      }
      if (LLVMIsAConstantInt(iv)) {
        int iw = type_width(LLVMTypeOf(iv));
        uint64_t v = LLVMConstIntGetZExtValue(iv);
        int64_t s = iw < 64 ? (int64_t)(v << (64 - iw)) >> (64 - iw) : (int64_t)v;
        coff += s * (int64_t)scale;
      } else if (nvar < 32) {
        var[nvar].slot = operand(t, iv);
        var[nvar].scale = scale;
        var[nvar].w = type_width(LLVMTypeOf(iv));
        nvar++;
      } else {
        t->bad = 1;
      }
    }
    o = emit(t, OP_GEPI, 64);
    o->dst = dst;
    o->a = base;
    o->imm = (uint64_t)coff;
    for (unsigned i = 0; i < nvar; i++) {
      o = emit(t, OP_GEPV, 64);
      o->dst = dst;
      o->b = var[i].slot;
      o->imm = var[i].scale;
      o->w2 = (uint8_t)var[i].w;
      o->flag = 1; /* part of the GEP: not counted */
    }
    return;
  }
  case LLVMCall: {
    if (tk != LLVMVoidTypeKind && (!w || w > 64)) {
      LLVMValueRef callee = LLVMGetCalledValue(in);
      size_t len = 0;
      const char *nm = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "call";
      char what[200];
      snprintf(what, sizeof what, "call to '%s' (non-integer result)", nm);
      unsupported(t, "unsupported %s", what);
      return;
    }
    LLVMValueRef callee = LLVMGetCalledValue(in);
    if (LLVMIsAFunction(callee)) {
      size_t len;
      const char *nm = LLVMGetValueName2(callee, &len);
      if (strcmp(nm, "llvm.va_start") == 0) {
        o = emit(t, OP_VASTART, 0);
        o->a = operand(t, LLVMGetOperand(in, 0));
        return;
      }
      if (strcmp(nm, "llvm.va_copy") == 0) {
        uint32_t a = operand(t, LLVMGetOperand(in, 0)), b = operand(t, LLVMGetOperand(in, 1));
        o = emit(t, OP_VACOPY, 0);
        o->a = a;
        o->b = b;
        return;
      }
    }
    tr_call(t, in, dst, w);
    return;
  }
  default:
    break;
  }
  char what[128];
  if (op == LLVMFAdd || op == LLVMFSub || op == LLVMFMul || op == LLVMFDiv || op == LLVMFRem ||
      op == LLVMFNeg || op == LLVMFCmp || op == LLVMFPToUI || op == LLVMFPToSI ||
      op == LLVMUIToFP || op == LLVMSIToFP || op == LLVMFPTrunc || op == LLVMFPExt ||
      tk == LLVMFloatTypeKind || tk == LLVMDoubleTypeKind)
    snprintf(what, sizeof what, "'%s' (floating point)", opcode_name(op));
  else if (tk == LLVMStructTypeKind || tk == LLVMArrayTypeKind || tk == LLVMVectorTypeKind)
    snprintf(what, sizeof what, "'%s' on an aggregate or vector value", opcode_name(op));
  else
    snprintf(what, sizeof what, "'%s'", opcode_name(op));
  unsupported(t, "unsupported instruction %s", what);
}

int sxl_prog_translate(sxl_prog *p, uint32_t fi) {
  sxl_fn *fn = &p->fns[fi];
  if (fn->translated) return 0;
  tr t;
  memset(&t, 0, sizeof t);
  t.p = p;
  t.fn = fn;
  LLVMValueRef f = fn->ref;
  uint32_t slot = 0;
  for (unsigned i = 0; i < fn->nparams; i++) pmap_put(&t.slots, LLVMGetParam(f, i), slot++);
  uint32_t nb = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    pmap_put(&t.blocks, bb, nb++);
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in))
      if (LLVMGetTypeKind(LLVMTypeOf(in)) != LLVMVoidTypeKind)
        pmap_put(&t.slots, in, SLOT_CONST_BASE * 2 + slot++); /* tag: value slot */
  }
  t.nvals = slot - fn->nparams;
  t.block_start = calloc(nb + 1, sizeof *t.block_start);
  uint32_t b = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
    t.block_start[b++] = t.ncode;
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      t.bad = 0;
      uint32_t before = t.ncode;
      tr_inst(&t, in, bb);
      if (t.bad) {
        if (getenv("SXL_DEBUG")) {
          char *str = LLVMPrintValueToString(in);
          fprintf(stderr, "sxl: cannot translate in %s: %s\n", fn->name, str);
          LLVMDisposeMessage(str);
        }
        t.ncode = before;
        unsupported(&t, "unsupported operand in %s", opcode_name(LLVMGetInstructionOpcode(in)));
      }
    }
  }
  /* Final slot layout: params, constants, values. Remap the tags. */
  uint32_t np = fn->nparams, nc = t.nconst;
#define REMAP(s)                                                                    \
  do {                                                                              \
    if ((s) != UINT32_MAX) {                                                        \
      if ((s) >= SLOT_CONST_BASE * 2)                                               \
        (s) = (s) - SLOT_CONST_BASE * 2 + nc;                                       \
      else if ((s) >= SLOT_CONST_BASE)                                              \
        (s) = (s) - SLOT_CONST_BASE + np;                                           \
    }                                                                               \
  } while (0)
  for (uint32_t i = 0; i < t.ncode; i++) {
    sxl_ins *in = &t.code[i];
    REMAP(in->dst);
    if (!(in->op == OP_CALL && !in->flag)) REMAP(in->a);
    if (in->op != OP_CBR && in->op != OP_BR && in->op != OP_SWCASE) REMAP(in->b);
    if (in->op != OP_CBR && in->op != OP_CALL) REMAP(in->c);
  }
  for (uint32_t i = 0; i < t.nmoves; i++) REMAP(t.moves[i]);
  for (uint32_t i = 0; i < t.nargs; i++) REMAP(t.args[i]);
#undef REMAP
  for (uint32_t e = 0; e < t.nedges; e++) t.edges[e].target = t.block_start[t.edge_block[e]];
  fn->code = t.code;
  fn->ncode = t.ncode;
  fn->cov = calloc(t.ncode + 1, 1);
  fn->consts = t.consts;
  fn->nconst = nc;
  fn->nregs = np + nc + t.nvals;
  fn->edges = t.edges;
  fn->nedges = t.nedges;
  fn->moves = t.moves;
  fn->args = t.args;
  fn->translated = 1;
  free(t.edge_block);
  free(t.block_start);
  pmap_free(&t.slots);
  pmap_free(&t.blocks);
  return 0;
}
