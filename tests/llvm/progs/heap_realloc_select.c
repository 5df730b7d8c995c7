#include <stdio.h>
#include <stdlib.h>
#include "symx/target.h"
/* realloc() through a pointer that may point to either of two heap objects,
   to a symbolic size that may be 0 (free, NULL back) or 8 (shrink or grow). */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int *b[2];
  b[0] = malloc(4 * sizeof(int));
  b[1] = malloc(sizeof(int));
  b[0][0] = 10;
  b[0][1] = 42;
  b[1][0] = 20;
  unsigned i = x & 1;
  size_t n = (x & 2) ? 8 : 0;
  b[i] = realloc(b[i], n);
  if (!n)
    return b[0] ? 1 : 2;
  printf("%d %d %d\n", b[0][0], b[0][1], b[1][0]);
  return b[i][0];
}
