#include "klee/klee.h"
/* Inline assembly symx-llvm does not know: only the path that runs it ends. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  unsigned lo = 0;
  if (x > 200) {
    __asm__ volatile("rdtsc" : "=a"(lo) : : "edx"); /* UNSUPPORTED */
    return (int)lo & 1;
  }
  if (x > 100) return 2; /* a branch: an exit status takes one value */
  return 3;
}
