#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
// inputs: 2
int main(void) {
  unsigned char a, b;
  klee_make_symbolic(&a, 1, "a");
  klee_make_symbolic(&b, 1, "b");
  if (a + b == 100)
    return 1;
  if (a == b)
    return 2;
  return 0;
}
