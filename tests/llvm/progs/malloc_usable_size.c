#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
/* malloc_usable_size: at least the size asked, every byte of it usable (as
** SQLite uses it); 0 for NULL. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  size_t want = 5;
  if (x > 200) want = 9; /* a branch: a symbolic size would be concretized */
  char *p = malloc(want);
  if (!p) return 3;
  size_t have = malloc_usable_size(p);
  if (have < want) return 2;
  memset(p, 'a', have);
  p[want - 1] = x < 128 ? 'b' : 'c';
  int r = p[want - 1] == 'b';
  free(p);
  printf("%zu %d\n", malloc_usable_size(NULL), r);
  return r;
}
