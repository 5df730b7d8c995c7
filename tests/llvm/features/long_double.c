#include "symx/target.h"
/* x86_fp80 arithmetic is unsupported, with a message at its site. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  if (x < 10) return 0;
  long double d = 1.5L; /* LONGDOUBLE */
  d = d * 3;
  return d > 4;
}
