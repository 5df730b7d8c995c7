/* depth.c — recursion over a symbolic depth d = x & 7: f(d) = d. Under
** --max-call-depth 2 (policy zero) the third call returns 0: results 0,
** 1, and 2 for every d >= 2 (3 paths); uncut, 8 paths. */
#include "klee/klee.h"

static int f(int d) {
  if (d == 0) return 0;
  return 1 + f(d - 1);
}

int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  return f(x & 7);
}
