#include "symx/target.h"
/* A shift by the width or more: KLEE's "overshift" error (symbolic amount),
** and on a concrete amount after a branch. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  unsigned s = x & 63;
  unsigned v = 1u << s; /* SYMBOLIC */
  if (x == 3) {
    volatile unsigned k = 40;
    return (int)(v >> k); /* CONCRETE */
  }
  return v == 8;
}
