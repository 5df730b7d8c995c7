/*
** optimize.c — --optimize (KLEE's name) on bitcode the user gave: a
** scalar clean-up of the linked program before our libc joins it (a .c
** input is compiled at -O1 instead). The passes are chosen so that the
** result stays what the interpreter runs: no vectorizer, no loop
** unrolling, no inlining (errors keep their function and line); loops
** with a computable result are deleted.
*/
#include "sxl.h"

#include <string.h>

#include <llvm-c/Transforms/IPO.h>
#include <llvm-c/Transforms/InstCombine.h>
#include <llvm-c/Transforms/Scalar.h>
#include <llvm-c/Transforms/Utils.h>

static void add_fn_attr(LLVMValueRef f, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  LLVMContextRef c = LLVMGetModuleContext(LLVMGetGlobalParent(f));
  LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(c, kind, 0));
}

/* Whether f calls (or invokes) a function named klee_*. */
static int calls_klee(LLVMValueRef f) {
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i)) continue;
      LLVMValueRef callee = LLVMGetCalledValue(i);
      size_t n = 0;
      const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
      if (n > 5 && strncmp(name, "klee_", 5) == 0) return 1;
    }
  return 0;
}

/* KLEE's --klee-call-optimisation=false: a function calling a klee_*
** function keeps the code its author wrote (its checks and the order of
** its symbolic inputs): optnone, with noinline as LLVM requires. */
static void keep_klee_callers(LLVMModuleRef m) {
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || !calls_klee(f)) continue;
    if (LLVMGetEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, optnone)) continue;
    add_fn_attr(f, "optnone");
    add_fn_attr(f, "noinline");
  }
}

/* Functions marked optnone (clang -O0 without -disable-O0-optnone, or
** keep_klee_callers) are left as they are by every pass. */
void sxl_optimize(LLVMModuleRef m, int keep_klee) {
  if (keep_klee) keep_klee_callers(m);
  LLVMPassManagerRef fpm = LLVMCreateFunctionPassManagerForModule(m);
  LLVMAddPromoteMemoryToRegisterPass(fpm);
  LLVMAddScalarReplAggregatesPass(fpm);
  LLVMAddEarlyCSEPass(fpm);
  LLVMAddInstructionCombiningPass(fpm);
  LLVMAddReassociatePass(fpm);
  LLVMAddGVNPass(fpm);
  LLVMAddCFGSimplificationPass(fpm);
  /* a loop whose result is known at its exit is computed, not run (as
  ** KLEE's --optimize does) */
  LLVMAddLoopRotatePass(fpm);
  LLVMAddIndVarSimplifyPass(fpm);
  LLVMAddLoopDeletionPass(fpm);
  LLVMAddInstructionCombiningPass(fpm);
  LLVMAddCFGSimplificationPass(fpm);
  LLVMAddDeadStoreEliminationPass(fpm);
  LLVMAddAggressiveDCEPass(fpm);
  LLVMInitializeFunctionPassManager(fpm);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) LLVMRunFunctionPassManager(fpm, f);
  LLVMFinalizeFunctionPassManager(fpm);
  LLVMDisposePassManager(fpm);
  LLVMPassManagerRef mpm = LLVMCreatePassManager();
  LLVMAddIPSCCPPass(mpm);
  LLVMAddGlobalOptimizerPass(mpm);
  LLVMAddDeadArgEliminationPass(mpm);
  LLVMAddCFGSimplificationPass(mpm);
  LLVMRunPassManager(mpm, m);
  LLVMDisposePassManager(mpm);
}

/* --switch-type=llvm: LLVM's LowerSwitch turns every switch into branches
** (a binary search over case ranges). */
void sxl_lower_switches(LLVMModuleRef m) {
  LLVMPassManagerRef fpm = LLVMCreateFunctionPassManagerForModule(m);
  LLVMAddLowerSwitchPass(fpm);
  LLVMInitializeFunctionPassManager(fpm);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) LLVMRunFunctionPassManager(fpm, f);
  LLVMFinalizeFunctionPassManager(fpm);
  LLVMDisposePassManager(fpm);
}
