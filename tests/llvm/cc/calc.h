/* calc.h — the library of the symx-cc test project. */
int classify(unsigned char c);      /* parse.c: 0 digit, 1 letter, 2 space, 3 other */
int digit_value(unsigned char c);   /* parse.c: 0-9, a-f as 10-15, else -1 */
int checksum(int kind, int value);  /* calc.c */
int unused_function(int x);         /* unused.c: in the archive, linked by nobody */
int weight(int x) __attribute__((pure)); /* pure.c: called by tool.c at -O0 only */
