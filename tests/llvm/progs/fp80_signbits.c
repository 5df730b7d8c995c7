#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "symx/target.h"
/* fneg, fabsl and copysignl move only the sign bit of a long double: on a
** symbolic one (its sign and exponent from the input byte) they stay
** expressions, so branching on the bits afterwards forks as natively. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  uint64_t m = 0xc000000000001234ull;
  uint16_t se = (uint16_t)(x << 8 | 0x3f);
  long double d, e, g;
  memset(&d, 0, sizeof d);
  memcpy(&d, &m, 8);
  memcpy((char *)&d + 8, &se, 2);
  e = -d;
  g = copysignl(fabsl(d), e);
  uint16_t be, bg;
  uint64_t mg;
  memcpy(&be, (char *)&e + 8, 2);
  memcpy(&bg, (char *)&g + 8, 2);
  memcpy(&mg, &g, 8);
  int r = (int)(be >> 12) + 16 * (int)(bg >> 15);
  if ((bg >> 8 & 0x7f) == 0x41) r += 100;
  printf("r=%d m=%d\n", r, mg == m);
  return 0;
}
