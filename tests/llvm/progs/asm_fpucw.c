#include <stdio.h>
#include "symx/target.h"
/* gnulib's fpucw.h (datamash's main, vasnprintf's long double code): the
** x87 control word read (fnstcw), set to 64-bit precision (fldcw) around
** long double arithmetic and restored. Natively Linux's default, 0x37f. */
typedef unsigned short fpucw_t;
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  fpucw_t cw, ncw;
  __asm__ __volatile__("fnstcw %0" : "=m"(*&cw));
  ncw = (fpucw_t)((cw & ~0x0300) | 0x0300);
  __asm__ __volatile__("fldcw %0" : : "m"(*&ncw));
  long double third = 1.0L / 3.0L;
  int r = x > (int)(third * 300.0L);
  __asm__ __volatile__("fldcw %0" : : "m"(*&cw));
  printf("cw=%#x r=%d\n", cw, r);
  return 0;
}
