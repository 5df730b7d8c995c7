/* --max-fail: a read may fail (EIO). */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

int main(void) {
  char c;
  long n = read(0, &c, 1);
  if (n < 0) {
    printf("read failed: %s\n", errno == EIO ? "EIO" : "other");
    return 3;
  }
  printf("read %ld\n", n);
  return 0;
}
