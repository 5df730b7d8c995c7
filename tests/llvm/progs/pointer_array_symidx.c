#include <stdio.h>
#include "symx/target.h"
/* A store through a symbolic index into an array of pointers, then a load
   through the element that may have been cleared. */
char s0[2] = "a", s1[2] = "b";
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  char *p[2] = {s0, s1};
  p[x & 1] = 0;
  return p[1] ? p[1][0] : 0;
}
