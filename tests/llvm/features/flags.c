#include "klee/klee.h"
#include "limit.h"
/* -I, -D and -O reach clang; klee/klee.h resolves and klee_assert fails. */
int main(void) {
  int v = klee_range(0, 10, "v");
  klee_assert(v < LIMIT + SHIFT); /* ASSERT */
  return 0;
}
