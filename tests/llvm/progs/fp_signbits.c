#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "symx/target.h"
/* fneg, fabs and copysign move only the sign bit: on a symbolic double they
** stay expressions, so branching on the bits afterwards forks as natively. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  uint64_t bits = (uint64_t)x << 56 | 0x1234;
  double d, e, g;
  memcpy(&d, &bits, 8);
  e = -d;
  g = copysign(fabs(d), e);
  uint64_t be, bg;
  memcpy(&be, &e, 8);
  memcpy(&bg, &g, 8);
  int r = (int)(be >> 60) + 16 * (int)(bg >> 63);
  if ((bg >> 56 & 0x7f) == 0x41) r += 100;
  printf("r=%d\n", r);
  return 0;
}
