/* --entry probe: two small arguments and a global decide the outcome
** (tests/llvm/entry.py brute-forces every value natively). */
#include <stdio.h>

static unsigned char g_mode = 1;

static int classify(unsigned char a, signed char b) {
  if (g_mode == 3 && a > 200) return 7;
  if (a + b == 100) return 1;
  if (a * 3 == 129) return 2;
  if ((a ^ (unsigned char)b) == 0x5a && b < 0) return 3;
  if (g_mode > 250 && b == -7) return 5;
  return 0;
}

void probe(unsigned char a, signed char b) { printf("r=%d\n", classify(a, b)); }

int main(void) {
  probe(1, 2); /* main never makes g_mode 3: only --entry reaches 7 */
  return 0;
}
