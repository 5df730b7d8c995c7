#include <stdio.h>
#include "symx/target.h"
/* Forks deep in the stack: after a fork both paths share every frame's
** register window (regs.c) until one writes it; each side then returns
** into its callers, which keep values computed before the fork in their
** registers and write the results into them. A window written in place
** while shared shows as another path's value in the output. */
__attribute__((noinline)) static unsigned leaf(unsigned v, unsigned d) {
  unsigned t = v * 7u + d;
  if (v & (1u << d)) /* forks on bit d, at depth d */
    t ^= 0x55u;
  else
    t += 3u;
  return t;
}

__attribute__((noinline)) static unsigned down(unsigned v, unsigned d) {
  unsigned before = v * 3u + d; /* live across the call */
  unsigned r = d < 3 ? down(v, d + 1) : leaf(v, d);
  unsigned after = leaf(v, d) + before;
  return r * 5u + after;
}

int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  unsigned keep = x ^ 0xa5u, acc = 0;
  for (unsigned i = 0; i < 2; i++) /* a phi written after each return */
    acc = acc * 31u + down(x >> i, i);
  printf("%u %u\n", acc & 0xffu, keep);
  return (int)(acc & 3u);
}
