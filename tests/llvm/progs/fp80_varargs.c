#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "symx/target.h"
/* long double through va_arg (16-byte aligned in the overflow area after
** an odd number of 8-byte arguments or not), mixed with ints, doubles and
** a struct holding a long double (byval, 16-aligned); va_copy; a long
** double parameter and result through a function pointer. */
struct box { long double v; };
static unsigned bits(long double v) {
  unsigned long long m = 0;
  unsigned short se = 0;
  memcpy(&m, &v, 8);
  memcpy(&se, (char *)&v + 8, 2);
  return (unsigned)(m ^ (m >> 32)) ^ ((unsigned)se << 7);
}
static long double total(int n, ...) {
  va_list ap, aq;
  va_start(ap, n);
  va_copy(aq, ap);
  long double s = 0;
  for (int i = 0; i < n; i++) {
    int w = va_arg(ap, int);
    long double v = va_arg(ap, long double);
    double d = va_arg(ap, double);
    struct box b = va_arg(ap, struct box);
    s += v * w + d - b.v;
  }
  int first = n ? va_arg(aq, int) : 1;
  va_end(aq);
  va_end(ap);
  return s * first;
}
static long double half(long double v) { return v / 2; }
static long double twice(long double v) { return v * 2; }
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int k = 0;
  for (int i = 0; i < 4; i++)
    if ((x & 3) == i) k = i;
  long double (*fn)(long double) = (x & 4) ? half : twice;
  struct box b1 = {0.3L}, b2 = {fn(1e-5L * k)};
  long double r = k == 0   ? total(1, 3, 1.25L, 0.5, b1)
                  : k == 1 ? total(2, 2, 0.1L, 1.5, b1, 5, fn(2.75L), -0.25, b2)
                  : k == 2 ? total(0)
                           : total(2, k, (long double)k / 3, 0.125, b2, -1, 1e-4000L, 2.0, b1);
  printf("k=%d r=%x lt=%d\n", k, bits(r), r < 1.0L);
  return (x & 4) != 0;
}
