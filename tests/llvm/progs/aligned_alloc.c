#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include "symx/target.h"
/* memalign, aligned_alloc and posix_memalign give objects of the size
** asked: an index past it is out of bounds. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  int *a = memalign(16, sizeof(int) * 5);
  int *b = aligned_alloc(32, sizeof(int) * 8);
  void *c = 0;
  if (!a || !b || posix_memalign(&c, 64, 12) != 0) return 3;
  if (((unsigned long)a % 16) || ((unsigned long)b % 32) || ((unsigned long)c % 64)) return 4;
  for (int i = 0; i < 5; ++i) a[i] = (i * 100) % 23;
  ((char *)c)[x % 12] = 1;
  int r = a[x % 5];
  if (x > 250) r += b[x - 243]; /* x 251..255: b[8..12], past its end */
  free(a);
  free(b);
  free(c);
  return r & 1;
}
