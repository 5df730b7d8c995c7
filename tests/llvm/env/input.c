/* Symbolic stdin and a symbolic file A read with POSIX calls; a host
** file (the last argument) read concretely. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static int host(const char *path) {
  char buf[64];
  int fd = open(path, O_RDONLY);
  if (fd < 0) return printf("host: cannot open\n"), 0;
  long n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n < 0) return 0;
  buf[n] = 0;
  printf("host: %ld bytes: %s", n, buf);
  return (int)n;
}

int main(int argc, char **argv) {
  char in[4], a[3];
  long n = read(0, in, sizeof in);
  printf("stdin %ld\n", n);
  if (n >= 2 && in[0] == 'G' && in[1] == 'O') printf("go\n");
  struct stat st;
  if (stat("A", &st) == 0) printf("A has %ld bytes\n", (long)st.st_size);
  int fd = open("A", O_RDONLY);
  if (fd < 0) return 9;
  long m = read(fd, a, sizeof a);
  if (m == 3 && a[0] + a[1] == 'x' + 'y') printf("A sums\n");
  if (lseek(fd, 1, SEEK_SET) == 1 && read(fd, a, 1) == 1 && a[0] == '!') return 7;
  close(fd);
  if (argc > 1 && host(argv[argc - 1]) > 3 && in[3] == 'h') return 5;
  if (isatty(0)) printf("tty\n");
  return 0;
}
