#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  char s[3] = {'h', 0, 0};
  s[1] = x;
  int c = strcmp(s, "hi");
  if (c == 0)
    return 1;
  return c < 0 ? 2 : 3;
}
