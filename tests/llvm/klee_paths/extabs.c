/* abs is called natively (--libc=none): its symbolic argument takes one
** value, kept by the path (one path) or not (over-approx: two). */
#include <stdlib.h>
#include "klee/klee.h"
int main(void) {
  int x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > -100);
  klee_assume(x < 100);
  int y = abs(x);
  if (x > 5) return 1;
  return y > 200;
}
