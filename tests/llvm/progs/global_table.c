#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
static const int table[10] = {5, 3, 8, 1, 9, 0, 2, 7, 4, 6};
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  if (x >= 10)
    return 0;
  if (table[x] > 5)
    return 1;
  return 2;
}
