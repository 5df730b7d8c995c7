/* Otter's Fig 3.3 shape (finite here): f is called for one m only, and
** its target needs three of six bits of n; a target f never reaches. */
#include "klee/klee.h"

static int f(int m, int n) {
  int sum = 0;
  for (int i = 0; i < 6; i++)
    sum += ((n >> i) & 1) + 1;
  if (sum == 9 && m == 7)
    return 1; // target
  if (sum == 13)
    return 2; // target (never: sum <= 12)
  return 0;
}

int main(void) {
  int m, n;
  klee_make_symbolic(&m, sizeof m, "m");
  klee_make_symbolic(&n, sizeof n, "n");
  int r = 0;
  for (int i = 0; i < 20; i++)
    if (m == i)
      r += f(m, n);
  return r;
}
