/* Branches on two symbolic ints (some decided by earlier ones), a loop of
** concrete branches, output per path: for KLEE's per-test files
** (--write-paths, --replay-path, --write-sym-paths, --write-cov,
** --write-smt2s). */
#include <stdio.h>
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x"), y = klee_int("y");
  int res = 1;
  if (x & 1)
    res *= 2;
  if (x & 2)
    res *= 3;
  if (y > 100)
    res *= 5;
  for (int i = 0; i < 3; i++)
    res += i;
  if ((x & 2) && y > 100) /* decided by the branches above */
    res *= 7;
  if (x == y)
    res = -res;
  printf("res: %d\n", res);
  return res & 0x7f;
}
