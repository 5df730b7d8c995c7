#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  unsigned v = (x & 0xf0) | ((x ^ 0x5a) & 0x0f);
  if (v == 0x35)
    return 1;
  return (v >> 4) == 3;
}
