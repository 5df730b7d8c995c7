/*
** exec_impl.h — what the interpreter's files share: the run context, and
** the slow paths the loop in exec.c calls (path.c: the engine; state.c:
** registers; frames.c: calls; symop.c: symbolic arithmetic; resolve.c and
** access.c: memory; builtins.c: native functions).
*/
#ifndef SXL_EXEC_IMPL_H
#define SXL_EXEC_IMPL_H

#include "sxl.h"

/* Results of slow paths besides SXL_RUN_*: go on at the saved pc, or (calls
** to builtins) go on after the call. */
#define SXL_CONTINUE 2
#define SXL_RETURNED 3

typedef struct run {
  sxl_exec *x;
  sxl_state *s;
  symx_state *st;
  symx_ctx *ctx;
  sxl_prog *p;
} run;

/* path.c */
void sxl_flush(run *r);
int sxl_fatal(run *r, const char *what);
/* The run stops: out of memory (in the front end's own allocations). */
int sxl_oom(run *r);
uint32_t sxl_user_loc(run *r);
void sxl_where(run *r, const char *desc, char *buf, size_t len);
/* The innermost frame. */
static inline sxl_frame *top(run *r) { return &r->s->frames[r->s->nframes - 1]; }
/* Ends the path (location from the innermost user frame). */
int sxl_end(run *r, symx_reason reason, symx_error_kind kind, const char *desc, int code);
/* An error check on bad (consumed); SXL_CONTINUE when the path goes on. */
int sxl_check(run *r, symx_expr *bad, symx_error_kind kind, const char *desc);
/* cond (consumed) added to the path after the call: silently (a path it
** contradicts is dropped), or decided now, an unmet one being the user
** error desc (KLEE's klee_assume). Loop codes. */
int sxl_assume_silent(run *r, symx_expr *cond);
int sxl_require(run *r, symx_expr *cond, const char *desc);
/* Branches on cond (consumed): the true side takes edge et, the false side
** edge ef, where SXL_NEXT is the next instruction (a switch case not taken).
** SXL_CONTINUE when this path goes on (reload its top frame). */
#define SXL_NEXT UINT32_MAX
int sxl_branch(run *r, symx_expr *cond, uint32_t et, uint32_t ef);
/* A switch case's branch (a == its value: edge et, else the next case). */
int sxl_branch_case(run *r, symx_expr *cond, uint32_t et);
/* A whole switch's branch: cond (the witness's destination's) takes edge
** et, the other side runs the switch again (SXL_AGAIN: the same
** instruction) with cond false. */
#define SXL_AGAIN (UINT32_MAX - 1)
int sxl_branch_switch(run *r, symx_expr *cond, uint32_t et);
/* As sxl_branch, with the sides (either may be NULL) for the caller. */
int sxl_branch_sides(run *r, symx_expr *cond, uint32_t et, uint32_t ef, symx_state **t,
                     symx_state **f);
/* changed.c (--changed; sxl.h declares the set) */
/* The site (function, instruction) of the branch or check about to be
** made, tagged new when its line or a side's first block is changed. */
void sxl_changed_site(run *r, uint32_t et, uint32_t ef);
/* e (consumed), tagged SYMX_TAG_NEW when the instruction's line is changed. */
symx_expr *sxl_changed_tag(run *r, symx_expr *e);
/* pathfile.c: a conditional branch (br i1) when paths are recorded or
** replayed (x->write_paths, x->replay_path): concrete (taken: 1 = true
** side), or symbolic (as sxl_branch). */
int sxl_cbr_concrete(run *r, int taken);
int sxl_cbr_symbolic(run *r, symx_expr *cond, uint32_t et, uint32_t ef);
/* Forks on the low bits of the symbolic value in slot: one path per value
** (exit statuses, function pointers). */
int sxl_enum_slot(run *r, uint32_t slot, unsigned bits);
/* An exit status in slot: its low bits concretized under the witness (the
** equality added to the path), or enumerated when x->enum_outputs. */
int sxl_out_slot(run *r, uint32_t slot, unsigned bits);

/* state.c */
/* 0, or -1 when out of memory */
int sxl_take_edge(sxl_state *s, sxl_prog *p, uint32_t e);
/* Slot values of the top frame as expressions (new references). */
symx_expr *sxl_ex(run *r, uint32_t slot, unsigned w);
/* Top-frame slot writes (sxl_set consumes e): SXL_CONTINUE, or the loop's
** code when out of memory. */
int sxl_set(run *r, uint32_t slot, symx_expr *e);
int sxl_setc(run *r, uint32_t slot, uint64_t v);
/* The top frame's slot: its value, its expression (borrowed, NULL: concrete). */
static inline uint64_t sxl_top_val(run *r, uint32_t slot) { return sxl_reg_val(top(r), slot); }
static inline symx_expr *sxl_top_sym(run *r, uint32_t slot) { return sxl_reg_sym(top(r), slot); }

/* frames.c */
int sxl_frame_push(sxl_state *s, sxl_prog *p, uint32_t fi, uint32_t ret_dst);
int sxl_frames_unwind(sxl_state *s, uint32_t depth);
/* A zeroed object of size bytes owned by the top frame: its id, 0 when the
** object cannot be made, SXL_NOMEM when out of memory. */
#define SXL_NOMEM UINT32_MAX
uint32_t sxl_stack_alloc(sxl_state *s, uint64_t size, uint32_t loc);
/* OP_CALL and OP_RET; SXL_RETURNED when the caller goes on after the call. */
int sxl_call(run *r, const sxl_ins *in);
int sxl_ret(run *r, const sxl_ins *in);

/* symop.c: arithmetic, icmp, casts, select (sxl_sym_op) and GEPs with a
** symbolic operand. */
int sxl_sym_op(run *r, const sxl_ins *in);
int sxl_sym_gep(run *r, const sxl_ins *in);

/* fp.c: OP_FP (a symbolic operand is concretized). */
int sxl_fp_op(run *r, const sxl_ins *in);
/* fcmp predicate pred on a and b. */
int sxl_fcmp(int pred, long double a, long double b);
/* Operands an OP_FP sub-operation reads (a, b, c). */
unsigned sxl_fp_arity(int op);
/* fptosi/fptoui of d to w bits as x86-64 code does it. */
uint64_t sxl_fp_to_int(long double d, unsigned w, int is_signed);
/* dst = fneg/fabs/copysign (op) of slots a (and b) as bit operations on
** w-bit values (a symbolic one stays an expression). */
int sxl_fp_sign_bits(run *r, int op, uint32_t a, uint32_t b, uint32_t dst, unsigned w);
/* fp80.c: OP_FP with an x86_fp80 operand or result (slot pairs); an
** x86_fp80's two halves as the host's long double and back. */
int sxl_fp80_op(run *r, const sxl_ins *in);
long double sxl_fp80_value(uint64_t lo, uint64_t hi);
void sxl_fp80_bits(long double x, uint64_t *lo, uint64_t *hi);

/* bi_bits.c: OP_BITS. */
int sxl_bits_op(run *r, const sxl_ins *in);

/* access.c */
int sxl_mem_load(run *r, const sxl_ins *in);
/* mkconcsym.c (--make-concrete-symbolic): whether this concrete load is one
** to replace; the load of v replaced (the fresh value set, its equality
** added to the path). */
int sxl_mcs_draw(run *r);
int sxl_mcs_load(run *r, const sxl_ins *in, uint64_t v);
int sxl_mem_store(run *r, const sxl_ins *in);
int sxl_va(run *r, const sxl_ins *in);
/* Stores e (width 8*n or less, zero-extended) at object id, offset off. */
int sxl_store_expr(run *r, uint32_t id, uint64_t off, symx_expr *e, unsigned n);
/* Byte access at a concrete offset: value (new reference) / store. */
symx_expr *sxl_read_byte(run *r, sxl_obj *o, uint64_t off);
int sxl_write_byte(run *r, uint32_t id, uint64_t off, symx_expr *b);

/* resolve.c */
/* The value of a register, forking once per value it may take (free and
** realloc through a pointer that may point to several objects). */
int sxl_fork_value(run *r, uint32_t slot, uint64_t *v);
/* Resolves a pointer (slot value) for an access of n bytes: *id, and the
** offset concrete (*off, *soff = NULL) or symbolic (*soff, 32-bit). */
int sxl_resolve(run *r, uint64_t addr, symx_expr *sym, uint64_t n, int write,
                uint32_t *id, uint64_t *off, symx_expr **soff);
/* A concrete pointer for a libc-style argument (concretized if symbolic). */
int sxl_concrete(run *r, uint32_t slot, unsigned w, uint64_t *v);
/* lazy.c: object id made at its first access when --entry reserved it
** (SXL_CONTINUE, or the loop's code). */
int sxl_lazy_touch(run *r, uint32_t id);
/* allocsize.c: a symbolic allocation count in slot, sized as KLEE does
** (counts past huge get none: *v UINT64_MAX); SXL_CONTINUE with *v, or
** the path forked (run the instruction again) or ended. */
int sxl_alloc_size(run *r, uint32_t slot, uint64_t huge, uint64_t *v);
/* The slot's value under the path's witness, the path left unconstrained. */
int sxl_witness(run *r, uint32_t slot, uint64_t *v);

/* static.c: a symbolic branch's place, its call path and the engine's
** totals before it */
typedef struct sxl_static_site {
  uint32_t cp, fn, pc;
  uint64_t forks0, ns0;
} sxl_static_site;
/* Whether the branch at r's instruction may no longer fork (1), may (0),
** or -1 out of memory; fills site. */
int sxl_static_capped(run *r, sxl_static_site *site);
/* The forks and solver time since sxl_static_capped, counted for site;
** 0, or -1 out of memory. */
int sxl_static_count(run *r, const sxl_static_site *site);
/* KLEE's warning, once per place, that a branch did not fork. */
void sxl_static_warn(run *r);

/* extcall.c: a call of fn, which has no bitcode, as x->ext_calls says. */
int sxl_extcall(run *r, const sxl_ins *in, const sxl_fn *fn);
/* Inline assembly we cannot run (what: its message), under
** --external-calls=none: the path ends with KLEE's error for it. */
int sxl_asm_disallowed(run *r, const char *what);

/* builtins.c */
int sxl_builtin(run *r, const sxl_ins *in, uint32_t fi);
void sxl_report_unsupported(run *r, const char *msg);

#endif
