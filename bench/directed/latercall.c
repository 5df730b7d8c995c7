/* The mknod/quote shape: a parser called once per argument; the target is
** in its last call only, with a value the earlier calls cannot give it. */
#include "klee/klee.h"

static int parse(const char *s, int which) {
  int v = 0;
  for (int i = 0; i < 4; i++) {
    if (s[i] < '0' || s[i] > '9')
      break;
    v = v * 10 + (s[i] - '0');
  }
  if (which == 3 && v == 1234)
    return -1; // target
  return v;
}

int main(void) {
  char a[4][4];
  klee_make_symbolic(a, sizeof a, "a");
  int sum = 0;
  for (int k = 0; k < 4; k++)
    sum += parse(a[k], k);
  return sum < 0;
}
