/* Two ways to the target in g, and the caller allows only the second: a
** CCBSE that kept only g's first reaching path (m == 5 when found first)
** joins it in vain at the call; with several kept paths (ccbse-args:) the
** call joins the other one. With one kept path
** (ccbse-args: --ccbse-paths 1) the join cannot hold and main's path goes
** on freely into g, as Otter's caller path runs on beside the stitched
** copy: following the stored path regardless ended every side it left
** (pathfile.c), and taking its side regardless once ended main's path, so
** ccbse(rp) in eager mode did not reach the target. */
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
