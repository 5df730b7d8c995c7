/*
** sxl.h — internals of symx-llvm shared by its files: the translated program
** (one compact instruction array per function), the per-path program state
** (frames, register windows, copy-on-write memory) and the interpreter.
** Built on the public header symx.h only.
*/
#ifndef SXL_H
#define SXL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "symx.h"

/* FNV-1a over n bytes, continuing from h (SXL_FNV0 to start) */
#define SXL_FNV0 1469598103934665603ull
static inline uint64_t sxl_fnv(uint64_t h, const void *p, size_t n) {
  const uint8_t *b = p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

/* Nanoseconds on the monotonic clock and of the process's CPU time (clock.c). */
uint64_t sxl_now_ns(void);
uint64_t sxl_cpu_ns(void);

/* v's low w bits sign-extended (1 <= w <= 64). */
static inline int64_t sxl_sext64(uint64_t v, unsigned w) {
  return (int64_t)(v << (64 - w)) >> (64 - w);
}

/* LLVM's icmp predicate pred on w-bit values (the run and constant folding). */
static inline int sxl_icmp_concrete(int pred, uint64_t a, uint64_t b, unsigned w) {
  switch (pred) {
  case LLVMIntEQ: return a == b;
  case LLVMIntNE: return a != b;
  case LLVMIntUGT: return a > b;
  case LLVMIntUGE: return a >= b;
  case LLVMIntULT: return a < b;
  case LLVMIntULE: return a <= b;
  case LLVMIntSGT: return sxl_sext64(a, w) > sxl_sext64(b, w);
  case LLVMIntSGE: return sxl_sext64(a, w) >= sxl_sext64(b, w);
  case LLVMIntSLT: return sxl_sext64(a, w) < sxl_sext64(b, w);
  default: return sxl_sext64(a, w) <= sxl_sext64(b, w);
  }
}

/* ------------------------------------------------------------------ */
/* Translated program                                                  */
/* ------------------------------------------------------------------ */

enum sxl_op {
  OP_NOP = 0,
  /* binary: dst = a OP b (width w) */
  OP_ADD, OP_SUB, OP_MUL, OP_UDIV, OP_SDIV, OP_UREM, OP_SREM,
  OP_AND, OP_OR, OP_XOR, OP_SHL, OP_LSHR, OP_ASHR,
  OP_ICMP,   /* flag = LLVMIntPredicate, w2 = operand width */
  OP_TRUNC,  /* dst = a mod 2^w */
  OP_ZEXT,   /* w2 = source width */
  OP_SEXT,
  OP_MOV,    /* dst = a (bitcast, ptrtoint/inttoptr with equal widths, freeze) */
  OP_SELECT, /* dst = a ? b : c */
  OP_BR,     /* edge imm; flag 1: a switch's default, not counted */
  OP_CBR,    /* a ? edge b : edge c */
  OP_SWCASE, /* a == imm ? edge b : fall through; flag 1: a equals one of
             ** the c constant slots at fn->args[imm]; flag 2: the first
             ** case of a switch, whole on a symbolic value; flag 4: the
             ** first case, which counts the switch (or indirectbr) once,
             ** as KLEE does; the others are not counted */
  OP_CALL,   /* callee a (fn index; flag 1: a is a slot), args at imm, c
             ** argument slots (an x86_fp80 takes two; flag 2: then c byval
             ** sizes, 0 for the other slots, SXL_ARG_FP80 for both of an
             ** x86_fp80's, | SXL_ARG_ALIGN16 for a 16-aligned byval) */
  OP_RET,    /* a = value slot, or UINT32_MAX */
  OP_UNREACHABLE,
  OP_ALLOCA, /* dst = new object of imm * count(a or 1 when a == UINT32_MAX) */
  OP_LOAD,   /* dst = *(a), w2 bytes */
  OP_STORE,  /* *(b) = a, w2 bytes */
  OP_GEPI,   /* dst = a + imm */
  OP_GEPV,   /* dst = dst + sext_w2(b) * imm  (follows a GEPI into dst) */
  OP_VASTART, /* a = va_list pointer */
  OP_VACOPY,  /* a = dst va_list, b = src va_list */
  OP_FP,      /* floating point (fp.c): flag = enum sxl_fpop, operands a, b, c,
              ** w2 = operand width (32 float, 64 double, 80 x86_fp80: a pair
              ** of slots, as is a result of w 80), imm = fcmp predicate */
  OP_BITS,    /* dst = bswap (flag 0), cttz (1) or ctlz (2) of a, width w
              ** (inline assembly, asm.c) */
  OP_UNSUPPORTED, /* imm = message index; flag SXL_UNSUP_ASM: inline assembly */
  OP_CUT,     /* a cut edge's stub (cuts.h): a = 1 + loop or 0, b = the edge's target,
              ** c = the stub return */
  OP_COUNT_
};

/* The byval size of an x86_fp80 argument's slots (16 bytes, 16-aligned
** among variadic arguments, as x86-64 passes it in memory), and the flag
** of a byval size whose argument is 16-aligned there. */
#define SXL_ARG_FP80 0x3fffffffu
#define SXL_ARG_ALIGN16 0x20000000u

/* Floating-point operations of OP_FP. */
enum sxl_fpop {
  FP_FADD, FP_FSUB, FP_FMUL, FP_FDIV, FP_FREM, FP_FNEG, FP_FCMP,
  FP_FPTOSI, FP_FPTOUI, FP_SITOFP, FP_UITOFP, FP_FPEXT, FP_FPTRUNC,
  FP_FABS, FP_SQRT, FP_FLOOR, FP_CEIL, FP_TRUNC, FP_ROUND, FP_RINT, FP_COPYSIGN,
  FP_FMA, FP_FMULADD, FP_MINNUM, FP_MAXNUM, FP_POW, FP_POWI,
  FP_EXP, FP_EXP2, FP_LOG, FP_LOG2, FP_LOG10, FP_SIN, FP_COS,
  FP_LROUND, FP_LRINT /* to an integer of width w */
};

typedef struct sxl_ins {
  uint8_t op;
  uint8_t w;    /* result width in bits */
  uint8_t w2;   /* operand width (casts, icmp, gepv) or access bytes */
  uint8_t flag;
  uint32_t loc; /* index into prog->locs; 0 = unknown */
  uint32_t dst, a, b, c;
  uint64_t imm;
} sxl_ins;

typedef struct sxl_edge {
  uint32_t target; /* instruction index */
  uint32_t nmoves; /* phi moves (src, dst) pairs in fn->moves */
  uint32_t moves;
} sxl_edge;

/* Native functions the interpreter implements itself. */
enum sxl_builtin {
  BI_NONE = 0,
  BI_MAKE_SYMBOLIC, BI_ASSUME, BI_KLEE_ASSUME, BI_RANGE, BI_INT, BI_SILENT_EXIT,
  BI_MALLOC, BI_CALLOC, BI_REALLOC, BI_FREE, BI_USABLE_SIZE,
  BI_MEMCPY, BI_MEMMOVE, BI_MEMSET,
  BI_WRITE, BI_OUT_VALUE, BI_EXIT, BI_ABORT, BI_ASSERT_FAIL, BI_REPORT_ERROR,
  BI_IGNORE,     /* dbg, lifetime, va_end, assume ... (not translated) */
  BI_STACKSAVE,  /* the number of stack objects on the path (a token) */
  BI_STACKRESTORE, /* frees the top frame's stack objects made after the token */
  BI_EXPECT,     /* returns its first argument */
  BI_UMAX, BI_UMIN, BI_SMAX, BI_SMIN, BI_ABS,
  BI_IS_SYMBOLIC,
  BI_HOST_STAT, BI_HOST_READ, /* the environment runtime's view of host files */
  BI_INPUT_ENTRY,             /* and of the AFL peer's entry as stdin or a file */
  /* bi_bits.c (the order of the arithmetic ones matters there) */
  BI_BITREVERSE, BI_BSWAP, BI_CTPOP, BI_CTLZ, BI_CTTZ, BI_FSHL, BI_FSHR,
  BI_SADDO, BI_UADDO, BI_SSUBO, BI_USUBO, BI_SMULO, BI_UMULO,
  BI_SADDSAT, BI_UADDSAT, BI_SSUBSAT, BI_USUBSAT,
  /* bi_klee.c */
  BI_GET_VALUE, BI_CHECK_ACCESS, BI_OBJ_SIZE, BI_WARNING, BI_WARNING_ONCE,
  BI_FIXED_OBJECT, BI_OBJECTSIZE, BI_IS_CONSTANT, BI_NOP, BI_SET_FORKING,
  BI_SETJMP,
  BI_LONGJMP,
  BI_KLEE_MAKE_SYMBOLIC, /* klee_make_symbolic: KLEE's rules (a whole object) */
  BI_LAZY_POINTER, /* __symx_lazy_pointer(slot, type, name, depth): lazy.c */
  BI_COUNT_
};

enum { SXL_UNSUP_ASM = 1 };

typedef struct sxl_fn {
  char *name;
  LLVMValueRef ref;
  int defined, translated, is_libc, is_vararg;
  int builtin;      /* enum sxl_builtin */
  uint32_t obj;     /* object id of the function's address */
  uint32_t sub_loc; /* its debug info's line (an error's place when its instruction has none) */
  uint32_t nparams; /* parameter slots (an x86_fp80 takes two) */
  uint32_t nregs;   /* params, then constants, then values */
  uint32_t nconst;
  uint64_t *consts; /* initial values of slots [nparams, nparams + nconst) */
  sxl_ins *code;
  uint32_t ncode;
  uint8_t *cov;     /* per-instruction coverage */
  uint16_t *ninst;  /* per instruction: the LLVM instructions it stands for
                    ** in the coverage figures, KLEE's unit (translate.c) */
  uint64_t *hits;   /* per-instruction runs, all paths (counted when
                    ** sxl_exec.count_hits: nurs:icnt, nurs:cpicnt) */
  uint64_t *forks;  /* per branch instruction, all paths: forks and the */
  uint64_t *solve_ns; /* solver time of its branches (made and counted
                    ** with sxl_exec.statics: --max-static-*-pct, static.c) */
  sxl_edge *edges;
  uint32_t nedges;
  uint32_t *moves;  /* pairs */
  uint32_t *args;   /* call argument slot lists */
  char *unsupported; /* set when the function cannot be translated */
  LLVMValueRef *src; /* per instruction: the LLVM instruction it came from
                     ** (when the program keeps them: sxl_prog.keep_src) */
  uint32_t *target; /* per instruction: 1 + the --target it is on, 0 none
                     ** (NULL without targets; distance.c) */
} sxl_fn;

typedef struct sxl_loc {
  uint32_t file; /* index into prog->files */
  uint32_t line;
} sxl_loc;

/* A global object's initial image (and the objects' address layout). */
typedef struct sxl_global {
  LLVMValueRef ref;
  char *name;
  uint32_t obj;
  uint64_t size;
  int ro;
  uint8_t *init; /* size bytes */
} sxl_global;

typedef struct sxl_prog {
  LLVMContextRef llctx;
  LLVMModuleRef mod;
  LLVMTargetDataRef td;
  sxl_fn *fns;
  uint32_t nfns;
  sxl_global *globals;
  uint32_t nglobals;
  uint32_t nobjs;   /* ids 1..nobjs-1 are globals and functions */
  sxl_loc *locs;
  uint32_t nlocs, caplocs;
  char **files;
  uint32_t nfiles;
  char **msgs;      /* OP_UNSUPPORTED messages */
  uint32_t nmsgs;
  uint32_t main_fn;
  int keep_src;     /* translations record sxl_fn.src (--debug-print-instructions) */
  int switch_type;  /* SXL_SWITCH_*: how a switch forks (before translation) */
  struct sxl_cutplan *cuts; /* --cut: the edges translations cut (cuts.h), or NULL */
  char err[512];
} sxl_prog;

/* KLEE's --switch-type: one fork per destination block (internal, the
** default), one per case in order (simple), or LLVM's lowering into a
** binary search over case ranges (llvm: sxl_lower_switches on the module). */
enum { SXL_SWITCH_INTERNAL = 0, SXL_SWITCH_SIMPLE, SXL_SWITCH_LLVM };
void sxl_lower_switches(LLVMModuleRef m);
/* KLEE's --debug-print-escaping-functions (escaping.c): the functions whose
** address is used other than to call them, one line on f (none: nothing). */
void sxl_print_escaping(LLVMModuleRef m, FILE *f);
/* Whether function f's address is used other than to call it (it may be
** called through a pointer). */
int sxl_fn_escapes(LLVMValueRef f);
/* Whether a call through a pointer of function type call may reach a
** function of type fn: C calls one only through a pointer of a compatible
** type (C11 6.5.2.2p9); pointers count as one type here, their pointees
** aside. */
int sxl_fn_type_fits(LLVMTypeRef call, LLVMTypeRef fn);

/* Removes from lib (a libc module) what prog cannot reach from its
** undefined names and exit. 0, or -1 when out of memory (lib unchanged or
** partly marked; nothing removed). (prune.c) */
int sxl_libc_prune(LLVMModuleRef prog, LLVMModuleRef lib);
/* Loading: .c (compiled with clang-14), .ll or .bc; libc_bc (may be NULL) is
** linked in. opt: "-O0" or "-O1", or clang's flags one a line (-I, -D, -U,
** -O; the last -O wins; .ll/.bc input is optimized by sxl_optimize unless
** it is -O0). A .ll or .bc file is loaded and verified
** in a child process first (LLVM 14 aborts on some malformed IR), so an
** invalid module is an error here. Returns 0 or -1 with the reason in err. */
int sxl_load(const char *path, const char *libc_bc, const char *opt,
             LLVMContextRef llctx, LLVMModuleRef *out, char *err, size_t errlen);
/* The same for n input files (.c, .ll, .bc; at most 64) linked into one
** module, the first one's; a link error (a symbol defined twice) is an
** error naming the file. */
int sxl_load_files(const char *const *paths, int n, const char *libc_bc, const char *opt,
                   LLVMContextRef llctx, LLVMModuleRef *out, char *err, size_t errlen);
/* Our own bitcode file at path (a runtime we built) linked into m; a link
** error is an error naming path, never LLVM's exit. */
int sxl_link_file(LLVMContextRef llctx, LLVMModuleRef m, const char *path, char *err,
                  size_t errlen);
/* The function attribute of definitions from our libc and runtimes. */
#define SXL_LIB_ATTR "symx-lib"
/* --optimize on a module (optimize.c): scalar passes, no vectorizer;
** keep_klee: functions that call klee_* are left unoptimized (KLEE's
** --klee-call-optimisation=false). */
void sxl_optimize(LLVMModuleRef m, int keep_klee);
/* A line of sxl_load's opt that is not clang's: KLEE's
** --klee-call-optimisation=false. .c inputs are then compiled at -O0 and,
** with an -O level above 0, optimized as bitcode is, by sxl_optimize with
** keep_klee. */
#define SXL_OPT_KEEP_KLEE "=keep-klee-callers"
/* The IR (text or bitcode) in data[0..len), without our libc; name labels
** errors. Like a .ll/.bc file it is first loaded and verified in a child
** process, since LLVM 14 aborts on some malformed IR. Returns 0 or -1 with
** the reason in err. */
int sxl_load_ir(const char *data, size_t len, const char *name, LLVMContextRef llctx,
                LLVMModuleRef *out, char *err, size_t errlen);
/* The coverage oracle's copy of a program (covinst.c). */
int sxl_instrument_coverage(const char *in_path, const char *out_path, char *err,
                            size_t errlen);
/* Translation of a loaded module (takes ownership of mod, also on failure:
** NULL with the reason in err). */
sxl_prog *sxl_prog_new(LLVMContextRef llctx, LLVMModuleRef mod, char *err, size_t errlen);
void sxl_prog_free(sxl_prog *p);
/* Translates function fn (lazily, on its first call): 0, or -1 when out of
** memory (fn stays untranslated). */
int sxl_prog_translate(sxl_prog *p, uint32_t fn);
int sxl_fn_find(const sxl_prog *p, const char *name);
/* The builtin (enum sxl_builtin) a function of this name is, or BI_NONE. */
int sxl_builtin_of(const char *name);
/* "file.c:12" of a location (static buffer of the caller). */
void sxl_loc_str(const sxl_prog *p, uint32_t loc, char *buf, size_t len);

/* ------------------------------------------------------------------ */
/* Memory (memtable.c)                                                 */
/* ------------------------------------------------------------------ */

enum sxl_obj_kind { OBJ_GLOBAL = 1, OBJ_FUNC, OBJ_STACK, OBJ_HEAP, OBJ_FREED };

/* Symbolic bytes per shadow page (shadow.c). */
#define SXL_SHPAGE 64
typedef struct sxl_shpage sxl_shpage;

typedef struct sxl_obj {
  uint32_t refs;
  uint8_t kind, ro, amode;
  uint32_t nsym;     /* symbolic bytes in the shadow (flat mode) */
  uint64_t size;
  uint32_t loc;      /* allocation site */
  uint32_t fixed;    /* the numeric address klee_define_fixed_object gave it, or 0 */
  uint32_t lazy;     /* 1 + its record in sxl_lazy_tab.recs until its first access
                     ** makes its contents (lazy.c), else 0 */
  sxl_shpage **sym;  /* shadow pages of per-byte expressions, or NULL (shadow.c) */
  symx_expr *arr;    /* array form: authoritative in amode, else a cache */
  /* the concrete bytes follow the header (bytes.c): read and written only
  ** through sxl_bytes_* */
} sxl_obj;

/* Concrete bytes (bytes.c). An object of up to SXL_BPAGE bytes keeps them
** flat after its header, copied whole with it by a write after a fork; a
** larger one keeps there a table of pages, each shared copy-on-write
** between copies of the object (NULL: all zero), so such a write copies the
** table and one page, not the object. 1 KiB: bc pending peaked at 436 MiB
** after 50k forks with 1 KiB pages, 484 with 4 KiB, 428 with 256 bytes. */
#define SXL_BPAGE 1024
typedef struct sxl_bpage {
  uint32_t refs;
  uint8_t b[SXL_BPAGE];
} sxl_bpage;
extern const uint8_t sxl_bytes_zero[SXL_BPAGE];

static inline sxl_bpage *const *sxl_bytes_pages(const sxl_obj *o) {
  return (sxl_bpage *const *)(const void *)(o + 1);
}
/* Bytes [off, off + n) of o (in bounds) when they lie in one page (always
** for a flat object), else NULL. */
static inline const uint8_t *sxl_bytes_at(const sxl_obj *o, uint64_t off, uint64_t n) {
  if (o->size <= SXL_BPAGE) return (const uint8_t *)(o + 1) + off;
  uint64_t in = off % SXL_BPAGE;
  if (in + n > SXL_BPAGE) return NULL;
  const sxl_bpage *p = sxl_bytes_pages(o)[off / SXL_BPAGE];
  return (p ? p->b : sxl_bytes_zero) + in;
}
/* The same to write in place: o private to the caller, and flat or the
** range in one private page; else NULL (sxl_bytes_write then). */
static inline uint8_t *sxl_bytes_mut(sxl_obj *o, uint64_t off, uint64_t n) {
  if (o->size <= SXL_BPAGE) return (uint8_t *)(o + 1) + off;
  sxl_bpage *p = sxl_bytes_pages(o)[off / SXL_BPAGE];
  uint64_t in = off % SXL_BPAGE;
  return p && p->refs == 1 && in + n <= SXL_BPAGE ? p->b + in : NULL;
}
static inline uint8_t sxl_bytes_get(const sxl_obj *o, uint64_t off) {
  return *sxl_bytes_at(o, off, 1);
}
/* Room after the header for the bytes of an object of this size. */
static inline uint64_t sxl_bytes_room(uint64_t size) {
  if (size <= SXL_BPAGE) return size ? size : 1;
  return (size + SXL_BPAGE - 1) / SXL_BPAGE * sizeof(sxl_bpage *);
}
/* dst's bytes (room made, all zero) become src's, pages shared; the bytes
** copied. */
uint64_t sxl_bytes_share(sxl_obj *dst, const sxl_obj *src);
/* Releases o's pages (before o is freed). */
void sxl_bytes_drop_pages(sxl_obj *o);
static inline void sxl_bytes_drop(sxl_obj *o) {
  if (o->size > SXL_BPAGE) sxl_bytes_drop_pages(o);
}
/* Bytes [off, off + n) of o into dst. */
void sxl_bytes_read(const sxl_obj *o, uint64_t off, void *dst, uint64_t n);
/* Bytes [off, off + n) of o contiguous: in place when they lie in one page,
** else copied into *tmp (malloc'ed; the caller frees it, NULL if unused).
** NULL when out of memory. */
const uint8_t *sxl_bytes_span(const sxl_obj *o, uint64_t off, uint64_t n, uint8_t **tmp);
/* src's n bytes (or n copies of byte c) into o (private: sxl_mem_write_obj)
** at off; the shared pages of the range are copied first, their bytes
** added to *copied (when not NULL). 0, or -1 when out of memory (o's
** contents unchanged). */
int sxl_bytes_write(sxl_obj *o, uint64_t off, const void *src, uint64_t n, uint64_t *copied);
int sxl_bytes_fill(sxl_obj *o, uint64_t off, int c, uint64_t n, uint64_t *copied);

/* Object ids per chunk of the table, each chunk shared copy-on-write. */
#define SXL_MEMCHUNK 64
typedef struct sxl_objchunk {
  uint32_t refs;
  sxl_obj *o[SXL_MEMCHUNK];
} sxl_objchunk;

typedef struct sxl_mem {
  uint32_t refs;
  uint32_t n;        /* ids in use (id 0: the null page) */
  uint32_t capchunks;
  sxl_objchunk **chunks; /* ceil(n / SXL_MEMCHUNK) of them */
  uint32_t *freeids; /* reusable stack ids */
  uint32_t nfree, capfree;
  uint64_t heap_bytes;
  uint64_t *copied;  /* the run's bytes copied by writes after forks (stats.json
                     ** obj_copy_bytes), or NULL; shared by every copy of the table */
} sxl_mem;

/* The object of an id below m->n (NULL: none). */
static inline sxl_obj *sxl_mem_get(const sxl_mem *m, uint32_t id) {
  return m->chunks[id / SXL_MEMCHUNK]->o[id % SXL_MEMCHUNK];
}

/* The largest object: a bigger global is an error, a bigger malloc returns
** NULL (bi_heap.c). */
#define SXL_MAX_OBJECT (1ull << 31)

#define SXL_ADDR(id, off) (((uint64_t)(id) << 32) | (uint64_t)(off))
#define SXL_ID(addr) ((uint32_t)((addr) >> 32))
#define SXL_OFF(addr) ((uint32_t)(addr))

/* The function whose address addr is (functions are objects in order from
** fns[0].obj), or UINT32_MAX: none. */
static inline uint32_t sxl_fn_at(const sxl_prog *p, uint64_t addr) {
  uint32_t f0 = p->nfns ? p->fns[0].obj : 0, id = SXL_ID(addr);
  return SXL_OFF(addr) || id < f0 || id - f0 >= p->nfns ? UINT32_MAX : id - f0;
}

/* copied: the count to add copy-on-write copies to, or NULL. */
sxl_mem *sxl_mem_new(uint64_t *copied);
void sxl_mem_release(sxl_mem *m);
/* A private table (copy when shared). */
sxl_mem *sxl_mem_own(sxl_mem **pm);
/* A new object, its bytes all zero; returns its id (0 on failure). */
uint32_t sxl_mem_alloc(sxl_mem **pm, int kind, uint64_t size, uint32_t loc, int reuse);
/* The object id made writable (copied when shared). */
sxl_obj *sxl_mem_write_obj(sxl_mem **pm, uint32_t id);
void sxl_obj_release(sxl_obj *o);
/* Frees the object's payload; with keep_marker an OBJ_FREED marker takes
** its id (heap objects), else the id is reused. 0, or -1 when out of memory
** (nothing freed). */
int sxl_mem_free_obj(sxl_mem **pm, uint32_t id, int keep_marker);

/* shadow.c: the byte at off's expression (borrowed), NULL when concrete. */
symx_expr *sxl_shadow_get(const sxl_obj *o, uint64_t off);
/* Sets (e retained) or clears (e NULL) the byte's expression, keeping nsym;
** -1 when out of memory (nothing changed). */
int sxl_shadow_set(sxl_obj *o, uint64_t off, symx_expr *e);
/* The first symbolic byte at or after off, or o->size. */
uint64_t sxl_shadow_next(const sxl_obj *o, uint64_t off);
/* dst's shadow becomes src's, its pages shared; -1 when out of memory. */
int sxl_shadow_share(sxl_obj *dst, const sxl_obj *src);
void sxl_shadow_drop(sxl_obj *o);

/* lazy.c (--entry, Otter's lazy initialization): the pointee types of the
** pointers an entry function gets, and the objects not yet accessed. A
** pointer is, by a symbolic selector byte, null or one fresh object of its
** pointee type (or, for a primitive type, an array of `array` of them); the
** object's bytes become symbolic, its pointers lazy again one level deeper,
** at its first access. */
#define SXL_LAZY_NONE UINT32_MAX /* a pointee that is never made: always null */
typedef struct sxl_lazy_type {
  uint64_t size;       /* bytes of one element */
  int prim;            /* a primitive type: the array case too */
  uint32_t ptr0, nptr; /* its pointers: sxl_lazy_tab.ptrs[ptr0, +nptr) */
} sxl_lazy_type;
typedef struct sxl_lazy_ptr {
  uint64_t off;  /* of the pointer in the object */
  uint32_t type; /* its pointee, or SXL_LAZY_NONE */
} sxl_lazy_ptr;
typedef struct sxl_lazy_rec {
  uint32_t type, depth;
  uint64_t n;    /* elements */
  char *name;    /* of the input the object's bytes become */
} sxl_lazy_rec;
typedef struct sxl_lazy_tab {
  sxl_lazy_type *types;
  uint32_t ntypes;
  sxl_lazy_ptr *ptrs;
  uint32_t nptrs;
  unsigned depth, array; /* pointers followed (deeper ones null); array elements */
  sxl_lazy_rec *recs;    /* objects made lazily so far, all paths */
  uint32_t nrecs, caprecs;
} sxl_lazy_tab;
void sxl_lazy_tab_clear(sxl_lazy_tab *t);

/* ------------------------------------------------------------------ */
/* Program state (the engine payload)                                 */
/* ------------------------------------------------------------------ */

/* A frame's register window: each slot's concrete value and expression
** (NULL: concrete). Shared copy-on-write between forked paths (regs.c):
** a fork copies the frames and counts a reference to each window, and a
** write makes the written window private first, so a pending state costs
** its frame list, not its registers, until it runs again. */
typedef struct sxl_regwin {
  uint32_t refs;
  uint32_t n;        /* slots in use (the function's nregs) */
  uint32_t cap;      /* slots allocated */
  symx_expr **e;     /* cap expressions, right after v */
  uint64_t v[];      /* cap values */
} sxl_regwin;

typedef struct sxl_frame {
  uint32_t fn, pc;
  uint32_t base;     /* slots of the frames below: the frame's identity (setjmp) */
  uint32_t ret_dst;  /* caller's slot (relative to its window) or UINT32_MAX */
  uint32_t alloca0;  /* first entry in st->allocas owned by this frame */
  uint32_t va_obj;   /* object holding the variadic arguments, or 0 */
  sxl_regwin *win;   /* its registers; past nframes: a spare (n 0) for the
                     ** next call at that depth, or NULL */
} sxl_frame;

/* regs.c: a private window of n slots, its expressions NULL (NULL when
** out of memory); a window made private (copied when shared: 0, or -1 when
** out of memory, the window unchanged); a reference dropped. */
sxl_regwin *sxl_regwin_new(uint32_t n);
int sxl_regwin_copy(sxl_regwin **pw);
void sxl_regwin_release(sxl_regwin *w);
/* A private window of n slots for a new frame: spare (what a returned frame
** left at that depth, or NULL) when its room fits, else a new one, spare
** freed (NULL when out of memory). */
sxl_regwin *sxl_regwin_reuse(sxl_regwin *spare, uint32_t n);
/* A returning frame's window: kept as a spare (n 0) when private, else one
** reference less and *pw NULL. */
void sxl_regwin_retire(sxl_regwin **pw);
/* Frame fr's window made private before a write: 0, or -1 when out of memory. */
static inline int sxl_reg_own(sxl_frame *fr) {
  return fr->win->refs == 1 ? 0 : sxl_regwin_copy(&fr->win);
}
/* Slot reads: the value, the expression (borrowed; NULL: concrete). */
static inline uint64_t sxl_reg_val(const sxl_frame *fr, uint32_t slot) {
  return fr->win->v[slot];
}
static inline symx_expr *sxl_reg_sym(const sxl_frame *fr, uint32_t slot) {
  return fr->win->e[slot];
}
/* Slot write: value v and expression e (a reference handed over; NULL:
** concrete), the window made private first. 0, or -1 when out of memory
** (e released, the slot unchanged). */
static inline int sxl_reg_put(sxl_frame *fr, uint32_t slot, uint64_t v, symx_expr *e) {
  if (sxl_reg_own(fr)) {
    symx_expr_release(e);
    return -1;
  }
  symx_expr_release(fr->win->e[slot]);
  fr->win->v[slot] = v;
  fr->win->e[slot] = e;
  return 0;
}

typedef struct sxl_state {
  sxl_frame *frames;
  uint32_t nframes, capframes;
  uint32_t *allocas;
  uint32_t nallocas, capallocas;
  sxl_mem *mem;
  char *out;
  size_t outlen, outcap;
  char **inames;     /* names of the inputs made on this path */
  uint32_t ninames;
  uint64_t icount;   /* instructions not yet reported to the engine */
  int exit_code;
  uint8_t resume_ok; /* the check at pc already passed (resumed state) */
  uint8_t newcov;    /* covered new instructions */
  uint8_t no_fork;   /* klee_set_forking(0): a branch takes the witness's side */
  uint8_t alloc_stage; /* the step of a symbolic allocation size (allocsize.c) */
  uint8_t cut_side;  /* --cut-defer's fork at an OP_CUT stub (cutrun.c): 0 none, 1 this
                     ** side goes on uncut, 2 this side takes the cut */
  uint32_t deep_loop; /* --cut adaptive: 1 + the last loop this path ran past the bound
                     ** it had before its last raise (0: none), at steps deep_at */
  uint64_t deep_at;
  uint8_t cut_taken;  /* the path took a cut return: it runs the cut program */
  uint32_t end_loc;  /* where main returned */
  uint32_t resolved_id; /* 1 + object chosen by a pointer fork, for the resumed access */
  uint32_t mid_frames, mid_pc; /* the instruction a slow path was in when it last
                     ** stopped (frames then, pc; 0 frames: none): a fork there
                     ** runs it again on each side, counted once (exec.c) */
  uint64_t qcost_ns; /* solver time while this path ran (KLEE's query cost: nurs:qc) */
  uint64_t steps;    /* instructions this path ran (a fork's child: its parent's too) */
  uint64_t cov_at;   /* steps after its last newly covered instruction, 0: none (nurs:covnew) */
  uint32_t tnext;    /* --target-order sequential: the next target this path must reach */
  uint8_t far;       /* it yielded at a call that left it no target (sxl_exec.distance_of):
                     ** once, since a distance never falls back from infinity */
  /* CCBSE (ccbse.c): the stored path (br decisions '0'/'1' from a callee's
  ** entry to the target) this path follows from its trail position
  ** follow_at; NULL: none (pathfile.c) */
  const char *follow;
  uint32_t nfollow, follow_at;
  uint8_t stitch;    /* at a call CCBSE stitched: 1 the side that reaches the
                     ** target through the callee's path, 2 the other side */
  uint32_t blocked;  /* CCBSE: the callee's stored path cannot join this path at
                     ** the call that made frame number `blocked` (1-based): that
                     ** frame and those above it count only their way out in
                     ** distance.c; 0: none. Cleared when that frame returns. */
  /* KLEE's per-test files (trail.c): branch decisions '0'/'1' of every
  ** conditional branch (path) and of the symbolic ones (sympath), source
  ** locations this state covered first (newlocs; a fork's child starts empty) */
  char *path, *sympath;
  uint32_t npath, cappath, nsympath, capsympath;
  uint32_t *newlocs;
  uint32_t nnewlocs, capnewlocs;
} sxl_state;

/* ------------------------------------------------------------------ */
/* Interpreter                                                         */
/* ------------------------------------------------------------------ */

typedef struct sxl_exec sxl_exec;
/* KLEE's --max-static-*-pct (shares of all forks or solver time, 1 = no
** limit) and --max-static-pct-check-delay (static.c) */
typedef struct sxl_static_limits {
  double fork, solve, cpfork, cpsolve;
  uint64_t delay;
} sxl_static_limits;
typedef struct sxl_static sxl_static;
/* The counts behind the limits, or NULL when no limit is below 1 (or out
** of memory). */
sxl_static *sxl_static_new(const sxl_static_limits *lim);
void sxl_static_free(sxl_static *sp);

/* Outcome of one run of a state. */
enum { SXL_RUN_YIELD = 0, SXL_RUN_DONE = 1, SXL_RUN_FATAL = -1 };

/* Called when a path ends: reason, error kind, location text, exit code. */
typedef void (*sxl_end_fn)(void *ud, sxl_exec *x, sxl_state *s, symx_state *st,
                           symx_reason reason, symx_error_kind kind,
                           const char *loc, const char *msg, int exit_code);

/* What a call of a function without bitcode does (extcall.c; KLEE's
** --external-calls): call the native function, symbolic arguments
** concretized; only with concrete arguments; never. */
/* OVER_APPROX (KLEE's over-approx): symbolic arguments take their witness
** values without the path keeping them (it goes on as if unconstrained). */
enum { SXL_EXT_ALL = 0, SXL_EXT_CONCRETE, SXL_EXT_NONE, SXL_EXT_OVER_APPROX };
/* What --debug-print-instructions prints of each instruction run (KLEE's
** formats): source location, instruction and state id, the LLVM text. */
enum { SXL_TRACE_OFF = 0, SXL_TRACE_ALL, SXL_TRACE_SRC, SXL_TRACE_COMPACT };
void sxl_trace(sxl_exec *x, const sxl_state *s, symx_state *st, uint32_t fi, uint32_t pc);
/* When a native call is warned about (KLEE's --external-call-warnings):
** the first call of each function, never, every call. */
enum { SXL_EXTWARN_ONCE = 0, SXL_EXTWARN_NONE, SXL_EXTWARN_ALL };
/* Whether a once-only warning of this text was given already (then 1);
** else it is noted (bi_klee.c). */
int sxl_warned_once(sxl_exec *x, const char *text);

struct sxl_exec {
  symx_ctx *ctx;
  sxl_prog *prog;
  int concretize_ptrs;  /* resolve symbolic pointers by concretization */
  int ext_calls;        /* SXL_EXT_*: calls of functions without bitcode */
  uint32_t max_frames;  /* a call deeper ends the path early (0 = no limit) */
  int echo_output;      /* print program output to stdout as it happens */
  uint64_t instructions;/* executed, all paths */
  uint64_t max_instructions;
  uint64_t instructions_base; /* instructions when the exploration started */
  uint64_t fp_concretized; /* symbolic floating-point operands made concrete */
  uint64_t make_symbolic;  /* --make-concrete-symbolic N: 1 concrete load in N made */
  uint64_t reads_made_symbolic; /* symbolic (mkconcsym.c; 0: off), and how many were */
  uint64_t obj_copy_bytes; /* object bytes copied by writes after forks (memtable.c) */
  uint64_t quantum;     /* instructions per run before yielding */
  /* --search sdse (targets.c): a run yields at every symbolic branch, also
  ** one whose other side is infeasible (in the pending modes that side is
  ** a pending state, and the run yields there too), for the searcher to
  ** pick the state nearest to a target again; 0: it goes on until a fork */
  int branch_yield;
  /* a searcher of distances (sdse, sdse-pr, sdse-rr and their
  ** combinations): a state's distance to the nearest target (targets.c).
  ** A call after which it has none (SYMX_DIST_INF: usage(),
  ** a fatal error's exit) yields once, so that the searcher runs a state
  ** that can still reach one first: such a call forks nowhere, and the
  ** state would run on to its end. NULL: not directed. */
  uint64_t (*distance_of)(void *ud, const sxl_state *s);
  sxl_end_fn on_end;
  void *end_ud;
  const symx_assign *replay; /* concrete mode: inputs for make_symbolic */
  sxl_state *in_check;  /* the payload inside symx_state_check */
  int unsupported_seen; /* messages printed once */
  void (*on_message)(void *ud, const char *msg);
  char **argv;          /* main's arguments (argv[0] the program), or none: */
  uint32_t argc;        /* argc 0 = the name "prog" alone */
  char **envp;          /* main's environment (NAME=VALUE), nenv of them */
  uint32_t nenv;
  int enum_outputs;     /* exit status and written bytes: one path per value
                        ** (else one value under the witness, constrained) */
  /* klee_warning; klee_warning_once calls it once per text (bi_klee.c) */
  void (*on_warning)(void *ud, const char *msg, int once);
  uint64_t warned_once[256]; /* hashes of the texts warned once */
  unsigned nwarned_once;
  int no_overshift_check; /* a shift by the width or more is not an error */
  int silent_assume;    /* a provably false klee_assume ends the path silently */
  int ext_warnings;     /* SXL_EXTWARN_*: "calling external" warnings */
  int trace;            /* SXL_TRACE_*: every instruction run is printed (trace.c) */
  int write_paths;      /* record sxl_state.path/sympath (--write-paths, --write-sym-paths) */
  int write_cov;        /* record sxl_state.newlocs (--write-cov) */
  int count_hits;       /* count sxl_fn.hits (KLEE's nurs:icnt, nurs:cpicnt) */
  sxl_static *statics;  /* --max-static-*-pct: branches that no longer fork */
  int single_object;    /* a symbolic pointer resolves to its witness's object only
                        ** (KLEE's --single-object-resolution; resolve.c) */
  const char *replay_path; /* --replay-path: the decisions to follow ('0'/'1'), */
  uint32_t nreplay;        /* then no more branches */
  FILE *trace_out;
  char first_input[256];     /* name of the first input created (make_symbolic, int) */
  uint64_t first_input_size; /* and its size in bytes */
  /* the AFL peer's queue entry as --sym-stdin's stdin or a --sym-files
  ** file (afl_entry.c): which (0: none, so N symbolic bytes; 1: stdin;
  ** 2 + k: file k, A..Z), its length, and its bytes past N, concrete
  ** (borrowed) */
  int entry_of;
  size_t entry_len;
  const uint8_t *entry_tail;
  size_t entry_tail_len;
  /* a state about to run an instruction of --target t (fn->target): 1
  ** stops the run (the state is resumable there), 0 goes on (targets.c) */
  int (*on_target)(void *ud, sxl_state *s, symx_state *st, uint32_t t);
  struct sxl_changed *changed; /* --changed: the new lines (changed.c), or NULL */
  sxl_lazy_tab *lazy;   /* --entry's lazily made objects (lazy.c), or NULL */
  char fatal[512];
  char err_suffix[64]; /* klee_report_error's suffix for the error being ended, or "" */
};

/* changed.c (--changed): the new lines from a unified diff against the
** sources or FILE:LINE,...; NULL with the reason in err. */
typedef struct sxl_changed sxl_changed;
sxl_changed *sxl_changed_new(const char *spec, char *err, size_t errlen);
void sxl_changed_free(sxl_changed *c);
size_t sxl_changed_count(const sxl_changed *c);

/* progkey.c: a hash of m's bitcode as text (concolic_cache_key); -1 on failure. */
int sxl_prog_key(LLVMModuleRef m, char *out, size_t len);

/* trail.c: a branch decision (taken: 1 = true side; sym: the condition was
** symbolic), a newly covered location, the clone's copy, the arrays freed.
** The recorders return 0, or -1 when out of memory. */
int sxl_trail_branch(sxl_state *s, int taken, int sym);
int sxl_trail_loc(sxl_state *s, uint32_t loc);
int sxl_trail_clone(sxl_state *c, const sxl_state *s);
void sxl_trail_free(sxl_state *s);

sxl_state *sxl_state_new_initial(sxl_exec *x, int argc_main);
sxl_state *sxl_state_clone(sxl_state *s);
void sxl_state_free(sxl_state *s);
/* Runs s (path st; NULL = concrete, no engine) until it forks, ends or
** the quantum is spent. */
int sxl_run(sxl_exec *x, sxl_state *s, symx_state *st);

#endif
