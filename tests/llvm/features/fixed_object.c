#include "klee/klee.h"
/* klee_define_fixed_object: a zeroed object at a numeric address, which
** accesses through that number reach; past its end there is no object.
** Addresses from 4 GiB up cannot be given here: a message says so. */
#define ADDRESS ((int *)0x0080)
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, sizeof x, "x");
  klee_define_fixed_object(ADDRESS, 8);
  int *p = ADDRESS;
  if (p[0] != 0 || p[1] != 0) return 9;
  p[0] = 10;
  p[1] = x;
  if ((unsigned long)p != 0x80) return 8;
  if (((int *)0x84)[0] == 7) return 2;
  if (x == 200) return ((int *)0x88)[0]; /* PAST */
  if (x == 201) klee_define_fixed_object((void *)0x100000000ull, 4); /* HIGH */
  return p[0];
}
