/* bench_nop.c — checks the harness. */
#include <stdio.h>
int bench_nop(int argc, char **argv);
int bench_nop(int argc, char **argv) {
  (void)argc;
  (void)argv;
  printf("{\"bench\": \"nop\"}\n");
  return 0;
}
