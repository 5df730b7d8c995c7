#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int a[4] = {1, 2, 3, 4};
  int r = 0;
  if (x < 6)
    r = a[x];
  return r;
}
