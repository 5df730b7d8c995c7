/*
** strbuf.c — the growable text buffer of the printer and the reader.
*/
#include "strbuf.h"
#include "alloc.h"
#include "error.h"

#include <stdio.h>
#include <string.h>

void sx_sb_init(sx_sb *b, symx_ctx *ctx) { *b = (sx_sb){ctx, NULL, 0, 0, false}; }

static bool reserve(sx_sb *b, size_t extra) {
  if (b->oom) return false;
  if (b->len + extra + 1 <= b->cap) return true;
  size_t ncap = b->cap ? b->cap : 256;
  while (ncap < b->len + extra + 1) ncap *= 2;
  char *p = sx_realloc(b->ctx, b->s, b->cap, ncap);
  if (!p) {
    b->oom = true;
    return false;
  }
  b->s = p;
  b->cap = ncap;
  return true;
}

void sx_sb_putn(sx_sb *b, const char *s, size_t n) {
  if (!reserve(b, n)) return;
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

void sx_sb_puts(sx_sb *b, const char *s) { sx_sb_putn(b, s, strlen(s)); }

void sx_sb_putc(sx_sb *b, char c) { sx_sb_putn(b, &c, 1); }

void sx_sb_printf(sx_sb *b, const char *fmt, ...) {
  char small[128];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof small) {
    sx_sb_putn(b, small, (size_t)n);
    return;
  }
  if (!reserve(b, (size_t)n)) return;
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

void sx_sb_bits(sx_sb *b, uint64_t v, unsigned w) {
  char buf[72];
  size_t n = 0;
  buf[n++] = '#';
  if (w % 4 == 0) {
    buf[n++] = 'x';
    for (int i = (int)w / 4 - 1; i >= 0; i--) buf[n++] = "0123456789abcdef"[(v >> (4 * i)) & 15];
  } else {
    buf[n++] = 'b';
    for (int i = (int)w - 1; i >= 0; i--) buf[n++] = (char)('0' + ((v >> i) & 1));
  }
  sx_sb_putn(b, buf, n);
}

char *sx_sb_finish(sx_sb *b, const char *func) {
  if (!b->oom && !b->s && reserve(b, 0)) b->s[0] = 0;
  if (b->oom) {
    sx_sb_free(b);
    sx_error(b->ctx, SYMX_NOMEM, func, "out of memory");
    return NULL;
  }
  char *r = sx_realloc(b->ctx, b->s, b->cap, b->len + 1); /* sx_strfree frees strlen + 1 */
  if (!r) {
    sx_sb_free(b);
    sx_error(b->ctx, SYMX_NOMEM, func, "out of memory");
    return NULL;
  }
  b->s = NULL;
  b->cap = b->len = 0;
  return r;
}

void sx_sb_free(sx_sb *b) {
  if (b->s) sx_free(b->ctx, b->s, b->cap);
  b->s = NULL;
  b->cap = b->len = 0;
}
