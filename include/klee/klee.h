/*
** klee/klee.h — KLEE's user API for programs run by symx-llvm, so that
** programs written for KLEE build unchanged (`#include "klee/klee.h"`).
** Written for libsymx: the calls map onto the target API of symx/target.h
** (which declares the common ones) and onto symx-llvm's builtins. Natively,
** libsymx-replay implements them (inputs from $KTEST_FILE).
**
** What each one does under symx-llvm:
**   klee_make_symbolic, klee_assume, klee_range, klee_int, klee_is_symbolic,
**   klee_silent_exit, klee_report_error  as in symx/target.h
**   klee_assert(e)               an "assert" error when e is 0 (__assert_fail)
**   klee_abort()                 an "abort" error
**   klee_get_value_*(v)          one value v may take on this path (the
**                                witness's); the path is not constrained
**   klee_check_memory_access(p, n)  an error unless p..p+n-1 may be read
**   klee_get_obj_size(p)         the size of the object p points into
**   klee_warning(_once)(msg)     a message (once per text for _once)
**   klee_define_fixed_object     unsupported: the path ends with a message
**   klee_set_forking(0)          a symbolic branch takes one side (the
**                                witness's) instead of forking; 1 forks again
**   klee_prefer_cex, klee_print_expr, klee_print_range,
**   klee_mark_global, klee_stack_trace, klee_open_merge, klee_close_merge,
**   klee_alias_function          accepted, no effect
**   klee_is_replay()             0
*/
#ifndef SYMX_KLEE_KLEE_H
#define SYMX_KLEE_KLEE_H

#include <stddef.h>
#include <stdint.h>

#include "symx/target.h"

/* klee_assert uses the C library's __assert_fail, which <assert.h>
** declares only without NDEBUG: include it so, then as the program asked. */
#ifdef NDEBUG
#undef NDEBUG
#include <assert.h>
#define NDEBUG 1
#include <assert.h>
#else
#include <assert.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#define klee_assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))

__attribute__((noreturn)) void klee_abort(void);
void klee_warning(const char *message);
void klee_warning_once(const char *message);

int32_t klee_get_value_i32(int32_t v);
int64_t klee_get_value_i64(int64_t v);
long klee_get_valuel(long v);
long long klee_get_valuell(long long v);
float klee_get_valuef(float v);
double klee_get_valued(double v);

void klee_check_memory_access(const void *addr, size_t size);
size_t klee_get_obj_size(void *ptr);
void klee_define_fixed_object(void *addr, size_t size);

void klee_set_forking(unsigned enable);
void klee_prefer_cex(void *object, uintptr_t condition);
void klee_print_expr(const char *message, ...);
void klee_print_range(const char *name, int value);
void klee_mark_global(void *object);
void klee_stack_trace(void);
void klee_open_merge(void);
void klee_close_merge(void);
void klee_alias_function(const char *name, const char *alias);
int klee_is_replay(void);

#ifdef __cplusplus
}
#endif
#endif
