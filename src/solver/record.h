/*
** record.h — the query recorder (option record_queries): every query that
** reaches a backend is written as an SMT-LIB2 script dir/q%06u.smt2, a
** corpus for benchmarks and bug reports.
*/
#ifndef SX_RECORD_H
#define SX_RECORD_H

#include "expr/expr.h"

/* Writes cs[0..n) as dir/q<seq>.smt2. SYMX_OK, or SYMX_IO / SYMX_NOMEM
** with the error recorded. */
SX_INTERNAL int sx_record_query(symx_ctx *ctx, const char *dir, unsigned seq, sx_expr *const *cs,
                                size_t n);

/* Appends the question "is cs[0..n) && cond satisfiable?" (cond NULL: true)
** as query number seq to each file of the comma-separated list files:
** "; Query seq" and the SMT-LIB2 script for a name ending in .smt2, else
** "# Query seq" and (query [cs...] (Not cond)) (false without cond), valid
** iff the answer is no. SYMX_OK, or SYMX_IO / SYMX_NOMEM with the error
** recorded. */
SX_INTERNAL int sx_log_query(symx_ctx *ctx, const char *files, unsigned seq, sx_expr *const *cs,
                             size_t n, sx_expr *cond);

/* Appends the backend's answer to the query logged last and the time it
** took (ns) to each file of files, as KLEE's logs end each query:
** "; Result: unsat, elapsed 0.012000 s" (# for KQuery). SYMX_OK, or
** SYMX_IO with the error recorded. */
SX_INTERNAL int sx_log_result(symx_ctx *ctx, const char *files, int answer, uint64_t ns);

/* Appends cs[0..n) to the file path as an SMT-LIB2 script between
** "; start Z3 query" and "; end Z3 query", (reset) after its (check-sat)
** so the file reads as one script (option z3_dump_queries). SYMX_OK, or
** SYMX_IO / SYMX_NOMEM with the error recorded. */
SX_INTERNAL int sx_dump_query(symx_ctx *ctx, const char *path, sx_expr *const *cs, size_t n);

#endif
