/* md5sum's bsd_split_3 shape: after the target's first path its origin
** runs on for more paths, and here nearly every one ends at a bounds check
** of a backward scan from a symbolic length, an error before the load
** counts as an instruction. Collecting them must end by the states run
** too, or the caller (main) never runs: it did not, for md5sum. */
#include "klee/klee.h"

static int scan(const char *s, unsigned long n) {
  if (n == 0)
    return 1; // target
  unsigned long i = n - 1;
  while (i && s[i] != ')')
    i--;
  return s[i] == ')';
}

int main(void) {
  char buf[8];
  unsigned long n;
  klee_make_symbolic(buf, sizeof buf, "buf");
  klee_make_symbolic(&n, sizeof n, "n");
  if (buf[0] != 'M' || buf[1] != 'D')
    return 0;
  return scan(buf, n > sizeof buf ? sizeof buf : n);
}
