/* count.h — what wcx counts in a buffer. */
#ifndef COUNT_H
#define COUNT_H
#include <stddef.h>

typedef struct counts {
  unsigned lines, words, bytes, digits;
} counts;

/* Adds the counts of buf[0..n) to c; *inword carries a word across calls. */
void count_add(counts *c, const char *buf, size_t n, int *inword);

#endif
