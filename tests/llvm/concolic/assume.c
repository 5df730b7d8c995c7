/* assume.c — assumptions in concolic mode: the all-zero first input breaks
** the first (the run is replaced by one on its path that meets it); the
** second cannot hold on its path (KLEE's provably false error). Built with
** -DNATIVE it prints the outcome of every input the first admits (E for
** the second's path): the oracle. */
#include <stdio.h>
#ifdef NATIVE
#define ASSUME(c) do { if (!(c)) return NULL; } while (0)
#define ASSUME_ON_PATH(c) do { if (!(c)) return "E"; } while (0)
#else
#include "klee/klee.h"
#define ASSUME(c) klee_assume(c)
#define ASSUME_ON_PATH(c) klee_assume(c)
#endif

static const char *f(unsigned char a, unsigned char b) {
  ASSUME(a > 200);
  if (b == 7)
    ASSUME_ON_PATH(a < 100);
  if (b > 100) return a == 250 ? "A" : "B";
  return "C";
}

int main(void) {
#ifdef NATIVE
  for (unsigned x = 0; x < 65536; x++) {
    const char *o = f((unsigned char)x, (unsigned char)(x >> 8));
    if (o) puts(o);
  }
#else
  unsigned char in[2];
  klee_make_symbolic(in, sizeof in, "in");
  puts(f(in[0], in[1]));
#endif
  return 0;
}
