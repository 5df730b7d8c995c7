/* getopt and getopt_long of the full libc on argument vectors of the
** program's own (symx-llvm passes no arguments yet). */
#include <getopt.h>
#include <stdio.h>
#include <unistd.h>

static void short_opts(void) {
  char *argv[] = {"prog", "-a", "-b", "val", "-cfoo", "--", "rest", NULL};
  int argc = 7, c;
  optind = 1;
  while ((c = getopt(argc, argv, "ab:c:")) != -1)
    printf("opt %c arg %s\n", c, optarg ? optarg : "-");
  for (int i = optind; i < argc; i++) printf("operand %s\n", argv[i]);
}

static void long_opts(void) {
  static struct option lo[] = {{"verbose", no_argument, 0, 'v'},
                               {"name", required_argument, 0, 'n'},
                               {"level", optional_argument, 0, 'l'},
                               {0, 0, 0, 0}};
  char *argv[] = {"prog", "--verbose", "file1", "--name=bob", "--level", "-n", "al",
                  "--lev=3", "-x", "file2", NULL};
  int argc = 10, c, idx = 0;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "vn:l::", lo, &idx)) != -1)
    printf("long %c arg %s optopt %d\n", c, optarg ? optarg : "-", c == '?' ? optopt : 0);
  for (int i = optind; i < argc; i++) printf("operand %s\n", argv[i]);
}

/* An option string starting with '-' (GNU's return in order, m4's): every
** operand comes back as 1 in its place, a lone "-" (stdin) too. */
static void in_order(void) {
  char *argv[] = {"prog", "-", "-DM=6", "file", "-G", NULL};
  int argc = 5, c;
  optind = 0; /* glibc reads the string's ordering again only from 0 */
  while ((c = getopt(argc, argv, "-D:G")) != -1)
    printf("in order %d arg %s\n", c, c == 1 || c == 'D' ? optarg : "-");
  for (int i = optind; i < argc; i++) printf("operand %s\n", argv[i]);
}

int main(void) {
  short_opts();
  long_opts();
  in_order();
  return 0;
}
