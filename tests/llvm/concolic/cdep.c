/* cdep.c — branches that decide whether changed code runs (--changed with
** the lines marked CHANGED): one branch per line; the changed lines only
** count in hits, which no condition reads, so no constraint is new by data
** flow. concolic.py's oracle computes the control dependence from the
** LLVM IR of this file. */
#include "klee/klee.h"

static volatile int hits;

static void fresh(void) {
  hits += 1; /* CHANGED */
}

static void mid(unsigned char b) {
  if (b > 30)
    fresh();
}

int main(void) {
  unsigned char in[2];
  klee_make_symbolic(in, sizeof in, "in");
  unsigned char a = in[0], b = in[1];
  if (a > 10) {
    hits += 2;
    if (b == 7)
      hits += 3;
    hits += 4; /* CHANGED */
  }
  if (b < 100)
    mid(b);
  if (a == 200)
    hits += 5;
  if (b > 50)
    hits += 6;
  return 0;
}
