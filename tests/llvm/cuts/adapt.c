/* adapt.c — --cut adaptive per loop: a loop one path runs deeper and deeper
** (target: "aaaaa" returns 100, which needs 5 back edges: a bound of 8) and
** a cost sink (sink: every run forks, 2^k paths reach its cut under bound
** k, and nothing new lies past it). Paths per run under bounds (T, S),
** T <= 12, S <= 6: target T + 1 (exits at i < T, one cut), sink 2^S.
** Per loop (cheapest first, each run ends with loops cut): runs with
** (T, S) = (1,1) (2,1) (4,1) (8,1) (16,1) (16,2) (16,4) (16,8); target
** returns 100 in the fourth, the sink still at 1. One global bound: (1,1)
** (2,2) (4,4) (8,8) (16,16). */
#include "klee/klee.h"

static int sink(const unsigned char *b) {
  int c = 0;
  for (int i = 0; i < 6; i++)
    if (b[i] & 1) c++;
  return c;
}

static int target(const unsigned char *b) {
  int i = 0;
  while (i < 12 && b[i] == 'a') i++;
  if (i >= 5) return 100;
  return i;
}

int main(void) {
  unsigned char k, b[12];
  klee_make_symbolic(&k, 1, "k");
  klee_make_symbolic(b, sizeof b, "b");
  if (k == 0) return sink(b) > 3;
  return target(b) == 100 ? 2 : 0;
}
