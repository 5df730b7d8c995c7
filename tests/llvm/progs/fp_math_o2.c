// cflags: -O2 -fno-math-errno
#include <math.h>
#include <stdio.h>
#include "symx/target.h"
/* libm calls as clang -O2 -fno-math-errno makes them: intrinsics (sqrt,
** pow, exp, lround, lrint, fmuladd ...) on values chosen by the symbolic
** byte. */
/* pick: optnone keeps its branches, so each path has a concrete index */
static const double vals[8] = {2.5, -2.5, 0.49, -0.0, 1e6, 3.75, -7.125, 0.1};
__attribute__((noinline, optnone)) static long pick(unsigned char x) {
  long k = 0;
  for (int i = 0; i < 8; i++)
    if ((x & 7) == i) k = i;
  return k;
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  double d = vals[pick(x)];
  float f = (float)d;
  long a = lround(d) + lrint(d * 3) + llround(f * 2.5f) + lrintf(f);
  double s = sqrt(fabs(d)) + pow(d, 3.0) + exp(d / 1e6) + floor(d) * ceil(d) + d * d + 1.0;
  long b = (long)(s * 1000) + (long)(sqrtf(fabsf(f)) * 100);
  printf("a=%ld b=%ld\n", a, b);
  return d < 0;
}
