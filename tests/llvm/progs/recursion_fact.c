#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
static int fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  return fact(x % 6) % 251;
}
