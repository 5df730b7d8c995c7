/* A loop that forks on every turn: --max-instructions stops it midway. */
#include "klee/klee.h"
int main(void) {
  unsigned x, n = 0;
  klee_make_symbolic(&x, sizeof x, "x");
  for (unsigned i = 0; i < 40; i++)
    if (x > i) n++;
  return (int)(n & 1);
}
