/* No error on any path: a few branches over one symbolic byte. */
#include "klee/klee.h"
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  if (x > 200) return 2;
  if (x > 100) return 1;
  return 0;
}
