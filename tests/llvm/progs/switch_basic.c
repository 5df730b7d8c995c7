#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  switch (x) {
  case 1: puts("one"); break;
  case 2: puts("two"); break;
  case 200: puts("big"); break;
  default: puts("other");
  }
  return 0;
}
