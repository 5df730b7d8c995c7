#include <stdarg.h>
#include <stdio.h>
#include "symx/target.h"
/* va_arg of structs passed by value (byval, in memory) and in registers,
** mixed with scalars and doubles; va_copy. */
struct big { long a, b, c; char tag; };
struct small { int x, y; };
static long sum(int n, ...) {
  va_list ap, aq;
  va_start(ap, n);
  va_copy(aq, ap);
  long s = 0;
  for (int i = 0; i < n; i++) {
    struct big b = va_arg(ap, struct big);
    struct small m = va_arg(ap, struct small);
    double d = va_arg(ap, double);
    s += b.a + b.b * 2 + b.c * 3 + b.tag + m.x - m.y + (long)(d * 10);
  }
  long first = va_arg(aq, struct big).tag;
  va_end(aq);
  va_end(ap);
  return s * 100 + first;
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  struct big b1 = {1, 2, 3, 'a'}, b2 = {x, 10, 20, 'z'};
  struct small m1 = {5, 6}, m2 = {x, 1};
  long r = sum(2, b1, m1, 0.5, b2, m2, 2.25);
  if (r > 60000) return 1;
  if (r % 7 == 3) return 2;
  printf("r=%ld\n", r % 1000);
  return 0;
}
