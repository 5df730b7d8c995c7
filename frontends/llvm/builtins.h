/*
** builtins.h — what the builtins' files share: a call's arguments, the
** helpers that read them, and the handlers by family (bi_target.c: the
** target API; bi_heap.c: malloc & co.; bi_memory.c: memcpy, memset;
** bi_process.c: output and the program's end; bi_intrin.c, bi_bits.c:
** LLVM intrinsics; bi_klee.c: KLEE's other intrinsics). builtins.c dispatches.
*/
#ifndef SXL_BUILTINS_H
#define SXL_BUILTINS_H

#include "exec_impl.h"

/* A call of a builtin. */
typedef struct sxl_bcall {
  run *r;
  const sxl_ins *in;
  const uint32_t *args; /* argument slots in the caller's frame */
  uint32_t nargs;       /* at least what the builtin's table entry asks */
  int id;               /* enum sxl_builtin */
  uint64_t a[4];        /* arguments made concrete (sxl_bi_args, sxl_bi_fork) */
} sxl_bcall;

/* A handler: SXL_RETURNED when the call returned (its result set), else
** what the loop does (SXL_CONTINUE: the handler moved the pc itself). */
typedef int (*sxl_bi_fn)(sxl_bcall *c);

/* Arguments 0..n-1 made concrete into c->a (a symbolic one concretized). */
int sxl_bi_args(sxl_bcall *c, unsigned n);
/* Argument i concrete into c->a[i], one path per value it may take. */
int sxl_bi_fork(sxl_bcall *c, unsigned i);
/* Returns v (cut to the call's width). */
int sxl_bi_ret(sxl_bcall *c, uint64_t v);
/* The NUL-terminated string at a concrete address (symbolic bytes read '?'). */
void sxl_bi_cstr(run *r, uint64_t addr, char *buf, size_t len);

/* bi_memory.c: memmove of n bytes between resolved ranges; 0 or -1. */
int sxl_bi_copy(run *r, uint32_t did, uint64_t doff, uint32_t sid, uint64_t soff, uint64_t n);

int sxl_bi_make_symbolic(sxl_bcall *c);
int sxl_bi_assume(sxl_bcall *c);
int sxl_bi_klee_assume(sxl_bcall *c);
int sxl_bi_range(sxl_bcall *c);
int sxl_bi_int(sxl_bcall *c);
int sxl_bi_is_symbolic(sxl_bcall *c);
int sxl_bi_silent_exit(sxl_bcall *c);
int sxl_bi_malloc(sxl_bcall *c);
int sxl_bi_calloc(sxl_bcall *c);
int sxl_bi_realloc(sxl_bcall *c);
int sxl_bi_free(sxl_bcall *c);
int sxl_bi_usable_size(sxl_bcall *c);
int sxl_bi_memcpy(sxl_bcall *c); /* and memmove */
int sxl_bi_memset(sxl_bcall *c);
int sxl_bi_write(sxl_bcall *c);
int sxl_bi_out_value(sxl_bcall *c);
int sxl_bi_exit(sxl_bcall *c);
int sxl_bi_abort(sxl_bcall *c);
int sxl_bi_assert_fail(sxl_bcall *c);
int sxl_bi_report_error(sxl_bcall *c);
int sxl_bi_stacksave(sxl_bcall *c);
int sxl_bi_stackrestore(sxl_bcall *c);
int sxl_bi_ignore(sxl_bcall *c);
int sxl_bi_expect(sxl_bcall *c);
int sxl_bi_minmax(sxl_bcall *c); /* umax, umin, smax, smin, abs */
int sxl_bi_host_stat(sxl_bcall *c); /* bi_host.c */
int sxl_bi_host_read(sxl_bcall *c);
int sxl_bi_input_entry(sxl_bcall *c);
/* bi_bits.c */
int sxl_bi_bits(sxl_bcall *c);  /* bitreverse, bswap, ctpop, ctlz, cttz, fshl, fshr */
int sxl_bi_arith(sxl_bcall *c); /* *.with.overflow, *.sat */
/* bi_klee.c */
int sxl_bi_get_value(sxl_bcall *c);
int sxl_bi_check_access(sxl_bcall *c);
int sxl_bi_obj_size(sxl_bcall *c);
int sxl_bi_warning(sxl_bcall *c);
int sxl_bi_fixed_object(sxl_bcall *c);
int sxl_bi_objectsize(sxl_bcall *c); /* and llvm.is.constant */
int sxl_bi_nop(sxl_bcall *c);
int sxl_bi_set_forking(sxl_bcall *c);

/* lazy.c */
int sxl_bi_lazy_pointer(sxl_bcall *c);

/* bi_target.c: a fresh input of nbytes (<= 8) named after base, its value
** read little-endian into *v (concrete mode: the replayed bytes); the
** bytes [id:off, +size) filled with a fresh input named after base. Both
** return SXL_CONTINUE or what the loop does (the path ended). */
int sxl_input_value(run *r, const char *base, unsigned nbytes, symx_expr **v);
int sxl_input_fill(run *r, uint32_t id, uint64_t off, uint64_t size, const char *base);

/* bi_setjmp.c */
int sxl_bi_setjmp(sxl_bcall *c);
int sxl_bi_longjmp(sxl_bcall *c);

#endif
