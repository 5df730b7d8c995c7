/* Files the program creates (held in memory by the runtime, real ones
** natively): a copy of the symbolic file A, extended, truncated, read back;
** dup2 of stdout onto a file. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
  char a[4], back[16];
  int in = open("A", O_RDONLY);
  if (in < 0 || read(in, a, sizeof a) != sizeof a) return 9;
  close(in);
  int out = open("copy", O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (out < 0) return 8;
  write(out, a, sizeof a);
  lseek(out, 6, SEEK_SET);
  write(out, "!", 1); /* a hole at 4..5 */
  struct stat st;
  fstat(out, &st);
  printf("size %ld\n", (long)st.st_size);
  if (a[0] == 'T') ftruncate(out, 2);
  lseek(out, 0, SEEK_SET);
  long n = read(out, back, sizeof back);
  printf("read back %ld\n", n);
  if (n == 7 && memcmp(back, a, 4) == 0 && back[4] == 0 && back[6] == '!') printf("same\n");
  if (open("copy", O_RDONLY | O_CREAT | O_EXCL, 0644) < 0) printf("exists\n");
  int saved = dup(1);
  dup2(out, 1);
  write(1, "hidden", 6);
  dup2(saved, 1);
  printf("%s\n", access("copy", F_OK) == 0 ? "copy there" : "copy gone");
  unlink("copy");
  printf("%s\n", access("copy", F_OK) == 0 ? "copy there" : "copy gone");
  return n == 2 ? 1 : 0;
}
