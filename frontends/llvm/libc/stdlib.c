/* stdlib.c — stdlib.h basics of symx-llvm's libc. malloc, free, exit and
** abort are the interpreter's own. */
#include <stddef.h>

void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);
size_t strlen(const char *s);

static int is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

long strtol(const char *s, char **end, int base) {
  const char *p = s;
  while (is_space(*p)) p++;
  int neg = 0;
  if (*p == '-' || *p == '+') neg = *p++ == '-';
  if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    p += 2;
    base = 16;
  } else if (base == 0) {
    base = p[0] == '0' ? 8 : 10;
  }
  unsigned long v = 0;
  const char *start = p;
  for (;; p++) {
    int d;
    if (*p >= '0' && *p <= '9') d = *p - '0';
    else if (*p >= 'a' && *p <= 'z') d = *p - 'a' + 10;
    else if (*p >= 'A' && *p <= 'Z') d = *p - 'A' + 10;
    else break;
    if (d >= base) break;
    v = v * (unsigned long)base + (unsigned long)d;
  }
  if (end) *end = (char *)(p == start ? s : p);
  return neg ? -(long)v : (long)v;
}

unsigned long strtoul(const char *s, char **end, int base) {
  return (unsigned long)strtol(s, end, base);
}

int atoi(const char *s) { return (int)strtol(s, NULL, 10); }
long atol(const char *s) { return strtol(s, NULL, 10); }
int abs(int x) { return x < 0 ? -x : x; }
long labs(long x) { return x < 0 ? -x : x; }

void *realloc(void *p, size_t n);
/* Without it the call would go to the host's, whose memory the program
** cannot address. */
void *reallocarray(void *p, size_t m, size_t n) {
  if (n && m > (size_t)-1 / n) return NULL;
  return realloc(p, m * n);
}

char *strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

static unsigned long rand_state = 1;
int rand(void) {
  rand_state = rand_state * 1103515245 + 12345;
  return (int)((rand_state / 65536) % 32768);
}
void srand(unsigned s) { rand_state = s; }

void __assert_fail(const char *expr, const char *file, unsigned line, const char *fn);
void __assert(const char *expr, const char *file, int line) {
  __assert_fail(expr, file, (unsigned)line, "?");
}

/* Aligned allocation: every object of the interpreter starts at offset 0
** of its own id, so any alignment is met by malloc's object (KLEE's
** memalign is its malloc too). A bad alignment fails as C says. */
static int power_of_two(size_t a) { return a && !(a & (a - 1)); }

void *aligned_alloc(size_t align, size_t n) { return power_of_two(align) ? malloc(n) : NULL; }

void *memalign(size_t align, size_t n) { return aligned_alloc(align, n); }

int posix_memalign(void **res, size_t align, size_t n) {
  if (align < sizeof(void *) || !power_of_two(align)) return 22; /* EINVAL */
  void *p = malloc(n);
  if (!p) return 12; /* ENOMEM */
  *res = p;
  return 0;
}
