// cflags: -O2
#include <stdint.h>
#include <stdio.h>
#include "symx/target.h"
/* What clang -O2 makes of common idioms: rotates (fshl/fshr), saturating
** arithmetic, min/max/abs, and a struct returned in registers. */
typedef struct { long a, b; } pair;
__attribute__((noinline)) static pair split(unsigned char x) {
  pair p = {x >> 4, x & 15};
  return p;
}
__attribute__((noinline)) static uint8_t rotl8(uint8_t v, unsigned n) { return (uint8_t)(v << (n & 7) | v >> ((8 - n) & 7)); }
__attribute__((noinline)) static uint32_t rotr32(uint32_t v, unsigned n) { return v >> (n & 31) | v << ((32 - n) & 31); }
__attribute__((noinline)) static uint8_t addsat(uint8_t a, uint8_t b) { uint8_t s = a + b; return s < a ? 255 : s; }
__attribute__((noinline)) static uint8_t subsat(uint8_t a, uint8_t b) { return a > b ? a - b : 0; }
__attribute__((noinline)) static int iabs(int d) { return d < 0 ? -d : d; }
__attribute__((noinline)) static unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
__attribute__((noinline)) static int smax(int a, int b) { return a > b ? a : b; }
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int r = 0;
  if (rotl8(x, 3) == 0x5a) r |= 1;
  if (rotr32(x, 4) == 0x20000007u) r |= 2;
  if (addsat(x, 200) == 255) r |= 4;
  if (subsat(x, 100) == 0) r |= 8;
  if (iabs((int)x - 128) > 120) r |= 16;
  if (umin(x, 77) == 77 && smax((signed char)x, -5) == -5) r |= 64;
  pair p = split(x);
  if (p.a == 3 && p.b > 10) r |= 32;
  printf("r=%d\n", r);
  return 0;
}
