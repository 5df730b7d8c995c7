/* keyword.c — the work lies behind a keyword: match's loop must run its
** body 3 times ("run") before work() is reached. Cut after one run (--cut
** loop), match returns 0 and work() is never covered: well below 75% of
** the uncut run's coverage. --cut adaptive notices it: the run ends with
** match's loop cut and time left, so the loop's bound rises (1, 2, 4) and
** the third run matches "run". */
#include "klee/klee.h"

static int match(const char *s, const char *w) {
  int i = 0;
  while (w[i] && s[i] == w[i]) i++;
  return w[i] == 0;
}

static int work(unsigned char x) {
  int r = 0;
  switch (x & 7) {
  case 0: r = x * 3 + 1; break;
  case 1: r = x * 5 - 2; break;
  case 2: r = (x << 2) ^ 0x55; break;
  case 3: r = (x >> 1) | 0x80; break;
  case 4: r = x % 7 + x / 3; break;
  case 5: r = x * x - 9; break;
  case 6: r = (x ^ 0x3c) + (x & 0x0f); break;
  default: r = x + 100; break;
  }
  if (r > 200) r -= 200;
  else if (r < 10) r += 10;
  return r & 0x7f;
}

int main(void) {
  char s[4];
  unsigned char x;
  klee_make_symbolic(s, sizeof s, "s");
  klee_make_symbolic(&x, 1, "x");
  if (match(s, "run")) return work(x);
  return 0;
}
