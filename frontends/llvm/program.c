/*
** program.c — a loaded LLVM module as symx-llvm's program: object ids for
** its globals (with their initial images) and functions (with the builtins
** the interpreter implements), source locations and the messages of
** unsupported instructions. Functions are translated later (translate.c).
*/
#include "prog_impl.h"
#include "cuts.h"

#include <llvm-c/DebugInfo.h>

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---------------- names of builtins ---------------- */

static const struct {
  const char *name;
  int prefix;
  int id;
} builtin_names[] = {
    {"klee_make_symbolic", 0, BI_KLEE_MAKE_SYMBOLIC}, {"symx_make_symbolic", 0, BI_MAKE_SYMBOLIC},
    {"klee_assume", 0, BI_KLEE_ASSUME},               {"symx_assume", 0, BI_ASSUME},
    {"klee_range", 0, BI_RANGE},                 {"symx_range", 0, BI_RANGE},
    {"klee_int", 0, BI_INT},                     {"symx_int", 0, BI_INT},
    {"klee_silent_exit", 0, BI_SILENT_EXIT},     {"klee_is_symbolic", 0, BI_IS_SYMBOLIC},
    {"symx_is_symbolic", 0, BI_IS_SYMBOLIC},     {"klee_report_error", 0, BI_REPORT_ERROR},
    {"malloc", 0, BI_MALLOC},                    {"calloc", 0, BI_CALLOC},
    {"realloc", 0, BI_REALLOC},                  {"free", 0, BI_FREE},
    {"malloc_usable_size", 0, BI_USABLE_SIZE},
    {"llvm.memcpy.", 1, BI_MEMCPY},              {"llvm.memmove.", 1, BI_MEMMOVE},
    {"llvm.memset.", 1, BI_MEMSET},              {"__symx_write", 0, BI_WRITE},
    {"__symx_out_value", 0, BI_OUT_VALUE},       {"__symx_lazy_pointer", 0, BI_LAZY_POINTER},
    {"exit", 0, BI_EXIT},                        {"_exit", 0, BI_EXIT},
    {"_Exit", 0, BI_EXIT},                       {"abort", 0, BI_ABORT},
    {"__assert_fail", 0, BI_ASSERT_FAIL},        {"llvm.trap", 0, BI_ABORT},
    {"llvm.dbg.", 1, BI_IGNORE},                 {"llvm.lifetime.", 1, BI_IGNORE},
    {"llvm.stackrestore", 0, BI_STACKRESTORE},   {"llvm.va_end", 0, BI_IGNORE},
    {"llvm.assume", 0, BI_IGNORE},               {"llvm.stacksave", 0, BI_STACKSAVE},
    {"llvm.expect.", 1, BI_EXPECT},              {"llvm.umax.", 1, BI_UMAX},
    {"llvm.umin.", 1, BI_UMIN},                  {"llvm.smax.", 1, BI_SMAX},
    {"llvm.smin.", 1, BI_SMIN},                  {"llvm.abs.", 1, BI_ABS},
    {"__symx_host_stat", 0, BI_HOST_STAT},       {"__symx_host_read", 0, BI_HOST_READ},
    {"__symx_input_entry", 0, BI_INPUT_ENTRY},
    {"llvm.bitreverse.", 1, BI_BITREVERSE},      {"llvm.bswap.", 1, BI_BSWAP},                {"llvm.ctpop.", 1, BI_CTPOP},
    {"llvm.ctlz.", 1, BI_CTLZ},                  {"llvm.cttz.", 1, BI_CTTZ},
    {"llvm.fshl.", 1, BI_FSHL},                  {"llvm.fshr.", 1, BI_FSHR},
    {"llvm.sadd.with.overflow.", 1, BI_SADDO},   {"llvm.uadd.with.overflow.", 1, BI_UADDO},
    {"llvm.ssub.with.overflow.", 1, BI_SSUBO},   {"llvm.usub.with.overflow.", 1, BI_USUBO},
    {"llvm.smul.with.overflow.", 1, BI_SMULO},   {"llvm.umul.with.overflow.", 1, BI_UMULO},
    {"llvm.sadd.sat.", 1, BI_SADDSAT},           {"llvm.uadd.sat.", 1, BI_UADDSAT},
    {"llvm.ssub.sat.", 1, BI_SSUBSAT},           {"llvm.usub.sat.", 1, BI_USUBSAT},
    {"llvm.objectsize.", 1, BI_OBJECTSIZE},      {"llvm.is.constant.", 1, BI_IS_CONSTANT},
    {"llvm.prefetch", 1, BI_IGNORE},             {"llvm.donothing", 0, BI_IGNORE},
    {"llvm.sideeffect", 0, BI_IGNORE},           {"llvm.experimental.noalias.scope.decl", 0, BI_IGNORE},
    {"llvm.var.annotation", 0, BI_IGNORE},       {"llvm.invariant.", 1, BI_IGNORE},
    {"klee_get_value", 1, BI_GET_VALUE},         {"klee_check_memory_access", 0, BI_CHECK_ACCESS},
    {"klee_get_obj_size", 0, BI_OBJ_SIZE},       {"klee_warning", 0, BI_WARNING},
    {"klee_warning_once", 0, BI_WARNING_ONCE},   {"klee_define_fixed_object", 0, BI_FIXED_OBJECT},
    {"klee_abort", 0, BI_ABORT},                 {"klee_set_forking", 0, BI_SET_FORKING},
    {"klee_prefer_cex", 0, BI_NOP},              {"klee_print_expr", 0, BI_NOP},
    {"klee_print_range", 0, BI_NOP},             {"klee_mark_global", 0, BI_NOP},
    {"klee_stack_trace", 0, BI_NOP},             {"klee_is_replay", 0, BI_NOP},
    {"klee_alias_function", 1, BI_NOP},          {"klee_open_merge", 0, BI_NOP},
    {"klee_close_merge", 0, BI_NOP},             {"symx_get_value", 1, BI_GET_VALUE},
    {"setjmp", 0, BI_SETJMP},                    {"_setjmp", 0, BI_SETJMP},
    {"__sigsetjmp", 0, BI_SETJMP},               {"sigsetjmp", 0, BI_SETJMP},
    {"longjmp", 0, BI_LONGJMP},                  {"_longjmp", 0, BI_LONGJMP},
    {"siglongjmp", 0, BI_LONGJMP},               {"__longjmp_chk", 0, BI_LONGJMP},
};

int sxl_builtin_of(const char *name) {
  for (size_t i = 0; i < sizeof builtin_names / sizeof builtin_names[0]; i++) {
    size_t n = strlen(builtin_names[i].name);
    if (builtin_names[i].prefix ? strncmp(name, builtin_names[i].name, n) == 0
                                : strcmp(name, builtin_names[i].name) == 0)
      return builtin_names[i].id;
  }
  return BI_NONE;
}

/* ---------------- locations and messages ---------------- */

static int intern_file(sxl_prog *p, const char *name, size_t len, uint32_t *file) {
  for (uint32_t i = 0; i < p->nfiles; i++)
    if (strlen(p->files[i]) == len && memcmp(p->files[i], name, len) == 0) {
      *file = i;
      return 0;
    }
  char **files = realloc(p->files, (p->nfiles + 1) * sizeof *files);
  if (!files) return -1;
  p->files = files;
  if (!(files[p->nfiles] = strndup(name, len))) return -1;
  *file = p->nfiles++;
  return 0;
}

/* The location id of file:line (appended when new). */
static int intern_loc(sxl_prog *p, const char *f, unsigned len, unsigned line, uint32_t *loc) {
  uint32_t file;
  if (intern_file(p, f ? f : "?", f ? len : 1, &file)) return -1;
  /* Recent locations repeat: search backwards a little before appending. */
  for (uint32_t i = p->nlocs, k = 0; i > 1 && k < 64; i--, k++)
    if (p->locs[i - 1].file == file && p->locs[i - 1].line == line) {
      *loc = i - 1;
      return 0;
    }
  if (SXL_GROW(p->locs, p->nlocs, p->caplocs)) return -1;
  p->locs[p->nlocs].file = file;
  p->locs[p->nlocs].line = line;
  *loc = p->nlocs++;
  return 0;
}

int sxl_prog_loc(sxl_prog *p, LLVMValueRef inst, uint32_t *loc) {
  unsigned line = LLVMGetDebugLocLine(inst), len = 0;
  *loc = 0;
  if (!line) return 0;
  const char *f = LLVMGetDebugLocFilename(inst, &len);
  return intern_loc(p, f, len, line, loc);
}

/* The line of f's debug info (0 without): where KLEE places an error of an
** instruction without a location of its own. */
static int subprogram_loc(sxl_prog *p, LLVMValueRef f, uint32_t *loc) {
  LLVMMetadataRef sp = LLVMGetSubprogram(f);
  unsigned line = sp ? LLVMDISubprogramGetLine(sp) : 0, len = 0;
  *loc = 0;
  if (!line) return 0;
  LLVMMetadataRef file = LLVMDIScopeGetFile(sp);
  const char *name = file ? LLVMDIFileGetFilename(file, &len) : NULL;
  return intern_loc(p, name, len, line, loc);
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

uint32_t sxl_prog_msg(sxl_prog *p, uint32_t loc, const char *fmt, ...) {
  char buf[400], where[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  sxl_loc_str(p, loc, where, sizeof where);
  char **msgs = realloc(p->msgs, (p->nmsgs + 1) * sizeof *p->msgs);
  if (!msgs) return UINT32_MAX;
  p->msgs = msgs;
  size_t n = strlen(buf) + strlen(where) + 8;
  if (!(msgs[p->nmsgs] = malloc(n))) return UINT32_MAX;
  snprintf(msgs[p->nmsgs], n, "%s at %s", buf, where);
  return p->nmsgs++;
}

/* ---------------- program ---------------- */

int sxl_fn_find(const sxl_prog *p, const char *name) {
  for (uint32_t i = 0; i < p->nfns; i++)
    if (strcmp(p->fns[i].name, name) == 0) return (int)i;
  return -1;
}

/* Object ids: globals first, from 1, then functions. 0, or -1 when out of
** memory. */
static int add_globals(sxl_prog *p, uint32_t *id) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(p->mod); g; g = LLVMGetNextGlobal(g)) {
    sxl_global *globals = realloc(p->globals, (p->nglobals + 1) * sizeof *p->globals);
    if (!globals) return -1;
    p->globals = globals;
    sxl_global *gl = &p->globals[p->nglobals++];
    memset(gl, 0, sizeof *gl);
    size_t n;
    gl->ref = g;
    if (!(gl->name = strdup(LLVMGetValueName2(g, &n)))) return -1;
    gl->obj = (*id)++;
    gl->size = LLVMABISizeOfType(p->td, LLVMGlobalGetValueType(g));
    gl->ro = LLVMIsGlobalConstant(g);
  }
  return 0;
}

/* Whether any definition of the program has debug info. */
static int has_debug_info(LLVMModuleRef m) {
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (LLVMGetSubprogram(f)) return 1;
  return 0;
}

/* Library code (no overshift checks, no coverage, not an error's place):
** ours (linked with SXL_LIB_ATTR), or code without debug info in a program
** that has some (a library linked in before). */
static int is_library(LLVMValueRef f, int debug) {
  return LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, SXL_LIB_ATTR,
                                       sizeof SXL_LIB_ATTR - 1) ||
         (debug && !LLVMGetSubprogram(f));
}

static int add_functions(sxl_prog *p, uint32_t *id) {
  int debug = has_debug_info(p->mod);
  for (LLVMValueRef f = LLVMGetFirstFunction(p->mod); f; f = LLVMGetNextFunction(f)) {
    sxl_fn *fns = realloc(p->fns, (p->nfns + 1) * sizeof *p->fns);
    if (!fns) return -1;
    p->fns = fns;
    sxl_fn *fn = &p->fns[p->nfns++];
    memset(fn, 0, sizeof *fn);
    size_t n;
    fn->ref = f;
    if (!(fn->name = strdup(LLVMGetValueName2(f, &n)))) return -1;
    fn->defined = !LLVMIsDeclaration(f);
    fn->builtin = sxl_builtin_of(fn->name);
    /* A full libc's exit runs atexit handlers and flushes stdio before its
    ** _Exit (a builtin): its definition wins over the builtin. */
    if (fn->builtin == BI_EXIT && fn->defined && strcmp(fn->name, "exit") == 0) fn->builtin = 0;
    /* Calls to malloc & co. go to the interpreter even if defined. */
    if (fn->builtin) fn->defined = 0;
    fn->is_libc = fn->defined && is_library(f, debug);
    fn->is_vararg = LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f));
    fn->nparams = 0; /* parameter slots: an x86_fp80 takes two */
    for (unsigned i = 0; i < LLVMCountParams(f); i++)
      fn->nparams += sxl_type_slots(LLVMTypeOf(LLVMGetParam(f, i)));
    fn->obj = (*id)++;
    if (subprogram_loc(p, f, &fn->sub_loc)) return -1;
  }
  return 0;
}

/* The initial image of every global (needs every object's address). */
static int global_images(sxl_prog *p, char *err, size_t errlen) {
  for (uint32_t i = 0; i < p->nglobals; i++) {
    sxl_global *gl = &p->globals[i];
    if (gl->size > SXL_MAX_OBJECT) { /* its image would be allocated here */
      snprintf(err, errlen, "global '%s': %llu bytes, more than an object may have (%llu)", gl->name,
               (unsigned long long)gl->size, (unsigned long long)SXL_MAX_OBJECT);
      return -1;
    }
    gl->init = calloc(1, gl->size ? gl->size : 1);
    if (!gl->init) {
      snprintf(err, errlen, "global '%s': out of memory (%llu bytes)", gl->name,
               (unsigned long long)gl->size);
      return -1;
    }
    LLVMValueRef init = LLVMGetInitializer(gl->ref);
    if (init && sxl_const_write(p, init, gl->init, gl->size)) {
      snprintf(err, errlen, "global '%s': unsupported initializer", gl->name);
      return -1;
    }
  }
  return 0;
}

sxl_prog *sxl_prog_new(LLVMContextRef llctx, LLVMModuleRef mod, char *err, size_t errlen) {
  sxl_prog *p = calloc(1, sizeof *p);
  if (!p) {
    LLVMDisposeModule(mod); /* ours now */
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  p->llctx = llctx;
  p->mod = mod;
  p->td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
  p->nlocs = 1; /* loc 0 = unknown */
  uint32_t id = 1;
  if (SXL_GROW(p->locs, 0, p->caplocs) || add_globals(p, &id) || add_functions(p, &id)) {
    snprintf(err, errlen, "out of memory");
    sxl_prog_free(p);
    return NULL;
  }
  p->locs[0].file = 0;
  p->locs[0].line = 0;
  p->nobjs = id;
  if (global_images(p, err, errlen)) {
    sxl_prog_free(p);
    return NULL;
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
    free(f->ninst);
    free(f->hits);
    free(f->forks);
    free(f->solve_ns);
    free(f->edges);
    free(f->moves);
    free(f->args);
    free(f->unsupported);
    free(f->src);
    free(f->target);
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
  sxl_cutplan_free(p->cuts);
  if (p->td) LLVMDisposeTargetData(p->td);
  if (p->mod) LLVMDisposeModule(p->mod);
  free(p);
}
