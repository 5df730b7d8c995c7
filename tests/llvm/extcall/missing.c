/* A function with neither bitcode nor a native definition; and one that
** would act on symx-llvm's own process. */
#include <unistd.h>
#include "symx/target.h"

int no_such_function_anywhere(int x);

int main(void) {
  unsigned char c;
  symx_make_symbolic(&c, 1, "input");
  if (c == 1) return fork() > 0 ? 3 : 4;
  return no_such_function_anywhere(c);
}
