#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int *p = calloc(4, sizeof(int));
  p[x & 3] = 1;
  int s = p[0] + 2 * p[1];
  free(p);
  return s;
}
