// cflags: -O1
#include <setjmp.h>
#include <stdio.h>
#include "symx/target.h"
/* Values that live only inside their block share register slots with the
** values of other blocks (slots.c); values that cross blocks, phis and
** aggregates keep their own. A mixed-up slot shows as a wrong output. */
static jmp_buf env;

__attribute__((noinline)) static unsigned mix(unsigned a, unsigned b) {
  unsigned t1 = a * 31u + b, t2 = t1 ^ (t1 >> 3), t3 = t2 + (a << 2) + b;
  unsigned acc = t3;
  for (unsigned i = 0; i < (b & 3u); i++) {
    unsigned u1 = acc * 7u + i, u2 = u1 ^ (u1 << 5), u3 = u2 - t1; /* t1 crosses blocks */
    acc = u3 + (u2 >> 7);
  }
  unsigned v1 = acc ^ t2, v2 = v1 * 13u, v3 = v2 + t3;
  return v3 ^ (v3 >> 11);
}

__attribute__((noinline)) static unsigned opaque(unsigned char x) { return x * 3u + 1u; }
static unsigned sink;

/* setjmp's block: a value made before it and used after it in the same
** block is read again when longjmp comes back, after other blocks ran. */
__attribute__((noinline)) static int again(unsigned char x) {
  unsigned k1 = opaque(x);
  int r = setjmp(env);
  sink += k1 + (unsigned)r;
  if (r > 1) return (int)(sink & 0xff);
  unsigned j1 = x + 9u, j2 = j1 * j1, j3 = j2 ^ (j2 >> 3);
  if (j3 & 1u) longjmp(env, 2);
  longjmp(env, 3);
}

int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  klee_assume(x < 64); /* every loop count (x >> 4) and both longjmps; a quarter of the paths */
  unsigned r = mix(x & 0x0fu, (unsigned)(x >> 4));
  printf("%u %d\n", r & 0xfu, again(x));
  return (r >> 8) & 1u;
}
