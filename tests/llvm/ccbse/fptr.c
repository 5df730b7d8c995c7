/* A function pointer argument: CCBSE's origin check calls one of the
** program's functions of its type whose address the code takes, chosen by
** the input arg0.fn (entry.c), and main's call passes one of two, which
** the stored condition maps back (stitch.c). must-join: some run reaches
** the target by a join. */
#include "klee/klee.h"

static int twice(int v) { return 2 * v; }

static int neg(int v) { return -v; }

static int check(int (*f)(int), int v) {
  if (f && f(v) == 14)
    return 1; // target
  if (f && f(v) == 15 && f == twice)
    return 2; // target (never)
  return 0;
}

int main(void) {
  int v, k;
  klee_make_symbolic(&v, sizeof v, "v");
  klee_make_symbolic(&k, sizeof k, "k");
  return check(k ? twice : neg, v);
}
