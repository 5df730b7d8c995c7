/* Several paths of one input byte, for every searcher: the set of exit
** codes must be the native program's over all 256 inputs. Built natively
** with -DNATIVE (the byte is argv[1]). */
#ifdef NATIVE
#include <stdlib.h>
#else
#include "klee/klee.h"
#endif

static int classify(unsigned char b) {
  int r = 0;
  if (b & 1) r += 1;
  if (b & 2) r += 2;
  if (b > 200) r += 4;
  if (b == 42) r = 9;
  return r;
}

int main(int argc, char **argv) {
  unsigned char b;
#ifdef NATIVE
  b = (unsigned char)atoi(argc > 1 ? argv[1] : "0");
#else
  (void)argc, (void)argv;
  klee_make_symbolic(&b, sizeof b, "b");
#endif
  return classify(b);
}
