#include <stdio.h>
#include <string.h>
#include "symx/target.h"
/* A VLA per loop iteration: stacksave/stackrestore free each iteration's
** array; an index past it is still out of bounds. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int n = 1, sum = 0;
  for (int j = 0; j < 16; j++) /* n concrete on each path (an alloca's size is made concrete) */
    if ((x & 15) == j) n = j + 1;
  for (int i = 0; i < 50; i++) {
    char buf[n + i];
    memset(buf, i, sizeof buf);
    sum += buf[n - 1] + (int)sizeof buf;
  }
  char last[n];
  last[0] = 1;
  if (x > 250) sum += last[n + 1];
  printf("sum=%d\n", sum);
  return 0;
}
