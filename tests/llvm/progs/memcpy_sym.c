#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  char a[4] = {0, 1, 2, 3}, b[4];
  a[2] = x;
  memcpy(b, a, 4);
  return b[2] == 'k' ? 5 : b[1];
}
