#include <stdio.h>
#include "symx/target.h"
/* Floating point on concrete values, chosen by integer branches on the
** symbolic byte: arithmetic, conversions both ways, fcmp, float and double. */
static double table[4] = {1.5, -2.25, 1e300, 0.1};
static int cls(double d) {
  if (d != d) return 0; /* NaN: unordered */
  if (d < -1.0) return 1;
  if (d <= 1.0) return 2;
  if (d >= 1e200) return 3;
  return 4;
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int k = 0;
  for (int i = 0; i < 8; i++)
    if ((x & 7) == i) k = i; /* k concrete on each path */
  double d = table[k & 3];
  float f = (float)d;
  if (k >= 4) d = d * d - (double)f / 3.0; /* overflow to inf for 1e300 */
  if (k == 6) d = d - d;                   /* inf - inf: NaN */
  long li = (long)(d / 7.0 * 1000.0);
  unsigned u = (unsigned)(f < 0 ? -f : f);
  float g = (float)k / 3.0f + (float)u;
  int c = cls(d);
  printf("k=%d c=%d li=%ld u=%u g=%d\n", k, c, d == d && d < 1e18 && d > -1e18 ? li : 0L, u,
         (int)(g * 1000.0f));
  return c + (x >= 128);
}
