#include "klee/klee.h"
/* klee_make_symbolic's misuses, KLEE's user errors, one per value of x;
** symx_make_symbolic takes any bytes inside an object. */
void symx_make_symbolic(void *addr, unsigned long size, const char *name);
const int ro = 23;
int main(void) {
  unsigned char x;
  char *p;
  int a[4], c;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_make_symbolic(&p, sizeof p, "p");
  if (x == 1) klee_make_symbolic(&c, sizeof c - 1, "c"); /* SIZE */
  if (x == 2) klee_make_symbolic((void *)&ro, sizeof ro, "ro"); /* READONLY */
  if (x == 3) klee_make_symbolic(&a[1], sizeof(int), "a1"); /* INTERIOR */
  if (x == 4) klee_make_symbolic(&c, sizeof c, (const char *)0xf); /* BADNAME */
  if (x == 5) klee_make_symbolic(&c, sizeof c, p); /* SYMNAME */
  if (x == 6) klee_make_symbolic(&c, sizeof c, 0); /* unnamed */
  symx_make_symbolic(&a[1], 2 * sizeof(int), "a12");
  if (a[1] == 7)
    if (a[2] == 9) return 1;
  return 0;
}
