/*
** optimize.c — --optimize (KLEE's name) on bitcode the user gave: a
** scalar clean-up of the linked program before our libc joins it (a .c
** input is compiled at -O1 instead). The passes are chosen so that the
** result stays what the interpreter runs: no vectorizer, no loop
** unrolling, no inlining (errors keep their function and line); loops
** with a computable result are deleted.
*/
#include "sxl.h"

#include <llvm-c/Transforms/IPO.h>
#include <llvm-c/Transforms/InstCombine.h>
#include <llvm-c/Transforms/Scalar.h>
#include <llvm-c/Transforms/Utils.h>

/* Functions marked optnone (clang -O0 without -disable-O0-optnone) are left
** as they are by every pass. */
void sxl_optimize(LLVMModuleRef m) {
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
