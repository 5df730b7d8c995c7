#include <stdint.h>
#include <stdio.h>
#include "symx/target.h"
/* Bit intrinsics on a symbolic byte stay expressions: bswap, ctpop, ctlz,
** cttz, and the overflow builtins at 8, 32 and 64 bits. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int r = 0;
  uint32_t w = 0x01000000u * x + 0x00ab00cdu;
  if (__builtin_bswap32(w) == 0xcd00ab07u) r |= 1;
  if (__builtin_bswap16((uint16_t)(x | 0x300)) == 0x4103) r |= 2;
  if ((__builtin_bswap64((uint64_t)x << 8) >> 48) == 0x7f) r |= 4;
  if (__builtin_popcount(x) == 3) r |= 8;
  if (__builtin_clz((unsigned)x | 1u) == 25) r |= 16;
  if (__builtin_ctzll((unsigned long long)x << 40 | (1ull << 63)) == 42) r |= 32;
  signed char s8;
  if (__builtin_add_overflow((signed char)x, (signed char)100, &s8)) r |= 64;
  unsigned char u8;
  if (__builtin_sub_overflow(x, (unsigned char)77, &u8)) r |= 128;
  int64_t s64;
  if (__builtin_mul_overflow((int64_t)x << 56, (int64_t)-2, &s64)) r |= 256;
  uint64_t u64;
  if (__builtin_mul_overflow((uint64_t)x << 57, (uint64_t)3, &u64)) r |= 512;
  int32_t s32;
  if (__builtin_mul_overflow((int32_t)x * 0x10000, 0x100, &s32)) r |= 1024;
  printf("r=%d\n", r);
  return 0;
}
