/* klee_assume of a condition the path makes false: constant (x == 7
** after x was fixed) and symbolic (contradicting an earlier branch). */
#include "klee/klee.h"

int main(void) {
  int x = klee_int("x");
  if (x > 10) {
    klee_assume(x < 5); /* symbolic, infeasible on this path */
    return 1;
  }
  if (x == 3) {
    int y = 7;
    klee_assume(y == 8); /* constant false */
    return 2;
  }
  return 0;
}
