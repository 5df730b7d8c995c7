#include <stdio.h>
#include "symx/target.h"
/* A pointer that may point to either of two globals: one read, one write. */
int g1 = 1, g2 = 2;
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int *p = x > 50 ? &g1 : &g2;
  *p = 7;
  return g1 * 10 + g2 + *p;
}
