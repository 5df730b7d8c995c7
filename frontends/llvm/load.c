/*
** load.c — the program as an LLVM module: .ll/.bc parsed, .c compiled with
** clang-14 first, then our libc bitcode linked in.
*/
#include "sxl.h"

#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SXL_CLANG
#define SXL_CLANG "clang-14"
#endif

static int ends_with(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n >= m && strcmp(s + n - m, suf) == 0;
}

static int parse_file(LLVMContextRef c, const char *path, LLVMModuleRef *out, char *err,
                      size_t errlen) {
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
    snprintf(err, errlen, "%s: %s", path, msg ? msg : "cannot read");
    LLVMDisposeMessage(msg);
    return -1;
  }
  /* The IR reader takes the buffer and reads both text and bitcode. */
  if (LLVMParseIRInContext(c, buf, out, &msg)) {
    snprintf(err, errlen, "%s: %s", path, msg ? msg : "cannot parse");
    LLVMDisposeMessage(msg);
    return -1;
  }
  return 0;
}

static int compile_c(const char *path, const char *opt, char *outpath, size_t outlen,
                     char *err, size_t errlen) {
  const char *tmp = getenv("TMPDIR");
  snprintf(outpath, outlen, "%s/symx-llvm-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  int fd = mkstemp(outpath);
  if (fd < 0) {
    snprintf(err, errlen, "cannot create a temporary file");
    return -1;
  }
  close(fd);
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, errlen, "fork failed");
    unlink(outpath);
    return -1;
  }
  if (pid == 0) {
    const char *inc = getenv("SYMX_INCLUDE");
    char incarg[4096];
    snprintf(incarg, sizeof incarg, "-I%s", inc ? inc : SXL_INCLUDE_DIR);
    if (strcmp(opt, "-O0") == 0)
      execlp(SXL_CLANG, SXL_CLANG, "-emit-llvm", "-c", "-g", "-O0", "-Xclang",
             "-disable-O0-optnone", "-fno-discard-value-names", incarg, "-o", outpath, path,
             (char *)NULL);
    else
      execlp(SXL_CLANG, SXL_CLANG, "-emit-llvm", "-c", "-g", opt, "-fno-vectorize",
             "-fno-slp-vectorize", incarg, "-o", outpath, path, (char *)NULL);
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    snprintf(err, errlen, "%s: %s failed (status %d)", path, SXL_CLANG,
             WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    unlink(outpath);
    return -1;
  }
  return 0;
}

int sxl_load(const char *path, const char *libc_bc, const char *opt, LLVMContextRef c,
             LLVMModuleRef *out, char *err, size_t errlen) {
  LLVMModuleRef m = NULL;
  if (ends_with(path, ".c")) {
    char tmp[4096];
    if (compile_c(path, opt ? opt : "-O0", tmp, sizeof tmp, err, errlen)) return -1;
    int rc = parse_file(c, tmp, &m, err, errlen);
    unlink(tmp);
    if (rc) return -1;
  } else if (parse_file(c, path, &m, err, errlen)) {
    return -1;
  }
  if (libc_bc && *libc_bc) {
    LLVMModuleRef lib = NULL;
    if (parse_file(c, libc_bc, &lib, err, errlen)) {
      LLVMDisposeModule(m);
      return -1;
    }
    /* Our libc defines only what the program may lack: drop the library's
    ** definitions the program already has, so the link cannot clash. */
    for (LLVMValueRef f = LLVMGetFirstFunction(lib); f;) {
      LLVMValueRef next = LLVMGetNextFunction(f);
      size_t n;
      const char *name = LLVMGetValueName2(f, &n);
      LLVMValueRef mine = LLVMGetNamedFunction(m, name);
      if (mine && !LLVMIsDeclaration(mine) && !LLVMIsDeclaration(f)) {
        /* Hide ours under a private name; the program's definition wins. */
        char priv[512];
        snprintf(priv, sizeof priv, "__symx_libc_shadowed.%s", name);
        LLVMSetValueName2(f, priv, strlen(priv));
        LLVMSetLinkage(f, LLVMInternalLinkage);
      }
      f = next;
    }
    if (LLVMLinkModules2(m, lib)) { /* consumes lib */
      snprintf(err, errlen, "linking %s failed", libc_bc);
      LLVMDisposeModule(m);
      return -1;
    }
  }
  *out = m;
  return 0;
}
