/* setup.c — set-up loops that read no input (in main and in a callee),
** then loop.c's loop over a symbolic count. Only input-dependent runs are
** cut (cut_symbolic_only): the paths under a loop bound k are loop.c's;
** cut as Converse does, main returns at the set-up loop: one path. */
#include "klee/klee.h"

static int table[8];

static int fill(int m) {
  int t = 0;
  for (int j = 0; j < m; j++) t += j;
  return t;
}

int main(void) {
  for (int i = 0; i < 8; i++) table[i] = fill(i);
  unsigned char n;
  klee_make_symbolic(&n, 1, "n");
  int s = table[7];
  for (unsigned i = 0; i < n; i++) s += (int)i;
  return s > 30 ? 1 : 0;
}
