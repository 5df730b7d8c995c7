#include <stdarg.h>
#include <stdio.h>
#include "symx/target.h"
/* A variadic callee that reads one argument more than its caller gave, as
** musl's fcntl(fd, F_GETFD) and ioctl do; it uses it only when given. */
static long ctl(int fd, int cmd, ...) {
  va_list ap;
  va_start(ap, cmd);
  long arg = va_arg(ap, long);
  va_end(ap);
  return cmd == 1 ? fd + 1 : fd + arg;
}
static int count(const char *fmt, ...) { /* no extra argument at all */
  va_list ap;
  va_start(ap, fmt);
  va_end(ap);
  return fmt[0];
}
int main(void) {
  unsigned char x;
  klee_make_symbolic(&x, 1, "x");
  long r = x < 100 ? ctl(x, 1) : ctl(x, 2, 7L);
  if (r % 5 == 0) return 1;
  printf("%d\n", count("a") + (int)(r & 1));
  return 0;
}
