#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
static void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int a = x, b = 10;
  if (a > b)
    swap(&a, &b);
  return a;
}
