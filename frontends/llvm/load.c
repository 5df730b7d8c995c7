/*
** load.c — the program as an LLVM module: .ll/.bc parsed (after a dry run
** in a child process), .c compiled with clang-14 first, then our libc
** bitcode linked in.
*/
#include "sxl.h"

#include "datadir.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SXL_CLANG
#define SXL_CLANG "clang-14"
#endif

static int ends_with(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n >= m && strcmp(s + n - m, suf) == 0;
}

/* The IR reader takes the buffer and reads both text and bitcode. */
static int parse_buffer(LLVMContextRef c, LLVMMemoryBufferRef buf, const char *name,
                        LLVMModuleRef *out, char *err, size_t errlen) {
  char *msg = NULL;
  if (LLVMParseIRInContext(c, buf, out, &msg)) {
    snprintf(err, errlen, "%s: %s", name, msg ? msg : "cannot parse");
    LLVMDisposeMessage(msg);
    return -1;
  }
  return 0;
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
  return parse_buffer(c, buf, path, out, err, errlen);
}

/* ---- a dry run in a child process ----
** LLVM 14 ends the process instead of returning an error on some malformed
** IR: report_fatal_error on a bad target datalayout, on a module with debug
** info that fails the verifier (checked while parsing), on a broken link.
** So a file from the user is loaded (and verified) once in a child first;
** its death or failure is our error message, and only a file it read
** cleanly is loaded here. */

typedef int (*load_fn)(const void *arg, LLVMContextRef c, LLVMModuleRef *out, char *err,
                       size_t errlen);

enum { DRY_OK = 0, DRY_REFUSED = 3 }; /* exit codes of the child; others: LLVM ended it */

/* The child: load, verify, exit DRY_OK when both worked, else DRY_REFUSED
** with our message on fd. */
static void dry_run(load_fn fn, const void *arg, const char *name, int fd) {
  static const int sigs[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE};
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], SIG_DFL);
  dup2(fd, 2); /* LLVM writes "LLVM ERROR: ..." to stderr before it aborts */
  char err[1024] = "";
  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  char *msg = NULL;
  int rc = fn(arg, c, &m, err, sizeof err);
  if (!rc && LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
    snprintf(err, sizeof err, "%s: invalid module: %s", name, msg ? msg : "?");
    rc = -1;
  }
  if (rc && write(fd, err, strlen(err)) < 0) rc = -1;
  _exit(rc ? DRY_REFUSED : DRY_OK); /* no exit handlers: the parent owns them */
}

/* Reads what the child says (at most len - 1 bytes kept, lines joined). */
static void read_report(int fd, char *buf, size_t len) {
  size_t n = 0;
  char tmp[512];
  ssize_t r;
  while ((r = read(fd, tmp, sizeof tmp)) != 0) {
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) break;
    for (ssize_t i = 0; i < r && n + 1 < len; i++) buf[n++] = tmp[i] == '\n' ? ' ' : tmp[i];
  }
  while (n && buf[n - 1] == ' ') n--;
  buf[n] = 0;
}

static int probe(load_fn fn, const void *arg, const char *name, char *err, size_t errlen) {
  int fds[2];
  if (pipe(fds)) {
    snprintf(err, errlen, "%s: cannot create a pipe", name);
    return -1;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    snprintf(err, errlen, "%s: fork failed", name);
    return -1;
  }
  if (pid == 0) {
    close(fds[0]);
    dry_run(fn, arg, name, fds[1]);
  }
  close(fds[1]);
  char report[1024];
  read_report(fds[0], report, sizeof report);
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  if (WIFEXITED(status) && WEXITSTATUS(status) == DRY_OK) return 0;
  if (WIFEXITED(status) && WEXITSTATUS(status) == DRY_REFUSED)
    snprintf(err, errlen, "%s", report);
  else if (WIFSIGNALED(status))
    snprintf(err, errlen, "%s: LLVM cannot read it (signal %d): %s", name, WTERMSIG(status), report);
  else
    snprintf(err, errlen, "%s: LLVM cannot read it (exit %d): %s", name,
             WIFEXITED(status) ? WEXITSTATUS(status) : -1, report);
  return -1;
}

typedef struct ir_text {
  const char *data, *name;
  size_t len;
} ir_text;

static int load_memory(const void *arg, LLVMContextRef c, LLVMModuleRef *out, char *err,
                       size_t errlen) {
  const ir_text *t = arg;
  /* a copy: the text reader wants a NUL after the last byte */
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(t->data, t->len, t->name);
  if (!buf) {
    snprintf(err, errlen, "%s: out of memory", t->name);
    return -1;
  }
  return parse_buffer(c, buf, t->name, out, err, errlen);
}

int sxl_load_ir(const char *data, size_t len, const char *name, LLVMContextRef c,
                LLVMModuleRef *out, char *err, size_t errlen) {
  ir_text t = {data, name, len};
  if (probe(load_memory, &t, name, err, errlen)) return -1;
  return load_memory(&t, c, out, err, errlen);
}

/* clang's command line for path: opt is "-O0", "-O1", ..., or flags one a
** line ("-O0\n-Iinc\n-DX=1\n"); the last -O sets the level. Returns argc;
** the flags are cut in place in buf. */
static int compile_argv(const char *path, const char *opt, const char *out, char *buf,
                        size_t len, char *incarg, const char **av, int max) {
  const char *level = "-O0", *user[64];
  int n = 0, nu = 0;
  snprintf(buf, len, "%s", opt);
  int keep = 0;
  for (char *f = strtok(buf, "\n"); f; f = strtok(NULL, "\n")) {
    if (f[0] == '-' && f[1] == 'O')
      level = f;
    else if (strcmp(f, SXL_OPT_KEEP_KLEE) == 0)
      keep = 1;
    else if (nu < 64)
      user[nu++] = f;
  }
  if (keep) level = "-O0"; /* sxl_optimize optimizes it, sparing klee_* callers */
  av[n++] = SXL_CLANG;
  av[n++] = "-emit-llvm";
  av[n++] = "-c";
  av[n++] = "-g";
  av[n++] = level;
  if (strcmp(level, "-O0") == 0) { /* without optnone: the IR as written, names kept */
    av[n++] = "-Xclang";
    av[n++] = "-disable-O0-optnone";
    av[n++] = "-fno-discard-value-names";
  } else {
    av[n++] = "-fno-vectorize";
    av[n++] = "-fno-slp-vectorize";
  }
  for (int i = 0; i < nu && n < max - 5; i++) av[n++] = user[i];
  av[n++] = incarg;
  av[n++] = "-o";
  av[n++] = out;
  av[n++] = path;
  av[n] = NULL;
  return n;
}

static int compile_c(const char *path, const char *opt, char *outpath, size_t outlen,
                     char *err, size_t errlen) {
  char flags[4200], inc[4096], incarg[4100];
  const char *av[96];
  if (sxl_data_path(SXL_DATA_INCLUDE, inc, sizeof inc, err, errlen)) return -1;
  const char *tmp = getenv("TMPDIR");
  snprintf(outpath, outlen, "%s/symx-llvm-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  int fd = mkstemp(outpath);
  if (fd < 0) {
    snprintf(err, errlen, "cannot create a temporary file");
    return -1;
  }
  close(fd);
  snprintf(incarg, sizeof incarg, "-I%s", inc);
  compile_argv(path, opt, outpath, flags, sizeof flags, incarg, av, 96);
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, errlen, "fork failed");
    unlink(outpath);
    return -1;
  }
  if (pid == 0) {
    execvp(SXL_CLANG, (char *const *)av);
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

/* Calls through a global alias (musl names most of its functions twice,
** e.g. fseeko for __fseeko, as weak aliases) go to what it names: each
** alias's uses are replaced by its aliasee, so the interpreter sees plain
** functions and globals. */
static void resolve_aliases(LLVMModuleRef m) {
  for (LLVMValueRef a = LLVMGetFirstGlobalAlias(m); a; a = LLVMGetNextGlobalAlias(a)) {
    LLVMValueRef to = LLVMAliasGetAliasee(a);
    for (int hops = 0; to && LLVMIsAGlobalAlias(to) && hops < 64; hops++)
      to = LLVMAliasGetAliasee(to);
    if (!to || LLVMIsAGlobalAlias(to) || !LLVMGetFirstUse(a)) continue;
    LLVMReplaceAllUsesWith(a, LLVMConstBitCast(to, LLVMTypeOf(a)));
  }
}

/* Link errors are reported here instead of by LLVM 14's default handler,
** which calls exit(1) on one. */
static void on_diag(LLVMDiagnosticInfoRef di, void *ud) {
  char *buf = ud;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || buf[0]) return;
  char *d = LLVMGetDiagInfoDescription(di);
  snprintf(buf, 512, "%s", d ? d : "link error");
  LLVMDisposeMessage(d);
}

/* Links src into dst (src consumed); what names the link in a message. */
static int link_into(LLVMContextRef c, LLVMModuleRef dst, LLVMModuleRef src, const char *what,
                     char *err, size_t errlen) {
  char diag[512] = "";
  LLVMContextSetDiagnosticHandler(c, on_diag, diag);
  int bad = LLVMLinkModules2(dst, src);
  LLVMContextSetDiagnosticHandler(c, NULL, NULL);
  if (!bad) return 0;
  snprintf(err, errlen, "linking %s failed: %s", what, diag[0] ? diag : "?");
  return -1;
}

/* Marks lib's definitions as ours (SXL_LIB_ATTR): the program's code is
** told from them by that, not by debug info, which a program may lack. */
static void mark_library(LLVMContextRef c, LLVMModuleRef lib) {
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
                              LLVMCreateStringAttribute(c, SXL_LIB_ATTR, sizeof SXL_LIB_ATTR - 1, "", 0));
}

int sxl_link_file(LLVMContextRef c, LLVMModuleRef m, const char *path, char *err,
                  size_t errlen) {
  LLVMModuleRef lib = NULL;
  if (parse_file(c, path, &lib, err, errlen)) return -1;
  mark_library(c, lib);
  return link_into(c, m, lib, path, err, errlen);
}

/* Our libc defines only what the program may lack: the library's
** definitions the program already has are hidden under a private name, so
** the link cannot clash and the program's definition wins. */
static int link_libc(LLVMContextRef c, LLVMModuleRef m, const char *libc_bc, char *err,
                     size_t errlen) {
  LLVMModuleRef lib = NULL;
  if (parse_file(c, libc_bc, &lib, err, errlen)) return -1;
  if (sxl_libc_prune(m, lib)) { /* only what the program may reach */
    snprintf(err, errlen, "%s: out of memory", libc_bc);
    LLVMDisposeModule(lib);
    return -1;
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f;) {
    LLVMValueRef next = LLVMGetNextFunction(f);
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    LLVMValueRef mine = LLVMGetNamedFunction(m, name);
    if (mine && !LLVMIsDeclaration(mine) && !LLVMIsDeclaration(f)) {
      char priv[512];
      snprintf(priv, sizeof priv, "__symx_libc_shadowed.%s", name);
      LLVMSetValueName2(f, priv, strlen(priv));
      LLVMSetLinkage(f, LLVMInternalLinkage);
    }
    f = next;
  }
  mark_library(c, lib);
  if (link_into(c, m, lib, libc_bc, err, errlen)) return -1;
  resolve_aliases(m);
  return 0;
}

/* The inputs as the loader reads them: bitcode/IR files (.c ones compiled
** already), named in messages as the user gave them. */
typedef struct ir_files {
  const char *const *files, *const *names;
  int n;
  const char *libc_bc;
  int optimize; /* --optimize with bitcode from the user (sxl_optimize) */
  int keep_klee; /* SXL_OPT_KEEP_KLEE: every input is optimized so, sparing klee_* callers */
} ir_files;

/* Parses every input and links them (and libc) into the first one. */
static int load_files(const void *arg, LLVMContextRef c, LLVMModuleRef *out, char *err,
                      size_t errlen) {
  const ir_files *f = arg;
  LLVMModuleRef m = NULL;
  if (parse_file(c, f->files[0], &m, err, errlen)) return -1;
  for (int i = 1; i < f->n; i++) {
    LLVMModuleRef more = NULL;
    if (parse_file(c, f->files[i], &more, err, errlen) ||
        link_into(c, m, more, f->names[i], err, errlen)) {
      LLVMDisposeModule(m);
      return -1;
    }
  }
  if (f->optimize) sxl_optimize(m, f->keep_klee);
  if (f->libc_bc && *f->libc_bc && link_libc(c, m, f->libc_bc, err, errlen)) {
    LLVMDisposeModule(m);
    return -1;
  }
  *out = m;
  return 0;
}

/* The .c inputs compiled into temporary files (tmp[i], "" for the others);
** 0, or -1 with the temporary files removed. */
static int compile_all(const char *const *paths, int n, const char *opt, char (*tmp)[4096],
                       char *err, size_t errlen) {
  for (int i = 0; i < n; i++) {
    tmp[i][0] = 0;
    if (!ends_with(paths[i], ".c")) continue;
    if (compile_c(paths[i], opt ? opt : "-O0", tmp[i], sizeof tmp[i], err, errlen)) {
      for (int k = 0; k < i; k++)
        if (tmp[k][0]) unlink(tmp[k]);
      return -1;
    }
  }
  return 0;
}

/* Whether opt (flags one a line) has the line l. */
static int has_line(const char *opt, const char *l) {
  size_t n = strlen(l);
  for (const char *p = opt; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "")
    if (strncmp(p, l, n) == 0 && (p[n] == 0 || p[n] == '\n')) return 1;
  return 0;
}

/* Whether opt asks for optimization: its last -O flag is not -O0 (opt is
** "-O1", or flags one a line). */
static int optimizing(const char *opt) {
  const char *level = "-O0";
  for (const char *p = opt; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "")
    if (p[0] == '-' && p[1] == 'O') level = p;
  return !(level[2] == '0' && (!level[3] || level[3] == '\n'));
}

/* ---- inputs a dry run has read cleanly ----
** The same unchanged files loaded again in this process (an embedder's loop
** of sessions; test_nomem's thousand) skip the child, whose fork costs
** milliseconds (tens under ASan). Keyed by each file's identity (device,
** inode, size, modification time), the libc's and the options. */
enum { PROBED_MAX = 16 };
static uint64_t probed[PROBED_MAX];
static unsigned probed_next;

/* h continued with path's identity; 0 when it cannot be stat'ed */
static uint64_t hash_file(uint64_t h, const char *path) {
  struct stat st;
  if (stat(path, &st)) return 0;
  uint64_t id[4] = {(uint64_t)st.st_dev, (uint64_t)st.st_ino, (uint64_t)st.st_size,
                    (uint64_t)st.st_mtim.tv_sec * 1000000000ull + (uint64_t)st.st_mtim.tv_nsec};
  return sxl_fnv(h, id, sizeof id);
}

/* The key of f as its files are now; 0: none (a file cannot be stat'ed). */
static uint64_t files_key(const ir_files *f) {
  uint64_t flags[2] = {(uint64_t)f->optimize, (uint64_t)f->keep_klee};
  uint64_t h = sxl_fnv(SXL_FNV0, flags, sizeof flags);
  if (f->libc_bc && *f->libc_bc) h = hash_file(h, f->libc_bc);
  for (int i = 0; h && i < f->n; i++) h = hash_file(sxl_fnv(h, &i, sizeof i), f->files[i]);
  return h;
}

static int probed_before(uint64_t key) {
  for (unsigned i = 0; key && i < PROBED_MAX; i++)
    if (probed[i] == key) return 1;
  return 0;
}

/* The dry run, unless f's files passed one already. */
static int probe_files(const ir_files *f, char *err, size_t errlen) {
  uint64_t key = files_key(f);
  if (probed_before(key)) return 0;
  if (probe(load_files, f, f->names[0], err, errlen)) return -1;
  if (key) probed[probed_next++ % PROBED_MAX] = key;
  return 0;
}

int sxl_load_files(const char *const *paths, int n, const char *libc_bc, const char *opt,
                   LLVMContextRef c, LLVMModuleRef *out, char *err, size_t errlen) {
  enum { MAX_INPUTS = 64 };
  if (n < 1 || n > MAX_INPUTS) {
    snprintf(err, errlen, "%d input files (1 to %d may be linked)", n, MAX_INPUTS);
    return -1;
  }
  static char tmp[MAX_INPUTS][4096]; /* large: not on the stack */
  const char *files[MAX_INPUTS];
  int user_ir = 0;
  if (compile_all(paths, n, opt, tmp, err, errlen)) return -1;
  for (int i = 0; i < n; i++) {
    files[i] = tmp[i][0] ? tmp[i] : paths[i];
    user_ir |= !tmp[i][0];
  }
  int keep = has_line(opt, SXL_OPT_KEEP_KLEE);
  ir_files f = {files, paths, n, libc_bc, (user_ir || keep) && optimizing(opt), keep};
  /* what clang-14 compiled for us needs no dry run */
  int rc = user_ir && probe_files(&f, err, errlen);
  if (!rc) rc = load_files(&f, c, out, err, errlen);
  for (int i = 0; i < n; i++)
    if (tmp[i][0]) unlink(tmp[i]);
  return rc ? -1 : 0;
}

int sxl_load(const char *path, const char *libc_bc, const char *opt, LLVMContextRef c,
             LLVMModuleRef *out, char *err, size_t errlen) {
  return sxl_load_files(&path, 1, libc_bc, opt, c, out, err, errlen);
}
