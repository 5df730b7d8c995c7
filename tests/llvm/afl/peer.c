/*
** peer.c — the target of afl_mode.py: symx-llvm's AFL peer mode against a
** hand-made sync directory. 'X' first aborts (a crash), 'Y' second exits 2,
** 'Z' third allocates the fourth byte's count (symx ends most of those sizes
** with a model error, which is not a crash).
*/
#include <stdint.h>
#include <stdlib.h>

#include "symx/target.h"

int main(void) {
  uint8_t in[4];
  symx_make_symbolic(in, sizeof in, "data");
  if (in[0] == 'X') abort();
  if (in[1] == 'Y') return 2;
  if (in[2] == 'Z') {
    char *p = malloc(in[3]);
    if (p && in[3]) p[0] = 1;
    free(p);
  }
  return 0;
}
