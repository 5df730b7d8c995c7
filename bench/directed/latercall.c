/* The mknod/quote shape: a checker called once per argument; the target
** is in the last call only, and every call forks on each byte it reads. */
#include "klee/klee.h"

static int check(const char *s, int last) {
  int odd = 0;
  for (int i = 0; i < 4; i++)
    if (s[i] == 'x')
      odd++;
  if (last && s[0] == 'T' && s[1] == 'G')
    return -1; // target
  return odd;
}

int main(void) {
  char a[4][4];
  klee_make_symbolic(a, sizeof a, "a");
  int sum = 0;
  for (int k = 0; k < 4; k++)
    sum += check(a[k], k == 3);
  return sum < 0;
}
