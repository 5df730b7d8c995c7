#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int n = 0;
  for (int i = 0; i < 8; i++)
    if (x & (1 << i))
      n++;
  return n;
}
