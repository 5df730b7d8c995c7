/* Two ways to the target in g, and the caller allows only the second: a
** CCBSE that kept only g's first reaching path (m == 5 when found first)
** joins it in vain at the call and follows it; with several kept paths
** (ccbse-args:) the call joins the other one. With one kept path
** (ccbse-args: --ccbse-paths 1), where the stored side is infeasible main's
** path leaves it and goes on freely into the rest of g (pathfile.c), as
** Otter's caller path runs on beside the stitched copy: taking the stored
** side regardless ended main's path there, and ccbse(rp) in eager mode did
** not reach the target. */
#include "klee/klee.h"

static int g(int m) {
  int ok = 0;
  if (m == 5)
    ok = 1;
  if (m == 9)
    ok = 2;
  if (ok)
    return 1; // target
  return 0;
}

int main(void) {
  int m;
  klee_make_symbolic(&m, sizeof m, "m");
  if (m > 7)
    return g(m);
  return 0;
}
