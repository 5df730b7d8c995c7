#include <stdio.h>
#include "symx/target.h"
/* Computed goto (blockaddress, indirectbr), a global alias of a function
** and of a variable, weak definitions and an undefined weak function. */
int counter = 3;
extern int counter_alias __attribute__((alias("counter")));
__attribute__((weak)) int weak_value(int v) { return v * 2; }
static int twice(int v) { return v + v + 1; }
int twice_alias(int v) __attribute__((alias("twice")));
extern int missing_weak(int) __attribute__((weak));
static int dispatch(unsigned char op) {
  static void *table[] = {&&add, &&sub, &&neg, &&done};
  int acc = 10;
  goto *table[op & 3];
add:
  acc += 5;
  goto *table[3];
sub:
  acc -= 7;
  goto *table[3];
neg:
  acc = -acc;
done:
  return acc;
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  counter_alias += x & 1;
  int r = dispatch(x) + counter + weak_value(x >> 6) + twice_alias(x >> 7);
  if (missing_weak) r += missing_weak(1);
  printf("r=%d\n", r);
  return 0;
}
