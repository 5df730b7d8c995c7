#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int v = x;
  while (v > 40)
    v -= 37;
  return v % 5;
}
