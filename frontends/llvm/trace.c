/*
** trace.c — KLEE's --debug-print-instructions: each LLVM instruction a path
** runs, as "     file:line:FN+PC:STATE[:TEXT]" (src and all formats) or
** "FN+PC:STATE" (compact), to stderr or OUTDIR/instructions.txt. FN+PC
** names the instruction (its function and the index of its first
** translated instruction) where KLEE gives its line in assembly.ll; STATE
** is the engine's state id (0 when run concretely); TEXT is the LLVM
** instruction. An LLVM instruction translated to several of ours prints
** once, one translated to none (debug intrinsics) not at all.
*/
#include "sxl.h"

#include <string.h>

void sxl_trace(sxl_exec *x, const sxl_state *s, symx_state *st, uint32_t fi, uint32_t pc) {
  (void)s;
  const sxl_fn *fn = &x->prog->fns[fi];
  LLVMValueRef in = fn->src ? fn->src[pc] : NULL;
  if (pc && fn->src && fn->src[pc - 1] == in) return; /* printed at its first */
  FILE *f = x->trace_out ? x->trace_out : stderr;
  uint64_t id = st ? symx_state_id(st) : 0;
  if (x->trace != SXL_TRACE_COMPACT) {
    char loc[300];
    sxl_loc_str(x->prog, fn->code[pc].loc, loc, sizeof loc);
    fprintf(f, "     %s:", loc);
  }
  fprintf(f, "%s+%u:%llu", fn->name, pc, (unsigned long long)id);
  if (x->trace == SXL_TRACE_ALL && in) {
    char *text = LLVMPrintValueToString(in);
    fputc(':', f);
    int space = 1; /* one line: a switch's case list joins it */
    for (const char *t = text; *t; t++) {
      int sp = *t == ' ' || *t == '\n';
      if (!sp || !space) fputc(sp ? ' ' : *t, f);
      space = sp;
    }
    LLVMDisposeMessage(text);
  }
  fputc('\n', f);
}
