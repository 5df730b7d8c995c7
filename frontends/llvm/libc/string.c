/* string.c — string.h of symx-llvm's libc (compiled to bitcode). */
#include <stddef.h>

size_t strlen(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

size_t strnlen(const char *s, size_t max) {
  size_t n = 0;
  while (n < max && s[n]) n++;
  return n;
}

int strcmp(const char *a, const char *b) {
  while (*a && *a == *b) {
    a++;
    b++;
  }
  return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n) {
  for (; n; n--, a++, b++) {
    if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
    if (!*a) return 0;
  }
  return 0;
}

int memcmp(const void *pa, const void *pb, size_t n) {
  const unsigned char *a = pa, *b = pb;
  for (size_t i = 0; i < n; i++)
    if (a[i] != b[i]) return a[i] - b[i];
  return 0;
}

char *strchr(const char *s, int c) {
  for (;; s++) {
    if (*s == (char)c) return (char *)s;
    if (!*s) return NULL;
  }
}

char *strrchr(const char *s, int c) {
  const char *r = NULL;
  for (;; s++) {
    if (*s == (char)c) r = s;
    if (!*s) return (char *)r;
  }
}

char *strcpy(char *d, const char *s) {
  char *r = d;
  while ((*d++ = *s++)) {
  }
  return r;
}

char *strncpy(char *d, const char *s, size_t n) {
  size_t i = 0;
  for (; i < n && s[i]; i++) d[i] = s[i];
  for (; i < n; i++) d[i] = 0;
  return d;
}

char *strcat(char *d, const char *s) {
  strcpy(d + strlen(d), s);
  return d;
}

char *strncat(char *d, const char *s, size_t n) {
  char *e = d + strlen(d);
  size_t i = 0;
  for (; i < n && s[i]; i++) e[i] = s[i];
  e[i] = 0;
  return d;
}

char *strstr(const char *h, const char *n) {
  size_t m = strlen(n);
  for (; *h; h++)
    if (strncmp(h, n, m) == 0) return (char *)h;
  return m ? NULL : (char *)h;
}

char *strdup(const char *s);

void *memchr(const void *p, int c, size_t n) {
  const unsigned char *s = p;
  for (size_t i = 0; i < n; i++)
    if (s[i] == (unsigned char)c) return (void *)(s + i);
  return NULL;
}

/* Calls clang does not turn into intrinsics land here. */
void *memcpy(void *d, const void *s, size_t n) {
  return __builtin_memcpy(d, s, n);
}

void *memmove(void *d, const void *s, size_t n) {
  return __builtin_memmove(d, s, n);
}

void *memset(void *d, int c, size_t n) {
  return __builtin_memset(d, c, n);
}
