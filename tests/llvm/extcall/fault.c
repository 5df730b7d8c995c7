/* A native function that faults (a pointer that is no object of the path),
** and one that writes past the end of the object it was given. */
#include <stdint.h>
#include <string.h>
#include "symx/target.h"

int main(void) {
  unsigned char c;
  symx_make_symbolic(&c, 1, "input");
  char small[4];
  if (c == 7) return (int)strlen((const char *)(uintptr_t)16);
  if (c == 9) strcpy(small, "much too long for it");
  else strcpy(small, "ok");
  return small[0];
}
