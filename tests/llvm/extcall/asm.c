/* Inline assembly: a register moved to itself (no operands; not one of
** the idioms symx-llvm understands) on one side, a compiler barrier (one
** it does) on the other. Natively both sides exit. To KLEE such assembly is
** an external call: under --external-calls=none its path ends with KLEE's
** error at the asm's line; otherwise with our unsupported-assembly message
** there. The barrier's side exits in every mode. */
#include "symx/target.h"

int main(void) {
  unsigned char c;
  symx_make_symbolic(&c, 1, "input");
  if (c < 100) {
    __asm__ __volatile__("movl %eax, %eax"); /* the asm */
    return 1;
  }
  __asm__ __volatile__("" ::: "memory");
  return 2;
}
