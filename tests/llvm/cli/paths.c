/* 2^10 paths, no error: each of 10 symbolic bytes is tested once. */
#include "klee/klee.h"
int main(void) {
  unsigned char in[10];
  klee_make_symbolic(in, sizeof in, "in");
  int n = 0;
  for (int i = 0; i < 10; i++)
    if (in[i] > 100) n++;
  return n == 11; /* never: no error, exit 0 */
}
