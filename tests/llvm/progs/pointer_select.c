#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int a = 1, b = 2;
  int *p = x > 50 ? &a : &b;
  *p = 7;
  return a * 10 + b;
}
