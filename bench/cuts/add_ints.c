/* add_ints — Converse's toy, from its description: a simple function
** call. */
#include "klee/klee.h"

static int add(int a, int b) { return a + b; }

int main(void) {
  int x, y;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  if (add(x, y) == 42) return 1;
  return 0;
}
