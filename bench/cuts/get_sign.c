/* get_sign — Converse's toy, from its description: a single 3-way
** conditional branch. */
#include "klee/klee.h"

static int get_sign(int x) {
  if (x > 0) return 1;
  else if (x < 0) return -1;
  else return 0;
}

int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  return get_sign(x) + 1;
}
