/*
** edges_input.c — symx_make_symbolic for native runs of edges.c: the bytes
** come from stdin (missing ones are 0). An input starting 'H' hangs (here,
** not in edges.c: symx-llvm would spend its budget on the loop). An input
** starting "DEL" removes the file SYMX_TEST_UNLINK names: afl_edges.py's
** way to make a queue entry vanish while the peer reads the queues, at a
** known moment.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "symx/target.h"

void symx_make_symbolic(void *addr, size_t size, const char *name) {
  (void)name;
  memset(addr, 0, size);
  size_t n = fread(addr, 1, size, stdin);
  const char *victim = getenv("SYMX_TEST_UNLINK");
  if (n >= 3 && !memcmp(addr, "DEL", 3) && victim) unlink(victim);
  if (n >= 1 && *(const char *)addr == 'H')
    for (;;) pause();
}
