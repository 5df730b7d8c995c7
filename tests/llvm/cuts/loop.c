/* loop.c — one loop over a symbolic count: n + 1 paths uncut; under a
** loop bound k (policy zero) the paths exiting at i = n < k, and one cut. */
#include "klee/klee.h"

int main(void) {
  unsigned char n;
  klee_make_symbolic(&n, 1, "n");
  int s = 0;
  for (unsigned i = 0; i < n; i++) s += (int)i;
  return s > 3 ? 1 : 0;
}
