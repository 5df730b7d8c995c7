/* --klee-call-optimisation=false: main calls klee_make_symbolic, so
** --optimize leaves it as written and its division by zero stays at the
** division's line (the optimizer may drop 1 % y there: y == 0 is
** undefined, and 1 % 1 == 0); half() calls no klee_* function and is
** optimized as before. */
#include "klee/klee.h"

int __attribute__((noinline)) half(int v) {
  int r = 0;
  for (int i = 0; i < 8; i++) r += v / 2;
  return r / 8;
}

int main(void) {
  int y;
  klee_make_symbolic(&y, sizeof y, "y");
  if (y >= 0 && y < 2) {
    if (1 % y != 0) return 1;
  }
  if (-1 % y != -1) return 2 + half(y);
  return 0;
}
