#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  if (x == 'a') return 1;
  if (x == 'b') return 2;
  if (x == 'c') return 3;
  if (x >= 'x') return 4;
  return 0;
}
