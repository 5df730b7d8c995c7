/* double_cond — Converse's toy, from its description: two identical
** consecutive conditional statements (over a product, as double_loop's). */
#include "klee/klee.h"

int main(void) {
  int x, y, k = 0;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  if (x * y > 100) {
    k += 1;
  } else if (x + y < 10) {
    k -= 1;
  } else {
    k += 2;
  }
  if (x * y > 100) {
    k += 1;
  } else if (x + y < 10) {
    k -= 1;
  } else {
    k += 2;
  }
  return k;
}
