/* A switch whose cases share destinations: --switch-type=internal forks
** once per destination (4: a, b, c and the default), simple once per case
** (7 + the default), llvm as LLVM lowers it; every one covers the same
** exit codes as the native program over all inputs. Built natively with
** -DNATIVE (the byte is argv[1]). */
#ifdef NATIVE
#include <stdlib.h>
#else
#include "klee/klee.h"
#endif

int main(int argc, char **argv) {
  unsigned char b;
#ifdef NATIVE
  b = (unsigned char)atoi(argc > 1 ? argv[1] : "0");
#else
  (void)argc, (void)argv;
  klee_make_symbolic(&b, sizeof b, "b");
#endif
  switch (b) {
  case 1: case 3: case 200: return 10;
  case 7: case 9: return 20;
  case 100: return 30;
  case 50: return 0; /* the default's destination */
  default: return 0;
  }
}
