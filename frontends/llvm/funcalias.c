/*
** funcalias.c — KLEE's --function-alias NAME:REPLACEMENT on the linked
** program: every use of function NAME becomes REPLACEMENT. NAME is a
** function's (or a function alias's) name, else a regular expression
** (POSIX extended) that must match a whole name; REPLACEMENT must exist
** and have the same type (return type, parameters, varargs), else NAME is
** not replaced. Each pair must replace something, or the run is refused,
** as KLEE refuses it. What was replaced is said on stderr.
*/
#include "driver.h"

#include <regex.h>
#include <string.h>

/* A function, or an alias of one (its function through *fn), by name. */
static LLVMValueRef named_function(LLVMModuleRef m, const char *name, LLVMValueRef *fn) {
  LLVMValueRef v = LLVMGetNamedFunction(m, name);
  if (!v) {
    LLVMValueRef a = LLVMGetNamedGlobalAlias(m, name, strlen(name));
    LLVMValueRef t = a ? LLVMAliasGetAliasee(a) : NULL;
    while (t && LLVMIsAConstantExpr(t) && LLVMGetConstOpcode(t) == LLVMBitCast) t = LLVMGetOperand(t, 0);
    if (!t || !LLVMIsAFunction(t)) return NULL;
    *fn = t;
    return a;
  }
  *fn = v;
  return v;
}

/* Whether replacement can stand for match (KLEE's type check: an alias has
** the type it declares, not its aliasee's), else why. */
static const char *type_differs(LLVMValueRef match, LLVMValueRef repl) {
  LLVMTypeRef a = LLVMGlobalGetValueType(match), b = LLVMGlobalGetValueType(repl);
  if (LLVMGetTypeKind(a) != LLVMFunctionTypeKind || LLVMGetTypeKind(b) != LLVMFunctionTypeKind)
    return "not a function type";
  if (LLVMGetReturnType(a) != LLVMGetReturnType(b)) return "return type differs";
  if (LLVMIsFunctionVarArg(a) != LLVMIsFunctionVarArg(b))
    return "one has varargs while the other does not";
  unsigned n = LLVMCountParamTypes(a);
  if (n != LLVMCountParamTypes(b)) return "number of parameters differs";
  LLVMTypeRef pa[64], pb[64];
  if (n > 64) return "more than 64 parameters";
  LLVMGetParamTypes(a, pa);
  LLVMGetParamTypes(b, pb);
  for (unsigned i = 0; i < n; i++)
    if (pa[i] != pb[i]) return "parameter types differ";
  return NULL;
}

/* match's uses become replacement's: 1, or 0 when the types differ (said). */
static int replace(LLVMValueRef match, LLVMValueRef repl) {
  const char *why = type_differs(match, repl);
  size_t ml, rl;
  const char *mn = LLVMGetValueName2(match, &ml), *rn = LLVMGetValueName2(repl, &rl);
  if (why) {
    fprintf(stderr, "symx-llvm: warning: function-alias: @%.*s could not be replaced with @%.*s: %s\n",
            (int)ml, mn, (int)rl, rn, why);
    return 0;
  }
  fprintf(stderr, "symx-llvm: function-alias: replaced @%.*s with @%.*s\n", (int)ml, mn, (int)rl, rn);
  LLVMValueRef r = LLVMTypeOf(repl) == LLVMTypeOf(match) ? repl : LLVMConstBitCast(repl, LLVMTypeOf(match));
  LLVMReplaceAllUsesWith(match, r);
  return 1;
}

/* Whether re matches the whole name of v (a function or a function alias,
** not repl itself). */
static int matches(LLVMValueRef v, regex_t *re, const char *repl_name) {
  size_t len;
  const char *name = LLVMGetValueName2(v, &len);
  regmatch_t mt;
  if (!len || regexec(re, name, 1, &mt, 0) || mt.rm_so != 0 || (size_t)mt.rm_eo != len) return 0;
  return strcmp(name, repl_name) != 0; /* it cannot replace itself */
}

/* The functions and function aliases whose whole name re matches. */
static int replace_matching(LLVMModuleRef m, regex_t *re, const char *repl_name, LLVMValueRef repl) {
  int n = 0;
  LLVMValueRef next, fn;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = next) {
    next = LLVMGetNextFunction(f);
    if (!LLVMGetIntrinsicID(f) && matches(f, re, repl_name)) n += replace(f, repl);
  }
  for (LLVMValueRef a = LLVMGetFirstGlobalAlias(m); a; a = next) {
    next = LLVMGetNextGlobalAlias(a);
    size_t len;
    const char *name = LLVMGetValueName2(a, &len);
    if (matches(a, re, repl_name) && named_function(m, name, &fn) == a) n += replace(a, repl);
  }
  return n;
}

/* One NAME:REPLACEMENT pair. 0, or -1 with err set. */
static int alias_one(LLVMModuleRef m, const char *pair, char *err, size_t errlen) {
  const char *colon = strrchr(pair, ':'); /* a regex may hold colons, a name not */
  char pat[512];
  if (!colon) return snprintf(err, errlen, "function-alias %s: no replacement given", pair), -1;
  snprintf(pat, sizeof pat, "%.*s", (int)(colon - pair), pair);
  const char *rname = colon + 1;
  if (!*pat) return snprintf(err, errlen, "function-alias %s: name or pattern cannot be empty", pair), -1;
  if (!*rname) return snprintf(err, errlen, "function-alias %s: replacement cannot be empty", pair), -1;
  if (!strcmp(pat, rname)) return snprintf(err, errlen, "function-alias: @%s cannot replace itself", pat), -1;
  LLVMValueRef rfn, repl = named_function(m, rname, &rfn), mfn;
  if (!repl)
    return snprintf(err, errlen, "function-alias: replacement function @%s could not be found", rname), -1;
  LLVMValueRef match = named_function(m, pat, &mfn);
  if (match || LLVMGetNamedGlobal(m, pat)) {
    if (match && replace(match, repl)) return 0;
    return snprintf(err, errlen, "function-alias: no (replaceable) match for '%s' found", pat), -1;
  }
  regex_t re;
  if (regcomp(&re, pat, REG_EXTENDED))
    return snprintf(err, errlen, "function-alias: '%s' is not a valid regular expression", pat), -1;
  int n = replace_matching(m, &re, rname, repl);
  regfree(&re);
  if (n) return 0;
  return snprintf(err, errlen, "function-alias: no (replaceable) match for '%s' found", pat), -1;
}

int sxl_function_alias(void *ud, LLVMModuleRef m, char *err, size_t errlen) {
  const sxl_aliases *a = ud;
  for (int k = 0; k < a->n; k++)
    if (alias_one(m, a->pairs[k], err, errlen)) return -1;
  return 0;
}
