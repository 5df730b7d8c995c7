/* Otter's "target behind a long input-validation loop" (Fig 3.1's shape):
** eight checks of a header, each rejected input still parsed further (a
** subtree of paths per check); the target needs every check to pass. */
#include "klee/klee.h"

static int spaces(const char *s, int n) {
  int k = 0;
  for (int i = 0; i < n; i++)
    if (s[i] == ' ')
      k++;
  return k;
}

int main(void) {
  char in[14];
  klee_make_symbolic(in, sizeof in, "in");
  static const char magic[8] = "OTTERSEM";
  for (int i = 0; i < 8; i++)
    if (in[i] != magic[i])
      return spaces(in + 8, 6);
  return 100; // target
}
