/*
** v2.c — the new version of the Oasis benchmark's program: a 24-byte
** configuration record "CFG1" CMD(4) '=' ARG(7) ';' OPT(7), validated byte
** by byte (as in Oasis's Listing 1: most inputs die in the validator),
** then handled. v2.c is the new version; v2.patch the diff between them.
*/
#include "klee/klee.h"
#include <assert.h>

static int alnum(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

static int validate(const unsigned char *in) {
  if (in[0] != 'C' || in[1] != 'F' || in[2] != 'G' || in[3] != '1') return 0;
  for (int i = 4; i < 8; i++)
    if (in[i] < 'a' || in[i] > 'z') return 0;
  if (in[8] != '=' || in[16] != ';') return 0;
  for (int i = 9; i < 16; i++)
    if (!alnum(in[i])) return 0;
  for (int i = 17; i < 24; i++)
    if (!alnum(in[i])) return 0;
  return 1;
}

static int handle(const unsigned char *cmd, const unsigned char *arg, const unsigned char *opt) {
  int score = 0;
  if (cmd[0] == 'g' && cmd[1] == 'e' && cmd[2] == 't') {
    score += 1;
    assert(arg[0] != 'z'); /* bug 1 */
  }
  if (arg[0] >= '0' && arg[0] <= '9' && arg[1] >= '0' && arg[1] <= '9') {
    int n = (arg[0] - '0') * 10 + (arg[1] - '0');
    score += n;
    assert(n != 42); /* bug 2 */
  }
  if (opt[0] == 'v') {
    score += 4;
    assert(!(opt[1] == 'q' && opt[2] == 'q')); /* bug 3 */
  }
  if (opt[3] >= '0' && opt[3] <= '9') score += 1000 / (opt[3] - '0'); /* bug 4 */
  int xs = 0;
  for (int i = 0; i < 7; i++)
    if (arg[i] == 'x') xs++;
  assert(xs != 3); /* bug 5 */
  return score;
}

int main(void) {
  unsigned char in[24];
  klee_make_symbolic(in, sizeof in, "input");
  if (!validate(in)) return 1;
  return handle(in + 4, in + 9, in + 17) > 100 ? 3 : 0;
}
