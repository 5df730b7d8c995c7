#include "symx/target.h"
/* Inline assembly symx-llvm does not know: only the path that runs it ends. */
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  unsigned lo = 0;
  if (x > 200) {
    __asm__ volatile("rdtsc" : "=a"(lo) : : "edx"); /* UNSUPPORTED */
    return (int)lo & 1;
  }
  return x > 100 ? 2 : 3;
}
