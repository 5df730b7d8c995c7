/* Targets reached only through calls through pointers: CCBSE's call graph
** has an edge from such a call to each function of a fitting type whose
** address is taken (mul's and twice's are; wide's type does not fit), so
** each target's function is worked back to main: mul through apply's
** call of its pointer argument, then main's call of apply; twice through
** main's own call of a pointer it loads from a table by the input. */
#include "klee/klee.h"

static int add(int a, int b) { return a + b; }

static int mul(int a, int b) {
  if (a > 1 && b > 1 && a * b == 42)
    return 1; // target
  return 0;
}

static long wide(long a, long b) { return a - b; }

static int twice(int v) {
  if (v == 21)
    return 3; // target
  return 2 * v;
}

static int neg(int v) { return -v; }

static int apply(int (*f)(int, int), int a, int b) { return f(a, b) + 1; }

static int (*const ops[])(int, int) = {add, mul};
static int (*const unary[])(int) = {neg, twice};
long (*keep)(long, long) = wide;

int main(void) {
  int k, a, b;
  klee_make_symbolic(&k, sizeof k, "k");
  klee_make_symbolic(&a, sizeof a, "a");
  klee_make_symbolic(&b, sizeof b, "b");
  if (k < 0 || k > 3)
    return 0;
  if (k < 2)
    return apply(ops[k], a, b);
  return unary[k - 2](a) + (int)keep(a, b);
}
