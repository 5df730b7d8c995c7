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
  if (x > 50) {
    if (x < 60)
      r = 1;
    else
      r = 2;
  } else if (x == 7) {
    r = 3;
  }
  printf("%d\n", r);
  return r;
}
