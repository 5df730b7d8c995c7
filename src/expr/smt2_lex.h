/*
** smt2_lex.h — the SMT-LIB2 tokenizer of the reader (smt2_read.c): tokens
** with their line and column, comments skipped.
*/
#ifndef SX_SMT2_LEX_H
#define SX_SMT2_LEX_H

#include "internal.h"

typedef enum sx_tok_kind {
  SX_TOK_EOF = 0,
  SX_TOK_LPAREN,
  SX_TOK_RPAREN,
  SX_TOK_SYMBOL,  /* simple or |quoted| (text excludes the bars) */
  SX_TOK_KEYWORD, /* :name */
  SX_TOK_NUMERAL,
  SX_TOK_HEX,     /* #x... (text excludes #x) */
  SX_TOK_BIN,     /* #b... (text excludes #b) */
  SX_TOK_STRING,
  SX_TOK_ERROR    /* a malformed token; text is the message */
} sx_tok_kind;

typedef struct sx_tok {
  sx_tok_kind kind;
  const char *text; /* points into the source (or a static message) */
  size_t len;
  size_t start, end; /* byte offsets of the whole token in the source */
  unsigned line, col;
} sx_tok;

typedef struct sx_lexer {
  const char *src;
  size_t len, pos;
  unsigned line, col;
  sx_tok peeked;
  bool has_peek;
} sx_lexer;

SX_INTERNAL void sx_lex_init(sx_lexer *lx, const char *src, size_t len);
SX_INTERNAL sx_tok sx_lex_next(sx_lexer *lx);
SX_INTERNAL sx_tok sx_lex_peek(sx_lexer *lx);
/* Token text equals s. */
SX_INTERNAL bool sx_tok_is(const sx_tok *t, const char *s);

#endif
