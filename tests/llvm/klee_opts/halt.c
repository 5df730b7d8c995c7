/* Many paths, cut short by --max-instructions: the states left at the
** halt get test cases unless --dump-states-on-halt=false. */
#include "klee/klee.h"

int main(void) {
  unsigned char b[4];
  klee_make_symbolic(b, sizeof b, "b");
  int n = 0;
  for (int i = 0; i < 4; i++)
    if (b[i] > 100) n++;
  for (int k = 0; k < 1000; k++) n += k & 1;
  return n;
}
