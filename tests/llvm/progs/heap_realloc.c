#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  char *p = malloc(2);
  p[0] = x;
  p[1] = 0;
  p = realloc(p, 16);
  p[10] = 3;
  int r = p[0] == 'q' ? 1 : 0;
  free(p);
  return r;
}
