/*
** order.c — seeds matched by position (seeded.py): the program makes
** "first" then "second" symbolic; a .ktest seed whose objects are named the
** other way round binds them by position (KLEE's default) or by name
** (--named-seed-matching). Only the positional binding passes the gate.
*/
#include <stdint.h>
#include <stdio.h>

#include "symx/target.h"

int main(void) {
  uint32_t first, second;
  symx_make_symbolic(&first, sizeof first, "first");
  symx_make_symbolic(&second, sizeof second, "second");
  if (first == 0x31545346u && second == 0x444e4f43u) { /* "FST1", "COND" */
    puts("gate passed");
    return 1;
  }
  return 0;
}
