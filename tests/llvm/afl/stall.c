/*
** stall.c — the target of afl_stall.py: from an entry not starting 'B',
** 2^32 paths of which the first few cover everything (a branch per bit of
** a hash); 'B' first: a path of its own.
*/
#include <stdint.h>

#include "symx/target.h"

int main(void) {
  uint8_t in[8];
  symx_make_symbolic(in, sizeof in, "data");
  if (in[0] == 'B') return 2;
  uint32_t h = 0, ones = 0;
  for (int i = 0; i < 8; i++) h = h * 31u + in[i];
  for (int k = 0; k < 32; k++)
    if (h >> k & 1u) ones++;
  return (int)(ones & 1u);
}
