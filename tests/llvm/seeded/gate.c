/*
** gate.c — a magic check for the seeding test (seeded.py): the CRC-32 of
** the first 4 input bytes must be that of "SEED". The CRC runs bit by bit
** with a branch per bit, so each path through it fixes the 4 bytes and
** exploration without a seed must find 1 path in 2^32. Behind the gate,
** "BUG" in bytes 4..6 aborts.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "symx/target.h"

static uint32_t crc32(const uint8_t *b, int n) {
  uint32_t c = 0xffffffffu;
  for (int i = 0; i < n; i++) {
    c ^= b[i];
    for (int k = 0; k < 8; k++) {
      if (c & 1)
        c = (c >> 1) ^ 0xedb88320u;
      else
        c >>= 1;
    }
  }
  return ~c;
}

int main(void) {
  uint8_t in[8];
  symx_make_symbolic(in, sizeof in, "input");
  if (crc32(in, 4) != 0x72120eb2u) return 0;
  puts("gate passed");
  if (in[4] == 'B' && in[5] == 'U' && in[6] == 'G') abort();
  return 1;
}
