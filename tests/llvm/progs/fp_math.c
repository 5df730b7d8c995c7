#include <math.h>
#include <stdio.h>
#include "symx/target.h"
/* The floating-point intrinsics (fabs, floor, ceil, trunc, round, rint,
** copysign, fmin, fmax, fma) and libm's functions (sqrt, pow, exp, log,
** sin, cos, fmod) on concrete values chosen by the symbolic byte; float and
** double; NaN and infinities through fcmp. */
static const double vals[8] = {2.5, -2.5, 0.0, -0.0, 1e308, 3.75, -7.125, 0.1};
static int bits(double d) {
  return d != d ? 999 : isinf(d) ? (d > 0 ? 998 : 997) : fabs(d) > 1e7 ? 996 : (int)(d * 100);
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int k = 0;
  for (int i = 0; i < 8; i++)
    if ((x & 7) == i) k = i;
  double d = vals[k];
  float f = (float)d;
  int r1 = bits(fabs(d)) + bits(floor(d)) + bits(ceil(d)) + bits(trunc(d)) + bits(round(d));
  int r2 = bits(rint(d)) + bits(copysign(3.0, d)) + bits(fmin(d, 1.0)) + bits(fmax(d, 1.0));
  int r3 = bits(fma(d, 2.0, 1.0)) + bits(sqrt(d)) + bits(pow(d, 2.0)) + bits(exp(d / 100));
  int r4 = bits(log(d)) + bits(sin(d)) + bits(cos(d)) + bits(fmod(d, 2.0)) + bits(d * d * 10);
  int r5 = bits(sqrtf(f)) + bits(floorf(f)) + bits(fabsf(f)) + bits(fmaxf(f, 0.5f));
  printf("k=%d %d %d %d %d %d\n", k, r1, r2, r3, r4, r5);
  return (x & 8) != 0;
}
