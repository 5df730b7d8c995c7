/* A function with neither bitcode nor a native definition; and ones that
** would act on symx-llvm's own process (fork; error, which calls exit: the
** small libc has no error()) or on the host's files (unlink). */
#include <unistd.h>
#include "symx/target.h"

int no_such_function_anywhere(int x);
void error(int status, int errnum, const char *fmt, ...);

int main(void) {
  unsigned char c;
  symx_make_symbolic(&c, 1, "input");
  if (c == 1) return fork() > 0 ? 3 : 4;
  if (c == 2) error(5, 0, "exits");
  if (c == 3) return unlink("/tmp/symx-extcall-never-removed");
  return no_such_function_anywhere(c);
}
