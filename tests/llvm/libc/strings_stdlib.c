/* string.h, ctype.h and stdlib.h of the full libc: qsort, bsearch, strtok,
** strspn/strcspn, strcasecmp, strtol/strtoll/strtoul, atoi, strdup, strstr,
** memchr, ctype classes and case mapping; input words from stdin. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int cmp_str(const void *a, const void *b) {
  return strcasecmp(*(char *const *)a, *(char *const *)b);
}

static void numbers(void) {
  int v[] = {42, -7, 19, 0, 1000, -300, 19, 5};
  size_t n = sizeof v / sizeof v[0];
  qsort(v, n, sizeof v[0], cmp_int);
  for (size_t i = 0; i < n; i++) printf("%d%c", v[i], i + 1 < n ? ' ' : '\n');
  int key = 19, miss = 6;
  int *hit = bsearch(&key, v, n, sizeof v[0], cmp_int);
  printf("bsearch 19 at %ld, 6 %s\n", hit ? (long)(hit - v) : -1L,
         bsearch(&miss, v, n, sizeof v[0], cmp_int) ? "found" : "absent");
  char *end;
  long long big = strtoll("-9223372036854775807xyz", &end, 10);
  printf("strtoll %lld rest %s\n", big, end);
  printf("strtol hex %ld oct %ld auto %ld\n", strtol("ff", NULL, 16), strtol("0777", NULL, 8),
         strtol("0x1A", NULL, 0));
  printf("strtoul %lu atoi %d abs %d\n", strtoul("4294967295", NULL, 10), atoi("  -123abc"),
         abs(-5));
}

static void words(char *text) {
  char *w[32];
  int n = 0;
  for (char *t = strtok(text, " \t\n,"); t && n < 32; t = strtok(NULL, " \t\n,")) w[n++] = t;
  qsort(w, (size_t)n, sizeof w[0], cmp_str);
  for (int i = 0; i < n; i++) {
    char up[64];
    size_t k = 0;
    for (; w[i][k] && k + 1 < sizeof up; k++) up[k] = (char)toupper((unsigned char)w[i][k]);
    up[k] = 0;
    printf("%-8s %-8s span=%zu cspan=%zu alpha=%d digit=%d\n", w[i], up,
           strspn(w[i], "abcdefghijklm"), strcspn(w[i], "0123456789"),
           isalpha((unsigned char)w[i][0]) != 0, isdigit((unsigned char)w[i][0]) != 0);
  }
}

int main(void) {
  numbers();
  char text[256];
  size_t len = fread(text, 1, sizeof text - 1, stdin);
  text[len] = 0;
  char *copy = strdup(text);
  printf("read %zu bytes, strstr %s, memchr %s\n", len, strstr(copy, "fox") ? "yes" : "no",
         memchr(copy, 'z', len) ? "yes" : "no");
  words(text);
  printf("strcasecmp %d %d strncasecmp %d\n", strcasecmp("Hello", "hELLO") == 0,
         strcasecmp("abc", "abd") < 0, strncasecmp("ABCx", "abcy", 3) == 0);
  free(copy);
  return 0;
}
