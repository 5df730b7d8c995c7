/* External calls with concrete arguments only (every path picks its
** string): symx-llvm without libc bitcode must find exactly the native
** outcomes. Pointers in (strspn, strcasecmp), out (snprintf, strcpy),
** returned into an argument (strchr) and returned from libc (strerror),
** pointers stored by the function (strtol's end, strtok_r's state); long
** double returned (strtold), passed (ldexpl) and variadic (snprintf's %Lf). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "symx/target.h"

int main(void) {
  unsigned char c;
  symx_make_symbolic(&c, 1, "input");
  char buf[32];
  switch (c & 3) {
  case 0: strcpy(buf, "apple pie"); break;
  case 1: strcpy(buf, "Banana"); break;
  case 2: strcpy(buf, "cherry-7"); break;
  default: strcpy(buf, "date-x"); break;
  }
  size_t n = strspn(buf, "abcdefghijklmnopqrstuvwxyz");
  int same = strcasecmp(buf, "banana") == 0;
  char *dash = strchr(buf, '-');
  if (dash) *dash = '+';
  long num = dash ? strtol(dash + 1, NULL, 10) : -1;
  char out[16];
  snprintf(out, sizeof out, "%d", (int)n);
  int m = atoi(out);
  const char *e = strerror(2);
  /* out-parameters: a pointer into a string literal, and strtok_r's state */
  static const char text[] = "42abc";
  char *end, words[] = "x yy zzz", *save;
  long k = strtol(text, &end, 10);
  int ntok = 0;
  for (char *t = strtok_r(words, " ", &save); t; t = strtok_r(NULL, " ", &save)) ntok++;
  if (k != 42 || end != text + 2 || *end != 'a' || ntok != 3 || words[1] != 0) return 255;
  int j = buf[0] == 'a' ? 0 : buf[0] == 'B' ? 1 : buf[0] == 'c' ? 2 : 3; /* concrete */
  long double ld = strtold("0.1", NULL) * j, big = ldexpl(ld, 16000);
  char lds[64];
  snprintf(lds, sizeof lds, "%.25Lf %Lg %d", ld, big, j);
  if (ld != 0.1L * j || strlen(lds) < 30 || big < 1e4000L * j) return 254;
  return (int)n * 4 + same * 2 + (num == 7) + (m == (int)n) * 64 + (e[0] == 'N') * 128 +
         (buf[6] == '+') * 16;
}
