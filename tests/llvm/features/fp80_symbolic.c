#include "symx/target.h"
/* fp_symbolic.c in long double: the symbolic value is concretized once, as
** for a double, and counted the same. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  long double d = x;
  if (d * 2.0L > 300.0L) return 1;
  return 0;
}
