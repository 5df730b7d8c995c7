/*
** exec.c — the interpreter loop: runs one path over the translated program.
** Values stay concrete (uint64 in a register slot) unless an expression is
** attached to the slot; only then does an instruction take its slow path
** (symop.c, access.c, frames.c, path.c), which builds expressions and asks
** the engine.
*/
#include "exec_impl.h"
#include "cuts.h"

#include <string.h>

/* The loop's copy of the top frame: reloaded from the state after a slow
** path, and saved into it (with the instruction count) before one. Its
** register window is private while the loop runs (writes go to R and S
** directly): reload makes it so, as a slow path may have forked the path
** (regs.c), and only slow paths fork. */
typedef struct loop {
  sxl_exec *x;
  sxl_state *s;
  sxl_prog *p;
  sxl_frame *fr;
  const sxl_ins *code;
  uint8_t *cov;
  uint64_t *hits; /* the function's run counts, when counted */
  const uint32_t *tgt; /* the function's --target marks, or NULL */
  uint64_t *R;   /* the frame's register values */
  symx_expr **S; /* and their expressions (NULL = concrete) */
  uint32_t pc;
  uint64_t n;   /* instructions run since the last save */
  uint64_t ran; /* ... and before it, in this call of sxl_run */
} loop;

/* 0, or -1 when out of memory (the window could not be copied). */
static inline int reload(loop *L) {
  L->fr = &L->s->frames[L->s->nframes - 1];
  sxl_fn *fn = &L->p->fns[L->fr->fn];
  L->code = fn->code;
  L->cov = fn->cov;
  L->hits = L->x->count_hits ? fn->hits : NULL;
  L->tgt = fn->target;
  L->pc = L->fr->pc;
  if (sxl_reg_own(L->fr)) return -1;
  L->R = L->fr->win->v;
  L->S = L->fr->win->e;
  return 0;
}

/* Before a slow path of the instruction at pc (counted already): should
** the state stop there (a fork in it: each side runs it again when
** resumed), the resumed run does not count it again, as KLEE counts an
** instruction once before its fork (a stop between instructions clears
** the mark). */
static inline void save(loop *L) {
  L->s->mid_frames = L->s->nframes;
  L->s->mid_pc = L->pc;
  L->fr->pc = L->pc;
  L->x->instructions += L->n;
  L->s->icount += L->n;
  L->s->steps += L->n;
  L->ran += L->n;
  L->n = 0;
}

static inline void setc(loop *L, uint32_t d, uint64_t v) {
  if (L->S[d]) {
    symx_expr_release(L->S[d]);
    L->S[d] = NULL;
  }
  L->R[d] = v;
}

/* Runs slow path fn with the state saved; the loop goes on at the next
** instruction when it returns SXL_CONTINUE. */
static inline int slow(loop *L, run *r, const sxl_ins *in, int (*fn)(run *, const sxl_ins *)) {
  save(L);
  int rc = fn(r, in);
  if (rc == SXL_CONTINUE) {
    if (reload(L)) return sxl_oom(r);
    L->pc++;
  }
  return rc;
}

/* ------------------------------------------------------------------ */
/* Concrete values                                                     */
/* ------------------------------------------------------------------ */

static inline uint64_t mask(unsigned w) { return ~0ull >> (64 - w); }

static inline uint64_t load_le(const uint8_t *b, unsigned n) {
  uint64_t v = 0;
  switch (n) {
  case 1: return b[0];
  case 2: { uint16_t t; memcpy(&t, b, 2); return t; }
  case 4: { uint32_t t; memcpy(&t, b, 4); return t; }
  case 8: memcpy(&v, b, 8); return v;
  default:
    for (unsigned i = 0; i < n; i++) v |= (uint64_t)b[i] << (8 * i);
    return v;
  }
}

static inline void store_le(uint8_t *b, uint64_t v, unsigned n) {
  switch (n) {
  case 1: b[0] = (uint8_t)v; return;
  case 2: { uint16_t t = (uint16_t)v; memcpy(b, &t, 2); return; }
  case 4: { uint32_t t = (uint32_t)v; memcpy(b, &t, 4); return; }
  case 8: memcpy(b, &v, 8); return;
  default:
    for (unsigned i = 0; i < n; i++) b[i] = (uint8_t)(v >> (8 * i));
  }
}

/* a / b, a % b (b != 0) at width w, as LLVM defines them. */
static inline uint64_t concrete_div(int op, uint64_t a, uint64_t b, unsigned w) {
  if (op == OP_UDIV) return a / b;
  if (op == OP_UREM) return a % b;
  int64_t sa = sxl_sext64(a, w), sb = sxl_sext64(b, w);
  if (sb == -1) return op == OP_SDIV ? (uint64_t)0 - (uint64_t)sa : 0;
  return op == OP_SDIV ? (uint64_t)(sa / sb) : (uint64_t)(sa % sb);
}

/* ------------------------------------------------------------------ */
/* Instructions                                                        */
/* ------------------------------------------------------------------ */

/* Every handler returns SXL_CONTINUE to run the next instruction (at L->pc),
** or what sxl_run returns. */

/* A binary operation whose concrete result is v. */
static inline int op_binary(loop *L, run *r, const sxl_ins *in, uint64_t v) {
  if (L->S[in->a] || L->S[in->b]) return slow(L, r, in, sxl_sym_op);
  setc(L, in->dst, v & mask(in->w));
  L->pc++;
  return SXL_CONTINUE;
}

/* A shift by the width or more is KLEE's "overshift" error in the program's
** code (not in libc bitcode, nor when turned off: then 0, or the sign bits
** for ashr). */
static inline int op_shift(loop *L, run *r, const sxl_ins *in) {
  if (L->S[in->a] || L->S[in->b]) return slow(L, r, in, sxl_sym_op);
  uint64_t a = L->R[in->a], b = L->R[in->b], v;
  unsigned w = in->w;
  if (b >= w && !L->x->no_overshift_check && !L->p->fns[L->fr->fn].is_libc) {
    save(L);
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_OVERSHIFT, "overshift error", 0);
  }
  if (in->op == OP_ASHR)
    v = (uint64_t)(sxl_sext64(a, w) >> (b >= w ? 63 : b));
  else
    v = b >= w ? 0 : in->op == OP_SHL ? a << b : a >> b;
  setc(L, in->dst, v & mask(w));
  L->pc++;
  return SXL_CONTINUE;
}

static inline int op_div(loop *L, run *r, const sxl_ins *in) {
  if (L->S[in->a] || L->S[in->b]) return slow(L, r, in, sxl_sym_op);
  uint64_t b = L->R[in->b];
  if (b == 0) {
    save(L);
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_DIV_ZERO, "division by zero", 0);
  }
  setc(L, in->dst, concrete_div(in->op, L->R[in->a], b, in->w) & mask(in->w));
  L->pc++;
  return SXL_CONTINUE;
}

/* icmp and casts: one operand (icmp: two) of width w2. */
static inline int op_unary(loop *L, run *r, const sxl_ins *in) {
  uint64_t a = L->R[in->a], v;
  if (L->S[in->a] || (in->op == OP_ICMP && L->S[in->b])) return slow(L, r, in, sxl_sym_op);
  switch (in->op) {
  case OP_ICMP: v = (uint64_t)sxl_icmp_concrete(in->flag, a, L->R[in->b], in->w2); break;
  case OP_ZEXT: v = a; break;
  case OP_SEXT: v = (uint64_t)sxl_sext64(a, in->w2) & mask(in->w); break;
  default: v = a & mask(in->w); break; /* trunc, mov */
  }
  setc(L, in->dst, v);
  L->pc++;
  return SXL_CONTINUE;
}

static inline int op_select(loop *L, run *r, const sxl_ins *in) {
  if (L->S[in->a]) return slow(L, r, in, sxl_sym_op);
  uint32_t src = L->R[in->a] ? in->b : in->c;
  if (L->S[src]) { /* a concrete choice of a symbolic value */
    symx_expr *e = symx_expr_retain(L->S[src]);
    symx_expr_release(L->S[in->dst]);
    L->R[in->dst] = L->R[src];
    L->S[in->dst] = e;
  } else {
    setc(L, in->dst, L->R[src]);
  }
  L->pc++;
  return SXL_CONTINUE;
}

static inline int jump(loop *L, run *r, uint32_t edge) {
  L->fr->pc = L->pc;
  /* the window is private here: R and S stay valid (a copy could fail) */
  if (sxl_take_edge(L->s, L->p, edge)) return sxl_oom(r);
  L->pc = L->fr->pc;
  return SXL_CONTINUE;
}

/* Continues after a branch or call that went on on this path. */
static inline int resumed(loop *L, run *r, int rc) {
  return rc == SXL_CONTINUE && reload(L) ? sxl_oom(r) : rc;
}

static inline int op_cbr(loop *L, run *r, const sxl_ins *in) {
  int rec = L->x->write_paths; /* KLEE's --write-paths, --replay-path */
  if (L->S[in->a]) {
    save(L);
    symx_expr *c = symx_expr_retain(L->S[in->a]);
    return resumed(L, r, rec ? sxl_cbr_symbolic(r, c, in->b, in->c) : sxl_branch(r, c, in->b, in->c));
  }
  if (rec) {
    save(L);
    int rc = sxl_cbr_concrete(r, L->R[in->a] != 0);
    if (rc != SXL_CONTINUE) return rc;
  }
  return jump(L, r, L->R[in->a] ? in->b : in->c);
}

/* A switch case: a == imm goes to edge b, else on to the next case. */
/* A switch destination's condition: a == imm, or (flag 1) a equals one of
** the c constant slots listed at fn->args[imm]. */
static symx_expr *swcase_cond(loop *L, run *r, const sxl_ins *in) {
  symx_expr *cv = sxl_ex(r, in->a, in->w), *cond = NULL;
  uint32_t n = in->flag & 1 ? in->c : 1;
  const uint32_t *vs = in->flag & 1 ? L->p->fns[L->fr->fn].args + in->imm : NULL;
  for (uint32_t k = 0; k < n && cv; k++) {
    symx_expr *kc = symx_const(r->ctx, in->w, vs ? L->R[vs[k]] : in->imm);
    symx_expr *eq = symx_eq(r->ctx, cv, kc);
    symx_expr_release(kc);
    symx_expr *o = !cond ? symx_expr_retain(eq) : eq ? symx_or(r->ctx, cond, eq) : NULL;
    symx_expr_release(eq);
    symx_expr_release(cond);
    if (!(cond = o)) break;
  }
  symx_expr_release(cv);
  return cond;
}

/* Whether the case in takes value v. */
static int swcase_hit(const loop *L, const sxl_ins *in, uint64_t v) {
  int hit = !(in->flag & 1) && v == in->imm;
  for (uint32_t k = 0; (in->flag & 1) && k < in->c && !hit; k++)
    hit = v == L->R[L->p->fns[L->fr->fn].args[in->imm + k]];
  return hit;
}

/* The default's condition: the value is none of the cases from head up to
** end (the switch's closing OP_BR). */
static symx_expr *swdefault_cond(loop *L, run *r, const sxl_ins *head, const sxl_ins *end) {
  symx_expr *cond = symx_const(r->ctx, 1, 1);
  for (const sxl_ins *in = head; in < end && cond; in++) {
    symx_expr *c = swcase_cond(L, r, in), *nc = c ? symx_bool_not(r->ctx, c) : NULL;
    symx_expr *both = nc ? symx_bool_and(r->ctx, cond, nc) : NULL;
    symx_expr_release(c);
    symx_expr_release(nc);
    symx_expr_release(cond);
    cond = both;
  }
  return cond;
}

/*
** A switch on a symbolic value, at its first case (flag 2; KLEE's internal
** switch): the destination the witness takes, on the condition that the
** value is among its cases (none of them: the default), and one other side
** that comes back here with that condition false. A switch with many
** cases of which few are feasible (a scanner's action) then costs a query
** per feasible case and one more, not one per case.
*/
static int switch_witness(loop *L, run *r, const sxl_ins *head) {
  uint64_t v = 0;
  sxl_flush(r);
  if (!r->st || symx_state_eval(r->st, L->S[head->a], &v) != SYMX_OK) return sxl_fatal(r, "switch");
  const sxl_ins *in = head;
  while (in->op == OP_SWCASE && !swcase_hit(L, in, v)) in++;
  symx_expr *cond = in->op == OP_SWCASE ? swcase_cond(L, r, in) : swdefault_cond(L, r, head, in);
  if (!cond) return sxl_fatal(r, "switch");
  return sxl_branch_switch(r, cond, in->b);
}

/* The instructions that take themselves out of the count (L->n--): a
** switch's cases but its first and its default (the switch counts once),
** and a cut's stub. */
static inline int uncounted_op(const sxl_ins *in) {
  return (in->op == OP_SWCASE && !(in->flag & 4)) || in->op == OP_CUT ||
         (in->op == OP_BR && in->flag);
}

static inline int op_swcase(loop *L, run *r, const sxl_ins *in) {
  L->n -= !(in->flag & 4); /* the switch counts at its first case only */
  if (L->S[in->a]) {
    save(L);
    if (in->flag & 2) return resumed(L, r, switch_witness(L, r, in));
    symx_expr *cond = swcase_cond(L, r, in);
    if (!cond) return sxl_fatal(r, "switch");
    return resumed(L, r, sxl_branch_case(r, cond, in->b));
  }
  if (swcase_hit(L, in, L->R[in->a])) return jump(L, r, in->b);
  L->pc++;
  return SXL_CONTINUE;
}

/* A cut edge's stub (cuts.h): not the program's instruction, not counted. */
static inline int op_cut(loop *L, run *r, const sxl_ins *in) {
  L->n--;
  save(L);
  return resumed(L, r, sxl_cut_op(r, in));
}

/* Calls and returns: a builtin that returned goes on after its call. */
static inline int op_call(loop *L, run *r, const sxl_ins *in, int ret) {
  save(L);
  int rc = ret ? sxl_ret(r, in) : sxl_call(r, in);
  if (rc == SXL_RETURNED) {
    if (reload(L)) return sxl_oom(r);
    L->pc++;
    return SXL_CONTINUE;
  }
  return resumed(L, r, rc);
}

static inline int op_alloca(loop *L, run *r, const sxl_ins *in) {
  uint64_t size = in->imm;
  if (in->a != UINT32_MAX) {
    uint64_t cnt = L->R[in->a];
    if (L->S[in->a]) { /* a variable-length array: KLEE's sizes (allocsize.c) */
      save(L);
      int rc = sxl_alloc_size(r, in->a, (1ull << 31) / (size ? size : 1), &cnt);
      if (rc != SXL_CONTINUE) return rc;
      if (reload(L)) return sxl_oom(r);
    }
    size = cnt == UINT64_MAX ? UINT64_MAX : size * (cnt & mask(in->w2));
  }
  uint32_t id = sxl_stack_alloc(L->s, size, in->loc);
  if (!id || id == SXL_NOMEM) {
    save(L);
    return id ? sxl_oom(r)
              : sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "stack allocation failed", 0);
  }
  setc(L, in->dst, SXL_ADDR(id, 0));
  L->pc++;
  return SXL_CONTINUE;
}

/* The object a concrete access of n bytes at addr reads directly (in
** bounds, bytes only, made: not waiting for --entry's first access), or NULL. */
static inline sxl_obj *plain_obj(sxl_mem *m, uint64_t addr, unsigned n) {
  uint32_t id = SXL_ID(addr);
  sxl_obj *o;
  if (id < m->n && (o = sxl_mem_get(m, id)) != NULL && o->kind != OBJ_FREED &&
      (uint64_t)SXL_OFF(addr) + n <= o->size && !o->nsym && !o->amode && !o->lazy)
    return o;
  return NULL;
}

static inline int op_load(loop *L, run *r, const sxl_ins *in) {
  sxl_obj *o;
  const uint8_t *b;
  if (!L->S[in->a] && !r->x->make_symbolic && (o = plain_obj(L->s->mem, L->R[in->a], in->w2)) != NULL &&
      (b = sxl_bytes_at(o, SXL_OFF(L->R[in->a]), in->w2)) != NULL) {
    setc(L, in->dst, load_le(b, in->w2) & mask(in->w));
    L->pc++;
    return SXL_CONTINUE;
  }
  return slow(L, r, in, sxl_mem_load);
}

static inline int op_store(loop *L, run *r, const sxl_ins *in) {
  sxl_mem *m = L->s->mem;
  sxl_obj *o;
  uint8_t *b;
  /* Written in place only when neither the table, its chunk, the object
  ** nor the page is shared. */
  if (!L->S[in->a] && !L->S[in->b] && m->refs == 1 &&
      (o = plain_obj(m, L->R[in->b], in->w2)) != NULL && o->refs == 1 && !o->ro && !o->arr &&
      m->chunks[SXL_ID(L->R[in->b]) / SXL_MEMCHUNK]->refs == 1 &&
      (b = sxl_bytes_mut(o, SXL_OFF(L->R[in->b]), in->w2)) != NULL) {
    store_le(b, L->R[in->a], in->w2);
    L->pc++;
    return SXL_CONTINUE;
  }
  return slow(L, r, in, sxl_mem_store);
}

static inline int op_gep(loop *L, run *r, const sxl_ins *in) {
  if (in->op == OP_GEPI) {
    if (L->S[in->a]) return slow(L, r, in, sxl_sym_gep);
    setc(L, in->dst, L->R[in->a] + in->imm);
  } else {
    L->n--; /* part of the GEP: not counted */
    if (L->S[in->dst] || L->S[in->b]) return slow(L, r, in, sxl_sym_gep);
    L->R[in->dst] += (uint64_t)sxl_sext64(L->R[in->b], in->w2) * in->imm;
  }
  L->pc++;
  return SXL_CONTINUE;
}

static int op_end(loop *L, run *r, const sxl_ins *in) {
  save(L);
  if (in->op == OP_UNREACHABLE) /* flag 1: after indirectbr's destinations */
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_UNREACHABLE,
                   in->flag ? "indirectbr: illegal label address" : "reached unreachable code", 0);
  const char *msg = in->op == OP_UNSUPPORTED && in->imm < L->p->nmsgs ? L->p->msgs[in->imm]
                                                                      : "bad instruction";
  if (in->op == OP_UNSUPPORTED && in->flag == SXL_UNSUP_ASM && r->x->ext_calls == SXL_EXT_NONE)
    return sxl_asm_disallowed(r, msg);
  sxl_report_unsupported(r, msg);
  return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, msg, 0);
}

/* ------------------------------------------------------------------ */
/* The loop                                                            */
/* ------------------------------------------------------------------ */

/* A handler's result: the next instruction, or out of the loop. Checked in
** each case (not after the switch), so that a fast path that always goes on
** compiles to no check at all. */
#define DO(call)                                                                    \
  {                                                                                 \
    int rc_ = (call);                                                               \
    if (rc_ != SXL_CONTINUE) return rc_;                                            \
    continue;                                                                       \
  }
#define BINARY(expr)                                                                \
  {                                                                                 \
    uint64_t a = L.R[in->a], b = L.R[in->b];                                        \
    DO(op_binary(&L, r, in, (expr)))                                                \
  }

/* Instructions this call may run: a quantum, and no more than what is left
** of --max-instructions, so that the exploration stops at the limit itself
** (KLEE counts it per instruction) and the states alive then end early. */
static uint64_t run_budget(const sxl_exec *x) {
  uint64_t budget = x->quantum ? x->quantum : 1000000;
  if (!x->max_instructions) return budget;
  uint64_t done = x->instructions - x->instructions_base;
  /* at least 1: the engine, not this loop, stops at the limit */
  uint64_t left = x->max_instructions > done + 1 ? x->max_instructions - done : 1;
  return left < budget ? left : budget;
}

int sxl_run(sxl_exec *x, sxl_state *s, symx_state *st) {
  if (s->nframes == 0) return SXL_RUN_DONE;
  run rr = {x, s, st, x->ctx, x->prog}, *r = &rr;
  loop L = {.x = x, .s = s, .p = x->prog};
  uint64_t budget = run_budget(x);
  const int trace = x->trace; /* read once: the loop's stores could alias it */
  if (reload(&L)) return sxl_oom(r);
  /* resumed in the instruction it stopped in: that one was counted */
  int again = s->mid_frames == s->nframes && s->mid_pc == L.pc;
  for (;;) {
    if (L.ran + L.n >= budget) { /* let the searcher choose again */
      save(&L);
      s->mid_frames = 0; /* between instructions */
      sxl_flush(r);
      return SXL_RUN_YIELD;
    }
    const sxl_ins *in = &L.code[L.pc];
    if (trace) sxl_trace(x, s, st, L.fr->fn, L.pc);
    if (L.tgt && L.tgt[L.pc] && st) { /* a target: reached when it runs (st is feasible) */
      save(&L);
      s->mid_frames = 0;
      if (x->on_target(x->end_ud, s, st, L.tgt[L.pc] - 1)) {
        sxl_flush(r);
        return SXL_RUN_YIELD;
      }
      if (reload(&L)) return sxl_oom(r); /* (it may have forked the path) */
    }
    if (!L.cov[L.pc]) {
      L.cov[L.pc] = 1;
      s->newcov = 1;
      s->cov_at = s->steps + L.n + 1;
      if (x->write_cov && in->loc && sxl_trail_loc(s, in->loc)) return sxl_oom(r);
    }
    L.n++;
    if (again) { /* counted before it stopped, unless it counts itself out */
      L.n -= !uncounted_op(in);
      again = 0;
    }
    if (L.hits) L.hits[L.pc]++;
    switch (in->op) {
    case OP_NOP: L.pc++; continue;
    case OP_ADD: BINARY(a + b)
    case OP_SUB: BINARY(a - b)
    case OP_MUL: BINARY(a * b)
    case OP_AND: BINARY(a & b)
    case OP_OR: BINARY(a | b)
    case OP_XOR: BINARY(a ^ b)
    case OP_SHL: case OP_LSHR: case OP_ASHR: DO(op_shift(&L, r, in))
    case OP_UDIV: case OP_SDIV: case OP_UREM: case OP_SREM: DO(op_div(&L, r, in))
    case OP_ICMP: case OP_TRUNC: case OP_MOV: case OP_ZEXT: case OP_SEXT: DO(op_unary(&L, r, in))
    case OP_SELECT: DO(op_select(&L, r, in))
    case OP_BR:
      if (in->flag) L.n--; /* a switch's default: not counted */
      DO(jump(&L, r, (uint32_t)in->b))
    case OP_CBR: DO(op_cbr(&L, r, in))
    case OP_SWCASE: DO(op_swcase(&L, r, in))
    case OP_CALL: DO(op_call(&L, r, in, 0))
    case OP_RET: DO(op_call(&L, r, in, 1))
    case OP_ALLOCA: DO(op_alloca(&L, r, in))
    case OP_LOAD: DO(op_load(&L, r, in))
    case OP_STORE: DO(op_store(&L, r, in))
    case OP_GEPI: case OP_GEPV: DO(op_gep(&L, r, in))
    case OP_VASTART: case OP_VACOPY: DO(slow(&L, r, in, sxl_va))
    case OP_FP: DO(slow(&L, r, in, sxl_fp_op))
    case OP_BITS: DO(slow(&L, r, in, sxl_bits_op))
    case OP_CUT: DO(op_cut(&L, r, in))
    default: return op_end(&L, r, in); /* unreachable, unsupported */
    }
  }
}

#undef DO
#undef BINARY
