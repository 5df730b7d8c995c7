/* simple_switch — Converse's toy, from its description: a conditional
** structure with nested branches (the "deep conditional structure"), one
** line of which no input reaches (KLEE covered 93% of it). */
#include "klee/klee.h"

int main(void) {
  int x, y, r = 0;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&y, sizeof y, "y");
  switch (x) {
  case 1:
    r = 10;
    break;
  case 2:
    if (y > 5) {
      r = 20;
    } else {
      r = 21;
    }
    break;
  case 3:
    if (y > 5) {
      if (y < 10) {
        r = 30;
      } else {
        r = 31;
      }
    }
    break;
  default:
    if (x > 10) {
      if (x < 5) {
        r = -1; /* unreachable */
      }
      r = 40;
    }
  }
  return r;
}
