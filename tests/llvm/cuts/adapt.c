/* adapt.c — --cut adaptive per loop: a loop one path runs deeper and deeper
** (target: "aaaaa" returns 100, 5 back edges, a bound of 8; nine a's 200,
** a bound of 16) and a cost sink (sink: every run forks, 2^k paths reach
** its cut under bound k, nothing new lies past it but its own exit,
** which no path reaches while it is cut). Paths of a run under
** bounds (T, S): target T + 1 for T <= 12 (exits at i < T, one cut), else
** 13; sink 2^S for S <= 10, else 1024. Each run ends with loops cut, and
** the next raises bounds (rounds only: --cut-window past the runs). Per
** loop: (1,1) (2,2) (4,4) (8,8) with nothing new past a raised bound; the
** fourth run returns 100 past target's old bound 4, so only target rises:
** (16,8), which returns 200 with 256 sink paths; target is cut no more,
** the sink rises: (16,16), no cut. One global bound: (1,1) (2,2) (4,4)
** (8,8) (16,16), whose 200 comes with 1024 sink paths. */
#include "klee/klee.h"

static int sink(const unsigned char *b) {
  int c = 0;
  for (int i = 0; i < 10; i++)
    if (b[i] & 1) c++;
  return c;
}

static int target(const unsigned char *b) {
  int i = 0;
  while (i < 12 && b[i] == 'a') i++;
  if (i >= 9) return 200;
  if (i >= 5) return 100;
  return i;
}

int main(void) {
  unsigned char k, b[12];
  klee_make_symbolic(&k, 1, "k");
  klee_make_symbolic(b, sizeof b, "b");
  if (k == 0) return sink(b) > 3;
  return target(b) >= 100 ? 2 : 0;
}
