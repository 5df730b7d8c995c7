#include <stdio.h>
#include <stdlib.h>
#include "symx/target.h"
/* free() through a pointer that may point to one of three heap objects or be
   NULL: each choice is its own path, the freed one is read after free. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int *b[4];
  for (int i = 0; i < 3; i++) {
    b[i] = malloc(sizeof(int));
    *b[i] = i;
  }
  b[3] = NULL;
  free(b[x & 3]);
  int sum = 0;
  for (int i = 0; i < 3; i++)
    sum += *b[i];
  return sum;
}
