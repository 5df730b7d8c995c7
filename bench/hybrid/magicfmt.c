/*
** magicfmt.c — a file format whose 4-byte signature guards its whole
** parser, as a PNG, ELF or ZIP reader's does: before the signature only a
** length check and a version byte; behind it a sequence of records (a tag
** byte, a length byte, fields), each kind with its own single-byte checks
** that AFL's mutations find easily once past the signature, and a crash in
** one kind. The signature is one 32-bit comparison (no cmplog, no
** dictionary: 2^-32 per try for AFL). Input: stdin, up to 64 bytes.
*/
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static int header(const uint8_t *p) { /* width, height, depth */
  int s = 0;
  if (p[0] == 0) s |= 1;
  else if (p[0] > 200) s |= 2;
  if (p[1] == p[0]) s |= 4;
  if (p[2] == 1 || p[2] == 8 || p[2] == 16) s |= 8;
  return s;
}

static int palette(const uint8_t *p, unsigned len) {
  int s = 0;
  for (unsigned i = 0; i + 2 < len; i += 3) {
    if (p[i] == p[i + 1] && p[i + 1] == p[i + 2]) s++; /* a gray entry */
    else if (p[i] > 0xf0) s += 2;
  }
  return s;
}

static int text(const uint8_t *p, unsigned len) {
  int s = 0;
  for (unsigned i = 0; i < len; i++) {
    if (p[i] == '=') s += 1;
    else if (p[i] == '\n') s += 2;
    else if (p[i] < ' ') return -1;
  }
  return s;
}

static int data(const uint8_t *p, unsigned len) {
  if (len < 2) return 0;
  switch (p[0]) { /* the compression method */
  case 0: return p[1];
  case 1: return p[1] == 0xff ? 3 : 1;
  case 8:
    if (p[1] == 0x9c) abort(); /* the crash behind the signature */
    return 2;
  default: return -1;
  }
}

static int record(uint8_t tag, const uint8_t *p, unsigned len) {
  switch (tag) {
  case 'H': return len >= 3 ? header(p) : -1;
  case 'P': return palette(p, len);
  case 'T': return text(p, len);
  case 'D': return data(p, len);
  case 'E': return 100;
  default: return -1;
  }
}

int main(void) {
  uint8_t in[64] = {0};
  ssize_t n = read(0, in, sizeof in);
  if (n < 6) return 1;
  uint32_t sig = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16 |
                 (uint32_t)in[3] << 24;
  if (in[4] != 1) return 1; /* the version, before the signature's check */
  if (sig != 0x544d4658u) return 2;
  int score = 0;
  for (unsigned at = 5; at + 2 <= (unsigned)n;) {
    uint8_t tag = in[at], len = in[at + 1];
    if (len > (unsigned)n - at - 2) return 3; /* a record past the end */
    int r = record(tag, in + at + 2, len);
    if (r < 0) return 4;
    if (r == 100) break;
    score += r;
    at += 2u + len;
  }
  return score & 1;
}
