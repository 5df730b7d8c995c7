/*
** edges.c — the target of afl_edges.py: the peer's edge view. 'C' first
** aborts (an entry the binary crashes on; the native build also hangs on
** 'H' first: edges_input.c); "ab" then 'c' are nested branches; byte 4 sets
** a loop's hit count (AFL's buckets). Runs under symx-llvm and natively
** (with edges_input.c).
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "symx/target.h"

int main(void) {
  uint8_t in[8];
  symx_make_symbolic(in, sizeof in, "input");
  if (in[0] == 'C') abort();
  if (in[1] == 'a' && in[2] == 'b') {
    puts("ab");
    if (in[3] == 'c') puts("abc");
  }
  volatile unsigned n = 0;
  for (unsigned i = 0; i < (in[4] & 15u); i++) n++;
  return (int)(n & 1u);
}
