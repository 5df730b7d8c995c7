/*
** z3int.h — what the files of the Z3 backend share: the backend instance
** (one reference-counted Z3 context, the per-query translation memo and
** trail), and the translation and model entry points.
*/
#ifndef SX_Z3INT_H
#define SX_Z3INT_H

#include "solver/backend.h"
#include "stack.h"

#include <pthread.h>
#include <z3.h>

#define SX_Z3_FN "z3" /* names the backend in error messages */

/* Inputs up to this size get every byte in a model (model.c). */
#define SX_Z3_MODEL_FULL_MAX ((uint64_t)1 << 20)
/* Bigger inputs: only bytes below this can be bound. */
#define SX_Z3_MODEL_SPARSE_MAX ((uint64_t)1 << 26)
/* sx_z3_extract_model: a model reads a nonzero byte beyond SPARSE_MAX. */
#define SX_Z3_FAR (-1)

typedef struct sx_z3_entry {
  sx_expr *e; /* NULL = free slot */
  Z3_ast bv;  /* bit-vector (or array) form, NULL until needed */
  Z3_ast bl;  /* width 1: Bool form, NULL until needed */
} sx_z3_entry;

/* An input byte read at a constant index, as a Z3 bit-vector constant. */
typedef struct sx_z3_byte {
  sx_expr *input;
  uint64_t idx;
  Z3_ast c;
} sx_z3_byte;

typedef struct sx_z3_store { uint64_t idx; uint8_t val; } sx_z3_store;

struct sx_backend {
  symx_ctx *ctx;
  Z3_context z;     /* NULL until the first query, and after a reset */
  unsigned queries; /* queries on this Z3 context */
  bool dirty;       /* interrupted or failed: recreate the context first */
  Z3_sort bv_sort[65];
  Z3_sort arr_sort[2]; /* index 32, 64 */
  /* per query */
  bool failed;      /* a Z3 error or OOM was recorded */
  bool uses_arrays; /* the query needs Z3 arrays (else it is QF_BV) */
  uint64_t epoch;   /* of the pre-pass marks in the nodes */
  size_t expanded;  /* writes expanded by reads */
  SX_STACK(Z3_ast) trail; /* every AST made, referenced once */
  sx_z3_entry *memo;      /* open addressing by node */
  size_t memo_cap, memo_n;
  SX_STACK(size_t) used;  /* occupied memo slots */
  SX_STACK(uintptr_t) work;
  SX_STACK(sx_z3_byte) bytes;
  SX_STACK(sx_z3_store) st;
  uint8_t *array_mode; /* by input id: 1 = a Z3 array, 0 = one constant per byte */
  size_t array_mode_cap;
  /* the UNSAT core of the last query: a flag per constraint */
  SX_STACK(uint8_t) core;
  bool core_ready;
  /* stop-flag watcher */
  pthread_t thread;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool have_thread, checking, fired, quit;
};

/* Error plumbing: true (and the error recorded) once Z3 reported one. */
SX_INTERNAL bool sx_z3_failed(sx_backend *b);
SX_INTERNAL void sx_z3_oom(sx_backend *b);
/* References a fresh AST until the query ends; NULL on failure. */
SX_INTERNAL Z3_ast sx_z3_keep(sx_backend *b, Z3_ast a);
SX_INTERNAL Z3_sort sx_z3_bv_sort(sx_backend *b, unsigned w);
SX_INTERNAL Z3_sort sx_z3_arr_sort(sx_backend *b, unsigned iw);

/* translate.c: translates cs[0..n) (false and the error recorded on
** failure); then sx_z3_bool gives each root's Bool form. */
SX_INTERNAL bool sx_z3_translate(sx_backend *b, sx_expr *const *cs, size_t n);
SX_INTERNAL Z3_ast sx_z3_bool(sx_backend *b, sx_expr *e);
SX_INTERNAL Z3_ast sx_z3_bv(sx_backend *b, sx_expr *e);
SX_INTERNAL sx_z3_entry *sx_z3_memo_find(sx_backend *b, const sx_expr *e);
SX_INTERNAL const sx_expr *sx_z3_array_root(const sx_expr *a);
/* Forgets the query's translation (releases its ASTs). */
SX_INTERNAL void sx_z3_query_end(sx_backend *b);
SX_INTERNAL void sx_z3_memo_free(sx_backend *b);

/* model.c: binds in model the bytes of every input the query reads.
** SYMX_OK, SX_Z3_FAR, or an error code. */
SX_INTERNAL int sx_z3_extract_model(sx_backend *b, Z3_model m, sx_assign *model);
/* After SX_Z3_FAR: asserts every symbolic read index of a big input below
** SX_Z3_MODEL_SPARSE_MAX. */
SX_INTERNAL bool sx_z3_bound_big_reads(sx_backend *b, Z3_solver s);

#endif
