/* glibc's extensions that programs configured against glibc call and musl
** lacks (error, error_at_line, reallocarray, the program-name globals):
** the full libc must provide them, not leave them to the host. */
#define _GNU_SOURCE
#include <errno.h>
#include <error.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void progname(void) { fputs("glibc_ext:", stderr); }

int main(int argc, char **argv) {
  size_t n = 37;
  long *t = reallocarray(NULL, n, sizeof *t);
  if (!t) return 3;
  for (size_t i = 0; i < n; i++) t[i] = (long)i;
  t = reallocarray(t, 2 * n, sizeof *t);
  printf("%ld %ld\n", t[0], t[n - 1]);
  errno = 0;
  int failed = reallocarray(t, (size_t)-1 / 2, 4) == NULL;
  printf("overflow: %d %d\n", failed, errno == ENOMEM);
  free(t);
  const char *slash = strrchr(argv[0], '/');
  printf("names: %d %d\n", strcmp(program_invocation_name, argv[0]) == 0,
         strcmp(program_invocation_short_name, slash ? slash + 1 : argv[0]) == 0);
  fflush(stdout);
  error_print_progname = progname;
  error(0, ENOENT, "cannot open `%s'", "x");
  error_at_line(0, 0, "f.c", 7, "twice %d", 1);
  error_one_per_line = 1;
  error_at_line(0, 0, "f.c", 7, "twice %d", 2);
  error_at_line(0, 0, "f.c", 8, "once %d", 3);
  error((int)error_message_count, 0, "bye"); /* exits 4 */
  return 0;
}
