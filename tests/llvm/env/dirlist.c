/* The working directory's entries through readdir (musl: getdents64): the
** symbolic file A, a file the program makes or A removed when A's first
** byte asks, sorted; natively symx-replay's directory of the same files. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void) {
  char c = 0, *names[16];
  int fd = open("A", O_RDONLY);
  if (fd < 0 || read(fd, &c, 1) != 1) return 9;
  close(fd);
  if (c == 'm') close(open("made", O_WRONLY | O_CREAT, 0644));
  if (c == 'r') unlink("A");
  DIR *d = opendir(".");
  if (!d) return 8;
  int n = 0;
  struct dirent *e;
  while (n < 16 && (e = readdir(d))) names[n++] = strdup(e->d_name);
  rewinddir(d);
  int again = 0;
  while (readdir(d)) again++;
  closedir(d);
  qsort(names, (size_t)n, sizeof *names, cmp);
  for (int i = 0; i < n; i++) printf("%s\n", names[i]);
  return again == n ? n : 7;
}
