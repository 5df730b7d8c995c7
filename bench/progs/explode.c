/* explode.c — a path explosion whose states each hold memory: every one of
** N symbolic bytes forks the path, both sides write a 16 KiB heap buffer
** (so each path owns its copy), and an implied second test leaves one
** infeasible side per fork for pending mode to find. 2^N paths; without a
** memory cap the states alive grow until the machine runs out. */
#include <stdlib.h>
#include <string.h>

#include "symx/target.h"

#define N 24
#define SZ (16 * 1024)

int main(void) {
  unsigned char in[N];
  klee_make_symbolic(in, sizeof in, "in");
  unsigned char *buf = malloc(SZ);
  if (!buf) return 1;
  memset(buf, 0, SZ);
  unsigned sum = 0;
  for (int i = 0; i < N; i++) {
    if (in[i] > 100) {
      buf[i * 512] = 1;
      if (in[i] > 50) sum += 2; /* implied: the else side is infeasible */
    } else {
      buf[i * 512 + 1] = 2;
      sum++;
    }
  }
  free(buf);
  return sum == 3 * N;
}
