#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
static int f0(int v) { return v + 1; }
static int f1(int v) { return v * 2; }
static int f2(int v) { return v - 3; }
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int (*fs[3])(int) = {f0, f1, f2};
  return fs[x % 3](10);
}
