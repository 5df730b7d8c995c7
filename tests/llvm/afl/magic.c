/*
** magic.c — the target of the AFL peer test: a 4-byte magic value AFL's
** mutations do not guess in minutes, then a second stage. The same source
** runs under symx-llvm (symx_make_symbolic makes the input symbolic) and
** natively under afl-fuzz (linked with afl_input.c, which reads it from
** stdin).
*/
#include <stdint.h>
#include <stdio.h>

#include "symx/target.h"

int main(void) {
  uint8_t in[8];
  symx_make_symbolic(in, sizeof in, "input");
  uint32_t magic = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16 |
                   (uint32_t)in[3] << 24;
  if (magic != 0x1337cafeu) return 0;
  puts("stage 2");
  if (in[4] == 'O' && in[5] == 'K') puts("stage 3");
  return 0;
}
