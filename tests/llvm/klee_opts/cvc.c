/* --write-cvcs: paths through what the CVC printer spells out — a write
** and a read at symbolic indices, a constant table, a shift by a symbolic
** amount, signed and unsigned division and remainder. */
#include "symx/target.h"
static const unsigned char tab[8] = {1, 2, 4, 8, 16, 32, 64, 128};
int main(void) {
  unsigned char b[4];
  klee_make_symbolic(b, 4, "b");
  unsigned x = b[0] | b[1] << 8;
  char buf[4] = {0};
  buf[b[2] & 3] = 7;
  if (buf[1] == 7) return 1;
  if (tab[b[3] & 7] == 16) return 2;
  if ((x >> (b[2] & 15)) == 3) return 3;
  if ((int)x / (b[3] | 1) == -100 + 200) return 4;
  if ((x ^ 0x55) % 7 == 3 && (signed char)b[0] < -3) return 5;
  return 0;
}
