/* Symbolic arguments (--sym-arg, --sym-args): options, a number, a word. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int verbose = 0, sum = 0;
  printf("argc %d\n", argc);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-v") == 0) {
      verbose = 1;
    } else if (a[0] >= '0' && a[0] <= '9') {
      sum += a[0] - '0';
    } else if (strcmp(a, "ok") == 0) {
      printf("ok at %d\n", i);
    } else if (a[0] == 0) {
      printf("empty %d\n", i);
    }
  }
  if (verbose) printf("sum %d\n", sum);
  if (sum > 12) abort();
  return sum % 4;
}
