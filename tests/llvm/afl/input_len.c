/*
** input_len.c — the target of afl_input.py: what it does depends on how
** many bytes its input holds (stdin, or the file named by its argument, as
** afl-fuzz gives an entry: EOF after its last byte, no padding). Each
** abort() is reachable only at one length.
*/
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  unsigned char buf[64];
  size_t n = 0;
  ssize_t r;
  int fd = argc > 1 ? open(argv[1], O_RDONLY) : 0;
  struct stat st;
  if (fd < 0 || fstat(fd, &st)) return 2;
  while (n < sizeof buf && (r = read(fd, buf + n, sizeof buf - n)) > 0) n += (size_t)r;
  if (argc > 1 && (size_t)st.st_size != n) return 4; /* the file's size is what it holds */
  if (n == 3 && buf[0] == 'Q') abort();  /* from a 3-byte entry */
  if (n == 8 && buf[0] == 'E') abort();  /* from an 8-byte one only */
  if (n == 12 && buf[1] == 'K') abort(); /* from a 12-byte one: bytes past N stay */
  if (n > 2 && buf[n - 1] == 0) return 3; /* a NUL last byte: seen natively */
  return buf[0] == 'a' ? 0 : 1;
}
