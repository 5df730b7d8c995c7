/* Compiled and linked in one command, with the library named twice (as
** coreutils' links do): the byte's hex digit value. */
#include <stdio.h>
#include "calc.h"
#include "symx/target.h"

int main(void) {
  unsigned char c;
  symx_make_symbolic(&c, 1, "input");
  int v = digit_value(c);
  (void)weight(v); /* pure, its result unused: the native link needs no pure.o */
  if (v < 0) return 1;
  printf("%s\n", v > 9 ? "letter" : "digit");
  return 0;
}
