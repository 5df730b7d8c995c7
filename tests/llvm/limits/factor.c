/*
** factor.c — a branch only a hard solver query decides: the product of two
** symbolic 32-bit values equals a 64-bit semiprime (two random 32-bit primes).
** No backend factors it within seconds, so a run under --max-time or
** --max-solver-time must end by its limits, not by the solver.
*/
#include <stdint.h>
#include <stdio.h>

#include "symx/target.h"

int main(void) {
  uint32_t x, y;
  symx_make_symbolic(&x, sizeof x, "x");
  symx_make_symbolic(&y, sizeof y, "y");
  if (x > 1 && y > 1 && (uint64_t)x * y == 3274699289ull * 4084796923ull) {
    puts("factored");
    return 1;
  }
  return 0;
}
