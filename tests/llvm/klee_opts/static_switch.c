/* --max-static-*-pct and switches: as KLEE's, a switch that forks per
** destination (--switch-type=internal) is not subject to the shares, one
** lowered into branches (simple) is. Three destinations, four times: 81
** paths unless capped. */
#include "klee/klee.h"

int main(void) {
  unsigned char x[4];
  klee_make_symbolic(x, sizeof x, "x");
  int n = 0;
  for (int i = 0; i < 4; i++) switch (x[i] & 3) {
    case 0: n += 1; break;
    case 1: n += 4; break;
    default: n += 16; break;
    }
  return n;
}
