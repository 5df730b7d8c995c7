/* main's envp: the modelled environment (--environ FILE). */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv, char **envp) {
  int n = 0;
  for (char **e = envp; *e; e++, n++)
    if (strncmp(*e, "MODE=", 5) == 0) printf("mode %s\n", *e + 5);
  printf("%d variables\n", n);
  if (argc > 1 && argv[1][0] == 'e') return n;
  return 0;
}
