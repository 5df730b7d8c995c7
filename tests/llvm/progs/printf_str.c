#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  if (x & 1)
    puts("odd");
  else
    printf("%s-%c\n", "even", 'e');
  return 0;
}
