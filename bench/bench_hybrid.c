/*
** bench_hybrid.c — symx-bench hybrid [ARGS]: AFL++ with symx-llvm as a peer
** against AFL++ alone (bench/hybrid.py, which drives afl-fuzz and
** symx-llvm); the symx-llvm of this build tree unless ARGS name one (--symx).
*/
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int bench_hybrid(int argc, char **argv) {
  static char exe[PATH_MAX], symx[PATH_MAX + 64];
  const char *args[256] = {"/usr/bin/python3", SX_BENCH_PROGS "/../hybrid.py"};
  int n = 2, given = 0;
  for (int i = 1; i < argc && n < 250; i++) {
    given |= !strncmp(argv[i], "--symx", 6);
    args[n++] = argv[i];
  }
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (!given && len > 0) { /* BUILD/bench/symx-bench -> BUILD/frontends/llvm/symx-llvm */
    exe[len] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(symx, sizeof symx, "%s/../frontends/llvm/symx-llvm", exe);
    args[n++] = "--symx";
    args[n++] = symx;
  }
  args[n] = NULL;
  execv(args[0], (char *const *)args);
  perror("symx-bench hybrid: /usr/bin/python3");
  return 2;
}
