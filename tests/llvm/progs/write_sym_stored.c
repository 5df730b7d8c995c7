/* write(2) of a buffer stored into at a symbolic offset (the object then
** holds its contents as an array expression): the bytes written are the
** buffer's, as natively. */
#include <unistd.h>
#include "symx/target.h"
int main(void) {
  unsigned char x;
  char buf[4] = {'a', 'b', 'c', '\n'};
  klee_make_symbolic(&x, 1, "x");
  buf[x & 1] = 'z';
  write(1, buf, 4);
  return x & 1;
}
