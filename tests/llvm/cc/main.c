/* One symbolic byte through the library: a line printed, an exit code,
** abort() for one value. */
#include <stdio.h>
#include <stdlib.h>
#include "calc.h"
#include "symx/target.h"

int main(void) {
  unsigned char c;
  symx_make_symbolic(&c, 1, "input");
  int kind = classify(c);
  int v = digit_value(c);
  if (kind == 3 && c == 0x7f) abort();
  printf("kind %d sum %d\n", kind, checksum(kind, v));
  return v >= 10 ? 2 : kind == 0;
}
