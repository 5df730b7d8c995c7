#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  char *p = malloc(8);
  memset(p, 0, 8);
  if (x < 12)
    p[x] = 1;
  int r = p[0];
  free(p);
  return r;
}
