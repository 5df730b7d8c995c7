/* A callee reading through a char pointer into a caller's array of rows:
** from the middle its pointer is an array of --entry-array bytes (lazy.c),
** more than a row; stitching maps the bytes the caller has from the row on
** (the rest of the object) and declines a condition on bytes past its end. */
#include "klee/klee.h"

static int check(const char *s, int last) {
  if (last && s[0] == 'T' && s[1] == 'G')
    return 1; // target
  if (s[4] == 'Z' && s[0] == 'A')
    return 2; // target
  return 0;
}

int main(void) {
  char a[3][3];
  klee_make_symbolic(a, sizeof a, "a");
  int r = 0;
  for (int k = 0; k < 3; k++)
    r += check(a[k], k == 2);
  return r;
}
