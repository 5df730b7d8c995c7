/* External calls with symbolic arguments: a scalar (abs) and a byte of an
** object passed by pointer (strlen) take one value under the witness. */
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"

int main(void) {
  unsigned char c;
  symx_make_symbolic(&c, 1, "input");
  int a = abs((int)c - 100);
  char buf[4] = {'a', 0, 0, 0};
  buf[1] = (char)c;
  size_t n = strlen(buf);
  return (int)n * 100 + (a > 50);
}
