#include <stdio.h>
#include <stdlib.h>
#include "klee/klee.h"
/* KLEE's header and its intrinsics: klee_assert, klee_abort, the value of
** a determined expression, memory access checks, object sizes, warnings
** and the calls without an effect. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  klee_set_forking(1);
  klee_prefer_cex(&x, x > 3);
  klee_warning_once("checking x");
  klee_warning_once("checking x");
  char buf[16];
  char *heap = malloc(24);
  if (x == 7)
    printf("v=%d f=%d d=%d\n", klee_get_value_i32(x * 3), (int)klee_get_valuef(x / 2.0f),
           (int)klee_get_valued(x * 1.5));
  if (x == 42) klee_assert(x != 42);
  if (x == 13) klee_abort();
  klee_check_memory_access(buf, 16);
  if (x > 250) klee_check_memory_access(buf, 17);
  printf("size=%d\n", (int)klee_get_obj_size(heap));
  free(heap);
  return x < 100;
}
