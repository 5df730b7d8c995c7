/* set*id to the process's own ids succeed, natively as under symx-llvm
** (tcpdump drops its privileges so before reading a capture file). */
#define _GNU_SOURCE
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int a = setgid(getgid()), b = setuid(getuid());
  int c = setregid((gid_t)-1, getegid()), d = setresuid((uid_t)-1, (uid_t)-1, (uid_t)-1);
  printf("%d %d %d %d\n", a, b, c, d);
  return argc > 1 && argv[1][0] == 'x';
}
