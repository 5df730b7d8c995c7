#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int a[8] = {0};
  a[x & 7] = 5;
  if (a[3] == 5)
    return 3;
  if (a[0] == 5)
    return 1;
  return 0;
}
