/* cover.c — --cut-seeds: a loop over a symbolic count. Under --cut loop
** with the bound 8 the cut run has 9 paths (n = 0..7 leave the loop, the
** ninth is cut); pending mode runs n = 0 first (the witness reads 0),
** which covers the loop's test, its exit and the return; of the others
** only the first to run the body covers new code: 2 of the 9 tests seed
** the run of the original (--cut-seeds all: all 9), which still finds its
** 256 paths. */
#include "klee/klee.h"

int main(void) {
  unsigned char n;
  klee_make_symbolic(&n, 1, "n");
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++) s += i;
  return (int)(s & 0);
}
