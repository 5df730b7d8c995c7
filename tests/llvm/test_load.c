/* tests/llvm/test_load.c — symx-llvm's reader of .ll/.bc (frontends/llvm/
** load.c, lower.c) on IR that LLVM 14 would end the process on while parsing: a bad
** target datalayout and a module with debug info that fails the verifier
** (both found by tests/fuzz/fuzz_ll). The reader returns an error with a
** reason instead, as on a link with our libc that LLVM ends with exit(1);
** an invalid module without debug info is refused too, and
** valid IR still loads, from memory and from a file; several files link
** into one module. A global too large for
** an object is refused by the translation. */
#include "check.h"
#include "sxl.h"

#include <unistd.h>

static const char valid[] = "target datalayout = \"e-m:e-i64:64-n8:16:32:64-S128\"\n"
                            "define i32 @main() {\n  ret i32 0\n}\n";

/* Loads text; returns sxl_load_ir's result with the reason in err. */
static int load(const char *text, size_t len, char *err, size_t errlen) {
  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  int rc = sxl_load_ir(text, len, "t.ll", c, &m, err, errlen);
  CHECK((rc == 0) == (m != NULL));
  if (m) LLVMDisposeModule(m);
  LLVMContextDispose(c);
  return rc;
}

static void test_bad_datalayout(void) {
  static const char text[] = "target datalayout = \"e-m:e-n          8:16:32:64-S128\"\n"
                             "define i32 @main() {\n  ret i32 0\n}\n";
  char err[512] = "";
  CHECK(load(text, sizeof text - 1, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "t.ll: LLVM cannot read it (signal 6): LLVM ERROR: not a number");
  /* a NUL is white space to LLVM's lexer */
  static const char nul[] = "\0target datalayout = \"m:\0\"";
  CHECK(load(nul, sizeof nul - 1, err, sizeof err) == -1);
}

/* The verifier runs while parsing when the module has "Debug Info
** Version" 3, and LLVM 14 aborts when it fails. */
static void test_broken_module_with_debug_info(void) {
  static const char text[] = "define i32 @main() {\n  ret i32 0\n}\n"
                             "!llvm.module.flags = !{!0}\n!llvm.ident = !{!0}\n"
                             "!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n";
  char err[512] = "";
  CHECK(load(text, sizeof text - 1, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "t.ll: LLVM cannot read it (signal 6): incorrect number of operands in llvm.ident");
}

static void test_invalid_module(void) {
  static const char text[] = "define i32 @main() {\n  %a = add i32 %b, 1\n  %b = add i32 1, 1\n"
                             "  ret i32 %a\n}\n";
  char err[512] = "";
  CHECK(load(text, sizeof text - 1, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "t.ll: invalid module: Instruction does not dominate all uses!");
  static const char syntax[] = "define i32 @main() {\n  ret i32 %nope\n}\n";
  CHECK(load(syntax, sizeof syntax - 1, err, sizeof err) == -1);
  CHECK_STR_CONTAINS(err, "t.ll:2:11: error: use of undefined value '%nope'");
}

/* Writes text to a new file named like templ (ending in suffix_len chars). */
static int write_tmp(char *templ, int suffix_len, const char *text) {
  int fd = mkstemps(templ, suffix_len);
  if (fd < 0) return -1;
  ssize_t n = write(fd, text, strlen(text));
  close(fd);
  return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* Only what the program reaches of a libc is linked (prune.c): the call
** chain it needs, through an alias, and not an unreached function or the
** table only that function reads. */
static void test_libc_pruned(void) {
  char prog[] = "/tmp/symx-test-prog-XXXXXX.ll", lib[] = "/tmp/symx-test-lib-XXXXXX.ll";
  CHECK(write_tmp(prog, 3, "declare i64 @f()\n"
                           "define i32 @main() {\n  %r = call i64 @f()\n  ret i32 0\n}\n") == 0);
  CHECK(write_tmp(lib, 3, "@tbl = global [2 x double] [double 1.0, double 2.0]\n"
                          "@f = weak alias i64 (), i64 ()* @__f\n"
                          "define i64 @__f() {\n  %n = call i64 @h()\n  ret i64 %n\n}\n"
                          "define i64 @h() {\n  ret i64 1\n}\n"
                          "define double @g() {\n  %p = getelementptr [2 x double], [2 x double]* @tbl, i64 0, i64 1\n"
                          "  %v = load double, double* %p\n  ret double %v\n}\n") == 0);
  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  char err[512] = "";
  CHECK(sxl_load(prog, lib, "-O0", c, &m, err, sizeof err) == 0 && m != NULL);
  if (m) {
    LLVMValueRef h = LLVMGetNamedFunction(m, "h"), g = LLVMGetNamedFunction(m, "g");
    CHECK(h && !LLVMIsDeclaration(h));
    CHECK(!g || LLVMIsDeclaration(g));
    CHECK(LLVMGetNamedGlobal(m, "tbl") == NULL);
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(c);
  unlink(prog);
  unlink(lib);
}

/* Linking our libc into a program that clashes with it: LLVM's default
** diagnostic handler calls exit(1) on a link error; ours says it. */
static void test_link_clash(void) {
  char prog[] = "/tmp/symx-test-prog-XXXXXX.ll", lib[] = "/tmp/symx-test-lib-XXXXXX.ll";
  /* The program calls f, so the library's f and the strlen it calls are
  ** linked (what the program cannot reach is pruned first). */
  CHECK(write_tmp(prog, 3, "@strlen = global i32 5\ndeclare i64 @f()\n"
                           "define i32 @main() {\n  %r = call i64 @f()\n  ret i32 0\n}\n") == 0);
  CHECK(write_tmp(lib, 3, "define i64 @strlen(i8* %s) {\n  ret i64 0\n}\n"
                          "define i64 @f() {\n  %n = call i64 @strlen(i8* null)\n  ret i64 %n\n}\n") == 0);
  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  char err[512] = "";
  CHECK(sxl_load(prog, lib, "-O0", c, &m, err, sizeof err) == -1 && m == NULL);
  CHECK_STR_CONTAINS(err, "failed: Linking globals named 'strlen': symbol multiply defined!");
  LLVMContextDispose(c);
  unlink(prog);
  unlink(lib);
}

/* Several inputs are linked into one module; a symbol two of them define
** is an error naming the second file (in the dry run and in this process). */
static void test_several_inputs(void) {
  char a[] = "/tmp/symx-test-a-XXXXXX.ll", b[] = "/tmp/symx-test-b-XXXXXX.ll";
  CHECK(write_tmp(a, 3, "declare i32 @f()\ndefine i32 @main() {\n  %r = call i32 @f()\n"
                        "  ret i32 %r\n}\n") == 0);
  CHECK(write_tmp(b, 3, "define i32 @f() {\n  ret i32 7\n}\n") == 0);
  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  char err[512] = "";
  const char *two[] = {a, b}, *clash[] = {a, b, b};
  CHECK(sxl_load_files(two, 2, "", "-O0", c, &m, err, sizeof err) == 0 && m != NULL);
  LLVMValueRef f = m ? LLVMGetNamedFunction(m, "f") : NULL;
  CHECK(f != NULL && !LLVMIsDeclaration(f));
  if (m) LLVMDisposeModule(m);
  m = NULL;
  CHECK(sxl_load_files(clash, 3, "", "-O0", c, &m, err, sizeof err) == -1 && m == NULL);
  CHECK_STR_CONTAINS(err, "failed: Linking globals named 'f': symbol multiply defined!");
  CHECK_STR_CONTAINS(err, b);
  CHECK(sxl_load_files(two, 0, "", "-O0", c, &m, err, sizeof err) == -1 && m == NULL);
  LLVMContextDispose(c);
  unlink(a);
  unlink(b);
}

static void test_valid_loads(void) {
  char err[512] = "";
  CHECK(load(valid, sizeof valid - 1, err, sizeof err) == 0);
  char path[] = "/tmp/symx-test-load-XXXXXX.ll";
  CHECK(write_tmp(path, 3, valid) == 0);
  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  CHECK(sxl_load(path, NULL, "-O0", c, &m, err, sizeof err) == 0 && m != NULL);
  if (m) LLVMDisposeModule(m);
  LLVMContextDispose(c);
  unlink(path);
}

/* A global too large for an object is an error of the translation, not an
** allocation of its image (found by fuzz_ll: ASan out of memory). */
static void test_huge_global(void) {
  static const char text[] = "@g = global [4294967296 x i64] zeroinitializer\n"
                             "define i32 @main() {\n  ret i32 0\n}\n";
  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  char err[512] = "";
  CHECK(sxl_load_ir(text, sizeof text - 1, "t.ll", c, &m, err, sizeof err) == 0);
  sxl_prog *p = m ? sxl_prog_new(c, m, err, sizeof err) : NULL;
  CHECK(p == NULL);
  CHECK_STR_CONTAINS(err, "global 'g': 34359738368 bytes, more than an object may have (2147483648)");
  sxl_prog_free(p);
  LLVMContextDispose(c);
}

CHECK_MAIN(CHECK_CASE(test_bad_datalayout), CHECK_CASE(test_broken_module_with_debug_info),
           CHECK_CASE(test_invalid_module), CHECK_CASE(test_link_clash), CHECK_CASE(test_libc_pruned),
           CHECK_CASE(test_several_inputs), CHECK_CASE(test_valid_loads),
           CHECK_CASE(test_huge_global))
