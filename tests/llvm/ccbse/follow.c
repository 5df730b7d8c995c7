/* Two ways to the target in g, the caller allows only the second, and an
** origin keeps one reaching path (ccbse-args: --ccbse-paths 1): when g's
** stored path is its first way, the join at the call cannot hold and main's
** path follows the stored one; where the stored side is infeasible the
** path leaves it and goes on freely into the rest of g (pathfile.c), as
** Otter's caller path runs on beside the stitched copy. Taking the stored
** side regardless ended main's path there: ccbse(rp) in eager mode did not
** reach the target. */
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
