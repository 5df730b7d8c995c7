/*
** toyvm_gen.c — random terminating toyvm programs over 2 symbolic bytes:
** the engine's oracle test explores them against all 65,536 concrete
** inputs, and symx-bench chain uses the same programs as its workload.
*/
#include "toyvm.h"

#include <stdio.h>

static uint64_t rnd(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

static const char *const conds[] = {"eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"};
static const char *const alus[] = {"add", "sub", "mul", "and", "or", "xor", "shl", "shr", "sar", "udiv", "urem"};

void toyvm_random_program(uint64_t seed, char *buf, size_t cap) {
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
  int n = 14 + (int)(rnd(&s) % 9), len = 0;
  len += snprintf(buf + len, cap - (size_t)len, "sym 0, 2, in\nldb r1, r0, 0\nldb r2, r0, 1\nadd r3, r1, r2\nxor r4, r1, r2\n");
  for (int i = 0; i < n; i++) {
    int ra = 1 + (int)(rnd(&s) % 4), rb = 1 + (int)(rnd(&s) % 4), rd = 1 + (int)(rnd(&s) % 4);
    unsigned imm = (unsigned)(rnd(&s) % 3 == 0 ? rnd(&s) % 256 : rnd(&s) % 8);
    char x[16];
    if (rnd(&s) % 2) snprintf(x, sizeof x, "r%d", rb);
    else snprintf(x, sizeof x, "%u", imm);
    len += snprintf(buf + len, cap - (size_t)len, "L%d: ", i);
    switch (rnd(&s) % 11) {
    case 0: case 1: case 2: case 10: {
      int t = i + 1 + (int)(rnd(&s) % (unsigned)(n - i));
      len += snprintf(buf + len, cap - (size_t)len, "br %s r%d, %s, L%d\n", conds[rnd(&s) % 10], ra, x, t);
      break;
    }
    case 3: case 4:
      len += snprintf(buf + len, cap - (size_t)len, "%s r%d, r%d, %s\n", alus[rnd(&s) % 11], rd, ra, x);
      break;
    case 5:
      len += snprintf(buf + len, cap - (size_t)len, "set %s r%d, r%d, %s\n", conds[rnd(&s) % 10], rd, ra, x);
      break;
    case 6: {
      int r = 5 + (int)(rnd(&s) % 3);
      len += snprintf(buf + len, cap - (size_t)len, "set %s r%d, r%d, %s\nassert r%d\n",
                      conds[rnd(&s) % 10], r, ra, x, r);
      break;
    }
    case 7:
      len += snprintf(buf + len, cap - (size_t)len, "stb r0, %u, r%d\nldb r%d, r0, %u\n",
                      2 + imm % 4, ra, rd, 2 + (unsigned)(rnd(&s) % 4));
      break;
    case 8:
      len += snprintf(buf + len, cap - (size_t)len, "ldsb r%d, r0, %u\n", rd, (unsigned)(rnd(&s) % 2));
      break;
    default:
      len += snprintf(buf + len, cap - (size_t)len,
                      "and r7, r%d, 3\nmov r6, 0\nW%d: add r6, r6, 1\nadd r%d, r%d, r6\n"
                      "br ult r6, r7, W%d\n", ra, i, rd, rd, i);
    }
  }
  snprintf(buf + len, cap - (size_t)len, "L%d: halt\n", n);
}

