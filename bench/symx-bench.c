/*
** symx-bench — every benchmark of libsymx behind one command:
**   symx-bench NAME [ARGS...]     prints one JSON object per line.
** Each benchmark lives in bench_NAME.c (or bench/NAME.py) and is listed once
** in benches.h.
*/
#include <stdio.h>
#include <string.h>

#define BENCH(NAME, HELP) int bench_##NAME(int argc, char **argv);
#define SCRIPT(NAME, HELP)
#include "benches.h"
#undef BENCH
#undef SCRIPT
int bench_script(const char *name, int argc, char **argv);

static const struct { const char *name, *help; int (*fn)(int, char **); } table[] = {
#define BENCH(NAME, HELP) {#NAME, HELP, bench_##NAME},
#define SCRIPT(NAME, HELP) {#NAME, HELP, NULL},
#include "benches.h"
#undef BENCH
#undef SCRIPT
};

int main(int argc, char **argv) {
  size_t n = sizeof table / sizeof table[0];
  if (argc >= 2)
    for (size_t i = 0; i < n; i++)
      if (!strcmp(argv[1], table[i].name))
        return table[i].fn ? table[i].fn(argc - 1, argv + 1) : bench_script(argv[1], argc - 1, argv + 1);
  fprintf(stderr, "usage: symx-bench NAME [ARGS]\n");
  for (size_t i = 0; i < n; i++) fprintf(stderr, "  %-8s %s\n", table[i].name, table[i].help);
  return 2;
}
