#include "count.h"

static int is_space(char ch) { return ch == ' ' || ch == '\n' || ch == '\t'; }

void count_add(counts *c, const char *buf, size_t n, int *inword) {
  for (size_t i = 0; i < n; i++) {
    char ch = buf[i];
    c->bytes++;
    if (ch == '\n') c->lines++;
    if (ch >= '0' && ch <= '9') c->digits++;
    if (is_space(ch)) {
      *inword = 0;
    } else if (!*inword) {
      *inword = 1;
      c->words++;
    }
  }
}
