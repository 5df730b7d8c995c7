/* A target reached only through calls through pointers: a handler picked
** by the input from functions of one type; a function of another type
** whose address is taken too, never called (no call through a pointer
** fits its type). */
#include "klee/klee.h"

typedef int (*op_fn)(int);

static int acc;

static int add(int x) { return acc += x; }
static int sub(int x) { return acc -= x; }

static int mul(int x) {
  if (x == 7 && acc == 3)
    acc = 1000; // target (through the pointer)
  return acc *= x;
}

static int shout(char *s) {
  acc = s[0]; // target (its type fits no call)
  return acc;
}

int (*volatile keep)(char *) = shout;

static op_fn pick(unsigned char c) {
  if (c == 'a') return add;
  if (c == 's') return sub;
  if (c == 'm') return mul;
  return 0;
}

int main(void) {
  unsigned char op[3];
  int v[3];
  klee_make_symbolic(op, sizeof op, "op");
  klee_make_symbolic(v, sizeof v, "v");
  for (int i = 0; i < 3; i++) {
    op_fn f = pick(op[i]);
    if (f)
      f(v[i]);
  }
  return acc == 1000;
}
