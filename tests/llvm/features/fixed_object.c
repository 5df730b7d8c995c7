#include "klee/klee.h"
/* klee_define_fixed_object: no fixed addresses here, a message says so. */
int main(void) {
  klee_define_fixed_object((void *)0x1000, 16);
  return 0;
}
