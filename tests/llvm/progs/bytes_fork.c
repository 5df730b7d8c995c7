#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "symx/target.h"
/* Forks after large objects (a global, a heap block, a stack array: pages
** of concrete bytes, bytes.c) are filled: both paths share their pages
** until one writes them. Each side then writes other pages, some writes
** across a page boundary (a byte loop, memcpy, memset, an unaligned 8-byte
** store), and prints a checksum of every byte. A page written in place
** while shared shows as another path's bytes in the output. */
#define PAGE 4096u /* a multiple of bytes.c's page */
#define N (3u * PAGE + 123u)

typedef unsigned long __attribute__((aligned(1))) unaligned_u64;

static unsigned char g[N];

static unsigned sum(const unsigned char *b, unsigned n) {
  unsigned h = 0;
  for (unsigned i = 0; i < n; i++) h = h * 31u + b[i];
  return h;
}

int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  unsigned char *h = malloc(N), *z = calloc(N, 1);
  unsigned char s[N];
  if (!h || !z) return 1;
  for (unsigned i = 0; i < N; i++) {
    h[i] = (unsigned char)(i * 7u);
    g[i] = (unsigned char)(i ^ 0x5au);
    s[i] = (unsigned char)(i >> 3);
  }
  h[PAGE - 1] = x; /* a symbolic byte in a page, read back: a fork */
  int big = h[PAGE - 1] > 200;
  h[PAGE - 1] = 0; /* the checksums concrete */
  for (unsigned d = 0; d < 3; d++) {
    unsigned at = PAGE * d + PAGE - 6; /* 6 bytes before a page's end */
    if (x & (1u << d)) {
      for (unsigned i = 0; i < 12; i++) h[at + i] = (unsigned char)(d + i);
      memcpy(g + at, "abcdefghijkl", 12);
      z[at + 1] = (unsigned char)(d + 1);
    } else {
      memset(s + at, (int)d + 1, PAGE);
      *(unaligned_u64 *)(g + at + 2) = 0x0102030405060708ul * (d + 1);
      memcpy(z + PAGE * d, h + at, 100);
    }
  }
  printf("%u %u %u %u %d\n", sum(h, N), sum(g, N), sum(s, N), sum(z, N), big);
  free(z);
  free(h);
  return 0;
}
