/*
** asm.c — inline assembly: the idioms C programs use on one thread are
** understood (an empty string as a compiler barrier or to hide a value from
** the optimizer; pause, nop and the x86 fences; bswap and the rotates that
** byte-swap; one arithmetic instruction on a tied register; musl's x86-64 atomics: lock cmpxchg, xchg, lock
** xadd, lock and/or/inc/dec, the store with a fence; bsf, and bsr then xor
** 63, as cttz and ctlz; hlt as unreachable; the x87 control word's
** fnstcw and fldcw, as gnulib's fpucw.h uses them);
** any other text becomes an unsupported instruction at its site, whose
** message names the text, so only a path that runs it ends (under
** --external-calls=none with KLEE's error: to KLEE such assembly is an
** external call, run natively unless external calls are disallowed).
*/
#include "translate.h"

#include <ctype.h>
#include <stdlib.h>
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

/* The result as the first argument, moved (bits < 0) or through OP_BITS
** with that flag. */
static void emit_result(tr *t, int bits) {
  uint32_t a = sxl_tr_operand(t, LLVMGetOperand(t->in, 0));
  sxl_ins *o = sxl_tr_emit(t, bits < 0 ? OP_MOV : OP_BITS, t->w);
  o->dst = t->dst;
  o->a = a;
  o->w2 = (uint8_t)t->w;
  o->flag = (uint8_t)(bits < 0 ? 0 : bits);
}

/* bsf (count trailing zeros) and musl's bsr-then-xor-63 (leading zeros),
** on "=r,r". */
static int tr_bitscan(tr *t, const char *sq, const char *cons) {
  if (strncmp(cons, "=r,r", 4) || (cons[4] && cons[4] != ',') || !t->w ||
      LLVMGetNumArgOperands(t->in) != 1)
    return 0;
  if (strcmp(sq, "bsf$1,$0") == 0) emit_result(t, 1);
  else if ((strcmp(sq, "bsr$1,$0xor$63,$0") == 0 && t->w == 64) ||
           (strcmp(sq, "bsr$1,$0xor$31,$0") == 0 && t->w == 32))
    emit_result(t, 2);
  else return 0;
  return 1;
}

/* musl's atomics (arch/x86_64/atomic_arch.h) on one thread. */
enum { A_CAS, A_SWAP, A_XADD, A_AND, A_OR, A_INC, A_DEC, A_STORE };
static const struct {
  const char *text, *cons;
  int kind;
} atomics[] = {
    {"lockcmpxchg$3,$1", "={ax},=*m,{ax},r", A_CAS}, {"xchg$0,$1", "=r,=*m,0", A_SWAP},
    {"lockxadd$0,$1", "=r,=*m,0", A_XADD},           {"lockand$1,$0", "=*m,r", A_AND},
    {"lockor$1,$0", "=*m,r", A_OR},                  {"lockincl$0", "=*m,*m", A_INC},
    {"lockincq$0", "=*m,*m", A_INC},                 {"lockdecl$0", "=*m,*m", A_DEC},
    {"lockdecq$0", "=*m,*m", A_DEC},                 {"mov$1,$0lockorl$0,(%rsp)", "=*m,r", A_STORE},
};

/* kind on the object at argument 0, with argument 1 (and 2); scratch slots
** from s; the old value into t->dst when the asm has a result. */
static void emit_atomic(tr *t, int kind, uint32_t s) {
  LLVMValueRef pv = LLVMGetOperand(t->in, 0);
  LLVMTypeRef ty = LLVMGetElementType(LLVMTypeOf(pv));
  int w = sxl_type_width(ty);
  uint32_t p = sxl_tr_operand(t, pv), old = t->tk == LLVMVoidTypeKind ? s + 2 : t->dst;
  uint32_t v = kind == A_INC || kind == A_DEC ? sxl_tr_const(t, kind == A_INC ? 1 : ~0ull >> (64 - w))
                                              : sxl_tr_operand(t, LLVMGetOperand(t->in, 1));
  if (kind == A_STORE) {
    sxl_tr_mem(t, 1, v, p, ty);
    return;
  }
  sxl_tr_mem(t, 0, old, p, ty);
  if (kind == A_CAS) {
    uint32_t nw = sxl_tr_operand(t, LLVMGetOperand(t->in, 2));
    sxl_tr_ins(t, OP_ICMP, 1, s, old, v)->flag = LLVMIntEQ;
    t->code[t->ncode - 1].w2 = (uint8_t)w;
    sxl_tr_ins(t, OP_SELECT, w, s + 1, s, nw)->c = old;
    sxl_tr_mem(t, 1, s + 1, p, ty);
    return;
  }
  if (kind == A_SWAP) {
    sxl_tr_mem(t, 1, v, p, ty);
    return;
  }
  sxl_tr_ins(t, kind == A_AND ? OP_AND : kind == A_OR ? OP_OR : OP_ADD, w, s, old, v);
  sxl_tr_mem(t, 1, s, p, ty);
}

/* The operand constraints of cons without its clobbers (",~{...}"). */
static void operands_of(const char *cons, char *out, size_t len) {
  const char *end = strstr(cons, ",~{");
  size_t n = end ? (size_t)(end - cons) : strlen(cons);
  snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), cons);
}

/* musl's atomics and hlt: 1 when sq (squeezed text) with cons is one. */
static int tr_musl(tr *t, const char *sq, const char *cons) {
  char ops[256];
  operands_of(cons, ops, sizeof ops);
  if (strcmp(sq, "hlt") == 0 && t->tk == LLVMVoidTypeKind) {
    sxl_tr_emit(t, OP_UNREACHABLE, 0); /* musl's a_crash */
    return 1;
  }
  for (size_t i = 0; i < sizeof atomics / sizeof atomics[0]; i++) {
    if (strcmp(sq, atomics[i].text) != 0 || strcmp(ops, atomics[i].cons) != 0) continue;
    LLVMTypeRef pt = LLVMTypeOf(LLVMGetOperand(t->in, 0));
    int w = LLVMGetTypeKind(pt) == LLVMPointerTypeKind ? sxl_type_width(LLVMGetElementType(pt)) : 0;
    if (!w || w > 64) return 0;
    emit_atomic(t, atomics[i].kind, t->dst + (t->tk == LLVMVoidTypeKind ? 0 : 1));
    return 1;
  }
  return 0;
}

/* On a tied register ("=r,0"): nothing (a value hidden from the optimizer)
** or a byte swap; 1 when sq is one of them for the result's width. */
static int tr_swap(tr *t, const char *sq) {
  static const struct {
    const char *text;
    int w; /* 0: 32 or 64 */
  } swaps[] = {{"bswap$0", 0},       {"bswapl$0", 32},      {"bswapq$0", 64},
               {"bswap${0:k}", 32},  {"bswap${0:q}", 64},   {"rorw$8,${0:w}", 16},
               {"rolw$8,${0:w}", 16}, {"rorw$8,${0:w}rorl$16,$0rorw$8,${0:w}", 32}};
  if (!sq[0]) {
    emit_result(t, -1);
    return 1;
  }
  for (size_t i = 0; i < sizeof swaps / sizeof swaps[0]; i++)
    if (strcmp(sq, swaps[i].text) == 0 &&
        (swaps[i].w ? t->w == swaps[i].w : t->w == 32 || t->w == 64)) {
      emit_result(t, 0);
      return 1;
    }
  return 0;
}

/* One arithmetic instruction on a tied register: neg, not, inc, dec on $0,
** or add, sub, and, or, xor, shl, shr, sar of an immediate ("$5,$0"); an
** optional b/w/l/q size suffix. 1 when sq is one. */
static int tr_tied_arith(tr *t, const char *sq) {
  static const struct {
    const char *mn;
    int op, imm; /* imm: takes "$K,"; else the constant is k */
    uint64_t k;
  } ops[] = {{"neg", OP_SUB, 0, 0}, {"not", OP_XOR, 0, ~0ull}, {"inc", OP_ADD, 0, 1},
             {"dec", OP_SUB, 0, 1}, {"add", OP_ADD, 1, 0},     {"sub", OP_SUB, 1, 0},
             {"and", OP_AND, 1, 0}, {"or", OP_OR, 1, 0},       {"xor", OP_XOR, 1, 0},
             {"shl", OP_SHL, 1, 0}, {"shr", OP_LSHR, 1, 0},    {"sar", OP_ASHR, 1, 0}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    size_t n = strlen(ops[i].mn);
    const char *p = sq + n;
    if (strncmp(sq, ops[i].mn, n) != 0) continue;
    if (*p && strchr("bwlq", *p) && p[1] == '$') p++; /* size suffix */
    char *end = (char *)p;
    uint64_t k = ops[i].k;
    if (ops[i].imm) {
      if (p[0] != '$') continue;
      k = strtoull(p + 1, &end, 0);
      if (end == p + 1 || *end != ',') continue;
      end++;
    }
    if (strcmp(end, "$0") != 0) continue;
    uint64_t m = ~0ull >> (64 - t->w);
    uint32_t a = sxl_tr_operand(t, LLVMGetOperand(t->in, 0)), kc = sxl_tr_const(t, k & m);
    int neg = ops[i].op == OP_SUB && !ops[i].imm && ops[i].k == 0; /* neg: 0 - a */
    sxl_ins *o = sxl_tr_emit(t, ops[i].op, t->w);
    o->dst = t->dst;
    o->a = neg ? kc : a;
    o->b = neg ? a : kc;
    return 1;
  }
  return 0;
}

/* gnulib's fpucw.h around long double code: fnstcw stores the x87 control
** word, fldcw loads it. fnstcw gives Linux's default, 0x037f (round to
** nearest, 64-bit precision, exceptions masked), as fp.c computes long
** double; fldcw is taken as setting that (gnulib sets the precision the
** default has). 1 when sq with cons is one of them. */
static int tr_fpucw(tr *t, const char *sq, const char *cons) {
  char ops[256];
  operands_of(cons, ops, sizeof ops);
  if (t->tk != LLVMVoidTypeKind || LLVMGetNumArgOperands(t->in) != 1) return 0;
  if (strcmp(sq, "fldcw$0") == 0 && strcmp(ops, "*m") == 0) {
    sxl_tr_emit(t, OP_NOP, 0);
    return 1;
  }
  LLVMValueRef pv = LLVMGetOperand(t->in, 0);
  LLVMTypeRef pt = LLVMTypeOf(pv);
  if (strcmp(sq, "fnstcw$0") != 0 || strcmp(ops, "=*m") != 0 ||
      LLVMGetTypeKind(pt) != LLVMPointerTypeKind || sxl_type_width(LLVMGetElementType(pt)) != 16)
    return 0;
  sxl_tr_mem(t, 1, sxl_tr_const(t, 0x037f), sxl_tr_operand(t, pv), LLVMGetElementType(pt));
  return 1;
}

/* A call of inline assembly: 1 when translated (as an idiom or as an
** unsupported instruction with its message). */
int sxl_tr_asm(tr *t, LLVMValueRef callee) {
  static const char *const nops[] = {"", "pause", "nop", "repnop", "mfence", "lfence",
                                     "sfence", NULL};
  char text[256], cons[256], sq[256], what[400];
  if (!asm_text(callee, text, sizeof text, cons, sizeof cons)) {
    sxl_tr_unsupported(t, "unsupported %s", "inline assembly (unreadable)")->flag = SXL_UNSUP_ASM;
    return 1;
  }
  squeeze(text, sq, sizeof sq);
  int tied = strncmp(cons, "=r,0", 4) == 0 && (!cons[4] || cons[4] == ',') &&
             LLVMGetNumArgOperands(t->in) == 1 && t->w && t->w <= 64;
  if (t->tk == LLVMVoidTypeKind && is_one_of(sq, nops)) {
    sxl_tr_emit(t, OP_NOP, 0); /* a barrier: nothing to do on one thread */
    return 1;
  }
  if (tied && (tr_swap(t, sq) || tr_tied_arith(t, sq))) return 1;
  if (tr_musl(t, sq, cons) || tr_bitscan(t, sq, cons) || tr_fpucw(t, sq, cons)) return 1;
  snprintf(what, sizeof what, "\"%.180s\" (constraints \"%.150s\")", text, cons);
  sxl_tr_unsupported(t, "unsupported inline assembly %s", what)->flag = SXL_UNSUP_ASM;
  return 1;
}
