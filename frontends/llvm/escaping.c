/*
** escaping.c — KLEE's --debug-print-escaping-functions: the functions of
** the linked program whose address is used other than to call them (passed
** as an argument, stored, compared: any use but a call's callee, seen
** through bitcasts and aliases), printed as "escaping functions: [f, g]".
** Which of them a call through a pointer may reach (CCBSE's call graph).
*/
#include "sxl.h"

#include <llvm-c/Core.h>
#include <string.h>

static int only_called(LLVMValueRef v, int depth) {
  if (depth > 32) return 0; /* a cycle of aliases: treat as escaping */
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsACallInst(user) || LLVMIsAInvokeInst(user)) {
      unsigned n = LLVMGetNumArgOperands(user);
      for (unsigned i = 0; i < n; i++)
        if (LLVMGetOperand(user, i) == v) return 0; /* passed as an argument */
    } else if (LLVMIsAConstantExpr(user)) {
      if (LLVMGetConstOpcode(user) != LLVMBitCast || !only_called(user, depth + 1)) return 0;
    } else if (LLVMIsAGlobalAlias(user)) {
      if (LLVMAliasGetAliasee(user) == v && !only_called(user, depth + 1)) return 0;
    } else if (!LLVMIsABlockAddress(user)) {
      return 0;
    }
  }
  return 1;
}

int sxl_fn_escapes(LLVMValueRef f) { return !LLVMGetIntrinsicID(f) && !only_called(f, 0); }

/* Types a call passes or returns alike: pointers whatever they point to
** (LLVM 14's typed pointers tell `void *` from `struct s *`, which C code
** casts between), integers and floats by kind and width, others equal. */
static int same_shape(LLVMTypeRef a, LLVMTypeRef b) {
  LLVMTypeKind k = LLVMGetTypeKind(a);
  if (a == b) return 1;
  if (k != LLVMGetTypeKind(b)) return 0;
  if (k == LLVMPointerTypeKind) return 1;
  return k == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(a) == LLVMGetIntTypeWidth(b);
}

int sxl_fn_type_fits(LLVMTypeRef call, LLVMTypeRef fn) {
  unsigned n = LLVMCountParamTypes(call);
  if (n != LLVMCountParamTypes(fn) || LLVMIsFunctionVarArg(call) != LLVMIsFunctionVarArg(fn) ||
      !same_shape(LLVMGetReturnType(call), LLVMGetReturnType(fn)))
    return 0;
  LLVMTypeRef a[64], b[64];
  if (n > 64) return 1; /* (not compared: may be called) */
  LLVMGetParamTypes(call, a);
  LLVMGetParamTypes(fn, b);
  for (unsigned i = 0; i < n; i++)
    if (!same_shape(a[i], b[i])) return 0;
  return 1;
}

void sxl_print_escaping(LLVMModuleRef m, FILE *f) {
  const char *sep = "";
  int any = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMGetIntrinsicID(fn) || only_called(fn, 0)) continue;
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    fprintf(f, "%s%s%.*s", any ? "" : "symx-llvm: escaping functions: [", sep, (int)len, name);
    sep = ", ";
    any = 1;
  }
  if (any) fputs("]\n", f);
}
