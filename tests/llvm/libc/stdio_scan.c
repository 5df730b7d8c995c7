/* Buffered stdio and the printf/scanf families over the full libc: lines of
** stdin read with fgets, numbers with scanf, output through printf, puts,
** putchar, fputs to stderr (unbuffered) and stdout (buffered). */
#include <stdio.h>
#include <string.h>

int main(void) {
  char line[64];
  int n = 0;
  if (!fgets(line, sizeof line, stdin)) return 3;
  line[strcspn(line, "\n")] = 0;
  printf("first line: [%s] (%zu bytes)\n", line, strlen(line));
  int a = 0, b = 0;
  if (scanf("%d %d", &a, &b) != 2) return 4;
  printf("%d + %d = %d, %x, %-5d|%05d|%+d\n", a, b, a + b, a * b, a, b, -a);
  char word[16];
  while (scanf("%15s", word) == 1) {
    n++;
    printf("word %d: %s %c\n", n, word, word[0]);
  }
  char buf[32];
  snprintf(buf, sizeof buf, "%s-%ld-%llu", "sn", -5L, 123456789012ULL);
  puts(buf);
  fputs("to stderr\n", stderr);
  putchar('!');
  putchar('\n');
  int c = getchar();
  printf("eof %d feof %d\n", c == EOF, feof(stdin) != 0);
  return n;
}
