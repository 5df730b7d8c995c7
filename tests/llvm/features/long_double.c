#include "symx/target.h"
/* x86_fp80 arithmetic runs; __float128 (fp128) is unsupported, with a
** message at its site. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  if (x < 10) return 0;
  if (x >= 200) {
    __float128 q = 1.5Q; /* FLOAT128 */
    q = q * 3;
    return q > 4;
  }
  long double d = 1.5L;
  d = d * 3;
  return d > 4;
}
