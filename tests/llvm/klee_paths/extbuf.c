/* strlen is called natively (--libc=none) on a buffer of symbolic bytes:
** they take one value, kept by the path (one path) or not (over-approx: the
** buffer stays symbolic, two paths). */
#include <string.h>
#include "klee/klee.h"
int main(void) {
  char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  b[3] = 0;
  size_t n = strlen(b);
  if (b[0] == 'x') return 1;
  return n > 3;
}
