/*
** symx/target.h — the target-side API: what a C program under symx-llvm
** calls to declare symbolic input and constraints. The same names work
** natively when linked with libsymx-replay (inputs then come from the
** .ktest file named by the KTEST_FILE environment variable).
** KLEE's names are provided too, so KLEE's examples run unchanged.
*/
#ifndef SYMX_TARGET_H
#define SYMX_TARGET_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Makes the size bytes at addr symbolic: an input named name. */
void symx_make_symbolic(void *addr, size_t size, const char *name);
/* Adds cond != 0 to the path (paths where it cannot hold are dropped). */
void symx_assume(uintptr_t cond);
/* A symbolic int in [lo, hi). */
int symx_range(int lo, int hi, const char *name);
/* A symbolic int. */
int symx_int(const char *name);
/* 1 when v is symbolic on this path (always 0 natively). */
unsigned symx_is_symbolic(uintptr_t v);

/* KLEE's spelling. */
void klee_make_symbolic(void *addr, size_t size, const char *name);
void klee_assume(uintptr_t cond);
int klee_range(int lo, int hi, const char *name);
int klee_int(const char *name);
unsigned klee_is_symbolic(uintptr_t v);
void klee_silent_exit(int status);
void klee_report_error(const char *file, int line, const char *message,
                       const char *suffix);

#ifdef __cplusplus
}
#endif
#endif
