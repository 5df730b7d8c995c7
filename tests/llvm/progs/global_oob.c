#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int g[5] = {1, 2, 3, 4, 5};
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  if (x < 7)
    return g[x];
  return 0;
}
