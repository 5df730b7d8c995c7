/* A loop whose result is known at its exit: --optimize computes it rather
** than running it 1000 times. */
#include <stdio.h>
int main(void) {
  unsigned s = 0;
  for (unsigned i = 0; i < 1000; i++) s += 3 * i + 1;
  printf(s == 1499500 ? "sum ok\n" : "sum wrong\n");
  return 0;
}
