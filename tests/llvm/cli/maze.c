/* A small maze: 4 moves, each u/d/l/r or a wall hit (any other byte),
** over a 3x3 grid from the top-left corner. Reaching the bottom-right
** corner fails an assertion, stepping off the grid aborts: many routes
** reach each of these two error locations. The moves per byte are
** cli.py's oracle (its MOVES), which counts the routes. */
#include "klee/klee.h"
#include <assert.h>
#include <stdlib.h>
int main(void) {
  char m[4];
  klee_make_symbolic(m, sizeof m, "moves");
  int x = 0, y = 0;
  for (int i = 0; i < 4; i++) {
    if (m[i] == 'u') y--;
    else if (m[i] == 'd') y++;
    else if (m[i] == 'l') x--;
    else if (m[i] == 'r') x++;
    if (x < 0 || y < 0 || x > 2 || y > 2) abort(); /* off the grid */
    if (x == 2 && y == 2) assert(!"won"); /* the goal */
  }
  return 0;
}
