/*
** checksum.c — a packet whose header carries a 32-bit checksum of its
** payload, as the formats of the checksum-aware fuzzing papers do: "CK",
** a version byte, the payload's length, the checksum (little-endian,
** rotate-and-add over length and payload), the payload. A mutated payload
** fails the check unless the checksum is fixed with it (probability 2^-32
** for AFL). Behind it, as behind a real protocol's checksum, the payload's
** interpreter: a small stack machine (push, arithmetic, compare, jump,
** store) whose operations each check their operands, and a crash among
** them. Input: stdin, up to 48 bytes.
*/
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#define HEADER 8
#define DEPTH 4

static uint32_t checksum(const uint8_t *p, unsigned len) {
  uint32_t h = len;
  for (unsigned i = 0; i < len; i++) h = (h << 5 | h >> 27) + p[i];
  return h;
}

typedef struct {
  int st[DEPTH];
  unsigned sp;
  int reg[4];
} vm;

static int push(vm *m, int v) {
  if (m->sp == DEPTH) return -1; /* overflow */
  m->st[m->sp++] = v;
  return 0;
}

static int binop(vm *m, uint8_t op) {
  if (m->sp < 2) return -1; /* underflow */
  int b = m->st[--m->sp], a = m->st[m->sp - 1], r;
  switch (op) {
  case '+': r = a + b; break;
  case '-': r = a - b; break;
  case '*': r = (a & 0xfff) * (b & 0xfff); break;
  case '/':
    if (b == 0) return -2; /* division by zero, caught */
    r = a / (b | 1);
    break;
  default: r = a < b ? -1 : a > b; break; /* '<': compare */
  }
  m->st[m->sp - 1] = r;
  return 0;
}

static int store(vm *m, uint8_t r) {
  if (r > 3 || m->sp == 0) return -1;
  m->reg[r] = m->st[--m->sp];
  if (r == 3 && m->reg[3] == 0x1234) abort(); /* the crash */
  return 0;
}

/* Runs the payload; its status (negative: an operation's check failed). */
static int run(const uint8_t *p, unsigned len) {
  vm m = {{0}, 0, {0}};
  for (unsigned i = 0; i < len; i++) {
    uint8_t op = p[i], arg = i + 1 < len ? p[i + 1] : 0;
    int rc = 0;
    switch (op) {
    case 'p': rc = push(&m, arg); i++; break;
    case 'P': rc = push(&m, arg << 8 | (i + 2 < len ? p[i + 2] : 0)); i += 2; break;
    case '+': case '-': case '*': case '/': case '<': rc = binop(&m, op); break;
    case 'd': rc = m.sp ? push(&m, m.st[m.sp - 1]) : -1; break;
    case 's': rc = store(&m, arg); i++; break;
    case 'l': rc = arg < 4 ? push(&m, m.reg[arg]) : -1; i++; break;
    case 'j': /* forward jump when the top is zero */
      if (!m.sp) return -1;
      if (m.st[--m.sp] == 0) i += arg & 7;
      i++;
      break;
    case 'e': return m.sp ? m.st[m.sp - 1] : 0;
    default: return -3; /* unknown operation */
    }
    if (rc) return rc;
  }
  return m.sp;
}

int main(void) {
  uint8_t in[48] = {0};
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
