#include <stdio.h>
#include "symx/target.h"
/* A pointer to a global or NULL: the null side is an error, the other writes. */
int g = 3;
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int *p = x > 200 ? (int *)0 : &g;
  *p = 5;
  return g;
}
