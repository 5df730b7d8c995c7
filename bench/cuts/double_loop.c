/* double_loop — Converse's toy (thesis Fig. 3.1): two consecutive loops
** with identical conditions; the second's control flow does not depend on
** the input. Inputs x and y as argv[1], argv[2] were. */
#include "klee/klee.h"

int main(void) {
  int x, y, i, k = 0;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  for (i = 0; i < 10; i++) {
    if (k < 20) {
      k += x * y;
    }
  }
  for (i = 0; i < 10; i++) {
    if (i < 5) {
      k += x * y;
    }
  }
  return k;
}
