/* nomem/prog.c — a program for the front end's allocation-failure sweep
** (test_nomem.c): without libc, it reaches most of what allocates in
** symx-llvm: inputs (names, arrays), forks (state clones), the heap,
** memcpy/memset, a switch, varargs, a symbolic index, a call through a
** pointer, output, a stack object per call, a global's pages written
** after a fork, a fork in a callee (the caller's registers then shared
** when it returns into them). */
#include <stdarg.h>

#include "symx/target.h"

void *malloc(unsigned long n);
void *realloc(void *p, unsigned long n);
void free(void *p);
long __symx_write(int fd, const void *buf, unsigned long n);

static int table[4] = {1, 2, 3, 4};
static char big[5000]; /* pages of bytes (bytes.c), written after a fork */
static const char msg[] = "out\n";

static int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}

static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }
static int clamp(int x) {
  if (x > 100) return 100;
  return x;
}

int main(void) {
  unsigned char in[4];
  klee_make_symbolic(in, sizeof in, "in");
  int k = klee_int("k");
  char *p = malloc(8);
  __builtin_memset(p, 7, 8);
  switch (in[0]) {
  case 1: p[0] = 1; big[4097] = 1; break;
  case 2: p[1] = 2; __builtin_memcpy(big + 4094, in, 4); break;
  default: break;
  }
  if (in[1] > 10) p = realloc(p, 16);
  table[in[2] & 3] = k;
  __builtin_memcpy(p, in, 4);
  int (*f)(int) = in[3] & 1 ? twice : negate;
  int r = f(table[1]) + sum(3, in[0], in[1], clamp(k));
  __symx_write(1, msg, 4);
  free(p);
  return r > 5;
}
