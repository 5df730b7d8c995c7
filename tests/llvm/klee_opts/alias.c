/* --function-alias: the call of twoints runs twointsmul instead; natively
** the same program is built with -DCALL=twointsmul (the oracle). */
#include <stdio.h>

int __attribute__((noinline)) twoints(int a, int b) { return a + b; }
int __attribute__((noinline)) twointsmul(int a, int b) { return a * b + 5; }
short __attribute__((noinline)) oneshort(short a) { return a + 1; }

#ifndef CALL
#define CALL twoints
#endif

int main(void) {
  int r = CALL(2, 3) + oneshort(4);
  printf("result = %d\n", r);
  return r;
}
