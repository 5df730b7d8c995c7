/* --single-object-resolution: p may point into a or b (sel); resolved to
** the witness's object alone, the paths read that object only (exit codes
** 0 and its four values); by default both objects' (0 and 1..8). An index
** of 4 or 5 is out of bounds either way. */
#include "klee/klee.h"

int main(void) {
  int a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
  unsigned i;
  unsigned sel;
  klee_make_symbolic(&i, sizeof i, "i");
  klee_make_symbolic(&sel, sizeof sel, "sel");
  int *ps[2] = {a, b};
  int *p = ps[sel & 1]; /* a symbolic pointer (no branch on sel) */
  if (i >= 6) return 0;
  int v = p[i];
  for (int k = 1; k <= 8; k++) /* the value as the exit code, a path each */
    if (v == k) return k;
  return 9;
}
