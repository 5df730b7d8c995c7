#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int *p = malloc(4 * sizeof(int));
  for (int i = 0; i < 4; i++)
    p[i] = i * x;
  int r = p[3] > 300;
  free(p);
  return r;
}
