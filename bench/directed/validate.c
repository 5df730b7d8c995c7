/* Otter's Fig 3.1 shape: a loop over 12 input bytes counts the 'b's; the
** target needs more than four of them (1 path in several hundred). */
#include "klee/klee.h"

int main(void) {
  char arg[12];
  klee_make_symbolic(arg, sizeof arg, "arg");
  int n = 0;
  for (int i = 0; i < 12; i++) {
    if (arg[i] == 0)
      break;
    if (arg[i] == 'b')
      n++;
  }
  if (n > 4)
    return 1; // target
  return 0;
}
