/* A struct passed by value (byval in LLVM): CCBSE's origin check gets it
** as the object arg0, and at main's call the stored condition reads the
** bytes of the struct main passes (stitch.c), whose argument slots come
** after a double's. must-join: some run reaches the target by a join. */
#include "klee/klee.h"

struct big {
  int a, b, c, d, e, f;
};

static int check(double x, struct big s, int k) {
  if (s.a == 4 && s.f == s.b + 8 && k == 2)
    return 1; // target
  if (x > 1.0 && s.c == 7 && s.c != 7)
    return 2; // target (never)
  return 0;
}

int main(void) {
  struct big s;
  int k;
  klee_make_symbolic(&s, sizeof s, "s");
  klee_make_symbolic(&k, sizeof k, "k");
  s.b = 1;
  return check(0.0, s, k);
}
