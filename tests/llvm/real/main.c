/* wcx [-l|-w|-c|-d] [FILE]: counts lines, words, bytes or digits of FILE
** (else stdin) through read(2); exit status 2 on a bad option, 3 when
** FILE cannot be opened, 4 on a read error. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "count.h"

static int count_fd(int fd, counts *c) {
  char buf[8];
  int inword = 0;
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0) return -1;
    if (n == 0) return 0;
    count_add(c, buf, (size_t)n, &inword);
  }
}

int main(int argc, char **argv) {
  char what = 'l';
  int i = 1;
  if (i < argc && argv[i][0] == '-') {
    what = argv[i][1];
    if ((what != 'l' && what != 'w' && what != 'c' && what != 'd') || argv[i][2]) {
      printf("bad option\n");
      return 2;
    }
    i++;
  }
  int fd = 0;
  if (i < argc && (fd = open(argv[i], O_RDONLY)) < 0) {
    printf("cannot open\n");
    return 3;
  }
  counts c = {0, 0, 0, 0};
  if (count_fd(fd, &c)) return 4;
  unsigned v = what == 'l' ? c.lines : what == 'w' ? c.words : what == 'c' ? c.bytes : c.digits;
  printf("%c %u\n", what, v);
  return v > 2 ? 1 : 0;
}
