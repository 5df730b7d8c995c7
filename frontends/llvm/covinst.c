/*
** covinst.c — the coverage oracle's instrumentation: a copy of the program
** with a call __symx_cov_line(line) before every instruction the
** interpreter counts for line coverage (debug location, not a phi, not a
** dbg/lifetime intrinsic), for native runs linked with libsymx-replay.
*/
#include "sxl.h"

#include <llvm-c/BitWriter.h>

#include <string.h>

/* Calls the translation leaves out (BI_IGNORE) cover no line there, so
** none here either. */
static int skipped_call(LLVMValueRef in) {
  if (LLVMGetInstructionOpcode(in) != LLVMCall) return 0;
  LLVMValueRef f = LLVMGetCalledValue(in);
  if (!LLVMIsAFunction(f)) return 0;
  size_t n;
  return sxl_builtin_of(LLVMGetValueName2(f, &n)) == BI_IGNORE;
}

int sxl_instrument_coverage(const char *in_path, const char *out_path, char *err,
                            size_t errlen) {
  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  if (sxl_load(in_path, "", "-O0", c, &m, err, errlen)) {
    LLVMContextDispose(c);
    return -1;
  }
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(c), &i32, 1, 0);
  LLVMValueRef hook = LLVMGetNamedFunction(m, "__symx_cov_line");
  if (!hook) hook = LLVMAddFunction(m, "__symx_cov_line", fty);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
  /* So that clang -fsanitize=address instruments this bitcode too. */
  unsigned asan = LLVMGetEnumAttributeKindForName("sanitize_address", 16);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || f == hook) continue;
    if (asan)
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(c, asan, 0));
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      unsigned last = 0;
      for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
        if (LLVMIsAPHINode(in) || skipped_call(in)) continue;
        unsigned line = LLVMGetDebugLocLine(in);
        if (!line || line == last) continue;
        last = line;
        LLVMPositionBuilderBefore(b, in);
        LLVMValueRef arg = LLVMConstInt(i32, line, 0);
        LLVMBuildCall2(b, fty, hook, &arg, 1, "");
      }
    }
  }
  LLVMDisposeBuilder(b);
  int rc = LLVMWriteBitcodeToFile(m, out_path);
  if (rc) snprintf(err, errlen, "%s: cannot write", out_path);
  LLVMDisposeModule(m);
  LLVMContextDispose(c);
  return rc ? -1 : 0;
}
