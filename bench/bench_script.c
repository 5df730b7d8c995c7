/*
** bench_script.c — the benchmarks that are Python scripts (SCRIPT in
** benches.h): `symx-bench NAME [ARGS]` runs bench/NAME.py ARGS with this
** build tree's symx-llvm (BUILD/bench/symx-bench beside
** BUILD/frontends/llvm/symx-llvm) unless ARGS name one (--symx).
*/
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int bench_script(const char *name, int argc, char **argv);

int bench_script(const char *name, int argc, char **argv) {
  static char exe[PATH_MAX], symx[PATH_MAX + 64], script[PATH_MAX];
  snprintf(script, sizeof script, "%s/../%s.py", SX_BENCH_PROGS, name);
  const char *args[256] = {"/usr/bin/python3", script};
  int n = 2, given = 0;
  for (int i = 1; i < argc && n < 250; i++) {
    given |= !strncmp(argv[i], "--symx", 6);
    args[n++] = argv[i];
  }
  ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (!given && len > 0) {
    exe[len] = 0;
    char *slash = strrchr(exe, '/');
    if (slash) *slash = 0;
    snprintf(symx, sizeof symx, "%s/../frontends/llvm/symx-llvm", exe);
    args[n++] = "--symx";
    args[n++] = symx;
  }
  args[n] = NULL;
  fflush(stdout);
  execv(args[0], (char *const *)args);
  fprintf(stderr, "symx-bench %s: cannot run %s %s\n", name, args[0], script);
  return 2;
}
