#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  char buf[8];
  memset(buf, 0, sizeof buf);
  if (x < 10)
    buf[x] = 1;
  return buf[0];
}
