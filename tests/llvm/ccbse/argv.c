/*
** The program's main behind the environment runtime, which makes its
** arguments (ccbse-argv: --sym-args 0 1 4)
** the target is in a callee given a pointer into argv[1], as paste's -d
** argument reaches collapse_escapes.
** CCBSE's last origin must be the runtime's main, which makes argv as the
** command line says, not the program's main started in the middle (one
** lazy byte behind each argv[i]: the target would be unreachable).
*/
static int ends_in_backslash(const char *s) {
  int r = 0;
  while (*s) {
    if (*s == '\\') {
      if (s[1] == 0) {
        r = 1; // target
        break;
      }
      s++;
    }
    s++;
  }
  return r;
}

int main(int argc, char **argv) {
  if (argc > 1 && argv[1][0] == '-' && argv[1][1] == 'd') return ends_in_backslash(argv[1] + 2);
  return ends_in_backslash("\t");
}
