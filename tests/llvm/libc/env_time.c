/* errno, locale basics, getenv/setenv, time and its conversions, isatty and atexit of the
** full libc; output buffered until exit, where the atexit handlers run. */
#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void bye(void) { printf("atexit: second registered, first run\n"); }
static void bye2(void) { printf("atexit: first registered, last run\n"); }

int main(void) {
  atexit(bye2);
  atexit(bye);
  errno = 0;
  long v = strtol("99999999999999999999999", NULL, 10);
  printf("strtol overflow %ld errno ERANGE %d\n", v, errno == ERANGE);
  printf("strerror(ENOENT) %s\n", strerror(ENOENT));
  const char *loc = setlocale(LC_ALL, "C");
  printf("setlocale %s decimal point %s\n", loc ? loc : "(null)", localeconv()->decimal_point);
  printf("getenv unset %s\n", getenv("SYMX_TEST_UNSET") ? "set" : "null");
  setenv("SYMX_TEST_VAR", "hello", 1);
  printf("getenv after setenv %s\n", getenv("SYMX_TEST_VAR"));
  unsetenv("SYMX_TEST_VAR");
  printf("after unsetenv %s\n", getenv("SYMX_TEST_VAR") ? "set" : "null");
  time_t now = time(NULL);
  printf("time plausible %d\n", now > 1600000000);
  time_t t = 86400 * 365 + 3600 * 5 + 61;
  struct tm tm;
  gmtime_r(&t, &tm);
  char buf[64];
  strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %a %j", &tm);
  printf("gmtime %s wday %d yday %d\n", buf, tm.tm_wday, tm.tm_yday);
  printf("mktime-free timegm-like check %d\n", tm.tm_year == 71);
  int tty0 = isatty(0);
  errno = 0;
  int tty99 = isatty(99);
  printf("isatty(0) %d isatty(99) %d errno EBADF %d\n", tty0, tty99, errno == EBADF);
  return 7;
}
