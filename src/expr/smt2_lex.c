/*
** smt2_lex.c — the SMT-LIB2 tokenizer.
*/
#include "smt2_lex.h"

#include <string.h>

void sx_lex_init(sx_lexer *lx, const char *src, size_t len) {
  memset(lx, 0, sizeof *lx);
  lx->src = src;
  lx->len = len;
  lx->line = 1;
  lx->col = 1;
}

static void advance(sx_lexer *lx) {
  if (lx->src[lx->pos] == '\n') {
    lx->line++;
    lx->col = 1;
  } else {
    lx->col++;
  }
  lx->pos++;
}

static bool symbol_char(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         (c && strchr("~!@$%^&*_-+=<>.?/", c));
}

static sx_tok lex(sx_lexer *lx) {
  for (;;) { /* whitespace and comments */
    while (lx->pos < lx->len && strchr(" \t\r\n\f\v", lx->src[lx->pos]) && lx->src[lx->pos]) advance(lx);
    if (lx->pos < lx->len && lx->src[lx->pos] == ';') {
      while (lx->pos < lx->len && lx->src[lx->pos] != '\n') advance(lx);
      continue;
    }
    break;
  }
  sx_tok t = {SX_TOK_EOF, lx->src + lx->pos, 0, lx->pos, lx->pos, lx->line, lx->col};
  if (lx->pos >= lx->len) return t;
  unsigned char c = (unsigned char)lx->src[lx->pos];
  if (c == '(' || c == ')') {
    t.kind = c == '(' ? SX_TOK_LPAREN : SX_TOK_RPAREN;
    t.len = 1;
    advance(lx);
  } else if (c == '|') {
    advance(lx);
    t.text = lx->src + lx->pos;
    while (lx->pos < lx->len && lx->src[lx->pos] != '|' && lx->src[lx->pos] != '\\') advance(lx);
    if (lx->pos >= lx->len || lx->src[lx->pos] != '|') {
      t.kind = SX_TOK_ERROR;
      t.text = "unterminated quoted symbol";
      return t;
    }
    t.kind = SX_TOK_SYMBOL;
    t.len = (size_t)(lx->src + lx->pos - t.text);
    advance(lx);
  } else if (c == '"') {
    advance(lx);
    t.text = lx->src + lx->pos;
    for (;;) {
      if (lx->pos >= lx->len) {
        t.kind = SX_TOK_ERROR;
        t.text = "unterminated string literal";
        return t;
      }
      if (lx->src[lx->pos] == '"') {
        if (lx->pos + 1 < lx->len && lx->src[lx->pos + 1] == '"') {
          advance(lx);
          advance(lx);
          continue;
        }
        break;
      }
      advance(lx);
    }
    t.kind = SX_TOK_STRING;
    t.len = (size_t)(lx->src + lx->pos - t.text);
    advance(lx);
  } else if (c == '#') {
    advance(lx);
    char base = lx->pos < lx->len ? lx->src[lx->pos] : 0;
    if (base != 'x' && base != 'b') {
      t.kind = SX_TOK_ERROR;
      t.text = "expected #x or #b literal";
      return t;
    }
    advance(lx);
    t.text = lx->src + lx->pos;
    while (lx->pos < lx->len) {
      char d = lx->src[lx->pos];
      bool ok = base == 'b' ? (d == '0' || d == '1')
                            : ((d >= '0' && d <= '9') || (d >= 'a' && d <= 'f') || (d >= 'A' && d <= 'F'));
      if (!ok) break;
      advance(lx);
    }
    t.len = (size_t)(lx->src + lx->pos - t.text);
    if (t.len == 0 || (lx->pos < lx->len && symbol_char((unsigned char)lx->src[lx->pos]))) {
      t.kind = SX_TOK_ERROR;
      t.text = base == 'b' ? "malformed binary literal" : "malformed hexadecimal literal";
      return t;
    }
    t.kind = base == 'b' ? SX_TOK_BIN : SX_TOK_HEX;
  } else if (c == ':' || symbol_char(c)) {
    bool digits = c >= '0' && c <= '9';
    t.kind = c == ':' ? SX_TOK_KEYWORD : SX_TOK_SYMBOL;
    advance(lx);
    while (lx->pos < lx->len && symbol_char((unsigned char)lx->src[lx->pos])) {
      char d = lx->src[lx->pos];
      if (!(d >= '0' && d <= '9')) digits = false;
      advance(lx);
    }
    t.len = (size_t)(lx->src + lx->pos - t.text);
    if (digits) {
      t.kind = SX_TOK_NUMERAL;
    } else if (c >= '0' && c <= '9') {
      t.kind = SX_TOK_ERROR;
      t.text = "a symbol cannot start with a digit";
      return t;
    }
  } else {
    t.kind = SX_TOK_ERROR;
    t.text = "unexpected character";
    return t;
  }
  t.end = lx->pos;
  return t;
}

sx_tok sx_lex_next(sx_lexer *lx) {
  if (lx->has_peek) {
    lx->has_peek = false;
    return lx->peeked;
  }
  return lex(lx);
}

sx_tok sx_lex_peek(sx_lexer *lx) {
  if (!lx->has_peek) {
    lx->peeked = lex(lx);
    lx->has_peek = true;
  }
  return lx->peeked;
}

bool sx_tok_is(const sx_tok *t, const char *s) {
  size_t n = strlen(s);
  return t->len == n && memcmp(t->text, s, n) == 0;
}
