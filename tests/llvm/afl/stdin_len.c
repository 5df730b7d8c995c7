/*
** stdin_len.c — the target of afl_stdin.py: what it does depends on how
** many bytes stdin holds, as afl-fuzz gives an entry (EOF after its last
** byte, no padding). Each abort() is reachable only at one length.
*/
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  unsigned char buf[64];
  size_t n = 0;
  ssize_t r;
  while (n < sizeof buf && (r = read(0, buf + n, sizeof buf - n)) > 0) n += (size_t)r;
  if (n == 3 && buf[0] == 'Q') abort();  /* from a 3-byte entry */
  if (n == 8 && buf[0] == 'E') abort();  /* from an 8-byte one only */
  if (n == 12 && buf[1] == 'K') abort(); /* from a 12-byte one: bytes past N stay */
  if (n > 2 && buf[n - 1] == 0) return 3; /* a NUL last byte: seen natively */
  return buf[0] == 'a' ? 0 : 1;
}
