/*
** translate.c — a function into symx-llvm's instruction array (lazily, on
** its first call): operands become register slots (constants get slots
** too, filled at frame entry), phis become moves on the incoming edges, and
** an instruction we cannot run becomes OP_UNSUPPORTED with its message.
*/
#include "translate.h"
#include "cuts.h"

#include <stdio.h>
#include <string.h>


sxl_ins *sxl_tr_emit(tr *t, int op, int w) {
  sxl_ins *in = &t->scratch;
  if (SXL_GROW(t->code, t->ncode, t->capcode))
    t->oom = 1;
  else
    in = &t->code[t->ncode++];
  memset(in, 0, sizeof *in);
  in->op = (uint8_t)op;
  in->w = (uint8_t)w;
  in->loc = t->loc;
  in->a = in->b = in->c = in->dst = UINT32_MAX;
  return in;
}

sxl_ins *sxl_tr_ins(tr *t, int op, int w, uint32_t dst, uint32_t a, uint32_t b) {
  sxl_ins *o = sxl_tr_emit(t, op, w);
  o->dst = dst;
  o->a = a;
  o->b = b;
  return o;
}

void sxl_tr_mem(tr *t, int store, uint32_t v, uint32_t p, LLVMTypeRef ty) {
  sxl_ins *o = store ? sxl_tr_ins(t, OP_STORE, sxl_type_width(ty), UINT32_MAX, v, p)
                     : sxl_tr_ins(t, OP_LOAD, sxl_type_width(ty), v, p, UINT32_MAX);
  o->w2 = (uint8_t)LLVMStoreSizeOfType(t->p->td, ty);
}

uint32_t sxl_tr_const(tr *t, uint64_t v) {
  for (uint32_t i = 0; i < t->nconst; i++)
    if (t->consts[i] == v) return SLOT_CONST_BASE + i;
  if (SXL_GROW(t->consts, t->nconst, t->capconst)) {
    t->oom = 1;
    return SLOT_CONST_BASE;
  }
  t->consts[t->nconst] = v;
  return SLOT_CONST_BASE + t->nconst++;
}

/* The slot of an operand (constants get constant slots). */
uint32_t sxl_tr_operand(tr *t, LLVMValueRef v) {
  uint32_t s;
  if (sxl_pmap_get(&t->slots, v, &s)) return s;
  if (LLVMIsAConstant(v)) {
    int ok = 1;
    uint64_t c = sxl_const_value(t->p, v, &ok);
    if (!ok) {
      t->bad = 1;
      return sxl_tr_const(t, 0);
    }
    return sxl_tr_const(t, c);
  }
  t->bad = 1;
  return sxl_tr_const(t, 0);
}

/* The phi moves of edge e (from -> to). */
static void edge_moves(tr *t, uint32_t e, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  for (LLVMValueRef in = LLVMGetFirstInstruction(to); in && LLVMIsAPHINode(in);
       in = LLVMGetNextInstruction(in)) {
    unsigned n = LLVMCountIncoming(in);
    for (unsigned i = 0; i < n; i++) {
      if (LLVMGetIncomingBlock(in, i) != from) continue;
      LLVMValueRef v = LLVMGetIncomingValue(in, i);
      unsigned nf = sxl_tr_agg_fields(LLVMTypeOf(in)); /* an aggregate: a move per field */
      int w = sxl_type_width(LLVMTypeOf(in));
      if (!nf && (!w || w > 64)) break; /* the phi itself is unsupported, not this edge */
      uint32_t dst = 0;
      sxl_pmap_get(&t->slots, in, &dst);
      for (unsigned f = 0; f < (nf ? nf : 1); f++) {
        uint32_t src = nf ? sxl_tr_field(t, v, f) : sxl_tr_operand(t, v);
        if (SXL_GROW(t->moves, t->nmoves + 1, t->capmoves)) {
          t->oom = 1;
          return;
        }
        t->moves[t->nmoves++] = src;
        t->moves[t->nmoves++] = dst + f;
        t->edges[e].nmoves++;
      }
      break;
    }
  }
}

uint32_t sxl_tr_edge(tr *t, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  if (SXL_GROW(t->edges, t->nedges, t->capedges) ||
      SXL_GROW(t->edge_block, t->nedges, t->capeb)) {
    t->oom = 1;
    return 0;
  }
  uint32_t e = t->nedges++;
  uint32_t bno = 0;
  sxl_pmap_get(&t->blocks, to, &bno);
  t->edge_block[e] = bno;
  t->edges[e].nmoves = 0;
  t->edges[e].moves = t->nmoves;
  edge_moves(t, e, from, to);
  return e;
}

static const char *opcode_name(LLVMOpcode op) {
  switch (op) {
  case LLVMFAdd: return "fadd";
  case LLVMFSub: return "fsub";
  case LLVMFMul: return "fmul";
  case LLVMFDiv: return "fdiv";
  case LLVMFRem: return "frem";
  case LLVMFNeg: return "fneg";
  case LLVMFCmp: return "fcmp";
  case LLVMFPToUI: return "fptoui";
  case LLVMFPToSI: return "fptosi";
  case LLVMUIToFP: return "uitofp";
  case LLVMSIToFP: return "sitofp";
  case LLVMFPTrunc: return "fptrunc";
  case LLVMFPExt: return "fpext";
  case LLVMExtractValue: return "extractvalue";
  case LLVMInsertValue: return "insertvalue";
  case LLVMExtractElement: return "extractelement";
  case LLVMInsertElement: return "insertelement";
  case LLVMShuffleVector: return "shufflevector";
  case LLVMVAArg: return "va_arg";
  case LLVMInvoke: return "invoke";
  case LLVMLandingPad: return "landingpad";
  case LLVMAtomicRMW: return "atomicrmw";
  case LLVMAtomicCmpXchg: return "cmpxchg";
  case LLVMFence: return "fence";
  case LLVMIndirectBr: return "indirectbr";
  case LLVMCallBr: return "callbr";
  case LLVMLoad: return "load";
  case LLVMStore: return "store";
  case LLVMAlloca: return "alloca";
  case LLVMCall: return "call";
  case LLVMSelect: return "select";
  case LLVMPHI: return "phi";
  case LLVMRet: return "ret";
  case LLVMBitCast: return "bitcast";
  case LLVMICmp: return "icmp";
  case LLVMGetElementPtr: return "getelementptr";
  default: return "instruction";
  }
}

sxl_ins *sxl_tr_unsupported(tr *t, const char *fmt, const char *what) {
  sxl_ins *in = sxl_tr_emit(t, OP_UNSUPPORTED, 0);
  in->imm = sxl_prog_msg(t->p, t->loc, fmt, what);
  if (in->imm == UINT32_MAX) t->oom = 1;
  return in;
}

/* The byval size of call argument i (0: not byval), with SXL_ARG_ALIGN16
** when its alignment is 16 or more. */
static uint32_t byval_size(tr *t, LLVMValueRef in, unsigned i) {
  unsigned kind = LLVMGetEnumAttributeKindForName("byval", 5),
           akind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(in, i + 1, kind),
                   al = LLVMGetCallSiteEnumAttribute(in, i + 1, akind);
  uint64_t size = a ? LLVMABISizeOfType(t->p->td, LLVMGetTypeAttributeValue(a)) : 0;
  if (!size || size >= SXL_ARG_ALIGN16) return 0;
  return (uint32_t)size | (al && LLVMGetEnumAttributeValue(al) >= 16 ? SXL_ARG_ALIGN16 : 0);
}

/* A call with byval or x86_fp80 arguments: a size per argument slot (0 for
** the others, SXL_ARG_FP80 for both of an x86_fp80) follows its argument
** slots (OP_CALL flag 2), so the variadic ones are passed in memory
** (frames.c). 1 when there are any. */
static int byval_sizes(tr *t, LLVMValueRef in, unsigned n) {
  unsigned any = 0;
  uint32_t a0 = t->nargs;
  for (unsigned i = 0; i < n && !t->oom; i++) {
    unsigned ns = sxl_type_slots(LLVMTypeOf(LLVMGetOperand(in, i)));
    uint32_t v = ns == 2 ? SXL_ARG_FP80 : byval_size(t, in, i);
    for (unsigned k = 0; k < ns; k++) {
      if (SXL_GROW(t->args, t->nargs, t->capargs)) {
        t->oom = 1;
        break;
      }
      t->args[t->nargs++] = v;
    }
    any |= v != 0;
  }
  if (!any) t->nargs = a0;
  return any != 0;
}

/* The argument slots of call in (n arguments; an x86_fp80 takes two),
** appended to t->args: 1, or 0 when an argument has a type we cannot pass
** (reported; t->args as before). */
static int call_args(tr *t, LLVMValueRef in, unsigned n) {
  uint32_t a0 = t->nargs;
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef av = LLVMGetOperand(in, i);
    LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(av));
    int aw = sxl_type_width(LLVMTypeOf(av)), fp80 = k == LLVMX86_FP80TypeKind;
    if (!fp80 && (!aw || aw > 64)) {
      sxl_tr_unsupported(t, "unsupported call argument type (%s)",
                         aw ? "integer wider than 64 bits"
                         : k == LLVMStructTypeKind || k == LLVMArrayTypeKind ? "aggregate"
                                                                              : "other");
      t->nargs = a0;
      return 0;
    }
    uint32_t s = fp80 ? sxl_tr_pair(t, av) : sxl_tr_operand(t, av);
    for (int k2 = 0; k2 <= fp80; k2++) {
      if (SXL_GROW(t->args, t->nargs, t->capargs)) {
        t->oom = 1;
        return 0;
      }
      t->args[t->nargs++] = s + (uint32_t)k2;
    }
  }
  return 1;
}

static void tr_call(tr *t, LLVMValueRef in, uint32_t dst, int w) {
  LLVMValueRef callee = LLVMGetCalledValue(in);
  while (LLVMIsAConstantExpr(callee) && LLVMGetConstOpcode(callee) == LLVMBitCast)
    callee = LLVMGetOperand(callee, 0);
  if (LLVMIsAInlineAsm(callee)) {
    sxl_tr_asm(t, callee);
    return;
  }
  unsigned n = LLVMGetNumArgOperands(in);
  int fi = LLVMIsAFunction(callee) ? sxl_fn_index(t->p, callee) : -1;
  if (fi >= 0) {
    int bi = t->p->fns[fi].builtin;
    if (bi == BI_IGNORE) return;
  }
  /* Argument slots first (operands may add constants). */
  uint32_t a0 = t->nargs;
  if (!call_args(t, in, n)) return;
  uint32_t nslots = t->nargs - a0;
  int byval = byval_sizes(t, in, n);
  sxl_ins *ci = sxl_tr_emit(t, OP_CALL, w);
  ci->dst = dst;
  ci->imm = a0;
  ci->c = nslots;
  ci->flag = (uint8_t)(byval ? 2 : 0);
  if (fi >= 0) {
    ci->a = (uint32_t)fi;
  } else {
    ci->flag |= 1;
    ci->a = sxl_tr_operand(t, callee);
  }
}


/* ---------------- instructions ---------------- */

/* Each returns 1 when the instruction is translated (or reported
** unsupported with its own message), 0 when tr_inst should report it. */

static int arith_op(LLVMOpcode op) {
  switch (op) {
  case LLVMAdd: return OP_ADD;
  case LLVMSub: return OP_SUB;
  case LLVMMul: return OP_MUL;
  case LLVMUDiv: return OP_UDIV;
  case LLVMSDiv: return OP_SDIV;
  case LLVMURem: return OP_UREM;
  case LLVMSRem: return OP_SREM;
  case LLVMAnd: return OP_AND;
  case LLVMOr: return OP_OR;
  case LLVMXor: return OP_XOR;
  case LLVMShl: return OP_SHL;
  case LLVMLShr: return OP_LSHR;
  default: return OP_ASHR;
  }
}

static int tr_arith(tr *t) {
  if (t->tk != LLVMIntegerTypeKind) return 0;
  uint32_t a = sxl_tr_operand(t, LLVMGetOperand(t->in, 0)), b = sxl_tr_operand(t, LLVMGetOperand(t->in, 1));
  sxl_ins *o = sxl_tr_emit(t, arith_op(t->op), t->w);
  o->dst = t->dst;
  o->a = a;
  o->b = b;
  return 1;
}

static int tr_icmp(tr *t) {
  int ow = sxl_type_width(LLVMTypeOf(LLVMGetOperand(t->in, 0)));
  if (!ow || ow > 64) return 0;
  uint32_t a = sxl_tr_operand(t, LLVMGetOperand(t->in, 0)), b = sxl_tr_operand(t, LLVMGetOperand(t->in, 1));
  sxl_ins *o = sxl_tr_emit(t, OP_ICMP, 1);
  o->dst = t->dst;
  o->a = a;
  o->b = b;
  o->w2 = (uint8_t)ow;
  o->flag = (uint8_t)LLVMGetICmpPredicate(t->in);
  return 1;
}

static int tr_cast(tr *t) {
  LLVMValueRef src = LLVMGetOperand(t->in, 0);
  int w = t->w, sw = sxl_type_width(LLVMTypeOf(src));
  if (!w || !sw || sw > 64) return 0;
  uint32_t a = sxl_tr_operand(t, src);
  int iop = t->op == LLVMSExt ? OP_SEXT : sw > w ? OP_TRUNC : sw < w ? OP_ZEXT : OP_MOV;
  sxl_ins *o = sxl_tr_emit(t, iop, w);
  o->dst = t->dst;
  o->a = a;
  o->w2 = (uint8_t)sw;
  return 1;
}

static int tr_select(tr *t) {
  if (!t->w) return 0;
  LLVMValueRef cv = LLVMGetOperand(t->in, 0);
  if (sxl_type_width(LLVMTypeOf(cv)) != 1) return 0;
  uint32_t c = sxl_tr_operand(t, cv), a = sxl_tr_operand(t, LLVMGetOperand(t->in, 1)),
           b = sxl_tr_operand(t, LLVMGetOperand(t->in, 2));
  sxl_ins *o = sxl_tr_emit(t, OP_SELECT, t->w);
  o->dst = t->dst;
  o->a = c;
  o->b = a;
  o->c = b;
  return 1;
}

static int tr_br(tr *t) {
  sxl_ins *o;
  if (LLVMIsConditional(t->in)) {
    uint32_t c = sxl_tr_operand(t, LLVMGetCondition(t->in));
    uint32_t et = sxl_tr_edge(t, t->bb, LLVMGetSuccessor(t->in, 0));
    uint32_t ef = sxl_tr_edge(t, t->bb, LLVMGetSuccessor(t->in, 1));
    o = sxl_tr_emit(t, OP_CBR, 0);
    o->a = c;
    o->b = et;
    o->c = ef;
  } else {
    uint32_t e = sxl_tr_edge(t, t->bb, LLVMGetSuccessor(t->in, 0));
    o = sxl_tr_emit(t, OP_BR, 0);
    o->b = e;
  }
  return 1;
}

/* A switch: one OP_SWCASE per case, then the default as an OP_BR. */
/* KLEE's --switch-type=simple: one OP_SWCASE per case, in order. */
static void switch_simple(tr *t, uint32_t c, int cw, unsigned nops) {
  for (unsigned i = 2; i + 1 < nops; i += 2) {
    int ok = 1;
    uint64_t v = sxl_const_value(t->p, LLVMGetOperand(t->in, i), &ok);
    uint32_t e = sxl_tr_edge(t, t->bb, LLVMValueAsBasicBlock(LLVMGetOperand(t->in, i + 1)));
    sxl_ins *o = sxl_tr_emit(t, OP_SWCASE, cw);
    o->a = c;
    o->imm = v;
    o->b = e;
  }
}

typedef struct swcase {
  uint64_t v;
  LLVMBasicBlockRef to;
} swcase;

static int by_value(const void *a, const void *b) {
  uint64_t x = ((const swcase *)a)->v, y = ((const swcase *)b)->v;
  return x < y ? -1 : x > y;
}

/* KLEE's --switch-type=internal (its default): one fork per destination
** block, not per case; destinations in the order of their smallest case
** value; cases that go where the default goes are left to it. Each is an
** OP_SWCASE (flag 1) over its values' constant slots in t->args; on a
** symbolic value the first one decides the whole switch. */
static void switch_internal(tr *t, uint32_t c, int cw, unsigned nops) {
  unsigned n = (nops - 2) / 2, k = 0;
  LLVMBasicBlockRef dflt = LLVMValueAsBasicBlock(LLVMGetOperand(t->in, 1));
  swcase *cs = calloc(n + 1, sizeof *cs);
  if (!cs) {
    t->oom = 1;
    return;
  }
  for (unsigned i = 2; i + 1 < nops; i += 2) {
    int ok = 1;
    cs[k].v = sxl_const_value(t->p, LLVMGetOperand(t->in, i), &ok);
    cs[k].to = LLVMValueAsBasicBlock(LLVMGetOperand(t->in, i + 1));
    if (cs[k].to != dflt) k++;
  }
  qsort(cs, k, sizeof *cs, by_value);
  for (unsigned i = 0; i < k && !t->oom; i++) {
    if (!cs[i].to) continue; /* taken by an earlier destination */
    sxl_ins *o = sxl_tr_emit(t, OP_SWCASE, cw);
    o->a = c;
    o->flag = i == 0 ? 3 : 1; /* 2: the switch's head (exec.c, switch_witness) */
    o->imm = t->nargs;
    o->b = sxl_tr_edge(t, t->bb, cs[i].to);
    LLVMBasicBlockRef to = cs[i].to;
    for (unsigned j = i; j < k; j++) {
      if (cs[j].to != to) continue;
      if (SXL_GROW(t->args, t->nargs, t->capargs)) {
        t->oom = 1;
        break;
      }
      t->args[t->nargs++] = sxl_tr_const(t, cs[j].v);
      cs[j].to = NULL;
    }
    if (t->oom) break;
    o = &t->code[t->ncode - 1]; /* emit's array may have moved (sxl_tr_const does not emit) */
    o->c = t->nargs - (uint32_t)o->imm;
  }
  free(cs);
}

/* The first case of a switch or indirectbr from head on counts it (flag 4). */
static void count_head(tr *t, uint32_t head) {
  if (!t->oom && head < t->ncode && t->code[head].op == OP_SWCASE) t->code[head].flag |= 4;
}

static int tr_switch(tr *t) {
  LLVMValueRef cv = LLVMGetOperand(t->in, 0);
  int cw = sxl_type_width(LLVMTypeOf(cv));
  if (!cw || cw > 64) return 0;
  uint32_t c = sxl_tr_operand(t, cv);
  unsigned nops = (unsigned)LLVMGetNumOperands(t->in);
  uint32_t head = t->ncode;
  if (t->p->switch_type == SXL_SWITCH_SIMPLE) switch_simple(t, c, cw, nops);
  else switch_internal(t, c, cw, nops);
  uint32_t e = sxl_tr_edge(t, t->bb, LLVMValueAsBasicBlock(LLVMGetOperand(t->in, 1)));
  sxl_ins *o = sxl_tr_emit(t, OP_BR, 0);
  o->b = e;
  /* the switch counts once, at its first instruction: a case, or this
  ** branch when all go to the default */
  o->flag = t->ncode - 1 > head;
  count_head(t, head);
  return 1;
}

/* indirectbr: a case per destination on its block address; an address
** that is none of them is unreachable (LLVM: undefined). */
static int tr_indirectbr(tr *t) {
  uint32_t a = sxl_tr_operand(t, LLVMGetOperand(t->in, 0));
  unsigned n = LLVMGetNumSuccessors(t->in);
  uint32_t head = t->ncode;
  for (unsigned i = 0; i < n; i++) {
    LLVMBasicBlockRef to = LLVMGetSuccessor(t->in, i);
    int ok = 1;
    uint64_t addr = sxl_block_address(t->p, t->fn->ref, to, &ok);
    uint32_t e = sxl_tr_edge(t, t->bb, to);
    sxl_ins *o = sxl_tr_emit(t, OP_SWCASE, 64);
    o->a = a;
    o->imm = addr;
    o->b = e;
  }
  count_head(t, head);
  sxl_tr_emit(t, OP_UNREACHABLE, 0)->flag = 1;
  return 1;
}

static int tr_ret(tr *t) {
  uint32_t a = UINT32_MAX;
  if (LLVMGetNumOperands(t->in) > 0) {
    LLVMValueRef rv = LLVMGetOperand(t->in, 0);
    int rw = sxl_type_width(LLVMTypeOf(rv));
    if (!rw || rw > 64) return 0;
    a = sxl_tr_operand(t, rv);
  }
  sxl_ins *o = sxl_tr_emit(t, OP_RET, 0);
  o->a = a;
  return 1;
}

static int tr_alloca(tr *t) {
  uint64_t sz = LLVMABISizeOfType(t->p->td, LLVMGetAllocatedType(t->in));
  LLVMValueRef cnt = LLVMGetOperand(t->in, 0);
  uint32_t a = UINT32_MAX;
  if (LLVMIsAConstantInt(cnt))
    sz *= LLVMConstIntGetZExtValue(cnt);
  else
    a = sxl_tr_operand(t, cnt);
  sxl_ins *o = sxl_tr_emit(t, OP_ALLOCA, 64);
  o->dst = t->dst;
  o->a = a;
  o->imm = sz;
  o->w2 = a == UINT32_MAX ? 0 : (uint8_t)sxl_type_width(LLVMTypeOf(cnt));
  return 1;
}

static int tr_load(tr *t) {
  if (!t->w) return 0;
  uint32_t a = sxl_tr_operand(t, LLVMGetOperand(t->in, 0));
  sxl_ins *o = sxl_tr_emit(t, OP_LOAD, t->w);
  o->dst = t->dst;
  o->a = a;
  o->w2 = (uint8_t)LLVMStoreSizeOfType(t->p->td, t->ty);
  return 1;
}

/* A store of value slot a (width w) with type vt. */
static void emit_store(tr *t, uint32_t a, int w, LLVMTypeRef vt) {
  uint32_t b = sxl_tr_operand(t, LLVMGetOperand(t->in, 1));
  sxl_ins *o = sxl_tr_emit(t, OP_STORE, w);
  o->a = a;
  o->b = b;
  o->w2 = (uint8_t)LLVMStoreSizeOfType(t->p->td, vt);
}

static int tr_store(tr *t) {
  LLVMValueRef v = LLVMGetOperand(t->in, 0);
  LLVMTypeRef vt = LLVMTypeOf(v);
  int vw = sxl_type_width(vt);
  if (vw && vw <= 64) {
    emit_store(t, sxl_tr_operand(t, v), vw, vt);
    return 1;
  }
  t->tk = LLVMGetTypeKind(vt); /* what the message names */
  return 0;
}

/* A GEP's variable index: slot * scale, sign-extended from w bits. */
typedef struct gep_var {
  uint32_t slot;
  uint64_t scale;
  int w;
} gep_var;

/* Walks the indices of a GEP: constant ones add to *coff, variable ones go
** to var[] (at most 32); returns how many. */
static unsigned gep_indices(tr *t, int64_t *coff, gep_var *var) {
  unsigned n = (unsigned)LLVMGetNumOperands(t->in), nvar = 0;
  LLVMTypeRef cur = LLVMGetGEPSourceElementType(t->in);
  for (unsigned i = 1; i < n; i++) {
    LLVMValueRef iv = LLVMGetOperand(t->in, i);
    uint64_t scale;
    if (i == 1) {
      scale = LLVMABISizeOfType(t->p->td, cur);
    } else if (LLVMGetTypeKind(cur) == LLVMStructTypeKind) {
      int ok = 1;
      unsigned fi = (unsigned)sxl_const_value(t->p, iv, &ok);
      *coff += (int64_t)LLVMOffsetOfElement(t->p->td, cur, fi);
      cur = LLVMStructGetTypeAtIndex(cur, fi);
      continue;
    } else if (LLVMGetTypeKind(cur) == LLVMArrayTypeKind) {
      cur = LLVMGetElementType(cur);
      scale = LLVMABISizeOfType(t->p->td, cur);
    } else {
      t->bad = 1;
      break;
    }
    if (LLVMIsAConstantInt(iv)) {
      int iw = sxl_type_width(LLVMTypeOf(iv));
      uint64_t v = LLVMConstIntGetZExtValue(iv);
      int64_t s = iw < 64 ? (int64_t)(v << (64 - iw)) >> (64 - iw) : (int64_t)v;
      *coff += s * (int64_t)scale;
    } else if (nvar < 32) {
      var[nvar++] = (gep_var){sxl_tr_operand(t, iv), scale, sxl_type_width(LLVMTypeOf(iv))};
    } else {
      t->bad = 1;
    }
  }
  return nvar;
}

/* OP_GEPI with the constant offset, then an OP_GEPV per variable index. */
static int tr_gep(tr *t) {
  if (t->tk != LLVMPointerTypeKind) return 0;
  uint32_t base = sxl_tr_operand(t, LLVMGetOperand(t->in, 0));
  int64_t coff = 0;
  gep_var var[32];
  unsigned nvar = gep_indices(t, &coff, var);
  sxl_ins *o = sxl_tr_emit(t, OP_GEPI, 64);
  o->dst = t->dst;
  o->a = base;
  o->imm = (uint64_t)coff;
  for (unsigned i = 0; i < nvar; i++) {
    o = sxl_tr_emit(t, OP_GEPV, 64);
    o->dst = t->dst;
    o->b = var[i].slot;
    o->imm = var[i].scale;
    o->w2 = (uint8_t)var[i].w;
    o->flag = 1; /* part of the GEP: not counted */
  }
  return 1;
}

/* va_start and va_copy get instructions of their own; 0 for other calls. */
static int tr_va(tr *t, LLVMValueRef callee) {
  size_t len;
  const char *nm = LLVMGetValueName2(callee, &len);
  sxl_ins *o;
  if (strcmp(nm, "llvm.va_start") == 0) {
    o = sxl_tr_emit(t, OP_VASTART, 0);
    o->a = sxl_tr_operand(t, LLVMGetOperand(t->in, 0));
    return 1;
  }
  if (strcmp(nm, "llvm.va_copy") == 0) {
    uint32_t a = sxl_tr_operand(t, LLVMGetOperand(t->in, 0)), b = sxl_tr_operand(t, LLVMGetOperand(t->in, 1));
    o = sxl_tr_emit(t, OP_VACOPY, 0);
    o->a = a;
    o->b = b;
    return 1;
  }
  return 0;
}

static int tr_callinst(tr *t) {
  LLVMValueRef callee = LLVMGetCalledValue(t->in);
  unsigned nf = sxl_tr_agg_fields(t->ty); /* an aggregate result: fields from dst on */
  if (nf) t->w = sxl_type_width(sxl_tr_agg_type(t->ty, 0));
  if (t->tk != LLVMVoidTypeKind && (!t->w || t->w > 64)) {
    size_t len = 0;
    const char *nm = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "call";
    char what[200];
    snprintf(what, sizeof what, "call to '%s' (non-integer result)", nm);
    sxl_tr_unsupported(t, "unsupported %s", what);
    return 1;
  }
  if (LLVMIsAFunction(callee) && tr_va(t, callee)) return 1;
  if (LLVMIsAFunction(callee) &&
      sxl_tr_fp_call(t, callee, LLVMGetValueName2(callee, &(size_t){0})))
    return 1;
  tr_call(t, t->in, t->dst, t->w);
  return 1;
}

/* The message of an instruction no handler translated. */
static void tr_unsupported(tr *t) {
  LLVMOpcode op = t->op;
  LLVMTypeKind tk = t->tk;
  char what[160];
  if (tk == LLVMX86_FP80TypeKind || tk == LLVMFP128TypeKind || tk == LLVMHalfTypeKind)
    snprintf(what, sizeof what, "'%s' on %s", opcode_name(op),
             tk == LLVMX86_FP80TypeKind ? "x86_fp80 (long double)"
                                        : tk == LLVMHalfTypeKind ? "half" : "fp128");
  else if (op == LLVMFAdd || op == LLVMFSub || op == LLVMFMul || op == LLVMFDiv || op == LLVMFRem ||
      op == LLVMFNeg || op == LLVMFCmp || op == LLVMFPToUI || op == LLVMFPToSI ||
      op == LLVMUIToFP || op == LLVMSIToFP || op == LLVMFPTrunc || op == LLVMFPExt ||
      tk == LLVMFloatTypeKind || tk == LLVMDoubleTypeKind)
    snprintf(what, sizeof what, "'%s' (floating point)", opcode_name(op));
  else if (tk == LLVMStructTypeKind || tk == LLVMArrayTypeKind || tk == LLVMVectorTypeKind)
    snprintf(what, sizeof what, "'%s' on an aggregate or vector value", opcode_name(op));
  else
    snprintf(what, sizeof what, "'%s'", opcode_name(op));
  sxl_tr_unsupported(t, "unsupported instruction %s", what);
}

static int tr_op(tr *t) {
  switch (t->op) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv:
  case LLVMURem: case LLVMSRem: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMShl: case LLVMLShr: case LLVMAShr: return tr_arith(t);
  case LLVMICmp: return tr_icmp(t);
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMPtrToInt: case LLVMIntToPtr:
  case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMFreeze: return tr_cast(t);
  case LLVMSelect: return tr_select(t) || sxl_tr_agg(t);
  case LLVMPHI: return t->w != 0 || sxl_tr_agg(t); /* moves on the incoming edges */
  case LLVMExtractValue: case LLVMInsertValue: return sxl_tr_agg(t);
  case LLVMAtomicRMW: case LLVMAtomicCmpXchg: return sxl_tr_atomic(t);
  case LLVMFence: sxl_tr_emit(t, OP_NOP, 0); return 1; /* one thread: nothing to order */
  case LLVMBr: return tr_br(t);
  case LLVMSwitch: return tr_switch(t);
  case LLVMIndirectBr: return tr_indirectbr(t);
  case LLVMRet: return tr_ret(t) || sxl_tr_agg(t);
  case LLVMUnreachable: sxl_tr_emit(t, OP_UNREACHABLE, 0); return 1;
  case LLVMAlloca: return tr_alloca(t);
  case LLVMLoad: return tr_load(t) || sxl_tr_agg(t);
  case LLVMStore: return tr_store(t) || sxl_tr_agg(t);
  case LLVMGetElementPtr: return tr_gep(t);
  case LLVMCall: return tr_callinst(t);
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem: case LLVMFNeg:
  case LLVMFCmp: case LLVMFPToUI: case LLVMFPToSI: case LLVMUIToFP: case LLVMSIToFP:
  case LLVMFPTrunc: case LLVMFPExt: return sxl_tr_fp(t, opcode_name(t->op));
  default: return 0;
  }
}

static void tr_inst(tr *t, LLVMValueRef in, LLVMBasicBlockRef bb) {
  t->in = in;
  t->bb = bb;
  t->op = LLVMGetInstructionOpcode(in);
  t->ty = LLVMTypeOf(in);
  t->tk = LLVMGetTypeKind(t->ty);
  t->w = sxl_type_width(t->ty);
  t->dst = UINT32_MAX;
  sxl_pmap_get(&t->slots, in, &t->dst);
  if (sxl_prog_loc(t->p, in, &t->loc)) t->oom = 1;
  int wide = sxl_tr_wide(t); /* i80: a long double's bits */
  if (wide >= 0) {
    if (!wide)
      sxl_tr_unsupported(t, "unsupported 80-bit integer operation '%s'", opcode_name(t->op));
    return;
  }
  if (t->tk == LLVMIntegerTypeKind && t->w > 64) {
    char what[64];
    snprintf(what, sizeof what, "%d-bit integer arithmetic", t->w);
    sxl_tr_unsupported(t, "unsupported %s", what);
    return;
  }
  if (!tr_op(t)) tr_unsupported(t);
}

/* ---------------- functions ---------------- */

/* An instruction with an operand we cannot translate is unsupported. */
static void translate_one(tr *t, LLVMValueRef in, LLVMBasicBlockRef bb) {
  t->bad = 0;
  uint32_t before = t->ncode;
  tr_inst(t, in, bb);
  if (!t->bad) return;
  t->ncode = before;
  char what[300];
  snprintf(what, sizeof what, "%s", opcode_name(LLVMGetInstructionOpcode(in)));
  if (getenv("SXL_DEBUG")) { /* the message shows the instruction */
    char *str = LLVMPrintValueToString(in);
    snprintf(what, sizeof what, "%s (%s)", opcode_name(LLVMGetInstructionOpcode(in)), str);
    LLVMDisposeMessage(str);
  }
  sxl_tr_unsupported(t, "unsupported operand in %s", what);
}

/* Instructions [first, ncode) came from in (--debug-print-instructions). */
static void keep_src(tr *t, uint32_t first, LLVMValueRef in) {
  while (t->capsrc < t->ncode) {
    uint32_t cap = t->capsrc ? t->capsrc * 2 : 64;
    LLVMValueRef *n = realloc(t->src, cap * sizeof *n);
    if (!n) {
      t->oom = 1;
      return;
    }
    t->src = n;
    t->capsrc = cap;
  }
  for (uint32_t i = first; i < t->ncode; i++) t->src[i] = in;
}

/* Instructions the coverage figures leave out, so that they count what
** KLEE's run.istats counts of the program once symx-stats has left out
** its llvm.dbg.* calls: those calls, unconditional branches (KLEE's CFG
** simplification merges most of their blocks away) and the intrinsics
** KLEE's module has no instruction for (its IntrinsicCleaner erases them). */
static int uncounted(LLVMValueRef in) {
  static const char *const erased[] = {
      "llvm.dbg.",       "llvm.lifetime.",     "llvm.stacksave",  "llvm.stackrestore",
      "llvm.assume",     "llvm.expect",        "llvm.objectsize", "llvm.is.constant",
      "llvm.var.annotation", "llvm.ptr.annotation", "llvm.annotation", "llvm.invariant.",
      "llvm.experimental.noalias.scope.decl", "llvm.prefetch", "llvm.pcmarker"};
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  if (op == LLVMBr) return !LLVMIsConditional(in);
  if (op != LLVMCall) return 0;
  LLVMValueRef f = LLVMGetCalledValue(in);
  size_t n;
  const char *name = LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
  for (size_t k = 0; k < sizeof erased / sizeof erased[0]; k++)
    if (strncmp(name, erased[k], strlen(erased[k])) == 0) return 1;
  return 0;
}

/* Coverage counts LLVM instructions, as KLEE's istats do: the first of
** in's instructions [first, ncode) stands for in and for the instructions
** of its block before it that made none (*owed: phis, no-op casts, ignored
** intrinsics), which run whenever it does; uncounted ones count for
** nothing. */
static void count_inst(tr *t, uint32_t first, LLVMValueRef in, uint32_t *owed) {
  if (t->capninst < t->ncode + 1) {
    uint32_t cap = t->capninst ? t->capninst : 64;
    while (cap < t->ncode + 1) cap *= 2;
    uint16_t *n = realloc(t->ninst, cap * sizeof *n);
    if (!n) {
      t->oom = 1;
      return;
    }
    memset(n + t->capninst, 0, (cap - t->capninst) * sizeof *n);
    t->ninst = n;
    t->capninst = cap;
  }
  *owed += !uncounted(in);
  if (t->ncode > first && *owed) {
    uint32_t v = t->ninst[first] + *owed;
    t->ninst[first] = (uint16_t)(v > UINT16_MAX ? UINT16_MAX : v);
    *owed = 0;
  }
}

static void translate_blocks(tr *t) {
  uint32_t b = 0, owed = 0, kept = 0; /* code before an instruction's own is kept as its */
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(t->fn->ref); bb;
       bb = LLVMGetNextBasicBlock(bb)) {
    uint32_t start = t->block_start[b++] = t->ncode;
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in && !t->oom;
         in = LLVMGetNextInstruction(in)) {
      uint32_t first = t->ncode;
      translate_one(t, in, bb);
      if (t->p->keep_src) keep_src(t, kept, in);
      kept = t->ncode;
      count_inst(t, first, in, &owed);
    }
    if (owed && t->ncode > start && !t->oom) { /* after its last one: ran with it */
      t->ninst[t->ncode - 1] = (uint16_t)(t->ninst[t->ncode - 1] + owed);
      owed = 0;
    }
  }
}

/* Final slot layout: params, constants, values; the tags become slots. */
static inline void remap(uint32_t *s, uint32_t np, uint32_t nc) {
  if (*s == UINT32_MAX) return;
  if (*s >= SLOT_CONST_BASE * 2)
    *s = *s - SLOT_CONST_BASE * 2 + nc;
  else if (*s >= SLOT_CONST_BASE)
    *s = *s - SLOT_CONST_BASE + np;
}

static void remap_slots(tr *t) {
  uint32_t np = t->fn->nparams, nc = t->nconst;
  for (uint32_t i = 0; i < t->ncode; i++) {
    sxl_ins *in = &t->code[i];
    remap(&in->dst, np, nc);
    if (!(in->op == OP_CALL && !(in->flag & 1))) remap(&in->a, np, nc); /* a: callee index */
    if (in->op != OP_CBR && in->op != OP_BR && in->op != OP_SWCASE)
      remap(&in->b, np, nc); /* b: an edge */
    if (in->op != OP_CBR && in->op != OP_CALL && in->op != OP_SWCASE)
      remap(&in->c, np, nc); /* c: edge, count */
  }
  for (uint32_t i = 0; i < t->nmoves; i++) remap(&t->moves[i], np, nc);
  for (uint32_t i = 0; i < t->nargs; i++) remap(&t->args[i], np, nc);
  for (uint32_t e = 0; e < t->nedges; e++) t->edges[e].target = t->block_start[t->edge_block[e]];
}

/* The function takes the translation's arrays (with coverage flags). */
static int install(tr *t) {
  sxl_fn *fn = t->fn;
  if (!(fn->cov = calloc(t->ncode + 1, 1))) return -1;
  if (!(fn->hits = calloc(t->ncode + 1, sizeof *fn->hits))) return -1;
  fn->code = t->code;
  fn->ncode = t->ncode;
  fn->consts = t->consts;
  fn->nconst = t->nconst;
  fn->nregs = fn->nparams + t->nconst + t->nvals;
  fn->edges = t->edges;
  fn->nedges = t->nedges;
  fn->moves = t->moves;
  fn->args = t->args;
  fn->src = t->src;
  fn->ninst = t->ninst;
  fn->translated = 1;
  return 0;
}

int sxl_prog_translate(sxl_prog *p, uint32_t fi) {
  sxl_fn *fn = &p->fns[fi];
  if (fn->translated) return 0;
  tr t;
  memset(&t, 0, sizeof t);
  t.p = p;
  t.fn = fn;
  uint32_t nb = sxl_tr_number_values(&t);
  t.block_start = calloc(nb + 1, sizeof *t.block_start);
  if (!t.block_start) t.oom = 1;
  if (!t.oom) translate_blocks(&t);
  if (!t.oom) remap_slots(&t);
  int rc = t.oom || install(&t) ? -1 : 0;
  if (rc) { /* the function stays untranslated */
    free(t.code);
    free(t.consts);
    free(t.edges);
    free(t.moves);
    free(t.args);
    free(t.src);
    free(t.ninst);
  }
  if (!rc && p->cuts && sxl_cut_apply(p, fi, t.block_start, nb, t.edge_block)) rc = -1;
  free(t.edge_block);
  free(t.block_start);
  sxl_pmap_free(&t.slots);
  sxl_pmap_free(&t.blocks);
  return rc;
}
