#pragma clang diagnostic ignored "-Wfree-nonheap-object"
#include <stdlib.h>
#include "klee/klee.h"
/* free of what malloc did not return: of a stack object, of a global, of a
** pointer to no object's start (KLEE tells the first two, its "free"
** error, from the third, a failed pointer resolution). */
int g;
int main(void) {
  unsigned char x;
  int local;
  klee_make_symbolic(&x, sizeof x, "x");
  char *h = malloc(8);
  if (x == 1) free(&local); /* STACK */
  if (x == 2) free(&g); /* GLOBAL */
  if (x == 3) free(h + 1); /* INTERIOR */
  if (x == 4) free((void *)0xdeadbeef); /* WILD */
  if (x == 5) h = realloc((void *)0xdeadbeef, 4); /* REALLOC */
  free(h);
  return 0;
}
