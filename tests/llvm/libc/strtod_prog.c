/* strtod and printf's %f/%g/%e through the full libc (musl's printf
** formats through long double). */
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const char *in[] = {"3.25", "-0.5e3", "1e-3", "inf", "12abc"};
  for (int i = 0; i < 5; i++) {
    char *end;
    double d = strtod(in[i], &end);
    printf("%s -> %.3f %g %e rest '%s'\n", in[i], d, d, d, end);
  }
  printf("atof %.2f\n", atof("2.5"));
  return 0;
}
