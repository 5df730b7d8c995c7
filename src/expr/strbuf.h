/*
** strbuf.h — a growable text buffer on the context's allocator, for the
** printer and the reader. Appends after an allocation failure are no-ops;
** sx_sb_finish reports it.
*/
#ifndef SX_STRBUF_H
#define SX_STRBUF_H

#include "internal.h"

typedef struct sx_sb {
  symx_ctx *ctx;
  char *s;
  size_t len, cap;
  bool oom;
} sx_sb;

SX_INTERNAL void sx_sb_init(sx_sb *b, symx_ctx *ctx);
SX_INTERNAL void sx_sb_putn(sx_sb *b, const char *s, size_t n);
SX_INTERNAL void sx_sb_puts(sx_sb *b, const char *s);
SX_INTERNAL void sx_sb_putc(sx_sb *b, char c);
SX_INTERNAL void sx_sb_printf(sx_sb *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends a width-w constant as #b... (w % 4 != 0) or #x.... */
SX_INTERNAL void sx_sb_bits(sx_sb *b, uint64_t v, unsigned w);
/* Returns the text as a string freeable with sx_strfree (exact size), or
** NULL after an allocation failure (error recorded naming func). */
SX_INTERNAL char *sx_sb_finish(sx_sb *b, const char *func);
SX_INTERNAL void sx_sb_free(sx_sb *b);

#endif
