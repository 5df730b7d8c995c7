/*
** builtins.c — functions the interpreter implements natively (program.c
** names them): each builtin's handler and the least number of arguments it
** takes, and the helpers the handlers share.
*/
#include "builtins.h"


void sxl_report_unsupported(run *r, const char *msg) {
  if (r->x->on_message) r->x->on_message(r->x->end_ud, msg);
}

void sxl_bi_cstr(run *r, uint64_t addr, char *buf, size_t len) {
  size_t i = 0;
  sxl_mem *m = r->s->mem;
  uint32_t id = SXL_ID(addr);
  uint64_t off = SXL_OFF(addr);
  sxl_obj *o = id && id < m->n ? sxl_mem_get(m, id) : NULL;
  if (o && o->kind != OBJ_FREED && !o->amode)
    for (; i + 1 < len && off + i < o->size; i++) {
      char ch = sxl_shadow_get(o, off + i) ? '?' : (char)sxl_bytes_get(o, off + i);
      if (!ch) break;
      buf[i] = ch;
    }
  buf[i] = 0;
}

int sxl_bi_ret(sxl_bcall *c, uint64_t v) {
  const sxl_ins *in = c->in;
  if (in->dst != UINT32_MAX &&
      sxl_setc(c->r, in->dst, in->w && in->w < 64 ? v & ((1ull << in->w) - 1) : v) != SXL_CONTINUE)
    return SXL_RUN_FATAL;
  return SXL_RETURNED;
}

int sxl_bi_args(sxl_bcall *c, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    int rc = sxl_concrete(c->r, c->args[i], 64, &c->a[i]);
    if (rc != SXL_CONTINUE) return rc;
  }
  return SXL_CONTINUE;
}

int sxl_bi_fork(sxl_bcall *c, unsigned i) { return sxl_fork_value(c->r, c->args[i], &c->a[i]); }

static const struct {
  sxl_bi_fn fn;
  uint32_t need; /* arguments */
} table[BI_COUNT_] = {
    [BI_MAKE_SYMBOLIC] = {sxl_bi_make_symbolic, 0},
    [BI_KLEE_MAKE_SYMBOLIC] = {sxl_bi_make_symbolic, 0},
    [BI_ASSUME] = {sxl_bi_assume, 1},
    [BI_KLEE_ASSUME] = {sxl_bi_klee_assume, 1},
    [BI_RANGE] = {sxl_bi_range, 3},
    [BI_INT] = {sxl_bi_int, 1},
    [BI_SILENT_EXIT] = {sxl_bi_silent_exit, 0},
    [BI_MALLOC] = {sxl_bi_malloc, 1},
    [BI_CALLOC] = {sxl_bi_calloc, 2},
    [BI_REALLOC] = {sxl_bi_realloc, 2},
    [BI_FREE] = {sxl_bi_free, 1},
    [BI_USABLE_SIZE] = {sxl_bi_usable_size, 1},
    [BI_MEMCPY] = {sxl_bi_memcpy, 3},
    [BI_MEMMOVE] = {sxl_bi_memcpy, 3},
    [BI_MEMSET] = {sxl_bi_memset, 3},
    [BI_WRITE] = {sxl_bi_write, 3},
    [BI_OUT_VALUE] = {sxl_bi_out_value, 1},
    [BI_EXIT] = {sxl_bi_exit, 1},
    [BI_ABORT] = {sxl_bi_abort, 0},
    [BI_ASSERT_FAIL] = {sxl_bi_assert_fail, 0},
    [BI_REPORT_ERROR] = {sxl_bi_report_error, 0},
    [BI_IGNORE] = {sxl_bi_ignore, 0},
    [BI_STACKSAVE] = {sxl_bi_stacksave, 0},
    [BI_STACKRESTORE] = {sxl_bi_stackrestore, 1},
    [BI_BITREVERSE] = {sxl_bi_bits, 1},
    [BI_EXPECT] = {sxl_bi_expect, 1},
    [BI_UMAX] = {sxl_bi_minmax, 2},
    [BI_UMIN] = {sxl_bi_minmax, 2},
    [BI_SMAX] = {sxl_bi_minmax, 2},
    [BI_SMIN] = {sxl_bi_minmax, 2},
    [BI_ABS] = {sxl_bi_minmax, 1},
    [BI_IS_SYMBOLIC] = {sxl_bi_is_symbolic, 1},
    [BI_HOST_STAT] = {sxl_bi_host_stat, 3},
    [BI_HOST_READ] = {sxl_bi_host_read, 4},
    [BI_INPUT_ENTRY] = {sxl_bi_input_entry, 3},
    [BI_BSWAP] = {sxl_bi_bits, 1},
    [BI_CTPOP] = {sxl_bi_bits, 1},
    [BI_CTLZ] = {sxl_bi_bits, 1},
    [BI_CTTZ] = {sxl_bi_bits, 1},
    [BI_FSHL] = {sxl_bi_bits, 3},
    [BI_FSHR] = {sxl_bi_bits, 3},
    [BI_SADDO] = {sxl_bi_arith, 2},
    [BI_UADDO] = {sxl_bi_arith, 2},
    [BI_SSUBO] = {sxl_bi_arith, 2},
    [BI_USUBO] = {sxl_bi_arith, 2},
    [BI_SMULO] = {sxl_bi_arith, 2},
    [BI_UMULO] = {sxl_bi_arith, 2},
    [BI_SADDSAT] = {sxl_bi_arith, 2},
    [BI_UADDSAT] = {sxl_bi_arith, 2},
    [BI_SSUBSAT] = {sxl_bi_arith, 2},
    [BI_USUBSAT] = {sxl_bi_arith, 2},
    [BI_GET_VALUE] = {sxl_bi_get_value, 1},
    [BI_CHECK_ACCESS] = {sxl_bi_check_access, 2},
    [BI_OBJ_SIZE] = {sxl_bi_obj_size, 1},
    [BI_WARNING] = {sxl_bi_warning, 1},
    [BI_WARNING_ONCE] = {sxl_bi_warning, 1},
    [BI_FIXED_OBJECT] = {sxl_bi_fixed_object, 2},
    [BI_OBJECTSIZE] = {sxl_bi_objectsize, 1},
    [BI_IS_CONSTANT] = {sxl_bi_objectsize, 0},
    [BI_NOP] = {sxl_bi_nop, 0},
    [BI_SETJMP] = {sxl_bi_setjmp, 1},
    [BI_LONGJMP] = {sxl_bi_longjmp, 2},
    [BI_SET_FORKING] = {sxl_bi_set_forking, 1},
    [BI_LAZY_POINTER] = {sxl_bi_lazy_pointer, 4},
};

int sxl_builtin(run *r, const sxl_ins *in, uint32_t fi) {
  int id = r->p->fns[fi].builtin;
  if (id <= BI_NONE || id >= BI_COUNT_ || !table[id].fn)
    return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "unknown builtin", 0);
  if (in->c < table[id].need)
    return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "builtin called with too few arguments", 0);
  sxl_bcall c = {r, in, r->p->fns[top(r)->fn].args + in->imm, in->c, id, {0, 0, 0, 0}};
  return table[id].fn(&c);
}
