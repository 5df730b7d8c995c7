#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
static int counter;
static void tick(int n) { counter += n; }
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  for (int i = 0; i < 3; i++)
    tick(x > 100 ? 2 : 1);
  return counter;
}
