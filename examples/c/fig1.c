/* fig1.c — the program of Figure 1 of "Symbolic Execution with Pending
** Constraints" (papers/002): the assertion fails exactly when isSpace is
** true, independently of the many paths the loops spawn on str.
** Build natively: clang fig1.c -lsymx-replay (inputs from $KTEST_FILE). */
#include <assert.h>
#include <stdbool.h>

#include "symx/target.h"

unsigned fib(unsigned n) {
  if (n == 0) return 0;
  if (n == 1) return 1;
  return fib(n - 1) + fib(n - 2);
}

int main(void) {
  bool isSpace;
  klee_make_symbolic(&isSpace, sizeof(isSpace), "isSpace");
  char str[6];
  klee_make_symbolic(str, sizeof(str), "str");

#ifndef DFS_FRIENDLY
  if (isSpace) str[0] = '_';
  else str[0] = '\0';
#else
  if (isSpace == 0) str[0] = '\0';
  else str[0] = '_';
#endif

  for (int i = 1; i < 6; i++)
    for (char j = 0; j < str[i]; j++)
      str[i - 1]++;

  fib(15);
  assert(!isSpace);
  return 0;
}
