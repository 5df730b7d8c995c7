#include "chars.h"
#include "count.h"

void count_add(counts *c, const char *buf, size_t n, int *inword) {
  for (size_t i = 0; i < n; i++) {
    char ch = buf[i];
    c->bytes++;
    if (ch == '\n') c->lines++;
    if (chars_is_digit(ch)) c->digits++;
    if (chars_is_space(ch)) {
      *inword = 0;
    } else if (!*inword) {
      *inword = 1;
      c->words++;
    }
  }
}
