#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  const char *s = "hello";
  const char *p = strchr(s, x);
  if (!p)
    return 0;
  return (int)(p - s) + 1;
}
