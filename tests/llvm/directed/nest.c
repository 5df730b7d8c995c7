/* Targets two calls deep, behind a switch, and reached on the way back
** up the stack; an order that no path follows (--target-order). */
#include "klee/klee.h"

static int leaf(int c) {
  switch (c) {
  case 'x': return 1;
  case 'y': return 2; // target
  case 'z': return 3;
  default: return 0;
  }
}

static int mid(const char *s) {
  int r = 0;
  for (int i = 0; i < 3; i++)
    r = r * 4 + leaf(s[i]);
  return r;
}

int main(void) {
  char s[3];
  klee_make_symbolic(s, sizeof s, "s");
  int r = mid(s); // target (early)
  if (r == 2 * 16 + 3 * 4 + 1)
    return 5; // target
  if (r > 63)
    return 9; // target (never: r <= 3 * 16 + 3 * 4 + 3)
  return 0;
}
