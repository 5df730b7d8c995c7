#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
struct pt {
  int x;
  char tag;
  int y;
};
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  struct pt p = {1, 'a', 2};
  p.tag = x;
  p.y = p.tag == 'z' ? 9 : 3;
  return p.x + p.y;
}
