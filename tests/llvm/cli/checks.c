/* Errors the engine's checks find (division by zero, out of bounds) on
** paths that go on or fork after them: grouped as the others are. */
#include "klee/klee.h"
int main(void) {
  int a[4] = {1, 2, 3, 4};
  unsigned char x, y;
  klee_make_symbolic(&x, 1, "x");
  klee_make_symbolic(&y, 1, "y");
  int r = 100 / (x - 3);
  if (y > 10) r += 1;
  if (x > 200) r += 2;
  return r + a[y];
}
