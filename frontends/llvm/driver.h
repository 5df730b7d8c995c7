/*
** driver.h — one symx-llvm session: a loaded program explored by the engine
** (or run concretely), with its outputs: outcomes per path, coverage,
** messages and statistics. Used by the symx-llvm command and symx-bench.
*/
#ifndef SXL_DRIVER_H
#define SXL_DRIVER_H

#include "distance.h"
#include "sxl.h"

/* Called for every test case the engine reports (duplicates included). */
typedef void (*sxl_test_hook)(void *ud, symx_state *st, const symx_test *t);

/* Statistics over time (statlog.c): OUTDIR/run.stats.jsonl. */
typedef struct sxl_statlog {
  FILE *f;              /* open while the run explores */
  int off;              /* --output-stats=false: no file */
  int64_t interval_ms;  /* --stats-write-interval: a record this often (0: not by time) */
  uint64_t every_ins;   /* --stats-write-after-instructions: one per N (0: not by count) */
  uint64_t t0_ns, next_ns, next_ins;
  uint64_t records;     /* written so far */
} sxl_statlog;
/* Errors grouped by location (errlocs.c): the paths that ended with an
** error of kind at loc ("file.c:12"), the number of the first one's test
** (0 until known). */
typedef struct sxl_errloc {
  int kind; /* symx_error_kind */
  char *loc;
  uint64_t hash; /* of kind and loc: compared first */
  uint64_t paths;
  uint32_t test;
} sxl_errloc;
typedef struct sxl_errlocs {
  sxl_errloc *v;
  size_t n, cap;
} sxl_errlocs;
/* One more error path of kind at loc: 1 when it is the first there, 0 when
** not, -1 when out of memory (not counted). */
int sxl_errlocs_add(sxl_errlocs *e, int kind, const char *loc);
/* The test case of the first error of kind at loc, once known. */
void sxl_errlocs_set_test(sxl_errlocs *e, int kind, const char *loc, uint32_t test);
/* The error paths counted. */
uint64_t sxl_errlocs_paths(const sxl_errlocs *e);
/* The summary, a line per location, each line after prefix; nothing
** when there is no error. */
void sxl_errlocs_print(const sxl_errlocs *e, FILE *f, const char *prefix);
/* As a JSON array of {"error", "location", "paths", "test"}. */
void sxl_errlocs_json(const sxl_errlocs *e, FILE *f);
void sxl_errlocs_free(sxl_errlocs *e);

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
  uint32_t exit_kinds;  /* bit k: stop at the first error of kind k */
  int progress;         /* progress line on stderr */
  int quiet;            /* no messages on stderr */
  int warnings_to_file; /* warnings only in messages.txt (KLEE's --warnings-only-to-file) */
  uint64_t npaths, nerrors;
  sxl_errlocs errlocs;  /* the error paths by location */
  int all_errors;       /* option emit_all_errors: a message for every error path */
  int errors_once;      /* yet one message per location (the AFL peer keeps every crash) */
  uint64_t first_error_instructions; /* instructions when the first error was found */
  int found;
  uint64_t t0_ns, t0_cpu_ns;
  double wall_s, cpu_s; /* the run's elapsed and CPU time (stats.json) */
  int last_exit;        /* exit code of the last path (concrete runs) */
  sxl_test_hook test_hook; /* may be NULL */
  void *test_ud;
  /* called between steps every PROGRESS_HOOK_MS or so; nonzero ends the
  ** exploration (the AFL peer's stall); may be NULL */
  int (*progress_hook)(void *ud);
  void *progress_ud;
  uint64_t progress_ns; /* when the last progress line was printed */
  int outputs_open;     /* paths.jsonl / messages.txt opened (once per session) */
  symx_weight_fn weight; /* the "weighted" searcher's weight (may be NULL) */
  sxl_statlog statlog;
  int in_next;          /* inside symx_engine_next: an error test there is a revived error side */
  sxl_distance *dist;   /* --target: the targets and distances (NULL: none) */
  int stop_at_targets;  /* the run ends when every target is reached */
  uint32_t last_test;   /* the number of the last test case reported */
  int print_distances;  /* --print-distances: each picked state's on stdout */
  const char *origin;   /* the function the paths start from (--entry; NULL: main) */
  struct sxl_ccbse *ccbse; /* --search ccbse, mix-ccbse running (ccbse.c), or NULL */
  int side_origin;      /* CCBSE runs an origin other than main: its errors are not counted */
  int directed_cut;     /* a limit ended CCBSE with its target not reached */
  char err[1024];
} sxl_session;

/* The bitcode file of a --libc choice (min, full, uclibc = full, none = "",
** or a path), found into buf (datadir.h); NULL with the reason in err when
** it is unavailable. */
const char *sxl_libc_path(const char *name, char *buf, size_t buflen, char *err, size_t errlen);
/* Loads and translates program (.c/.ll/.bc) with libc_bc linked (NULL: the
** built-in path; "" = none); opt "-O0"/"-O1", or clang's flags for a .c one a line ("-O2\n-Iinc\n-DX=1\n"; the
** last -O wins). ctx options are read later. */
sxl_session *sxl_session_new(symx_ctx *ctx, const char *program, const char *libc_bc,
                             const char *opt, char *err, size_t errlen);
/* A change of the linked module before it is translated (--function-alias):
** 0, or -1 with err set. */
typedef int (*sxl_module_hook)(void *ud, LLVMModuleRef m, char *err, size_t errlen);
/* As sxl_session_new for n input files linked into one program
** (sxl_load_files), whose entry function is entry (NULL: main); posix_main:
** the environment runtime's main runs first (--posix-runtime; posix_link.c);
** hook (may be NULL) runs on the linked module. */
sxl_session *sxl_session_open(symx_ctx *ctx, const char *const *programs, int n,
                              const char *libc_bc, const char *opt, const char *entry,
                              int posix_main, sxl_module_hook hook, void *hook_ud, char *err,
                              size_t errlen);
/* main's arguments: the program's name then argv[0..argc), and its
** environment from environ_file (NAME=VALUE lines; NULL: symx-llvm's own,
** as KLEE's). The ktest
** files record them. Returns 0, or -1 with s->err set. */
int sxl_session_set_args(sxl_session *s, const char *name, int argc, char **argv,
                         const char *environ_file);
/* The environment runtime linked into m (posix_link.c): its system calls
** when the program calls __symx_syscall, its main when posix_main (the
** program's main renamed __symx_user_main). 0, or -1 with err set. */
/* Frees what sxl_session_set_args made (sxl_session_free does it). */
void sxl_session_free_args(sxl_session *s);
int sxl_posix_link(LLVMContextRef c, LLVMModuleRef m, int posix_main, char *err, size_t errlen);
void sxl_session_free(sxl_session *s);
/* Explores with the engine (options from ctx; seeds may be NULL). Returns
** 0, or -1 with s->err set. May be called again: each call explores from
** the start with a new engine (the previous one is freed). */
int sxl_session_explore(sxl_session *s, const symx_seeds *seeds);
/* Now in ms on the clock --max-time is measured on (libsymx's time_clock:
** the process's CPU time, or monotonic wall time), for drivers that bound
** a run of several engines (ccbse.c, cutsession.c). */
uint64_t sxl_clock_ms(symx_ctx *ctx);
/* sxl_session_explore in parts, for drivers of several engines (ccbse.c):
** begin (outputs opened, limits read), an engine made as explore makes it
** and started on a new initial state (of s->prog->main_fn) as s->eng (NULL
** with s->err set), one state of s->eng picked and run (0; 1: no state
** left; -1 with s->err set), the end (the wall time). */
int sxl_session_begin(sxl_session *s);
symx_engine *sxl_session_engine(sxl_session *s, const symx_seeds *seeds);
int sxl_session_step(sxl_session *s);
void sxl_session_end(sxl_session *s);
/* Runs the program concretely on zero inputs for at most max_instructions
** to learn the first input it creates (s->x.first_input, first_input_size).
** Returns 0 when one was created, -1 otherwise (s->err says why). */
int sxl_session_probe_input(sxl_session *s, uint64_t max_instructions);

/* KLEE's --function-alias pairs (funcalias.c), applied in order by the
** module hook sxl_function_alias (ud: sxl_aliases). */
typedef struct sxl_aliases {
  const char *pairs[64];
  int n;
} sxl_aliases;
int sxl_function_alias(void *ud, LLVMModuleRef m, char *err, size_t errlen);

/* --use-query-log=LIST (querylog.c): sets the library's query logs to
** files of dir. 0, or -1 (said on stderr). */
int sxl_querylog_set(symx_ctx *ctx, const char *spec, const char *dir);
/* --compress-query-log, when the run ends: each of those logs gzipped to
** <log>.gz in its place. 0, or -1 (said). */
int sxl_querylog_gzip(symx_ctx *ctx, const char *spec);
/* --debug-z3-dump-queries=FILE (NULL: not given): FILE emptied, every
** query of the z3 backend appended to it. 0, or -1 (said). */
int sxl_z3dump_set(symx_ctx *ctx, const char *path);

/* KLEE's per-test files (testfiles.c): which ones, where; errors counts
** the files that could not be written. */
typedef struct sxl_testfiles {
  int paths, sym_paths, cov, smt2, kquery, cvc;
  const char *dir;
  sxl_prog *prog;
  unsigned errors;
} sxl_testfiles;
/* A test hook (ud: sxl_testfiles) writing them beside test ud->dir/testN. */
void sxl_testfiles_hook(void *ud, symx_state *st, const symx_test *t);

/* KLEE's nurs:qc weight of a state (nurs.c): 1 while its path spent less
** than 0.1s in the solver, else 1 / seconds. */
double sxl_weight_qc(void *user, symx_state *st);
/* KLEE's nurs:covnew, nurs:md2u, nurs:icnt and nurs:cpicnt weights (nurs.c;
** user: the sxl_session; icnt and cpicnt need sxl_exec.count_hits). */
double sxl_weight_covnew(void *user, symx_state *st);
double sxl_weight_md2u(void *user, symx_state *st);
double sxl_weight_icnt(void *user, symx_state *st);
/* changed.c: --search nurs:new (--changed code first) */
double sxl_weight_new(void *user, symx_state *st);
double sxl_weight_cpicnt(void *user, symx_state *st);

/* --target (targets.c): the targets of s's program (specs[0..n)) with their
** distances, fed to the engine's directed searchers; a path that runs a
** target's line for the first time gets a test case ("target FILE:LINE
** reached"), said on stderr and in messages.txt. 0, or -1 with s->err set. */
int sxl_targets_set(sxl_session *s, const char *const *specs, size_t n, int sequential,
                    int stop);
/* Connects them to a new engine (sxl_session_explore). */
void sxl_targets_engine(sxl_session *s);
/* When the searcher (option search) of the engine about to step is sdse,
** its runs yield at every symbolic branch (sxl_exec.branch_yield): in
** eager mode as in the pending ones, the nearest state is picked again
** where the path's condition grew. With any searcher of distances, a
** call that leaves a path no target yields once (sxl_exec.distance_of). */
void sxl_targets_stepwise(sxl_session *s, const char *search);
/* After the run: each target's fate on stderr (unless quiet) and in
** OUTDIR/targets.txt ("FILE:LINE reached testN INSTRUCTIONS" or
** "FILE:LINE not-reached"). */
void sxl_targets_report(sxl_session *s);

/* symx-llvm as an AFL++ peer instance (afl.c). */
typedef struct sxl_afl_opts {
  const char *sync_dir;     /* afl-fuzz -o directory */
  const char *name;         /* our instance name */
  const char *input;        /* input the entries bind; NULL = the first one created */
  uint64_t seed_time_ms;    /* exploration budget per entry (0 = none) */
  uint64_t stall_ms;        /* an entry's exploration ends after this long without a
                            ** new input from it (0 = never) */
  uint64_t max_time_ms;     /* whole run (0 = until interrupted) */
  uint64_t idle_ms;         /* stop after this long without a new entry (0 = never) */
  uint64_t poll_ms;         /* queue polling interval */
  const symx_seeds *initial; /* explored first, outputs without a parent (may be NULL) */
  const char *command_line; /* for fuzzer_stats */
  const char *target_bin;   /* the AFL++-instrumented program (NULL: no edge view) */
  const char *target_args;  /* its arguments, "@@" for the input file (NULL: stdin) */
  uint64_t target_timeout_ms; /* per native run (0: 1 s) */
  const char *share_cmd;    /* a fuzzer sharing our core (afl_share.c; NULL: none) */
  uint64_t share_stuck_ms, share_turn_ms;
} sxl_afl_opts;
/* The peer loop: next entry of the other instances' queues, a seeded
** exploration of it, new inputs into our queue and errors into crashes/,
** fuzzer_stats; until max_time, idle_ms, or *stop becomes nonzero.
** Returns 0, or -1 with s->err set. */
int sxl_afl_run(sxl_session *s, const sxl_afl_opts *o, volatile int *stop);
/* Opens the output directory's paths.jsonl and messages.txt, once per
** session (several replays share them): 0, or -1 with s->err set. */
int sxl_session_outputs(sxl_session *s);
/* Runs the program once on concrete inputs (replay may be NULL: zeros). */
int sxl_session_run_concrete(sxl_session *s, const symx_assign *replay);
/* KLEE's --replay-ktest-file/-dir (replay.c): a concrete run per .ktest,
** the files first, then each directory's *.ktest in name order; a file
** that is not a readable .ktest is said and skipped. The exit code: 0, or
** 2 when a file was skipped or a run failed (said). */
int sxl_replay_tests(sxl_session *s, const char *const *files, int nfiles,
                     const char *const *dirs, int ndirs, int quiet);
/* symx-llvm's output directory (outdir.c). Checks that dir (--output-dir;
** NULL: symx-out-N in the current directory) can be made, or is an empty
** writable directory; nothing is created. 0, or -1 with err naming it. */
int sxl_outdir_check(const char *dir, char *err, size_t errlen);
/* Creates it (dir NULL: the first free symx-out-N, with the link
** symx-last to it; warn says when that link could not be made), its name
** into out. 0, or -1 with err naming it. */
int sxl_outdir_create(const char *dir, char *out, size_t outlen, char *warn, size_t warnlen,
                      char *err, size_t errlen);

/* Why the exploration may have missed paths, into buf ("" when nothing
** says so): unsupported code, paths a limit ended early or halted,
** branches past max_depth/max_forks, states dropped for memory, states
** and queries the solver could not decide. */
void sxl_session_incomplete(sxl_session *s, char *buf, size_t len);
/* Writes stats.json, coverage.txt and errors.txt into the output directory (if any).
** Returns 0, or -1 with s->err set. */
int sxl_session_finish(sxl_session *s);
/* Statistics over time (statlog.c): OUTDIR/run.stats.jsonl opened (once
** per session; nothing without an output directory or with statlog.off),
** a record when one is due (after each run of a state), the final record
** (stats.json's figures) and the file closed. Each returns 0, or -1 with
** s->err set. */
int sxl_statlog_open(sxl_session *s);
int sxl_statlog_tick(sxl_session *s);
int sxl_statlog_close(sxl_session *s);
/* Covered / total source lines and instructions of the program (not libc):
** LLVM instructions as KLEE's run.istats counts them (translate.c's
** count_inst) and the lines of those with a debug location.
** Returns 0, or -1 (all 0) with s->err set when out of memory. */
int sxl_session_coverage(sxl_session *s, uint64_t *lines, uint64_t *total_lines,
                         uint64_t *ins, uint64_t *total_ins);

#endif
