/* fib25.c — a concrete workload: recursive fib(25), no symbolic input. */
#include <stdio.h>

unsigned fib(unsigned n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}

int main(void) {
  printf("fib(25) = %u\n", fib(25));
  return 0;
}
