#include <stdio.h>
#include "symx/target.h"
/* printf's flags (# + space 0 -) with width and precision, on a symbolic
** value and on the corner cases: 0 at precision 0, # on 0, octal's
** leading 0, a precision that outgrows the digits. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int v = x % 4 - 1;
  char b[96];
  snprintf(b, sizeof b, "%#x %#o %+d % d %.0d %05d %-4d|", v + 1, v + 1, v, v, v, v, v);
  printf("%s\n", b);
  printf("%#x %#X %#o %#o %+d % d %.0d|%.0x|%#.0o\n", 0, 255, 0, 8, 0, 5, 0, 0, 0);
  printf("%.3d %+.2d %5.3x %-#6x| %#.3o %08.3d %-+5d| %*d %-*d|\n", -7, 3, 10, 10, 8, 42, 9,
         4, 1, -4, 2);
  printf("%.40d|%#5x|%+05d|% 05d\n", 123, 26, -3, 3);
  return 0;
}
