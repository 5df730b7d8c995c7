#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
static int gcd(int a, int b) {
  if (b == 0)
    return a;
  return gcd(b, a % b);
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  if (x == 0)
    return 99;
  return gcd(x, 12);
}
