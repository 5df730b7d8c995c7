/*
** toyvm.c — parser, concrete interpreter and symbolic interpreter of the
** toyvm assembly (see toyvm.h). Uses nothing but symx.h.
*/
#include "toyvm.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { O_MOV, O_ADD, O_SUB, O_MUL, O_AND, O_OR, O_XOR, O_SHL, O_SHR, O_SAR, O_UDIV, O_UREM,
       O_SET, O_LDB, O_LDSB, O_STB, O_SYM, O_BR, O_JMP, O_CALL, O_RET, O_PUSH, O_POP, O_HALT,
       O_ASSERT, O_N };
static const char *const opnames[O_N] = {"mov", "add", "sub", "mul", "and", "or", "xor", "shl",
  "shr", "sar", "udiv", "urem", "set", "ldb", "ldsb", "stb", "sym", "br", "jmp", "call", "ret",
  "push", "pop", "halt", "assert"};
static const symx_kind alu_kind[] = {SYMX_K_CONST, SYMX_K_ADD, SYMX_K_SUB, SYMX_K_MUL, SYMX_K_AND,
  SYMX_K_OR, SYMX_K_XOR, SYMX_K_SHL, SYMX_K_LSHR, SYMX_K_ASHR, SYMX_K_UDIV, SYMX_K_UREM};
static const char *const condnames[10] = {"eq", "ne", "ult", "ule", "ugt", "uge", "slt", "sle", "sgt", "sge"};

typedef struct insn {
  uint8_t op, cond, d, a, bimm;
  uint32_t b;   /* register or immediate (bimm) */
  int target;   /* br/jmp/call */
  char name[32]; /* sym: input name; br/jmp/call: label until resolved */
} insn;

struct toyvm_prog { insn *code; int n; };

#define NREG 16
#define MEM 256
#define STK 256
#define FAIL 2
static uint64_t fold(uint64_t h, int pc, int tag) { return (h ^ ((uint64_t)pc * 4 + (uint64_t)tag)) * 0x100000001b3ull; }
#define HASH0 0xcbf29ce484222325ull

/* ---- parsing ---- */
static int reg(const char *t) {
  if ((t[0] != 'r' && t[0] != 'R') || !isdigit((unsigned char)t[1])) return -1;
  int r = atoi(t + 1);
  return r < NREG ? r : -1;
}
static int num(const char *t, uint32_t *v) {
  char *end;
  long long x = strtoll(t, &end, 0);
  if (*t == '\0' || *end) return -1;
  *v = (uint32_t)x;
  return 0;
}

toyvm_prog *toyvm_parse(const char *text, char *err, size_t errlen) {
  toyvm_prog *p = calloc(1, sizeof *p);
  char labels[512][32];
  int lpc[512], nl = 0, cap = 0, line = 0;
  const char *s = text;
  if (!p) return NULL;
  while (*s) {
    char buf[256], *tok[8];
    size_t len = strcspn(s, "\n");
    int nt = 0;
    line++;
    snprintf(buf, sizeof buf, "%.*s", (int)(len < 255 ? len : 255), s);
    s += len + (s[len] == '\n');
    buf[strcspn(buf, ";#")] = 0;
    for (char *t = strtok(buf, " \t\r,"); t && nt < 8; t = strtok(NULL, " \t\r,")) tok[nt++] = t;
    if (nt && tok[0][strlen(tok[0]) - 1] == ':') { /* a label */
      if (nl == 512) goto bad;
      snprintf(labels[nl], 32, "%.*s", (int)strlen(tok[0]) - 1, tok[0]);
      lpc[nl++] = p->n;
      memmove(tok, tok + 1, (size_t)--nt * sizeof *tok);
    }
    if (!nt) continue;
    insn in = {0};
    int op = 0, k = 1, need;
    while (op < O_N && strcmp(tok[0], opnames[op])) op++;
    if (op == O_N) goto bad;
    in.op = (uint8_t)op;
    if (op == O_SET || op == O_BR) {
      if (nt < 2) goto bad;
      while (in.cond < 10 && strcmp(tok[1], condnames[in.cond])) in.cond++;
      if (in.cond == 10) goto bad;
      k = 2;
    }
    static const int nargs[O_N] = {2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 1, 1, 0, 1, 1, 0, 1};
    need = nargs[op] + k;
    if (nt != need) goto bad;
    char **a = tok + k;
    int r0 = reg(a[0] ? a[0] : "");
    if (op == O_SYM) {
      if (num(a[0], &in.b) || num(a[1], (uint32_t *)&in.target)) goto bad;
      snprintf(in.name, sizeof in.name, "%s", a[2]);
    } else if (op == O_JMP || op == O_CALL || op == O_BR) {
      snprintf(in.name, sizeof in.name, "%s", a[op == O_BR ? 2 : 0]);
      if (op == O_BR) {
        if (r0 < 0) goto bad;
        in.a = (uint8_t)r0;
        int rb = reg(a[1]);
        if (rb >= 0) in.b = (uint32_t)rb;
        else if (num(a[1], &in.b)) goto bad;
        in.bimm = rb < 0;
      }
    } else if (op == O_STB) {
      int rs = reg(a[2]);
      if (r0 < 0 || rs < 0 || num(a[1], &in.b)) goto bad;
      in.a = (uint8_t)r0;
      in.d = (uint8_t)rs;
    } else if (nargs[op] >= 1) {
      if (r0 < 0) goto bad;
      in.d = in.a = (uint8_t)r0;
      if (nargs[op] >= 2) { /* mov rD, X  |  op rD, rA, X */
        const char *x = a[nargs[op] - 1];
        if (nargs[op] == 3 && (r0 = reg(a[1])) < 0) goto bad;
        in.a = (uint8_t)r0;
        int rb = reg(x);
        if (rb >= 0 && op != O_LDB && op != O_LDSB) in.b = (uint32_t)rb;
        else if (num(x, &in.b)) goto bad;
        in.bimm = rb < 0 || op == O_LDB || op == O_LDSB;
      }
    }
    if (p->n == cap) {
      insn *c = realloc(p->code, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *c);
      if (!c) goto bad;
      p->code = c;
    }
    p->code[p->n++] = in;
  }
  for (int i = 0; i < p->n; i++) {
    insn *in = &p->code[i];
    if (in->op != O_BR && in->op != O_JMP && in->op != O_CALL) continue;
    int j = 0;
    while (j < nl && strcmp(labels[j], in->name)) j++;
    if (j == nl) {
      snprintf(err, errlen, "unknown label '%s'", in->name);
      toyvm_free(p);
      return NULL;
    }
    in->target = lpc[j];
  }
  return p;
bad:
  snprintf(err, errlen, "line %d: syntax error", line);
  toyvm_free(p);
  return NULL;
}

toyvm_prog *toyvm_load(const char *path, char *err, size_t errlen) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open", path);
    return NULL;
  }
  static char text[1 << 20];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = 0;
  return toyvm_parse(text, err, errlen);
}

void toyvm_free(toyvm_prog *p) {
  if (!p) return;
  free(p->code);
  free(p);
}

/* ---- concrete ---- */
static uint32_t alu(int op, uint32_t x, uint32_t y) {
  switch (op) {
  case O_ADD: return x + y;
  case O_SUB: return x - y;
  case O_MUL: return x * y;
  case O_AND: return x & y;
  case O_OR: return x | y;
  case O_XOR: return x ^ y;
  case O_SHL: return y >= 32 ? 0 : x << y;
  case O_SHR: return y >= 32 ? 0 : x >> y;
  case O_SAR: return (uint32_t)((int32_t)x >> (y >= 32 ? 31 : y));
  case O_UDIV: return y ? x / y : 0xffffffffu;
  case O_UREM: return y ? x % y : x;
  default: return y;
  }
}
static int cmp(int c, uint32_t x, uint32_t y) {
  int32_t sx = (int32_t)x, sy = (int32_t)y;
  switch (c) {
  case 0: return x == y; case 1: return x != y; case 2: return x < y; case 3: return x <= y;
  case 4: return x > y; case 5: return x >= y; case 6: return sx < sy; case 7: return sx <= sy;
  case 8: return sx > sy; default: return sx >= sy;
  }
}

toyvm_outcome toyvm_run(const toyvm_prog *p, toyvm_input_fn in, void *user, uint64_t max_steps,
                        uint64_t *hash, uint64_t *steps) {
  uint32_t r[NREG] = {0}, vs[STK];
  uint8_t m[MEM] = {0};
  int cs[STK], sp = 0, csp = 0, pc = 0;
  uint64_t h = HASH0, n = 0;
  toyvm_outcome out = TOYVM_EXIT;
  while (pc >= 0 && pc < p->n) {
    const insn *i = &p->code[pc];
    uint32_t x = i->bimm ? i->b : r[i->b & 15];
    if (++n > max_steps) { out = TOYVM_LIMIT; break; }
    pc++;
    switch (i->op) {
    case O_SET: r[i->d] = (uint32_t)cmp(i->cond, r[i->a], x); break;
    case O_LDB: r[i->d] = m[(r[i->a] + i->b) & 255]; break;
    case O_LDSB: r[i->d] = (uint32_t)(int32_t)(int8_t)m[(r[i->a] + i->b) & 255]; break;
    case O_STB: m[(r[i->a] + i->b) & 255] = (uint8_t)r[i->d]; break;
    case O_SYM: {
      uint8_t buf[MEM] = {0};
      uint32_t len = (uint32_t)i->target < MEM ? (uint32_t)i->target : MEM;
      in(user, i->name, buf, len);
      for (uint32_t k = 0; k < len; k++) m[(i->b + k) & 255] = buf[k];
      break;
    }
    case O_BR: {
      int t = cmp(i->cond, r[i->a], x);
      h = fold(h, pc - 1, t);
      if (t) pc = i->target;
      break;
    }
    case O_JMP: pc = i->target; break;
    case O_CALL: if (csp == STK) { out = TOYVM_LIMIT; pc = -1; break; } cs[csp++] = pc; pc = i->target; break;
    case O_RET: pc = csp ? cs[--csp] : -1; break;
    case O_PUSH: if (sp == STK) { out = TOYVM_LIMIT; pc = -1; break; } vs[sp++] = r[i->a]; break;
    case O_POP: r[i->d] = sp ? vs[--sp] : 0; break;
    case O_HALT: pc = -1; break;
    case O_ASSERT: if (!r[i->a]) { h = fold(h, pc - 1, FAIL); out = TOYVM_ASSERT; pc = -1; } break;
    default: r[i->d] = alu(i->op, r[i->a], x);
    }
  }
  if (hash) *hash = h;
  if (steps) *steps = n;
  return out;
}

void toyvm_input_assign(void *user, const char *name, uint8_t *buf, size_t n) {
  size_t len = 0;
  const uint8_t *b = symx_assign_get(user, name, &len);
  for (size_t k = 0; k < n; k++) buf[k] = k < len ? b[k] : 0;
}

/* ---- symbolic ---- */
typedef struct vm {
  int pc, sp, csp;
  uint64_t hash, steps;
  symx_expr *r[NREG], *m[MEM], *vs[STK];
  int cs[STK];
} vm;

static void *vm_clone(void *user, void *p) {
  (void)user;
  vm *a = p, *b = malloc(sizeof *b);
  if (!b) return NULL;
  memcpy(b, a, offsetof(vm, vs) + (size_t)a->sp * sizeof(symx_expr *));
  memcpy(b->cs, a->cs, (size_t)a->csp * sizeof(int));
  for (int k = 0; k < NREG; k++) symx_expr_retain(b->r[k]);
  for (int k = 0; k < MEM; k++) symx_expr_retain(b->m[k]);
  for (int k = 0; k < a->sp; k++) symx_expr_retain(b->vs[k]);
  return b;
}
static void vm_free(void *user, void *p) {
  (void)user;
  vm *a = p;
  for (int k = 0; k < NREG; k++) symx_expr_release(a->r[k]);
  for (int k = 0; k < MEM; k++) symx_expr_release(a->m[k]);
  for (int k = 0; k < a->sp; k++) symx_expr_release(a->vs[k]);
  free(a);
}
static void set(symx_expr **slot, symx_expr *e) {
  symx_expr_release(*slot);
  *slot = e;
}

typedef struct explore { const toyvm_prog *p; toyvm_test_fn fn; void *user; } explore;

static void on_test(void *user, symx_state *st, const symx_test *t) {
  explore *x = user;
  vm *m = symx_state_payload(st);
  if (t->reason == SYMX_END_ERROR) x->fn(x->user, fold(m->hash, m->pc, FAIL), TOYVM_ASSERT, t);
  else x->fn(x->user, m->hash, t->reason == SYMX_END_EXIT ? TOYVM_EXIT : TOYVM_LIMIT, t);
}

/* mem address rA + off, concretized when symbolic */
static int addr(symx_state *st, symx_expr *base, uint32_t off, uint32_t *a) {
  uint64_t v = symx_expr_const_value(base);
  int rc = symx_expr_is_const(base) ? SYMX_OK : symx_state_concretize(st, base, &v);
  *a = ((uint32_t)v + off) & 255;
  return rc;
}

/* Runs st until it forks, ends or yields; SYMX_OK or an error code. */
static int run(symx_ctx *ctx, const toyvm_prog *p, symx_state *st, uint64_t max_steps) {
  vm *m = symx_state_payload(st);
  int rc = SYMX_OK, yield = 0;
  while (m->pc >= 0 && m->pc < p->n) {
    const insn *i = &p->code[m->pc];
    if (yield) return SYMX_OK; /* time slice used: let the searcher pick */
    symx_expr *x = i->bimm ? symx_const(ctx, 32, i->b) : symx_expr_retain(m->r[i->b & 15]), *e = NULL;
    uint32_t a;
    if (++m->steps > max_steps) { symx_expr_release(x); return symx_state_terminate(st, SYMX_END_EARLY, SYMX_ERR_NONE, NULL); }
    yield = symx_state_step(st, 1);
    switch (i->op) {
    case O_MOV: set(&m->r[i->d], symx_expr_retain(x)); break;
    case O_SET: e = symx_mk2(ctx, (symx_kind)(SYMX_K_EQ + i->cond), m->r[i->a], x);
                set(&m->r[i->d], symx_zext(ctx, e, 32)); break;
    case O_LDB: case O_LDSB:
      if ((rc = addr(st, m->r[i->a], i->b, &a)) != SYMX_OK) break;
      set(&m->r[i->d], i->op == O_LDB ? symx_zext(ctx, m->m[a], 32) : symx_sext(ctx, m->m[a], 32)); break;
    case O_STB:
      if ((rc = addr(st, m->r[i->a], i->b, &a)) != SYMX_OK) break;
      set(&m->m[a], symx_extract(ctx, m->r[i->d], 7, 0)); break;
    case O_SYM: {
      uint32_t len = (uint32_t)i->target < MEM ? (uint32_t)i->target : MEM;
      symx_expr *arr = symx_array_input(ctx, i->name, len ? len : 1, 32);
      for (uint32_t k = 0; k < len; k++) {
        symx_expr *ix = symx_const(ctx, 32, k);
        set(&m->m[(i->b + k) & 255], symx_read(ctx, arr, ix));
        symx_expr_release(ix);
      }
      symx_expr_release(arr);
      break;
    }
    case O_BR: {
      symx_state *t, *f;
      e = symx_mk2(ctx, (symx_kind)(SYMX_K_EQ + i->cond), m->r[i->a], x);
      if ((rc = symx_state_branch(st, e, &t, &f)) != SYMX_OK) break;
      for (int side = 0; side < 2; side++) {
        symx_state *s = side ? t : f;
        if (!s) continue;
        vm *c = symx_state_payload(s);
        c->hash = fold(c->hash, c->pc, side);
        c->pc = side ? i->target : c->pc + 1;
      }
      symx_expr_release(e);
      symx_expr_release(x);
      if (t && f) return SYMX_OK; /* forked: back to symx_engine_next */
      continue;
    }
    case O_JMP: m->pc = i->target - 1; break;
    case O_CALL:
      if (m->csp == STK) { rc = symx_state_terminate(st, SYMX_END_EARLY, SYMX_ERR_NONE, NULL); symx_expr_release(x); return rc; }
      m->cs[m->csp++] = m->pc + 1; m->pc = i->target - 1; break;
    case O_RET: m->pc = m->csp ? m->cs[--m->csp] - 1 : p->n; break;
    case O_PUSH:
      if (m->sp == STK) { rc = symx_state_terminate(st, SYMX_END_EARLY, SYMX_ERR_NONE, NULL); symx_expr_release(x); return rc; }
      m->vs[m->sp++] = symx_expr_retain(m->r[i->a]); break;
    case O_POP: set(&m->r[i->d], m->sp ? m->vs[--m->sp] : symx_const(ctx, 32, 0)); break;
    case O_HALT: m->pc = p->n - 1; break;
    case O_ASSERT: {
      symx_expr *z = symx_const(ctx, 32, 0);
      e = symx_eq(ctx, m->r[i->a], z);
      symx_expr_release(z);
      if (symx_expr_is_const(e) && symx_expr_const_value(e)) {
        symx_expr_release(e); symx_expr_release(x);
        return symx_state_terminate(st, SYMX_END_ERROR, SYMX_ERR_ASSERT, "assert");
      }
      rc = symx_state_check(st, e, SYMX_ERR_ASSERT, "assert");
      if (rc == SYMX_UNSAT || rc == SYMX_UNKNOWN) { /* ended, or continues later from pc + 1 */
        m->pc++;
        symx_expr_release(e); symx_expr_release(x);
        return SYMX_OK;
      }
      break;
    }
    default: set(&m->r[i->d], symx_mk2(ctx, alu_kind[i->op], m->r[i->a], x));
    }
    symx_expr_release(e);
    symx_expr_release(x);
    if (rc != SYMX_OK) return rc;
    if (symx_errcode(ctx) != SYMX_OK) return symx_errcode(ctx);
    m->pc++;
  }
  return symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL);
}

int toyvm_explore(symx_engine *eng, const toyvm_prog *p, uint64_t max_steps, toyvm_test_fn fn, void *user) {
  symx_ctx *ctx = symx_engine_ctx(eng);
  explore x = {p, fn, user};
  vm *m = calloc(1, sizeof *m);
  if (!m) return SYMX_NOMEM;
  m->hash = HASH0;
  symx_errclear(ctx);
  for (int k = 0; k < NREG; k++) m->r[k] = symx_const(ctx, 32, 0);
  for (int k = 0; k < MEM; k++) m->m[k] = symx_const(ctx, 8, 0);
  if (symx_errcode(ctx) != SYMX_OK) { vm_free(NULL, m); return symx_errcode(ctx); }
  symx_payload_vt vt = {vm_clone, vm_free, NULL};
  symx_engine_on_test(eng, fn ? on_test : NULL, &x);
  int rc = symx_engine_start(eng, m, &vt);
  if (rc != SYMX_OK) { vm_free(NULL, m); return rc; }
  symx_state *st;
  while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE)
    if ((rc = run(ctx, p, st, max_steps)) != SYMX_OK) break;
  symx_engine_on_test(eng, NULL, NULL);
  return rc == SYMX_DONE ? SYMX_OK : rc;
}
