#include "symx/target.h"
/* A symbolic value through floating point: concretized once (no fork on
** the comparison), the path constrained to that value. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  double d = x;
  if (d * 2.0 > 300.0) return 1;
  return 0;
}
