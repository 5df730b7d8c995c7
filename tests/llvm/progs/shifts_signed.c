#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  signed char s = (signed char)x;
  int v = s >> 2;
  if (v < -10)
    return 1;
  if ((x << 3) > 1000)
    return 2;
  return 0;
}
