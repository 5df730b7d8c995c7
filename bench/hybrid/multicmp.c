/*
** multicmp.c — comparisons of several bytes at once, one behind the other:
** a 6-byte keyword (memcmp, a library call whose progress AFL does not
** see), a 16-bit and then a 64-bit value; a crash behind the last. Between
** them, single-byte branches. Input: stdin, up to 32 bytes.
*/
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int bytes(const uint8_t *in, int k) {
  int score = 0;
  for (int i = 0; i < 2; i++) {
    if (in[k + i] == '+') score += 1;
    else if (in[k + i] == '-') score -= 1;
  }
  return score;
}

int main(void) {
  uint8_t in[32] = {0};
  ssize_t n = read(0, in, sizeof in);
  if (n < 24) return 1;
  int score = bytes(in, 20);
  if (memcmp(in, "HYBRID", 6) != 0) return score & 1;
  score += bytes(in, 22);
  uint16_t v16 = (uint16_t)(in[6] | in[7] << 8);
  if (v16 != 0xbeefu) return score & 1;
  score += bytes(in, 18);
  uint64_t v64;
  memcpy(&v64, in + 8, sizeof v64);
  if (v64 == 0x1122334455667788ull) abort(); /* the crash behind all three */
  return score & 1;
}
