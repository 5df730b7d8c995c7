#include <stdio.h>
#include "klee/klee.h"
/* klee_set_forking(0): the first branch takes one side, so two paths in
** all (one per side of the second branch). */
int main(void) {
  int a = klee_range(0, 10, "a"), b = klee_range(0, 10, "b");
  klee_set_forking(0);
  if (a > 4)
    printf("high\n");
  else
    printf("low\n");
  klee_set_forking(1);
  if (b > 4) /* a branch: an exit status takes one value */
    return 1;
  return 2;
}
