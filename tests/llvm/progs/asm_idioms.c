#include <stdint.h>
#include <stdio.h>
#include "symx/target.h"
/* The inline-assembly idioms: barriers, pause, a value hidden from the
** optimizer, bswap and the rotates that byte-swap, one arithmetic
** instruction on a tied register; a symbolic operand stays symbolic. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  uint32_t v = 0x11223300u | x;
  __asm__ volatile("" ::: "memory");
  __asm__ volatile("pause");
  __asm__("bswap %0" : "=r"(v) : "0"(v));
  uint16_t h = (uint16_t)(x << 8 | 0x12);
  __asm__("rorw $8, %w0" : "=r"(h) : "0"(h));
  uint64_t q = (uint64_t)x << 56;
  __asm__("bswapq %0" : "=r"(q) : "0"(q));
  int z = x;
  __asm__("" : "=r"(z) : "0"(z));
  uint32_t s = 0x00ab0000u | x;
  __asm__("rorw $8, %w0; rorl $16, %0; rorw $8, %w0" : "=r"(s) : "0"(s) : "cc");
  int n = x;
  __asm__("neg %0" : "+r"(n));
  __asm__("addl $5, %0" : "+r"(n));
  __asm__("not %0" : "+r"(z));
  __asm__("notl %0" : "+r"(z));
  __asm__("shrl $1, %0" : "+r"(s));
  int r = 0;
  if (v == 0x80332211u) r |= 1;
  if (h == 0x12ff) r |= 2;
  if (q == 7) r |= 4;
  if (z > 200) r |= 8;
  if (s == 0x7f805580u) r |= 16;
  if (n == -195) r |= 32;
  printf("r=%d\n", r);
  return 0;
}
