/*
** again.c — a test case as a seed (seeded.py): the path makes "z", then
** (on one side) "a", against the order of their names. Its .ktest lists
** them in the order the path made them, as KLEE's, so a seed matched by
** position takes the same path again.
*/
#include <stdio.h>

#include "symx/target.h"

int main(void) {
  int z, a;
  symx_make_symbolic(&z, sizeof z, "z");
  if (z == 5) {
    symx_make_symbolic(&a, sizeof a, "a");
    if (a == 77) {
      puts("deep");
      return 2;
    }
    return 1;
  }
  return 0;
}
