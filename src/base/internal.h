/*
** internal.h — definitions shared by every libsymx source file: visibility
** of internal symbols, and the context structure that everything hangs off.
*/
#ifndef SX_INTERNAL_H
#define SX_INTERNAL_H

#include "symx.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Internal cross-file symbols are hidden from the shared library. */
#if defined(__GNUC__)
#define SX_INTERNAL __attribute__((visibility("hidden")))
#else
#define SX_INTERNAL
#endif

#define SX_UNUSED(x) ((void)(x))
#define SX_LIKELY(x) __builtin_expect(!!(x), 1)
#define SX_UNLIKELY(x) __builtin_expect(!!(x), 0)

#include "options.h"
#include "stats.h"
#include "rng.h"

struct sx_expr_table;   /* src/expr: the hash-consing table */
struct sx_solver_shared; /* src/solver: caches shared by the solvers of a ctx */

struct symx_ctx {
  symx_alloc_fn alloc;
  void *alloc_ud;
  int errcode;
  char errmsg[512];
  volatile int interrupted; /* stop flag */
  sx_options opts;
  sx_stats stats;
  char *opt_str[SX_OPT_COUNT_]; /* values of string options (owned) */
  struct sx_expr_table *exprs;
  struct sx_solver_shared *solver;
  void (*solver_shared_free)(symx_ctx *ctx); /* set by src/solver */
  uint8_t tag_extra; /* symx_expr_tag: tag flags the next node made gets */
};

#endif
