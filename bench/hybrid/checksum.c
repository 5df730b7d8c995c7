/*
** checksum.c — a packet whose header carries a 32-bit checksum of its
** payload, as the formats of the checksum-aware fuzzing papers do: "CK",
** a version byte, the payload's length, the checksum (little-endian,
** rotate-and-add over length and payload), the payload. A mutated payload
** fails the check unless the checksum is fixed with it (probability 2^-32
** for AFL); the commands in a valid payload, and a crash among them, are
** behind it. Input: stdin, up to 32 bytes.
*/
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#define HEADER 8

static uint32_t checksum(const uint8_t *p, unsigned len) {
  uint32_t h = len;
  for (unsigned i = 0; i < len; i++) h = (h << 5 | h >> 27) + p[i];
  return h;
}

static int run(const uint8_t *p, unsigned len) {
  int acc = 0;
  for (unsigned i = 0; i < len; i++) {
    switch (p[i]) {
    case 'i': acc++; break;
    case 'd': acc--; break;
    case 's': acc *= acc; break;
    case 'z': if (acc == 0 && i + 1 < len && p[i + 1] == '!') abort(); break; /* the crash */
    default: break;
    }
  }
  return acc;
}

int main(void) {
  uint8_t in[32] = {0};
  ssize_t n = read(0, in, sizeof in);
  if (n < HEADER || in[0] != 'C' || in[1] != 'K') return 1;
  if (in[2] != 1) return 1; /* the version */
  unsigned len = in[3];
  if (len > (unsigned)n - HEADER) return 1;
  uint32_t want = (uint32_t)in[4] | (uint32_t)in[5] << 8 | (uint32_t)in[6] << 16 |
                  (uint32_t)in[7] << 24;
  if (checksum(in + HEADER, len) != want) return 2;
  return run(in + HEADER, len) & 1;
}
