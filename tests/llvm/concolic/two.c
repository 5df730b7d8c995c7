/* two.c — a 2-byte program for concolic mode: each path prints its own
** line; built with -DNATIVE it prints the line of every one of the 65,536
** inputs (the oracle). */
#include <stdio.h>
#ifndef NATIVE
#include "klee/klee.h"
#endif

static void f(unsigned char a, unsigned char b) {
  if (a > 100) {
    putchar('A');
    if (b == (unsigned char)(a + 3)) putchar('B');
    else if (b < 10) putchar(a % 7 == 2 ? 'C' : 'D');
  } else {
    putchar((a ^ b) & 1 ? 'E' : 'F');
    for (int i = 0; i < 3; i++)
      if (b > 60 * i + 20) {
        putchar('0' + i);
        break;
      }
    if ((a + b) % 5 == 3) putchar(a < b ? 'G' : 'H');
  }
  putchar('\n');
}

int main(void) {
#ifdef NATIVE
  for (unsigned x = 0; x < 65536; x++) f((unsigned char)x, (unsigned char)(x >> 8));
#else
  unsigned char in[2];
  klee_make_symbolic(in, sizeof in, "in");
  f(in[0], in[1]);
#endif
  return 0;
}
