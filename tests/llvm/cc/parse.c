#include "calc.h"

int classify(unsigned char c) {
  if (c >= '0' && c <= '9') return 0;
  if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') return 1;
  if (c == ' ' || c == '\t' || c == '\n') return 2;
  return 3;
}

int digit_value(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}
