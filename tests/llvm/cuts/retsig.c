/* retsig.c — cut returns keep the function's type: g returns a short
** (a cut gives 0, or a fresh 16-bit value), h a pointer (a cut gives NULL).
** With --cut loop: n == 0 returns 7 from g; n > 0 is cut. */
#include "klee/klee.h"

static short g(unsigned char n) {
  short s = 7;
  for (unsigned i = 0; i < n; i++) s = (short)(s + 1);
  return s;
}

static char buf[4] = "abc";

static char *h(unsigned char n) {
  char *p = buf;
  while (n-- > 0 && p[1]) p++;
  return p;
}

int main(void) {
  unsigned char n, m;
  klee_make_symbolic(&n, 1, "n");
  klee_make_symbolic(&m, 1, "m");
  short r = g(n);
  if (r == 0) return 10; /* a zero cut */
  if (r == 7) {          /* n == 0, or a fresh value equal to 7 */
    char *p = h(m);
    return p ? 20 : 30;  /* a pointer cut returns NULL */
  }
  return 40;             /* only a fresh value reaches it under a cut */
}
