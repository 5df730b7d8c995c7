#include <math.h>
#include <stdio.h>
#include <string.h>
#include "symx/target.h"
/* long double (x86_fp80) on concrete values chosen by the symbolic byte:
** arithmetic rounded in extended precision, fcmp with NaN and infinities,
** conversions to and from integers, double and float, fabsl and copysignl,
** long doubles in globals, arrays, structs, parameters and results; each
** result shown as its exact 80 bits. */
struct rec { char tag; long double v; int n; };
static long double vals[8] = {0.1L, -2.5L, 1e4000L, -0.0L, 3.0L, 1.18973149535723176502e+4932L,
                              0x1p-16445L, 123456789012345678.0L};
static struct rec recs[2] = {{'a', 1.0L / 3, 7}, {'b', -1e-300L, 9}};
static unsigned bits(long double v) { /* the 80 bits, folded to 32 */
  unsigned long long m = 0;
  unsigned short se = 0;
  memcpy(&m, &v, 8);
  memcpy(&se, (char *)&v + 8, 2);
  return (unsigned)(m ^ (m >> 32)) ^ ((unsigned)se << 7);
}
static int cls(long double d) {
  if (d != d) return 0;
  if (d < -1.0L) return 1;
  if (d <= 1.0L) return 2;
  if (d >= 1e4000L) return 3;
  return 4;
}
static long double mix(long double a, int k, long double b) { return a * k - b / 7; }
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int k = 0;
  for (int i = 0; i < 8; i++)
    if ((x & 7) == i) k = i; /* k concrete on each path */
  long double a = vals[k], b = vals[(k + 3) & 7];
  struct rec r = recs[k & 1];
  r.v = mix(r.v, k, a) + b;
  long double q = a / b, s = a - a, m = (k & 1) ? a * a : fmal(a, b, r.v);
  long long li = (a > -9e18L && a < 9e18L) ? (long long)a : -1;
  unsigned long long ul = (unsigned long long)fabsl(r.v * 1e17L);
  double d = (double)q;
  float f = (float)r.v;
  long double back = (long double)d + (long double)f + (long double)li + (long double)ul;
  long double sg = copysignl(2.5L, q) + fabsl(b);
  printf("k=%d c=%d %d %d q=%x s=%x m=%x r=%x\n", k, cls(q), cls(s), cls(m), bits(q), bits(s),
         bits(m), bits(r.v));
  printf("li=%lld ul=%llx back=%x sg=%x lt=%d ge=%d ne=%d\n", li, ul % 1000003, bits(back),
         bits(sg), q < b, s >= a, m != m);
  return cls(q) + (x >= 128);
}
