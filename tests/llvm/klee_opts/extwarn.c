/* Native calls of two functions without bitcode: sysconf twice, llabs
** once. It prints how many calls of each it made, which the warnings of
** --external-call-warnings must match. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  int n = 0;
  n += sysconf(_SC_PAGESIZE) > 0;
  n += sysconf(_SC_PAGESIZE) > 0;
  n += (int)llabs(-3) == 3;
  printf("calls sysconf=2 llabs=1 ok=%d\n", n);
  return 0;
}
