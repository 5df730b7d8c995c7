// cflags: -O2 -fno-math-errno
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include "symx/target.h"
/* long double as clang -O2 makes it: selects and phis of x86_fp80, the
** libm intrinsics on it (fabs, copysign, sqrt, floor, maxnum, lrint ...),
** and a union with {uint64_t, uint16_t} (musl's ldshape) that SROA turns
** into i80 shifts, masks and bitcasts. */
union shape { long double f; struct { uint64_t m; uint16_t se; } i; };
static const long double vals[8] = {2.5L, -2.5L, 0.49L, -0.0L, 1e4000L, 3.75L, -7.125L, 0.1L};
/* pick: optnone keeps its branches, so each path has a concrete index */
__attribute__((noinline, optnone)) static long pick(unsigned char x) {
  long k = 0;
  for (int i = 0; i < 8; i++)
    if ((x & 7) == i) k = i;
  return k;
}
__attribute__((noinline)) static long double scale(long double v, int e) {
  union shape u = {v};
  if ((u.i.se & 0x7fff) == 0 || (u.i.se & 0x7fff) == 0x7fff) return v;
  u.i.se = (uint16_t)((u.i.se & 0x8000) | ((u.i.se & 0x7fff) + e));
  return u.f;
}
__attribute__((noinline)) static unsigned fold(long double v) {
  union shape u = {v};
  return (unsigned)(u.i.m ^ (u.i.m >> 29)) ^ u.i.se;
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  long k = pick(x);
  long double d = vals[k], acc = 0;
  for (int i = 0; i < 3; i++) acc = acc * 2 + (d > i ? d : -d); /* phi, select */
  long double r = sqrtl(fabsl(d)) + floorl(d) + fmaxl(d, 1.0L) + copysignl(3.0L, d);
  long n = lrintl(d * 10) + (long)(acc > 0 ? acc : 0);
  printf("k=%ld r=%x acc=%x s=%x n=%ld\n", k, fold(r), fold(acc), fold(scale(d, (x >> 3) & 3)),
         n % 100000);
  return (x & 8) != 0;
}
