/*
** asm.c — inline assembly: the idioms C programs use on one thread are
** understood (an empty string as a compiler barrier or to hide a value from
** the optimizer; pause, nop and the x86 fences; bswap and the 16-bit rotate
** by 8 that byte-swaps); any other text becomes an unsupported instruction
** at its site, whose message names the text, so only a path that runs it
** ends.
*/
#include "translate.h"

#include <ctype.h>
#include <string.h>

/* The next quoted string of an LLVM printout after *p, unescaped (\XX is a
** hex byte) into out; 0 when there is none. */
static int quoted(const char **p, char *out, size_t len) {
  const char *s = strchr(*p, '"');
  size_t n = 0;
  if (!s) return 0;
  for (s++; *s && *s != '"'; s++) {
    char ch = *s;
    if (ch == '\\' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
      char hex[3] = {s[1], s[2], 0};
      ch = (char)strtol(hex, NULL, 16);
      s += 2;
    }
    if (n + 1 < len) out[n++] = ch;
  }
  out[n] = 0;
  *p = *s ? s + 1 : s;
  return 1;
}

/* The assembly text and constraints of an InlineAsm value (LLVM-C 14 has
** no accessor: they are read from its printout). */
static int asm_text(LLVMValueRef callee, char *text, size_t tl, char *cons, size_t cl) {
  char *str = LLVMPrintValueToString(callee);
  const char *p = str ? strstr(str, " asm ") : NULL;
  int ok = p && quoted(&p, text, tl) && quoted(&p, cons, cl);
  LLVMDisposeMessage(str);
  return ok;
}

/* text without blanks, and with "$$" as "$" (the printout's escape). */
static void squeeze(const char *text, char *out, size_t len) {
  size_t n = 0;
  for (const char *s = text; *s && n + 1 < len; s++) {
    if (isspace((unsigned char)*s) || *s == ';') continue;
    if (s[0] == '$' && s[1] == '$') s++;
    out[n++] = *s;
  }
  out[n] = 0;
}

static int is_one_of(const char *s, const char *const *list) {
  for (; *list; list++)
    if (strcmp(s, *list) == 0) return 1;
  return 0;
}

/* The result as the first argument (tied operand "=r,0"), optionally
** byte-swapped. */
static void emit_result(tr *t, int swap) {
  uint32_t a = sxl_tr_operand(t, LLVMGetOperand(t->in, 0));
  sxl_ins *o = sxl_tr_emit(t, swap ? OP_BSWAP : OP_MOV, t->w);
  o->dst = t->dst;
  o->a = a;
  o->w2 = (uint8_t)t->w;
}

/* A call of inline assembly: 1 when translated (as an idiom or as an
** unsupported instruction with its message). */
int sxl_tr_asm(tr *t, LLVMValueRef callee) {
  static const char *const nops[] = {"", "pause", "nop", "repnop", "mfence", "lfence",
                                     "sfence", NULL};
  static const char *const swaps[] = {"bswap$0", "bswapl$0", "bswapq$0", "bswap${0:k}",
                                      "bswap${0:q}", "rorw$8,${0:w}", "rolw$8,${0:w}", NULL};
  char text[256], cons[256], sq[256], what[400];
  if (!asm_text(callee, text, sizeof text, cons, sizeof cons)) {
    sxl_tr_unsupported(t, "unsupported %s", "inline assembly (unreadable)");
    return 1;
  }
  squeeze(text, sq, sizeof sq);
  int tied = strncmp(cons, "=r,0", 4) == 0 && (!cons[4] || cons[4] == ',') &&
             LLVMGetNumArgOperands(t->in) == 1 && t->w && t->w <= 64;
  if (t->tk == LLVMVoidTypeKind && is_one_of(sq, nops)) {
    sxl_tr_emit(t, OP_NOP, 0); /* a barrier: nothing to do on one thread */
    return 1;
  }
  if (tied && (sq[0] == 0 || (is_one_of(sq, swaps) && t->w % 16 == 0 &&
                              (t->w == 16) == (sq[0] == 'r')))) {
    emit_result(t, sq[0] != 0);
    return 1;
  }
  snprintf(what, sizeof what, "\"%.180s\" (constraints \"%.150s\")", text, cons);
  sxl_tr_unsupported(t, "unsupported inline assembly %s", what);
  return 1;
}
