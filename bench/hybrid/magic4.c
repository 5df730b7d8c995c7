/*
** magic4.c — a 4-byte magic value guards the rest: AFL's mutations hit it
** with probability 2^-32 per try (no cmplog, no dictionary), a solver at
** once. Before it, single-byte branches the mutations do find; behind it,
** more of them and a crash. Input: stdin, up to 32 bytes.
*/
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static int easy(const uint8_t *in) {
  int score = 0;
  switch (in[4]) {
  case 'a': score += 1; break;
  case 'b': score += 2; break;
  case 'c': score += 3; break;
  default: break;
  }
  if (in[5] > 0xf0) score += 4;
  if (in[6] == in[7]) score += 5;
  return score;
}

static int behind(const uint8_t *in) {
  int score = 0;
  switch (in[8]) {
  case 'x': score += 1; break;
  case 'y': score += 2; break;
  case 'z': score += 3; break;
  default: break;
  }
  if (in[9] == '!') {
    score += 4;
    if (in[10] == '!') abort(); /* the crash behind the magic value */
  }
  return score;
}

int main(void) {
  uint8_t in[32] = {0};
  ssize_t n = read(0, in, sizeof in);
  if (n < 12) return 1;
  int score = easy(in);
  uint32_t magic = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16 |
                   (uint32_t)in[3] << 24;
  if (magic == 0x50594853u) score += behind(in);
  return score & 1;
}
