/* Functions whose address escapes (stored, passed, compared) and ones
** only called: --debug-print-escaping-functions names the former. */
#include <stdlib.h>

static int only_called(int x) { return x + 1; }
static int stored(int x) { return x * 2; }
static int passed(int x) { return x - 1; }
static int compared(int x) { return x; }

static int apply(int (*f)(int), int v) { return f(v); }

int (*table[1])(int) = {stored};

int main(void) {
  int r = only_called(1) + table[0](2) + apply(passed, 3);
  int (*volatile p)(int) = compared;
  if (p == compared) r++;
  return r > 100 ? abs(r) : 0;
}
