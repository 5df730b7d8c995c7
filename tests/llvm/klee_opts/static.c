/* --max-static-*-pct: eight independent branches, both sides of each alike
** (so the paths' number does not depend on which side runs first): one in
** main, a hot one run five times in main's loop, two in leaf (another call
** path). klee_opts.py derives the number of paths from the options'
** meaning and the depth-first order. */
#include "klee/klee.h"

static int __attribute__((noinline)) leaf(const int *x) {
  int n = 0;
  if (x[6]) n++;
  if (x[7]) n++;
  return n;
}

int main(void) {
  int x[8];
  klee_make_symbolic(x, sizeof x, "x");
  int n = 0;
  if (x[0]) n++;
  for (int i = 1; i < 6; i++)
    if (x[i]) n++;
  return n + leaf(x);
}
