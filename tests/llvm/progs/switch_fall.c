#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int r = 0;
  switch (x & 7) {
  case 0: r += 1;
  case 1: r += 2;
    break;
  case 5: r += 4;
  default: r += 8;
  }
  return r;
}
