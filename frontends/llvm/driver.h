/*
** driver.h — one symx-llvm session: a loaded program explored by the engine
** (or run concretely), with its outputs: outcomes per path, coverage,
** messages and statistics. Used by the symx-llvm command and symx-bench.
*/
#ifndef SXL_DRIVER_H
#define SXL_DRIVER_H

#include "sxl.h"

typedef struct sxl_session {
  symx_ctx *ctx;
  LLVMContextRef llctx;
  sxl_prog *prog;
  sxl_exec x;
  symx_engine *eng;
  FILE *paths;          /* output_dir/paths.jsonl */
  FILE *msgs;           /* output_dir/messages.txt */
  char outdir[2048];
  int exit_on_error;
  int progress;         /* progress line on stderr */
  int quiet;            /* no messages on stderr */
  uint64_t npaths, nerrors;
  uint64_t first_error_instructions; /* instructions when the first error was found */
  int found;
  uint64_t t0_ns;
  double wall_s;
  int last_exit;        /* exit code of the last path (concrete runs) */
  char err[1024];
} sxl_session;

/* Loads and translates program (.c/.ll/.bc) with libc_bc linked (NULL: the
** built-in path; "" = none); opt "-O0"/"-O1". ctx options are read later. */
sxl_session *sxl_session_new(symx_ctx *ctx, const char *program, const char *libc_bc,
                             const char *opt, char *err, size_t errlen);
void sxl_session_free(sxl_session *s);
/* Explores with the engine (options from ctx; seeds may be NULL). Returns
** 0, or -1 with s->err set. */
int sxl_session_explore(sxl_session *s, const symx_seeds *seeds);
/* Runs the program once on concrete inputs (replay may be NULL: zeros). */
int sxl_session_run_concrete(sxl_session *s, const symx_assign *replay);
/* Writes stats.json and coverage.txt into the output directory (if any). */
int sxl_session_finish(sxl_session *s);
/* Covered / total source lines and instructions of the program (not libc). */
void sxl_session_coverage(sxl_session *s, uint64_t *lines, uint64_t *total_lines,
                          uint64_t *ins, uint64_t *total_ins);

#endif
