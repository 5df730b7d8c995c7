#include "klee/klee.h"
/* goto *p with p symbolic: an address that is no label is KLEE's exec
** error ("unreachable"); the indirect branch clang makes has no location
** of its own, so the error is placed at its function's line. */
int main(void) { /* FUNCTION */
  void *p = &&one;
  klee_make_symbolic(&p, sizeof p, "p");
  goto *p;
one:
  return 1;
}
