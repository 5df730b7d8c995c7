/* 48 MiB in 1 KiB blocks, each written: past --max-memory 20 the path
** ends early before "done". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  for (int i = 0; i < 48 * 1024; i++) {
    char *p = malloc(1024);
    if (!p) return 2;
    memset(p, i, 1024);
  }
  printf("done\n");
  return 0;
}
