/* A pointer to one of two objects (a select of two globals' addresses):
** at main's call, check's stored condition reads the bytes behind its
** argument as an ite over the two objects (stitch.c). must-join: some
** run reaches the target by a join. */
#include "klee/klee.h"

static char ga[8], gb[8];

static int check(const char *p) {
  if (p[0] == 'q' && p[1] == 'z')
    return 1; // target
  return 0;
}

int main(void) {
  int k;
  klee_make_symbolic(ga, sizeof ga, "ga");
  klee_make_symbolic(gb, sizeof gb, "gb");
  klee_make_symbolic(&k, sizeof k, "k");
  gb[1] = 'y';
  return check(k ? ga : gb);
}
