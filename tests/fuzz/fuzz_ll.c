/*
** fuzz_ll.c — libFuzzer harness of symx-llvm's .ll reader: LLVM's text IR
** parser (sxl_load_ir) and our translation of the module (sxl_prog_new,
** then sxl_prog_translate of every defined function). A rejection must say
** why; a translated function must only name registers, edges, callees,
** argument lists and messages that exist, since the interpreter indexes
** with them unchecked. Bitcode is left to LLVM's own fuzzers.
*/
#include "fuzz.h"
#include "sxl.h"

static void check_slot(const sxl_fn *f, uint32_t s, uint32_t i, const char *what) {
  FUZZ_CHECK(s == UINT32_MAX || s < f->nregs, "%s: instruction %u (op %d): %s slot %u of %u", f->name, i,
             f->code[i].op, what, s, f->nregs);
}

static void check_edge(const sxl_fn *f, uint32_t e, uint32_t i) {
  FUZZ_CHECK(e < f->nedges, "%s: instruction %u: edge %u of %u", f->name, i, e, f->nedges);
}

static void check_fn(const sxl_prog *p, const sxl_fn *f, uint32_t nargs) {
  for (uint32_t i = 0; i < f->ncode; i++) {
    const sxl_ins *in = &f->code[i];
    FUZZ_CHECK(in->op < OP_COUNT_, "%s: instruction %u: op %d", f->name, i, in->op);
    FUZZ_CHECK(in->loc < p->nlocs, "%s: instruction %u: location %u of %u", f->name, i, in->loc, p->nlocs);
    check_slot(f, in->dst, i, "dst");
    switch (in->op) {
    case OP_BR: check_edge(f, in->b, i); break;
    case OP_CBR:
      check_slot(f, in->a, i, "condition");
      check_edge(f, in->b, i);
      check_edge(f, in->c, i);
      break;
    case OP_SWCASE:
      check_slot(f, in->a, i, "switch value");
      check_edge(f, in->b, i);
      break;
    case OP_CALL:
      if (in->flag) check_slot(f, in->a, i, "callee");
      else FUZZ_CHECK(in->a < p->nfns, "%s: instruction %u: callee %u of %u", f->name, i, in->a, p->nfns);
      FUZZ_CHECK(in->imm + in->c <= nargs, "%s: instruction %u: arguments past the list", f->name, i);
      for (uint32_t k = 0; k < in->c; k++) check_slot(f, f->args[in->imm + k], i, "argument");
      break;
    case OP_UNSUPPORTED:
      FUZZ_CHECK(in->imm < p->nmsgs, "%s: instruction %u: message %llu of %u", f->name, i,
                 (unsigned long long)in->imm, p->nmsgs);
      break;
    default:
      check_slot(f, in->a, i, "a");
      check_slot(f, in->b, i, "b");
      check_slot(f, in->c, i, "c");
    }
  }
  uint32_t nmoves = 0;
  for (uint32_t e = 0; e < f->nedges; e++) {
    const sxl_edge *ed = &f->edges[e];
    FUZZ_CHECK(ed->target < f->ncode, "%s: edge %u targets %u of %u", f->name, e, ed->target, f->ncode);
    FUZZ_CHECK(ed->moves == nmoves, "%s: edge %u: moves not contiguous", f->name, e);
    for (uint32_t k = 0; k < 2 * ed->nmoves; k++)
      FUZZ_CHECK(f->moves[ed->moves + k] < f->nregs, "%s: edge %u: move slot %u", f->name, e,
                 f->moves[ed->moves + k]);
    nmoves += 2 * ed->nmoves;
  }
}

/* Argument list entries of a translated function: the calls use [imm, imm+c). */
static uint32_t args_used(const sxl_fn *f) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < f->ncode; i++)
    if (f->code[i].op == OP_CALL && f->code[i].imm + f->code[i].c > n)
      n = (uint32_t)(f->code[i].imm + f->code[i].c);
  return n;
}

static void translate_all(sxl_prog *p) {
  FUZZ_CHECK(p->main_fn < p->nfns && p->fns[p->main_fn].defined, "main %u", p->main_fn);
  for (uint32_t i = 0; i < p->nfns; i++) {
    sxl_fn *f = &p->fns[i];
    if (!f->defined) continue;
    FUZZ_CHECK(!sxl_prog_translate(p, i), "%s: translation failed", f->name);
    FUZZ_CHECK(f->translated, "%s: not marked translated", f->name);
    check_fn(p, f, args_used(f));
  }
  char buf[64];
  for (uint32_t l = 0; l < p->nlocs; l++) sxl_loc_str(p, l, buf, sizeof buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size >= 4 && ((data[0] == 'B' && data[1] == 'C') || (data[0] == 0xde && data[1] == 0xc0)))
    return 0; /* bitcode (or its wrapper) */
  LLVMContextRef c = LLVMContextCreate();
  LLVMModuleRef m = NULL;
  char err[512] = "";
  if (sxl_load_ir((const char *)data, size, "fuzz.ll", c, &m, err, sizeof err)) {
    FUZZ_CHECK(err[0], "rejected without a reason");
  } else {
    sxl_prog *p = sxl_prog_new(c, m, err, sizeof err);
    if (!p) FUZZ_CHECK(err[0], "translation rejected without a reason");
    else translate_all(p);
    sxl_prog_free(p);
  }
  LLVMContextDispose(c);
  return 0;
}
