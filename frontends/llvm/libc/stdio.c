/* stdio.c — printf and friends of symx-llvm's libc, over one output
** primitive the interpreter provides: __symx_write(fd, buf, n). Digits are
** computed by ordinary code; what printf writes leaves the program, so a
** symbolic number or string byte first takes one value under the path's
** witness (__symx_out_value: as KLEE's external printf gets its arguments;
** each output value a path of its own with --enumerate-outputs). snprintf's
** text stays in the program: its digits fork. */
#include <stdarg.h>
#include <stddef.h>

long __symx_write(int fd, const void *buf, size_t n);
unsigned long long __symx_out_value(unsigned long long v);
size_t strlen(const char *s);

/* FILE is opaque to programs; ours only tells stdout from stderr. */
typedef struct symx_file { int fd; } symx_file;
static symx_file files[3] = {{0}, {1}, {2}};
void *stdin = &files[0];
void *stdout = &files[1];
void *stderr = &files[2];

typedef struct sink {
  char *buf;    /* NULL: write to fd */
  size_t cap;   /* bytes available in buf (snprintf) */
  size_t n;     /* bytes produced */
  int fd;
  char tmp[128];
  size_t ntmp;
} sink;

static void flush_tmp(sink *k) {
  if (k->ntmp) __symx_write(k->fd, k->tmp, k->ntmp);
  k->ntmp = 0;
}

static void put(sink *k, char c) {
  if (k->buf) {
    if (k->n + 1 < k->cap) k->buf[k->n] = c;
  } else {
    if (k->ntmp == sizeof k->tmp) flush_tmp(k);
    k->tmp[k->ntmp++] = c;
  }
  k->n++;
}

/* v as the sink gets it: made concrete when it leaves the program. */
static unsigned long long out(const sink *k, unsigned long long v) {
  return k->buf ? v : __symx_out_value(v);
}

/* %n: the bytes produced so far, stored at the width its length asks. */
static void put_count(const sink *k, int lng, int half, void *p) {
  if (lng) *(long long *)p = (long long)k->n; /* l, ll, z, j, t: 64 bits here */
  else if (half > 1) *(signed char *)p = (signed char)k->n;
  else if (half) *(short *)p = (short)k->n;
  else *(int *)p = (int)k->n;
}

/* n copies of c (none when n <= 0). */
static void pad(sink *k, char c, int n) {
  for (; n > 0; n--) put(k, c);
}

/* A conversion's flags, width and precision (-1: none). */
typedef struct spec {
  int left, zero, plus, space, alt, width, prec;
} spec;

/* An integer conversion: sign ('-', or '+'/' ' by the flags, signed
** conversions only), the alternate form's prefix (# with x: 0x, unless v
** is 0; with o: a leading 0), digits to the precision (none for 0 at
** precision 0), padded to the width (zeros when 0 and no precision). */
static void put_num(sink *k, unsigned long long v, int base, int upper, int sign, const spec *sp) {
  char d[32];
  int n = 0;
  const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  const char *pre = sp->alt && base == 16 && v ? (upper ? "0X" : "0x") : "";
  if (v || sp->prec != 0) do {
      d[n++] = digits[v % (unsigned)base];
      v /= (unsigned)base;
    } while (v);
  int zeros = sp->prec > n ? sp->prec - n : 0; /* the precision's, put as they come */
  if (sp->alt && base == 8 && !zeros && (n == 0 || d[n - 1] != '0')) d[n++] = '0';
  int fill = sp->width - (n + zeros + (sign != 0) + (int)strlen(pre));
  int zero = sp->zero && !sp->left && sp->prec < 0;
  if (!sp->left && !zero) pad(k, ' ', fill);
  if (sign) put(k, (char)sign);
  for (; *pre; pre++) put(k, *pre);
  if (zero) pad(k, '0', fill);
  pad(k, '0', zeros);
  while (n) put(k, d[--n]);
  if (sp->left) pad(k, ' ', fill);
}

/* Flags, width and precision after '%'; *fp moves past them. */
static spec read_spec(const char **fp, va_list *ap) {
  spec sp = {0, 0, 0, 0, 0, 0, -1};
  const char *f = *fp;
  for (;; f++) {
    if (*f == '-') sp.left = 1;
    else if (*f == '0') sp.zero = 1;
    else if (*f == '+') sp.plus = 1;
    else if (*f == ' ') sp.space = 1;
    else if (*f == '#') sp.alt = 1;
    else break;
  }
  if (*f == '*') {
    sp.width = va_arg(*ap, int);
    if (sp.width < 0) sp.left = 1, sp.width = -sp.width;
    f++;
  } else {
    while (*f >= '0' && *f <= '9') sp.width = sp.width * 10 + (*f++ - '0');
  }
  if (*f == '.') {
    f++;
    sp.prec = 0;
    if (*f == '*') {
      sp.prec = va_arg(*ap, int);
      if (sp.prec < 0) sp.prec = -1;
      f++;
    } else {
      while (*f >= '0' && *f <= '9') sp.prec = sp.prec * 10 + (*f++ - '0');
    }
  }
  *fp = f;
  return sp;
}

/* s's n bytes, padded with blanks to the width, on the left unless '-'. */
static void put_padded(sink *k, const char *s, int n, const spec *sp) {
  if (!sp->left) pad(k, ' ', sp->width - n);
  for (int i = 0; i < n; i++) put(k, s[i]);
  if (sp->left) pad(k, ' ', sp->width - n);
}

static int format(sink *k, const char *f, va_list ap) {
  va_list args;
  va_copy(args, ap);
  for (; *f; f++) {
    if (*f != '%') {
      put(k, *f);
      continue;
    }
    f++;
    spec sp = read_spec(&f, &args);
    int half = 0, lng = 0;
    while (*f == 'l' || *f == 'h' || *f == 'z' || *f == 'j' || *f == 't') {
      if (*f == 'h') half++;
      else lng++;
      f++;
    }
    switch (*f) {
    case 'd':
    case 'i': {
      long long v = lng ? va_arg(args, long long) : va_arg(args, int);
      v = (long long)out(k, (unsigned long long)v);
      unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
      put_num(k, u, 10, 0, v < 0 ? '-' : sp.plus ? '+' : sp.space ? ' ' : 0, &sp);
      break;
    }
    case 'u':
    case 'x':
    case 'X':
    case 'o': {
      unsigned long long v = out(k, lng ? va_arg(args, unsigned long long) : va_arg(args, unsigned));
      int base = *f == 'u' ? 10 : *f == 'o' ? 8 : 16;
      put_num(k, v, base, *f == 'X', 0, &sp);
      break;
    }
    case 'p': {
      unsigned long long v = out(k, (unsigned long long)va_arg(args, void *));
      spec plain = {0, 0, 0, 0, 0, 0, -1};
      put(k, '0');
      put(k, 'x');
      put_num(k, v, 16, 0, 0, &plain);
      break;
    }
    case 'c': {
      char c = (char)va_arg(args, int);
      put_padded(k, &c, 1, &sp);
      break;
    }
    case 's': {
      const char *s = va_arg(args, const char *);
      if (!s) s = "(null)";
      int n = 0;
      while ((sp.prec < 0 || n < sp.prec) && out(k, (unsigned char)s[n])) n++;
      put_padded(k, s, n, &sp);
      break;
    }
    case 'n':
      put_count(k, lng, half, va_arg(args, void *));
      break;
    case '%':
      put(k, '%');
      break;
    default:
      put(k, '%');
      if (*f) put(k, *f);
      else f--;
    }
  }
  va_end(args);
  if (!k->buf) flush_tmp(k);
  return (int)k->n;
}

int vfprintf(void *fp, const char *f, va_list ap) {
  sink k = {0};
  k.fd = ((symx_file *)fp)->fd;
  return format(&k, f, ap);
}

int vprintf(const char *f, va_list ap) { return vfprintf(stdout, f, ap); }

int printf(const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vfprintf(stdout, f, ap);
  va_end(ap);
  return n;
}

int fprintf(void *fp, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vfprintf(fp, f, ap);
  va_end(ap);
  return n;
}

int vsnprintf(char *buf, size_t cap, const char *f, va_list ap) {
  sink k = {0};
  k.buf = buf;
  k.cap = cap;
  int n = format(&k, f, ap);
  if (cap) buf[k.n < cap ? k.n : cap - 1] = 0;
  return n;
}

int snprintf(char *buf, size_t cap, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vsnprintf(buf, cap, f, ap);
  va_end(ap);
  return n;
}

int sprintf(char *buf, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int n = vsnprintf(buf, (size_t)1 << 30, f, ap);
  va_end(ap);
  return n;
}

int putchar(int c) {
  char ch = (char)c;
  __symx_write(1, &ch, 1);
  return (unsigned char)c;
}

int fputc(int c, void *fp) {
  char ch = (char)c;
  __symx_write(((symx_file *)fp)->fd, &ch, 1);
  return (unsigned char)c;
}

int putc(int c, void *fp) { return fputc(c, fp); }

int puts(const char *s) {
  __symx_write(1, s, strlen(s));
  __symx_write(1, "\n", 1);
  return 1;
}

int fputs(const char *s, void *fp) {
  __symx_write(((symx_file *)fp)->fd, s, strlen(s));
  return 1;
}

size_t fwrite(const void *p, size_t size, size_t n, void *fp) {
  __symx_write(((symx_file *)fp)->fd, p, size * n);
  return n;
}

int fflush(void *fp) {
  (void)fp;
  return 0;
}
