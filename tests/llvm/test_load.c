/* tests/llvm/test_load.c — symx-llvm's reader of .ll/.bc (frontends/llvm/
** load.c, lower.c) on IR that LLVM 14 would end the process on while parsing: a bad
** target datalayout and a module with debug info that fails the verifier
** (both found by tests/fuzz/fuzz_ll). The reader returns an error with a
** reason instead; an invalid module without debug info is refused too, and
** valid IR still loads, from memory and from a file. A global too large for
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
  CHECK_STR_CONTAINS(err, "t.ll: LLVM cannot read it: LLVM ERROR: not a number");
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
  CHECK_STR_CONTAINS(err, "t.ll: LLVM cannot read it: incorrect number of operands in llvm.ident");
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

static void test_valid_loads(void) {
  char err[512] = "";
  CHECK(load(valid, sizeof valid - 1, err, sizeof err) == 0);
  char path[] = "/tmp/symx-test-load-XXXXXX.ll";
  int fd = mkstemps(path, 3);
  CHECK(fd >= 0);
  if (fd < 0) return;
  CHECK(write(fd, valid, sizeof valid - 1) == (ssize_t)(sizeof valid - 1));
  close(fd);
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
           CHECK_CASE(test_invalid_module), CHECK_CASE(test_valid_loads), CHECK_CASE(test_huge_global))
