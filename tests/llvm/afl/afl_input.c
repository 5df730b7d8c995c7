/*
** afl_input.c — symx_make_symbolic for native runs under afl-fuzz: the
** bytes come from stdin (missing ones are 0).
*/
#include <stdio.h>
#include <string.h>

#include "symx/target.h"

void symx_make_symbolic(void *addr, size_t size, const char *name) {
  (void)name;
  memset(addr, 0, size);
  size_t n = fread(addr, 1, size, stdin);
  (void)n;
}
