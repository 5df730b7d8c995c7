/* The mknod/quote shape: a helper called several times, the target in
** the last call only; a target in a function nobody calls. */
#include "klee/klee.h"

static int hits;

static int check(int x, int which) {
  if (x == 42 + which) {
    if (which == 2)
      hits += 10; // target
    return 1;
  }
  return 0;
}

static void orphan(void) {
  hits = -1; // target (never called)
}

int main(void) {
  int v[3];
  klee_make_symbolic(v, sizeof v, "v");
  int n = 0;
  for (int i = 0; i < 3; i++)
    n += check(v[i], i);
  if (n == 3)
    hits++; // target
  if (hits < 0)
    orphan();
  return hits > 100;
}
