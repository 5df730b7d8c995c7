/* long double through the full libc: printf's %Lf/%Le/%Lg (musl converts
** every float through long double), strtold, frexpl, ldexpl, modfl,
** fabsl, copysignl, sqrtl, floorl, fmodl; doubles and floats printed too. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  const char *in[] = {"3.25", "-0.1", "1e-4000", "1.18973149535723176502e+4932", "nan", "-inf",
                      "0x1.8p-16440", "123456789.123456789123"};
  for (int i = 0; i < 8; i++) {
    char *end;
    long double v = strtold(in[i], &end);
    int e = 0;
    long double ip, fr = frexpl(v, &e), f2 = modfl(v, &ip);
    printf("%s -> %.25Lf|%Le|%.18Lg|%Lg\n", in[i], v, v, v, ldexpl(fr, e));
    printf("  fr %.20Lg e %d ip %Lg f2 %.20Lg abs %Lg cs %Lg\n", fr, e, ip, f2, fabsl(v),
           copysignl(1.5L, v));
    printf("  sqrt %.20Lg floor %Lg fmod %.20Lg\n", sqrtl(fabsl(v)), floorl(v), fmodl(v, 0.75L));
  }
  double d = 2.0 / 3;
  float f = (float)d;
  printf("%g %.17f %e %a %.9g\n", d, d, d, d, f);
  printf("%Lf %.30Lg\n", (long double)d * 3, 1.0L / 3);
  return 0;
}
