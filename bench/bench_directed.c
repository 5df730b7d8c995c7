/*
** bench_directed.c — `symx-bench directed [ARGS]`: bench/directed.py
** (Otter's single-target experiments on programs shaped like his
** examples: instructions until the target line, per searcher and mode,
** median over RNG seeds) with this build's symx-llvm; ARGS go to it.
*/
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int bench_directed(int argc, char **argv);

int bench_directed(int argc, char **argv) {
  char self[PATH_MAX], symx[PATH_MAX + 64], script[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    fprintf(stderr, "symx-bench directed: cannot find its own executable\n");
    return 2;
  }
  self[n] = 0;
  char *slash = strrchr(self, '/');
  if (slash) *slash = 0;
  /* the build tree: build/bench/symx-bench beside build/frontends/llvm/symx-llvm */
  snprintf(symx, sizeof symx, "%s/../frontends/llvm/symx-llvm", self);
  snprintf(script, sizeof script, "%s/../directed.py", SX_BENCH_PROGS);
  char *av[64] = {"/usr/bin/python3", script, "--symx", symx};
  int k = 4;
  for (int i = 1; i < argc && k < 63; i++) av[k++] = argv[i];
  av[k] = NULL;
  fflush(stdout);
  execv(av[0], av);
  fprintf(stderr, "symx-bench directed: cannot run %s\n", av[0]);
  return 2;
}
