/* Symbolic allocation sizes, as KLEE sizes them. argv[1] picks the case:
** "two": malloc of a size with two values (a path each); "many": malloc
** of any 32-bit size (the witness's, a second one, NULL for a huge one,
** the rest ended early); "vla": an array of 1 to 3 elements (two sizes,
** the rest ended early; none is huge). */
#include <stdlib.h>
#include <string.h>
#include "klee/klee.h"
int main(int argc, char **argv) {
  unsigned n;
  klee_make_symbolic(&n, sizeof n, "n");
  if (argc > 1 && strcmp(argv[1], "vla") == 0) {
    klee_assume(n >= 1);
    klee_assume(n <= 3);
    char buf[n];
    buf[n - 1] = 7;
    return buf[n - 1] == 7 ? (int)n : 9;
  }
  if (argc > 1 && strcmp(argv[1], "two") == 0) klee_assume(n < 2);
  char *p = malloc(n);
  if (!p) return 3;
  free(p);
  return 0;
}
