#include <math.h>
#include <stdio.h>
#include <string.h>
#include "symx/target.h"
/* libm's long double functions (sqrtl, floorl, ..., fmodl, powl, expl,
** logl, sinl, cosl, fminl, fmaxl) on concrete values chosen by the
** symbolic byte: undefined (no libm bitcode), they are computed as the
** host's libm does; NaN and infinities through fcmp. */
static const long double vals[8] = {2.5L, -2.5L, 0.0L, -0.0L, 1e4000L, 3.75L, -7.125L, 0.1L};
static unsigned bits(long double v) {
  unsigned long long m = 0;
  unsigned short se = 0;
  memcpy(&m, &v, 8);
  memcpy(&se, (char *)&v + 8, 2);
  return (unsigned)(m ^ (m >> 32) ^ se) & 0xffff;
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int k = 0;
  for (int i = 0; i < 8; i++)
    if ((x & 7) == i) k = i;
  long double d = vals[k];
  unsigned r1 = bits(sqrtl(d)) ^ bits(floorl(d)) << 1 ^ bits(ceill(d)) << 2 ^ bits(truncl(d)) << 3;
  unsigned r2 = bits(roundl(d)) ^ bits(rintl(d)) << 1 ^ bits(nearbyintl(d)) << 2 ^
                bits(fmodl(d, 0.75L)) << 3;
  unsigned r3 = bits(powl(d, 3)) ^ bits(expl(d / 100)) << 1 ^ bits(logl(d)) << 2 ^
                bits(log2l(d)) << 3 ^ bits(log10l(d)) << 4 ^ bits(exp2l(d)) << 5;
  unsigned r4 = bits(sinl(d)) ^ bits(cosl(d)) << 1 ^ bits(fminl(d, 1)) << 2 ^
                bits(fmaxl(d, 1)) << 3 ^ bits(fabsl(d)) << 4 ^ bits(copysignl(2, d)) << 5;
  printf("k=%d %x %x %x %x nan=%d\n", k, r1, r2, r3, r4, isnan(logl(d)));
  return (x & 8) != 0;
}
