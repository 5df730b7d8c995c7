/* Compiled and linked in one command: the byte's hex digit value. */
#include <stdio.h>
#include "calc.h"
#include "symx/target.h"

int main(void) {
  unsigned char c;
  symx_make_symbolic(&c, 1, "input");
  int v = digit_value(c);
  if (v < 0) return 1;
  printf("%s\n", v > 9 ? "letter" : "digit");
  return 0;
}
