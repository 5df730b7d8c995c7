/* environ.c — the environment of symx-llvm's libc: environ is set by the
** interpreter to main's envp (the modelled environment, state.c). */
#include <stddef.h>

char **environ;

char *getenv(const char *name) {
  if (!name || !environ) return NULL;
  for (char **e = environ; *e; e++) {
    const char *a = name, *b = *e;
    while (*a && *a == *b) a++, b++;
    if (!*a && *b == '=') return (char *)b + 1;
  }
  return NULL;
}
