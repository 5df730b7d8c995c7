#include <stdio.h>
#include "symx/target.h"
/* %n, and the digits of a symbolic number printed: the outcomes are the
** native ones (with --enumerate-outputs all of them). */
int main(void) {
  unsigned char x;
  short h = 0;
  int n = 0;
  klee_make_symbolic(&x, 1, "x");
  printf("%d%hn:%s%n\n", x - 100, &h, x & 1 ? "odd" : "even", &n);
  return n * 10 + h;
}
