/* Paths without end, each holding memory of its own: every byte of stdin
** forks after some work, and the write after the fork gives each state its
** own copy of the 16 KiB table; blocks of mixed sizes besides (the heap
** they share fragments). Run past --max-memory, the cap has to hold for as
** long as the states keep coming. */
#include <stdlib.h>
#include <unistd.h>

static unsigned char table[16384];

int main(void) {
  unsigned char in[64];
  if (read(0, in, sizeof in) != (ssize_t)sizeof in) return 1;
  unsigned h = 1;
  for (unsigned i = 0; i < sizeof in; i++) {
    for (unsigned k = 0; k < 200; k++) h = h * 1103515245u + 12345u;
    h = in[i] > 'm' ? h * 31 + 1 : h * 7 + 3;
    table[h % sizeof table] = in[i];
    char *p = malloc(64 + (h % 7) * 96);
    if (p) p[0] = (char)in[i];
  }
  return table[h % sizeof table] == 'x';
}
