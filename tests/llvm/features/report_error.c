#include "klee/klee.h"
/* klee_report_error: a user error whose test case's error file is named
** after the suffix given (KLEE's testN.SUFFIX). */
int main(void) {
  int y;
  klee_make_symbolic(&y, sizeof y, "y");
  if (y == 5) klee_report_error(__FILE__, __LINE__, "My error", "my.err"); /* REPORT */
  return 0;
}
