/* A symbolic exit status and a printed symbolic byte: one path each by
** default (the value under the witness), one per value with
** --enumerate-outputs. */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  char c = argc > 1 ? argv[1][0] : 'z';
  write(1, &c, 1);
  printf("\n");
  return (unsigned char)c;
}
