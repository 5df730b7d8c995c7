/* main's envp and getenv: the modelled environment (--environ FILE). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv, char **envp) {
  int n = 0;
  for (char **e = envp; *e; e++, n++)
    if (strncmp(*e, "MODE=", 5) == 0) printf("mode %s\n", *e + 5);
  const char *home = getenv("HOME");
  printf("%d variables, HOME %s\n", n, home ? home : "unset");
  if (argc > 1 && argv[1][0] == 'e') return n;
  return 0;
}
