/* A symbolic number printed, then branched on: printed, it takes one value
** (and keeps it) as KLEE's external printf gets it; over-approx does not
** keep it; --enumerate-outputs prints every value. */
#include <stdio.h>
#include "klee/klee.h"
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x >= 0);
  klee_assume(x < 100);
  printf("%d\n", x);
  if (x > 50) return 1;
  return 0;
}
