#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int a[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  if (a[x % 8] > 3)
    return 1;
  return 0;
}
