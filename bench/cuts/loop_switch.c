/* loop_switch — Converse's toy (thesis Fig. 3.5): a conditional structure
** inside a loop; one run of the body covers every line of it. */
#include "klee/klee.h"

int main(void) {
  int a;
  klee_make_symbolic(&a, sizeof a, "a");
  int x = 0, y = 0, z = 0;
  if (a < 0) {
    return -1;
  }
  while (a < 12) {
    if (a >= 0 && a < 4) {
      x++;
      a++;
    } else if (a >= 4 && a < 8) {
      y++;
      a++;
    } else if (a >= 8 && a < 12) {
      z++;
      a++;
    }
  }
  return z;
}
