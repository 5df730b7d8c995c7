/* Otter's Fig 3.1 shape: the target lies behind a loop over the input
** that must find more than four 'b's; one target cannot be reached. */
#include "klee/klee.h"

static int count(const char *s, int n) {
  int k = 0;
  for (int i = 0; i < n; i++)
    if (s[i] == 'b')
      k++;
  return k;
}

int main(void) {
  char buf[8];
  klee_make_symbolic(buf, sizeof buf, "buf");
  int k = count(buf, 8);
  if (k > 4)
    return 1; // target
  if (k == 100)
    return 7; // target (never: k <= 8)
  return 0;
}
