/*
** exec.c — the interpreter: runs one path over the translated program.
** Values stay concrete (uint64 in a register slot) unless an expression is
** attached to the slot; only then are expressions built and the engine asked.
*/
#include "sxl.h"
#include "exec_impl.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* State life cycle                                                    */
/* ------------------------------------------------------------------ */

static int ensure_regs(sxl_state *s, uint32_t need) {
  if (need <= s->capregs) return 0;
  uint32_t cap = s->capregs ? s->capregs : 1024;
  while (cap < need) cap *= 2;
  uint64_t *r = realloc(s->regs, cap * sizeof *r);
  if (!r) return -1;
  s->regs = r;
  symx_expr **e = realloc(s->sym, cap * sizeof *e);
  if (!e) return -1;
  s->sym = e;
  s->capregs = cap;
  return 0;
}

static int push_frame(sxl_state *s, sxl_prog *p, uint32_t fi, uint32_t ret_dst) {
  sxl_fn *fn = &p->fns[fi];
  if (s->nframes == s->capframes) {
    uint32_t cap = s->capframes ? 2 * s->capframes : 64;
    sxl_frame *f = realloc(s->frames, cap * sizeof *f);
    if (!f) return -1;
    s->frames = f;
    s->capframes = cap;
  }
  uint32_t base = s->nregs;
  if (ensure_regs(s, base + fn->nregs)) return -1;
  sxl_frame *fr = &s->frames[s->nframes++];
  fr->fn = fi;
  fr->pc = 0;
  fr->base = base;
  fr->ret_dst = ret_dst;
  fr->alloca0 = s->nallocas;
  fr->va_obj = 0;
  if (fn->nconst) memcpy(s->regs + base + fn->nparams, fn->consts, fn->nconst * sizeof(uint64_t));
  memset(s->sym + base, 0, fn->nregs * sizeof(symx_expr *));
  s->nregs = base + fn->nregs;
  return 0;
}

static uint32_t make_cstring(sxl_state *s, const char *str) {
  size_t n = strlen(str) + 1;
  uint32_t id = sxl_mem_alloc(&s->mem, OBJ_GLOBAL, n, 0, 0);
  if (id) memcpy(s->mem->objs[id]->bytes, str, n);
  return id;
}

sxl_state *sxl_state_new_initial(sxl_exec *x, int argc_main) {
  (void)argc_main;
  sxl_prog *p = x->prog;
  sxl_state *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->mem = sxl_mem_new();
  if (!s->mem) goto fail;
  /* Globals then functions take ids 1.. in the order lower.c gave them. */
  for (uint32_t i = 0; i < p->nglobals; i++) {
    uint32_t id = sxl_mem_alloc(&s->mem, OBJ_GLOBAL, p->globals[i].size, 0, 0);
    if (id != p->globals[i].obj) goto fail;
    sxl_obj *o = s->mem->objs[id];
    memcpy(o->bytes, p->globals[i].init, p->globals[i].size);
    o->ro = (uint8_t)p->globals[i].ro;
  }
  for (uint32_t i = 0; i < p->nfns; i++) {
    uint32_t id = sxl_mem_alloc(&s->mem, OBJ_FUNC, 0, 0, 0);
    if (id != p->fns[i].obj) goto fail;
  }
  if (sxl_prog_translate(p, p->main_fn)) goto fail;
  if (push_frame(s, p, p->main_fn, UINT32_MAX)) goto fail;
  sxl_fn *mf = &p->fns[p->main_fn];
  if (mf->nparams >= 2) {
    /* main(argc, argv): one argument, the program name. */
    uint32_t name = make_cstring(s, "prog");
    uint32_t argv = sxl_mem_alloc(&s->mem, OBJ_GLOBAL, 16, 0, 0);
    if (!name || !argv) goto fail;
    uint64_t a = SXL_ADDR(name, 0);
    memcpy(s->mem->objs[argv]->bytes, &a, 8);
    memset(s->mem->objs[argv]->bytes + 8, 0, 8);
    s->regs[0] = 1;
    s->regs[1] = SXL_ADDR(argv, 0);
  } else if (mf->nparams == 1) {
    s->regs[0] = 1;
  }
  return s;
fail:
  sxl_state_free(s);
  return NULL;
}

sxl_state *sxl_state_clone(sxl_state *s) {
  sxl_state *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  *c = *s;
  c->frames = malloc((s->capframes ? s->capframes : 1) * sizeof *c->frames);
  c->regs = malloc((s->capregs ? s->capregs : 1) * sizeof *c->regs);
  c->sym = malloc((s->capregs ? s->capregs : 1) * sizeof *c->sym);
  c->allocas = malloc((s->capallocas ? s->capallocas : 1) * sizeof *c->allocas);
  c->out = malloc(s->outcap ? s->outcap : 1);
  c->inames = malloc((s->ninames ? s->ninames : 1) * sizeof *c->inames);
  if (!c->frames || !c->regs || !c->sym || !c->allocas || !c->out || !c->inames) {
    free(c->frames);
    free(c->regs);
    free(c->sym);
    free(c->allocas);
    free(c->out);
    free(c->inames);
    free(c);
    return NULL;
  }
  /* empty arrays may be NULL: memcpy must not see them (UB even for 0) */
  if (s->nframes) memcpy(c->frames, s->frames, s->nframes * sizeof *c->frames);
  if (s->nregs) {
    memcpy(c->regs, s->regs, s->nregs * sizeof *c->regs);
    memcpy(c->sym, s->sym, s->nregs * sizeof *c->sym);
  }
  for (uint32_t i = 0; i < s->nregs; i++)
    if (c->sym[i]) symx_expr_retain(c->sym[i]);
  if (s->nallocas) memcpy(c->allocas, s->allocas, s->nallocas * sizeof *c->allocas);
  if (s->outlen) memcpy(c->out, s->out, s->outlen);
  if (!s->outcap) c->outcap = 1;
  for (uint32_t i = 0; i < s->ninames; i++) c->inames[i] = strdup(s->inames[i]);
  c->mem->refs++;
  c->icount = 0;
  return c;
}

void sxl_state_free(sxl_state *s) {
  if (!s) return;
  for (uint32_t i = 0; i < s->nregs; i++) symx_expr_release(s->sym[i]);
  free(s->frames);
  free(s->regs);
  free(s->sym);
  free(s->allocas);
  free(s->out);
  for (uint32_t i = 0; i < s->ninames; i++) free(s->inames[i]);
  free(s->inames);
  sxl_mem_release(s->mem);
  free(s);
}

/* ------------------------------------------------------------------ */
/* Helpers shared with builtins.c (exec_impl.h)                        */
/* ------------------------------------------------------------------ */

void sxl_flush(run *r) {
  if (r->st && r->s->icount) symx_state_step(r->st, r->s->icount);
  r->s->icount = 0;
}

int sxl_fatal(run *r, const char *what) {
  snprintf(r->x->fatal, sizeof r->x->fatal, "%s: %s", what,
           r->ctx ? symx_errmsg(r->ctx) : "");
  return SXL_RUN_FATAL;
}

uint32_t sxl_user_loc(run *r) {
  sxl_state *s = r->s;
  if (!s->nframes) return s->end_loc;
  for (uint32_t i = s->nframes; i > 0; i--) {
    sxl_frame *fr = &s->frames[i - 1];
    sxl_fn *fn = &r->p->fns[fr->fn];
    if (fn->is_libc) continue;
    if (fr->pc < fn->ncode && fn->code[fr->pc].loc) return fn->code[fr->pc].loc;
  }
  sxl_frame *fr = &s->frames[s->nframes - 1];
  sxl_fn *fn = &r->p->fns[fr->fn];
  return fr->pc < fn->ncode ? fn->code[fr->pc].loc : 0;
}

void sxl_where(run *r, const char *desc, char *buf, size_t len) {
  char loc[300];
  sxl_loc_str(r->p, sxl_user_loc(r), loc, sizeof loc);
  snprintf(buf, len, "%s: %s", loc, desc);
}

int sxl_end(run *r, symx_reason reason, symx_error_kind kind, const char *desc, int code) {
  char msg[700], loc[300];
  sxl_loc_str(r->p, sxl_user_loc(r), loc, sizeof loc);
  snprintf(msg, sizeof msg, "%s: %s", loc, desc ? desc : "");
  r->s->exit_code = code;
  sxl_flush(r);
  if (r->x->on_end) r->x->on_end(r->x->end_ud, r->x, r->s, r->st, reason, kind, loc, msg, code);
  if (r->st) {
    if (r->s->newcov) symx_state_covered_new(r->st);
    symx_state_set_location(r->st, loc); /* the test case's "location" */
    if (symx_state_terminate(r->st, reason, kind, msg) != SYMX_OK)
      return sxl_fatal(r, "symx_state_terminate");
  }
  return SXL_RUN_DONE;
}

int sxl_check(run *r, symx_expr *bad, symx_error_kind kind, const char *desc) {
  if (!bad) return sxl_fatal(r, "building a check");
  if (symx_expr_is_const(bad)) {
    int b = symx_expr_const_value(bad) != 0;
    symx_expr_release(bad);
    return b ? sxl_end(r, SYMX_END_ERROR, kind, desc, 0) : SXL_CONTINUE;
  }
  if (!r->st) {
    symx_expr_release(bad);
    return SXL_CONTINUE;
  }
  if (r->s->resume_ok) { /* this check passed before the state was resumed */
    r->s->resume_ok = 0;
    symx_expr_release(bad);
    return SXL_CONTINUE;
  }
  char msg[700], loc[300];
  sxl_where(r, desc, msg, sizeof msg);
  sxl_loc_str(r->p, sxl_user_loc(r), loc, sizeof loc);
  symx_state_set_location(r->st, loc); /* for the error's test case */
  sxl_flush(r);
  r->s->resume_ok = 1;
  r->x->in_check = r->s;
  int rc = symx_state_check(r->st, bad, kind, msg);
  r->x->in_check = NULL;
  symx_expr_release(bad);
  if (rc == SYMX_OK) {
    r->s->resume_ok = 0;
    return SXL_CONTINUE;
  }
  if (rc == SYMX_UNSAT || rc == SYMX_UNKNOWN) return SXL_RUN_YIELD;
  return sxl_fatal(r, "symx_state_check");
}

/* Applies edge e of the top frame of s (phi moves, then the jump). */
void sxl_take_edge(sxl_state *s, sxl_prog *p, uint32_t e) {
  sxl_frame *fr = &s->frames[s->nframes - 1];
  sxl_fn *fn = &p->fns[fr->fn];
  const sxl_edge *ed = &fn->edges[e];
  uint64_t *R = s->regs + fr->base;
  symx_expr **S = s->sym + fr->base;
  if (ed->nmoves) {
    /* Parallel copy: read every source before writing any phi. */
    uint64_t tv[64];
    symx_expr *ts[64];
    const uint32_t *mv = fn->moves + ed->moves;
    uint32_t n = ed->nmoves;
    for (uint32_t done = 0; done < n;) {
      uint32_t k = n - done < 64 ? n - done : 64;
      for (uint32_t i = 0; i < k; i++) {
        uint32_t src = mv[2 * (done + i)];
        tv[i] = R[src];
        ts[i] = S[src] ? symx_expr_retain(S[src]) : NULL;
      }
      for (uint32_t i = 0; i < k; i++) {
        uint32_t dst = mv[2 * (done + i) + 1];
        symx_expr_release(S[dst]);
        R[dst] = tv[i];
        S[dst] = ts[i];
      }
      done += k;
    }
  }
  fr->pc = ed->target;
}

symx_expr *sxl_ex(run *r, uint32_t slot, unsigned w) {
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  symx_expr *e = r->s->sym[fr->base + slot];
  if (e) return symx_expr_retain(e);
  return symx_const(r->ctx, w, r->s->regs[fr->base + slot]);
}

int sxl_set(run *r, uint32_t slot, symx_expr *e) {
  if (!e) return sxl_fatal(r, "building an expression");
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  symx_expr **S = r->s->sym + fr->base;
  uint64_t *R = r->s->regs + fr->base;
  if (symx_expr_is_const(e)) {
    R[slot] = symx_expr_const_value(e);
    symx_expr_release(e);
    e = NULL;
  } else {
    R[slot] = 0;
  }
  symx_expr_release(S[slot]);
  S[slot] = e;
  return SXL_CONTINUE;
}

void sxl_setc(run *r, uint32_t slot, uint64_t v) {
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  symx_expr **S = r->s->sym + fr->base;
  symx_expr_release(S[slot]);
  S[slot] = NULL;
  r->s->regs[fr->base + slot] = v;
}

/* A branch on a symbolic condition: edges et/ef of the top frame. */
static int sym_branch(run *r, symx_expr *cond, uint32_t et, uint32_t ef) {
  if (!r->st) {
    symx_expr_release(cond);
    return sxl_fatal(r, "symbolic branch without an engine");
  }
  symx_state *t = NULL, *f = NULL;
  sxl_flush(r);
  int rc = symx_state_branch(r->st, cond, &t, &f);
  symx_expr_release(cond);
  if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_branch");
  if (t) sxl_take_edge(symx_state_payload(t), r->p, et);
  if (f) sxl_take_edge(symx_state_payload(f), r->p, ef);
  if (t && f) return SXL_RUN_YIELD;
  if ((t && t != r->st) || (f && f != r->st)) return SXL_RUN_YIELD;
  if (!t && !f) return SXL_RUN_YIELD;
  if (symx_state_status(r->st) != SYMX_ST_ACTIVE) return SXL_RUN_YIELD;
  return SXL_CONTINUE;
}

/* ------------------------------------------------------------------ */
/* Symbolic arithmetic (slow path)                                      */
/* ------------------------------------------------------------------ */

static symx_expr *icmp_expr(symx_ctx *c, int pred, symx_expr *a, symx_expr *b) {
  switch (pred) {
  case LLVMIntEQ: return symx_eq(c, a, b);
  case LLVMIntNE: return symx_ne(c, a, b);
  case LLVMIntUGT: return symx_ugt(c, a, b);
  case LLVMIntUGE: return symx_uge(c, a, b);
  case LLVMIntULT: return symx_ult(c, a, b);
  case LLVMIntULE: return symx_ule(c, a, b);
  case LLVMIntSGT: return symx_sgt(c, a, b);
  case LLVMIntSGE: return symx_sge(c, a, b);
  case LLVMIntSLT: return symx_slt(c, a, b);
  default: return symx_sle(c, a, b);
  }
}

static int sym_op(run *r, const sxl_ins *in) {
  symx_ctx *c = r->ctx;
  symx_expr *a, *b, *e = NULL;
  switch (in->op) {
  case OP_ICMP:
    a = sxl_ex(r, in->a, in->w2);
    b = sxl_ex(r, in->b, in->w2);
    e = icmp_expr(c, in->flag, a, b);
    break;
  case OP_TRUNC:
    a = sxl_ex(r, in->a, in->w2);
    e = symx_extract(c, a, in->w - 1u, 0);
    b = NULL;
    break;
  case OP_ZEXT:
    a = sxl_ex(r, in->a, in->w2);
    e = symx_zext(c, a, in->w);
    b = NULL;
    break;
  case OP_SEXT:
    a = sxl_ex(r, in->a, in->w2);
    e = symx_sext(c, a, in->w);
    b = NULL;
    break;
  case OP_MOV:
    a = sxl_ex(r, in->a, in->w);
    e = symx_expr_retain(a);
    b = NULL;
    break;
  case OP_SELECT: {
    symx_expr *cc = sxl_ex(r, in->a, 1);
    a = sxl_ex(r, in->b, in->w);
    b = sxl_ex(r, in->c, in->w);
    e = symx_ite(c, cc, a, b);
    symx_expr_release(cc);
    break;
  }
  default: {
    a = sxl_ex(r, in->a, in->w);
    b = sxl_ex(r, in->b, in->w);
    symx_kind k;
    switch (in->op) {
    case OP_ADD: k = SYMX_K_ADD; break;
    case OP_SUB: k = SYMX_K_SUB; break;
    case OP_MUL: k = SYMX_K_MUL; break;
    case OP_UDIV: k = SYMX_K_UDIV; break;
    case OP_SDIV: k = SYMX_K_SDIV; break;
    case OP_UREM: k = SYMX_K_UREM; break;
    case OP_SREM: k = SYMX_K_SREM; break;
    case OP_AND: k = SYMX_K_AND; break;
    case OP_OR: k = SYMX_K_OR; break;
    case OP_XOR: k = SYMX_K_XOR; break;
    case OP_SHL: k = SYMX_K_SHL; break;
    case OP_LSHR: k = SYMX_K_LSHR; break;
    default: k = SYMX_K_ASHR; break;
    }
    if (in->op >= OP_UDIV && in->op <= OP_SREM) {
      /* Division by zero is the front end's check. */
      symx_expr *zero = symx_const(c, in->w, 0);
      int rc = sxl_check(r, symx_eq(c, b, zero), SYMX_ERR_DIV_ZERO, "division by zero");
      symx_expr_release(zero);
      if (rc != SXL_CONTINUE) {
        symx_expr_release(a);
        symx_expr_release(b);
        return rc;
      }
    }
    e = symx_mk2(c, k, a, b);
    break;
  }
  }
  symx_expr_release(a);
  symx_expr_release(b);
  return sxl_set(r, in->dst, e);
}

/* ------------------------------------------------------------------ */
/* Calls and returns                                                   */
/* ------------------------------------------------------------------ */

static int do_call(run *r, const sxl_ins *in, uint32_t fi) {
  sxl_state *s = r->s;
  sxl_prog *p = r->p;
  sxl_fn *fn = &p->fns[fi];
  if (fn->builtin) return sxl_builtin(r, in, fi);
  if (!fn->defined) {
    char d[300];
    snprintf(d, sizeof d, "call to undefined function '%s'", fn->name);
    sxl_report_unsupported(r, d);
    return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, d, 0);
  }
  if (!fn->translated && sxl_prog_translate(p, fi)) return sxl_fatal(r, "translation");
  sxl_frame *cf = &s->frames[s->nframes - 1];
  uint32_t cbase = cf->base;
  uint32_t nargs = in->c;
  if (nargs < fn->nparams) {
    sxl_report_unsupported(r, "call with too few arguments");
    return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "call with too few arguments", 0);
  }
  const uint32_t *args = p->fns[cf->fn].args + in->imm;
  uint32_t dst = in->dst;
  uint32_t caller_fn = cf->fn;
  if (push_frame(s, p, fi, dst)) return sxl_fatal(r, "out of memory");
  args = p->fns[caller_fn].args + in->imm;
  sxl_frame *nf = &s->frames[s->nframes - 1];
  for (uint32_t i = 0; i < fn->nparams; i++) {
    s->regs[nf->base + i] = s->regs[cbase + args[i]];
    symx_expr *e = s->sym[cbase + args[i]];
    s->sym[nf->base + i] = e ? symx_expr_retain(e) : NULL;
  }
  if (fn->is_vararg && nargs > fn->nparams) {
    uint32_t extra = nargs - fn->nparams;
    uint32_t id = sxl_mem_alloc(&s->mem, OBJ_STACK, 8ull * extra, 0, 1);
    if (!id) return sxl_fatal(r, "out of memory");
    sxl_obj *o = s->mem->objs[id];
    memset(o->bytes, 0, 8ull * extra);
    for (uint32_t i = 0; i < extra; i++) {
      uint32_t slot = cbase + args[fn->nparams + i];
      uint64_t v = s->regs[slot];
      memcpy(o->bytes + 8 * i, &v, 8);
      if (s->sym[slot]) {
        symx_expr *e = symx_expr_retain(s->sym[slot]);
        unsigned w = symx_expr_width(e);
        if (w < 64) {
          symx_expr *z = symx_zext(r->ctx, e, 64);
          symx_expr_release(e);
          e = z;
        }
        int rc = sxl_store_expr(r, id, 8ull * i, e, 8);
        symx_expr_release(e);
        if (rc) return sxl_fatal(r, "vararg");
      }
    }
    s->frames[s->nframes - 1].va_obj = id;
  }
  return SXL_CONTINUE;
}

static void pop_frame(sxl_state *s, sxl_prog *p) {
  sxl_frame *fr = &s->frames[s->nframes - 1];
  for (uint32_t i = s->nallocas; i > fr->alloca0; i--)
    sxl_mem_free_obj(&s->mem, s->allocas[i - 1], 0);
  s->nallocas = fr->alloca0;
  if (fr->va_obj) sxl_mem_free_obj(&s->mem, fr->va_obj, 0);
  uint32_t n = p->fns[fr->fn].nregs;
  symx_expr **S = s->sym + fr->base;
  for (uint32_t i = 0; i < n; i++)
    if (S[i]) symx_expr_release(S[i]);
  s->nregs = fr->base;
  s->nframes--;
}

/* The slot holds a symbolic exit status: fork on its low 8 bits (what a
** native run shows); on each side the slot becomes concrete. Re-executes
** the instruction on the other side. */
int sxl_enum_slot(run *r, uint32_t slot, unsigned bits) {
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  symx_expr *e = r->s->sym[fr->base + slot];
  if (!e) return SXL_CONTINUE;
  if (!r->st) return sxl_fatal(r, "symbolic exit status without an engine");
  symx_ctx *c = r->ctx;
  unsigned w = symx_expr_width(e);
  symx_expr *e8 = w > bits ? symx_extract(c, e, bits - 1, 0)
                  : w < bits ? symx_zext(c, e, bits) : symx_expr_retain(e);
  uint64_t v = 0;
  sxl_flush(r);
  if (!e8 || symx_state_eval(r->st, e8, &v) != SYMX_OK) {
    symx_expr_release(e8);
    return sxl_fatal(r, "exit status");
  }
  symx_expr *cv = symx_const(c, bits, v);
  symx_expr *cond = symx_eq(c, e8, cv);
  symx_expr_release(e8);
  symx_expr_release(cv);
  symx_state *t = NULL, *f = NULL;
  int rc = symx_state_branch(r->st, cond, &t, &f);
  symx_expr_release(cond);
  if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_branch");
  if (t) {
    sxl_state *ts = symx_state_payload(t);
    sxl_frame *tf = &ts->frames[ts->nframes - 1];
    symx_expr_release(ts->sym[tf->base + slot]);
    ts->sym[tf->base + slot] = NULL;
    ts->regs[tf->base + slot] = v;
  }
  if (t == r->st && !f && symx_state_status(r->st) == SYMX_ST_ACTIVE) return SXL_CONTINUE;
  return SXL_RUN_YIELD;
}

/* ------------------------------------------------------------------ */
/* The loop                                                            */
/* ------------------------------------------------------------------ */

static inline uint64_t mask(unsigned w) { return ~0ull >> (64 - w); }
static inline int64_t sext64(uint64_t v, unsigned w) {
  return (int64_t)(v << (64 - w)) >> (64 - w);
}

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

static int concrete_icmp(int pred, uint64_t a, uint64_t b, unsigned w) {
  switch (pred) {
  case LLVMIntEQ: return a == b;
  case LLVMIntNE: return a != b;
  case LLVMIntUGT: return a > b;
  case LLVMIntUGE: return a >= b;
  case LLVMIntULT: return a < b;
  case LLVMIntULE: return a <= b;
  case LLVMIntSGT: return sext64(a, w) > sext64(b, w);
  case LLVMIntSGE: return sext64(a, w) >= sext64(b, w);
  case LLVMIntSLT: return sext64(a, w) < sext64(b, w);
  default: return sext64(a, w) <= sext64(b, w);
  }
}

int sxl_run(sxl_exec *x, sxl_state *s, symx_state *st) {
  run rr = {x, s, st, x->ctx, x->prog};
  run *r = &rr;
  sxl_prog *p = x->prog;
  uint64_t budget = x->quantum ? x->quantum : 1000000;
  uint64_t n = 0;
  if (s->nframes == 0) return SXL_RUN_DONE;

  sxl_frame *fr;
  sxl_fn *fn;
  const sxl_ins *code;
  uint8_t *cov;
  uint64_t *R;
  symx_expr **S;
  uint32_t pc;

#define RELOAD()                                                                    \
  do {                                                                              \
    fr = &s->frames[s->nframes - 1];                                                \
    fn = &p->fns[fr->fn];                                                           \
    code = fn->code;                                                                \
    cov = fn->cov;                                                                  \
    R = s->regs + fr->base;                                                         \
    S = s->sym + fr->base;                                                          \
    pc = fr->pc;                                                                    \
  } while (0)
#define SAVE()                                                                      \
  do {                                                                              \
    fr->pc = pc;                                                                    \
    x->instructions += n;                                                           \
    s->icount += n;                                                                 \
    n = 0;                                                                          \
  } while (0)
  /* Runs a slow-path helper with the state saved; leaves on non-continue. */
#define SLOW(call)                                                                  \
  do {                                                                              \
    SAVE();                                                                         \
    int rc_ = (call);                                                               \
    if (rc_ != SXL_CONTINUE) return rc_;                                            \
    RELOAD();                                                                       \
  } while (0)
#define SETC(d, v)                                                                  \
  do {                                                                              \
    if (S[d]) {                                                                     \
      symx_expr_release(S[d]);                                                      \
      S[d] = NULL;                                                                  \
    }                                                                               \
    R[d] = (v);                                                                     \
  } while (0)
#define BINOP(expr)                                                                 \
  do {                                                                              \
    if (S[in->a] || S[in->b]) {                                                     \
      SLOW(sym_op(r, in));                                                          \
      pc++;                                                                         \
      break;                                                                        \
    }                                                                               \
    uint64_t a = R[in->a], b = R[in->b];                                            \
    SETC(in->dst, (expr) & mask(in->w));                                            \
    pc++;                                                                           \
  } while (0)

  RELOAD();
  for (;;) {
    if (n >= budget) { /* let the searcher choose again */
      SAVE();
      sxl_flush(r);
      return SXL_RUN_YIELD;
    }
    const sxl_ins *in = &code[pc];
    if (!cov[pc]) {
      cov[pc] = 1;
      s->newcov = 1;
    }
    n++;
    switch (in->op) {
    case OP_NOP:
      pc++;
      break;
    case OP_ADD: BINOP(a + b); break;
    case OP_SUB: BINOP(a - b); break;
    case OP_MUL: BINOP(a * b); break;
    case OP_AND: BINOP(a & b); break;
    case OP_OR: BINOP(a | b); break;
    case OP_XOR: BINOP(a ^ b); break;
    case OP_SHL: BINOP(b >= in->w ? 0 : a << b); break;
    case OP_LSHR: BINOP(b >= in->w ? 0 : a >> b); break;
    case OP_ASHR:
      BINOP(b >= in->w ? (uint64_t)(sext64(a, in->w) >> 63)
                       : (uint64_t)(sext64(a, in->w) >> b));
      break;
    case OP_UDIV:
    case OP_SDIV:
    case OP_UREM:
    case OP_SREM: {
      if (S[in->a] || S[in->b]) {
        SLOW(sym_op(r, in));
        pc++;
        break;
      }
      uint64_t a = R[in->a], b = R[in->b], v;
      if (b == 0) {
        SAVE();
        return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_DIV_ZERO, "division by zero", 0);
      }
      unsigned w = in->w;
      if (in->op == OP_UDIV) {
        v = a / b;
      } else if (in->op == OP_UREM) {
        v = a % b;
      } else {
        int64_t sa = sext64(a, w), sb = sext64(b, w);
        if (sb == -1)
          v = in->op == OP_SDIV ? (uint64_t)0 - (uint64_t)sa : 0;
        else
          v = in->op == OP_SDIV ? (uint64_t)(sa / sb) : (uint64_t)(sa % sb);
      }
      SETC(in->dst, v & mask(w));
      pc++;
      break;
    }
    case OP_ICMP:
      if (S[in->a] || S[in->b]) {
        SLOW(sym_op(r, in));
        pc++;
        break;
      }
      SETC(in->dst, (uint64_t)concrete_icmp(in->flag, R[in->a], R[in->b], in->w2));
      pc++;
      break;
    case OP_TRUNC:
    case OP_MOV:
      if (S[in->a]) {
        SLOW(sym_op(r, in));
        pc++;
        break;
      }
      SETC(in->dst, R[in->a] & mask(in->w));
      pc++;
      break;
    case OP_ZEXT:
      if (S[in->a]) {
        SLOW(sym_op(r, in));
        pc++;
        break;
      }
      SETC(in->dst, R[in->a]);
      pc++;
      break;
    case OP_SEXT:
      if (S[in->a]) {
        SLOW(sym_op(r, in));
        pc++;
        break;
      }
      SETC(in->dst, (uint64_t)sext64(R[in->a], in->w2) & mask(in->w));
      pc++;
      break;
    case OP_SELECT:
      if (S[in->a] || S[in->b] || S[in->c]) {
        if (S[in->a]) {
          SLOW(sym_op(r, in));
        } else {
          uint32_t src = R[in->a] ? in->b : in->c;
          uint64_t v = R[src];
          symx_expr *e = S[src] ? symx_expr_retain(S[src]) : NULL;
          symx_expr_release(S[in->dst]);
          R[in->dst] = v;
          S[in->dst] = e;
        }
        pc++;
        break;
      }
      SETC(in->dst, R[in->a] ? R[in->b] : R[in->c]);
      pc++;
      break;
    case OP_BR:
      if (in->flag) n--;
      fr->pc = pc;
      sxl_take_edge(s, p, (uint32_t)in->b);
      pc = fr->pc;
      break;
    case OP_CBR:
      if (S[in->a]) {
        SAVE();
        int rc = sym_branch(r, symx_expr_retain(S[in->a]), in->b, in->c);
        if (rc != SXL_CONTINUE) return rc;
        RELOAD();
        break;
      }
      fr->pc = pc;
      sxl_take_edge(s, p, R[in->a] ? in->b : in->c);
      pc = fr->pc;
      break;
    case OP_SWCASE:
      n--;
      if (S[in->a]) {
        SAVE();
        symx_expr *cv = sxl_ex(r, in->a, in->w), *k = symx_const(r->ctx, in->w, in->imm);
        symx_expr *cond = symx_eq(r->ctx, cv, k);
        symx_expr_release(cv);
        symx_expr_release(k);
        if (!cond) return sxl_fatal(r, "switch");
        /* The false side falls through to the next case. */
        symx_state *t = NULL, *f = NULL;
        sxl_flush(r);
        if (!st) {
          symx_expr_release(cond);
          return sxl_fatal(r, "symbolic switch without an engine");
        }
        int rc = symx_state_branch(st, cond, &t, &f);
        symx_expr_release(cond);
        if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_branch");
        if (t) sxl_take_edge(symx_state_payload(t), p, in->b);
        if (f) {
          sxl_state *fs = symx_state_payload(f);
          fs->frames[fs->nframes - 1].pc++;
        }
        if ((t && f) || (t && t != st) || (f && f != st) || (!t && !f) ||
            symx_state_status(st) != SYMX_ST_ACTIVE)
          return SXL_RUN_YIELD;
        RELOAD();
        break;
      }
      if (R[in->a] == in->imm) {
        fr->pc = pc;
        sxl_take_edge(s, p, in->b);
        pc = fr->pc;
      } else {
        pc++;
      }
      break;
    case OP_CALL: {
      uint32_t fi;
      if (in->flag) {
        uint64_t addr = R[in->a];
        if (S[in->a]) { /* one path per function it can point to */
          SAVE();
          int rc = sxl_enum_slot(r, in->a, 64);
          if (rc != SXL_CONTINUE) return rc;
          RELOAD();
          addr = R[in->a];
        }
        uint32_t id = SXL_ID(addr);
        uint32_t f0 = p->nfns ? p->fns[0].obj : 0;
        if (SXL_OFF(addr) || id < f0 || id >= f0 + p->nfns) {
          SAVE();
          return sxl_end(r, SYMX_END_ERROR,
                         addr ? SYMX_ERR_OUT_OF_BOUNDS : SYMX_ERR_NULL_DEREF,
                         "call through an invalid function pointer", 0);
        }
        fi = id - f0;
      } else {
        fi = in->a;
      }
      SAVE();
      int rc = do_call(r, in, fi);
      if (rc == SXL_RETURNED) {
        RELOAD();
        pc++;
        break;
      }
      if (rc != SXL_CONTINUE) return rc;
      RELOAD();
      break;
    }
    case OP_RET: {
      uint64_t v = 0;
      symx_expr *e = NULL;
      if (s->nframes == 1 && in->a != UINT32_MAX && S[in->a]) {
        /* A symbolic exit status: one path per value it can take. */
        SAVE();
        int rc = sxl_enum_slot(r, in->a, 8);
        if (rc != SXL_CONTINUE) return rc;
        RELOAD();
      }
      if (in->a != UINT32_MAX) {
        v = R[in->a];
        e = S[in->a] ? symx_expr_retain(S[in->a]) : NULL;
      }
      SAVE();
      uint32_t dst = fr->ret_dst;
      if (s->nframes == 1) s->end_loc = in->loc;
      pop_frame(s, p);
      if (s->nframes == 0) {
        int code = (int)(int32_t)v;
        if (e) {
          /* The exit code is shown concrete: the witness's value. */
          uint64_t cv = 0;
          if (st) symx_state_eval(st, e, &cv);
          code = (int)(int32_t)cv;
          symx_expr_release(e);
        }
        return sxl_end(r, SYMX_END_EXIT, SYMX_ERR_NONE, "exit", code);
      }
      RELOAD();
      if (dst != UINT32_MAX) {
        symx_expr_release(S[dst]);
        R[dst] = v;
        S[dst] = e;
      } else {
        symx_expr_release(e);
      }
      pc++;
      break;
    }
    case OP_UNREACHABLE:
      SAVE();
      return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_UNREACHABLE, "reached unreachable code", 0);
    case OP_ALLOCA: {
      uint64_t size = in->imm;
      if (in->a != UINT32_MAX) {
        uint64_t cnt = R[in->a];
        if (S[in->a]) {
          SAVE();
          symx_expr *e = symx_expr_retain(S[in->a]);
          if (!st || symx_state_concretize(st, e, &cnt) != SYMX_OK) {
            symx_expr_release(e);
            return sxl_fatal(r, "concretizing an alloca size");
          }
          symx_expr_release(e);
          RELOAD();
        }
        size *= cnt & mask(in->w2);
      }
      uint32_t id = sxl_mem_alloc(&s->mem, OBJ_STACK, size, in->loc, 1);
      if (!id) {
        SAVE();
        return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "stack allocation failed", 0);
      }
      memset(s->mem->objs[id]->bytes, 0, size);
      if (s->nallocas == s->capallocas) {
        s->capallocas = s->capallocas ? 2 * s->capallocas : 64;
        s->allocas = realloc(s->allocas, s->capallocas * sizeof *s->allocas);
      }
      s->allocas[s->nallocas++] = id;
      SETC(in->dst, SXL_ADDR(id, 0));
      pc++;
      break;
    }
    case OP_LOAD: {
      if (!S[in->a]) {
        uint64_t addr = R[in->a];
        uint32_t id = SXL_ID(addr), off = SXL_OFF(addr);
        sxl_mem *m = s->mem;
        sxl_obj *o;
        if (id < m->n && (o = m->objs[id]) != NULL && o->kind != OBJ_FREED &&
            (uint64_t)off + in->w2 <= o->size && !o->nsym && !o->amode) {
          SETC(in->dst, load_le(o->bytes + off, in->w2) & mask(in->w));
          pc++;
          break;
        }
      }
      SLOW(sxl_mem_load(r, in));
      pc++;
      break;
    }
    case OP_STORE: {
      if (!S[in->a] && !S[in->b]) {
        uint64_t addr = R[in->b];
        uint32_t id = SXL_ID(addr), off = SXL_OFF(addr);
        sxl_mem *m = s->mem;
        sxl_obj *o;
        if (m->refs == 1 && id < m->n && (o = m->objs[id]) != NULL && o->refs == 1 &&
            o->kind != OBJ_FREED && !o->ro && (uint64_t)off + in->w2 <= o->size &&
            !o->nsym && !o->amode && !o->arr) {
          store_le(o->bytes + off, R[in->a], in->w2);
          pc++;
          break;
        }
      }
      SLOW(sxl_mem_store(r, in));
      pc++;
      break;
    }
    case OP_GEPI:
      if (S[in->a]) {
        SAVE();
        symx_expr *b = sxl_ex(r, in->a, 64), *k = symx_const(r->ctx, 64, in->imm);
        int rc = sxl_set(r, in->dst, symx_add(r->ctx, b, k));
        symx_expr_release(b);
        symx_expr_release(k);
        if (rc != SXL_CONTINUE) return rc;
        RELOAD();
        pc++;
        break;
      }
      SETC(in->dst, R[in->a] + in->imm);
      pc++;
      break;
    case OP_GEPV:
      n--;
      if (S[in->dst] || S[in->b]) {
        SAVE();
        symx_ctx *c = r->ctx;
        symx_expr *base = sxl_ex(r, in->dst, 64), *idx = sxl_ex(r, in->b, in->w2);
        if (in->w2 < 64) {
          symx_expr *t = symx_sext(c, idx, 64);
          symx_expr_release(idx);
          idx = t;
        }
        symx_expr *k = symx_const(c, 64, in->imm);
        symx_expr *mul = symx_mul(c, idx, k);
        int rc = sxl_set(r, in->dst, symx_add(c, base, mul));
        symx_expr_release(base);
        symx_expr_release(idx);
        symx_expr_release(k);
        symx_expr_release(mul);
        if (rc != SXL_CONTINUE) return rc;
        RELOAD();
        pc++;
        break;
      }
      R[in->dst] += (uint64_t)sext64(R[in->b], in->w2) * in->imm;
      pc++;
      break;
    case OP_VASTART:
    case OP_VACOPY:
      SLOW(sxl_va(r, in));
      pc++;
      break;
    case OP_UNSUPPORTED:
    default: {
      SAVE();
      const char *msg = in->op == OP_UNSUPPORTED && in->imm < p->nmsgs ? p->msgs[in->imm]
                                                                       : "bad instruction";
      sxl_report_unsupported(r, msg);
      return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, msg, 0);
    }
    }
  }
#undef RELOAD
#undef SAVE
#undef SLOW
#undef SETC
#undef BINOP
}
