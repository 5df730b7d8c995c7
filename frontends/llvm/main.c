/*
** main.c — the symx-llvm command: symbolic execution of a C program (or
** LLVM bitcode/IR) with KLEE's option names. Its own options are in a
** table; any other --some-name is libsymx's option some_name.
*/
#include "cutsession.h"
#include "driver.h"
#include "entry.h"
#include "posix/spec.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <llvm-c/BitWriter.h>

/* Exit statuses (--help): 0 no error found, the exploration complete. */
#define SXL_EXIT_ERRORS 1     /* errors found (whatever else happened) */
#define SXL_EXIT_CANNOT 2     /* could not run: arguments, input, output directory */
#define SXL_EXIT_INCOMPLETE 3 /* no error, but unsupported code or a limit cut paths */

static symx_ctx *g_ctx; /* for the signal handler only */
static volatile int g_stop;

static void on_sigint(int sig) {
  (void)sig;
  g_stop = 1;
  if (g_ctx) symx_ctx_interrupt(g_ctx);
}

/* "10", "10s", "500ms", "2min", "1h" in milliseconds (plain numbers are
** seconds, as for libsymx's time options); -1 when malformed. */
static int64_t parse_ms(const char *v) {
  char *end;
  double x = strtod(v, &end);
  if (end == v || x < 0) return -1;
  double mul = !*end || !strcmp(end, "s") ? 1000 : !strcmp(end, "ms") ? 1
             : !strcmp(end, "min") || !strcmp(end, "m") ? 60000 : !strcmp(end, "h") ? 3600000 : -1;
  if (mul < 0 || x * mul > 9e18) return -1;
  return (int64_t)(x * mul + 0.5);
}

static void usage(FILE *f) {
  fputs("usage: symx-llvm [options] program.{c,bc,ll} [more.{c,bc,ll}...] [--] [program args]\n"
        "  (the input files are linked into one program; --version: symx-llvm's)\n"
        "  --mode eager|pending|relaxed|concolic  when feasibility is checked (default\n"
        "                                 pending); concolic: one input per run, its\n"
        "                                 constraints negated in turn (--concolic-search\n"
        "                                 generational|dfs, --concolic-max-runs N, ...)\n"
        "  --changed PATCH|FILE:LINE,...  new code: a unified diff against the program's\n"
        "                                 sources, or lines; its constraints go first\n"
        "  --search NAME                  searcher (dfs, bfs, random-state, random-path,\n"
        "                                 nurs:depth, nurs:rp, nurs:qc (the solver time of\n"
        "                                 a path), nurs:covnew, nurs:md2u (distance to an\n"
        "                                 uncovered instruction, within the function),\n"
        "                                 nurs:icnt, nurs:cpicnt (runs of the instruction,\n"
        "                                 of the function), batching:NAME; repeat or a,b\n"
        "                                 to interleave; one nurs weight per run)\n"
        "  --use-batching-search          KLEE's: batching around the searcher\n"
        "                                 (--batch-instructions N, --batch-time T: 0 = no\n"
        "                                 such budget; default 10000 and none)\n"
        "  --use-iterative-deepening-time-search  KLEE's: a path that ran past a time\n"
        "                                 budget (1s, doubling) pauses until no other is\n"
        "                                 left (the order then depends on timing)\n"
        "  --pending-search NAME          searcher over pending states\n"
        "  --seed-file FILE               a seed (.ktest, .json, or raw bytes for --seed-input);\n"
        "                                 a .ktest's objects bind the inputs a path makes in\n"
        "                                 order, as KLEE's (--named-seed-matching: by name)\n"
        "  --seed-dir DIR                 seeds (*.ktest, else every file as raw bytes; an\n"
        "                                 afl-fuzz -o DIR or an instance: its queues)\n"
        "  --seed-input NAME              input that raw seeds bind (default: input)\n"
        "  --only-seed                    stop after the seeds\n"
        "  --afl-sync DIR                 run as a peer of afl-fuzz -o DIR: explore each entry\n"
        "                                 of the other instances' queues as a seed (bound to\n"
        "                                 --seed-input, else the program's first symbolic\n"
        "                                 input); new inputs go to DIR/NAME/queue, errors to\n"
        "                                 DIR/NAME/crashes; --max-time bounds the whole run,\n"
        "                                 --max-instructions each entry; which inputs go\n"
        "                                 back: see --afl-target-bin (--write-tests all: every\n"
        "                                 path's); every error goes to crashes/ (--emit-all-\n"
        "                                 errors=false: the first error per location)\n"
        "  --afl-name NAME                our instance name (default symx)\n"
        "  --afl-seed-time T              exploration budget per entry (default 10s; 0 = none);\n"
        "                                 a solver query gets 1s unless --max-solver-time says\n"
        "  --afl-stall T                  an entry's exploration ends after T without a new\n"
        "                                 input from it (default 3s; 0 = only the budget)\n"
        "  --afl-idle T                   stop after T without a new entry (default 0: keep\n"
        "                                 polling every 2s until --max-time)\n"
        "  --afl-target-bin BIN           the program built by afl-clang-fast: an input goes\n"
        "                                 to the queue only if it adds edges (or hit-count\n"
        "                                 buckets) to all queues' as afl-showmap measures them\n"
        "                                 on BIN; entries BIN crashes or hangs on are skipped.\n"
        "                                 Without it, symx's own coverage decides: inputs of\n"
        "                                 paths that covered new instructions\n"
        "  --afl-target-args 'ARGS'       BIN's arguments, @@ for the input file (default:\n"
        "                                 the input is BIN's stdin)\n"
        "  --afl-target-timeout T         a native run longer than T hangs (default 1s)\n"
        "  --afl-share 'CMD'              share our core with the fuzzer CMD runs (e.g.\n"
        "                                 'afl-fuzz -S sec -i SEEDS -o DIR -- BIN'), as Driller:\n"
        "                                 it runs while the queues grow and is stopped for a\n"
        "                                 symx turn once none has for --afl-share-stuck\n"
        "                                 (default 10s; doubled after a turn that wrote\n"
        "                                 nothing, up to 16 times), a turn lasting until no\n"
        "                                 entry is left or --afl-share-turn (default 30s)\n"
        "  --max-time T, --max-instructions N, --max-memory MB\n"
        "  --max-solver-time T            time limit of each solver query (default none);\n"
        "                                 every query also ends with --max-time\n"
        "  --output-dir DIR               where test cases, paths.jsonl, messages.txt,\n"
        "                                 errors.txt, stats.json go: a new or empty\n"
        "                                 directory (default: symx-out-N here, the first\n"
        "                                 free N, and the link symx-last to it; --replay,\n"
        "                                 --replay-ktest-*, --afl-sync write one only\n"
        "                                 when given it, --emit-cov-bitcode never)\n"
        "  --write-tests cover|all|errors|none  which paths get a test case: errors and\n"
        "                                 paths that covered new code (default), every\n"
        "                                 path (KLEE's --emit-all-tests), errors only, none\n"
        "                                 (KLEE's --write-no-tests)\n"
        "  --emit-all-errors              a message and a test for every error path\n"
        "                                 (default: for the first of each error kind at\n"
        "                                 each file:line; the others counted in errors.txt)\n"
        "  --test-formats ktest,raw,json  the files of a test case (default ktest)\n"
        "  --exit-on-error                stop at the first error\n"
        "  --solver z3|cadical, --rng-seed N\n"
        "  --optimize                     compile .c with -O1 (default -O0), and\n"
        "                                 optimize .bc/.ll input (scalar passes)\n"
        "  --klee-call-optimisation=false with --optimize: functions that call klee_*\n"
        "                                 stay unoptimized (a .c input is then compiled\n"
        "                                 at -O0 and optimized as bitcode is)\n"
        "  -I DIR, -D NAME[=V], -U NAME, -O0..-O3  passed to clang for a .c program\n"
        "  --concretize-pointers          resolve symbolic pointers by concretization\n"
        "  --replay FILE.ktest            run once on the test's inputs, no engine\n"
        "  --replay-ktest-file FILE, --replay-ktest-dir DIR  KLEE's: --replay for each\n"
        "                                 (repeatable; a directory's *.ktest in name order;\n"
        "                                 an unreadable one is said and skipped: exit 2)\n"
"  --quantum N                    instructions a state runs before the searcher\n"
        "                                 chooses again (1 = KLEE's per-instruction choice;\n"
        "                                 default 100000; a fork always ends the run)\n"
"  --emit-cov-bitcode OUT.bc      write the program with line-coverage hooks\n"
        "                                 (native oracle runs with libsymx-replay)\n"
        "  --libc min|full|none|FILE.bc   libc linked: min (ours, default), full (musl;\n"
        "                                 uclibc means it too; klee: min), none, or a file\n"
        "  --posix-runtime                the symbolic environment: the program's main gets\n"
        "                                 --sym-arg N, --sym-args MIN MAX N, --sym-stdin N,\n"
        "                                 --sym-files K N, --max-fail N among its arguments\n"
        "                                 (implied by any of them)\n"
        "  --environ FILE                 main's environment (and getenv's): NAME=VALUE lines,\n"
        "                                 as env prints them (default: symx-llvm's own, as\n"
        "                                 KLEE; its name --env-file too)\n"
        "  --enumerate-outputs            one path per value of a symbolic exit status or\n"
        "                                 written byte (default: one value, constrained)\n"
        "  --external-calls none|concrete|all|over-approx\n"
        "                                 functions without bitcode: never called, called\n"
        "                                 natively with concrete arguments only, or with\n"
        "                                 symbolic ones made concrete (default all; over-\n"
        "                                 approx: their values not kept by the path)\n"
        "  --entry-point NAME             the function run as main\n"
        "  --switch-type internal|simple|llvm  how a symbolic switch forks: once per\n"
        "                                 destination block (default), once per case in\n"
        "                                 order, or as LLVM lowers it (ranges, bisected)\n"
        "  --debug-print-instructions all|src|compact:stderr|file  each instruction run:\n"
        "                                 file:line, FN+INDEX, state id (and its LLVM text:\n"
        "                                 all); file: OUTDIR/instructions.txt\n"
        "  --max-stack-frames N           a deeper call ends the path early (default 8192,\n"
        "                                 0: no limit)\n"
        "  --max-static-fork-pct P, --max-static-solve-pct P  (0 to 1) a branch\n"
        "                                 instruction past that share of all forks (solver\n"
        "                                 time) no longer forks: it takes the witness's side\n"
        "  --max-static-cpfork-pct P, --max-static-cpsolve-pct P  the same by call path\n"
        "  --max-static-pct-check-delay N  forks before those limits apply (default 1000)\n"
        "  --exit-on-error-type TYPE      stop at the first error of KLEE's TYPE (Abort,\n"
        "                                 Assert, Free, Ptr, ReportError, User, Model, Exec)\n"
        "  KLEE's names: --rng-initial-seed, --emit-all-tests, --write-no-tests,\n"
        "  --only-output-states-covering-new, --allow-seed-extension/-truncation,\n"
        "  --watchdog, --use-forked-solver, --posix-runtime, --check-div-zero, --kdalloc,\n"
        "  --check-overshift[=false] (a shift by the width or more: an error, or not),\n"
        "  --dump-states-on-halt[=false] (states a limit halts get tests, or not),\n"
        "  --silent-klee-assume (a provably false klee_assume ends its path silently),\n"
        "  --single-object-resolution (a symbolic pointer: its witness's object only),\n"
        "  --external-call-warnings none|once-per-function|all, --warnings-only-to-file,\n"
        "  --write-paths, --write-sym-paths (branch decisions: testN.path, .sym.path),\n"
        "  --replay-path FILE (follow them), --write-cov (testN.cov: lines the path\n"
        "  covered first), --write-smt2s (testN.smt2: its path constraints),\n"
        "  --write-kqueries (testN.kquery: the same as one KQuery query), --write-cvcs\n"
        "  (testN.cvc: in STP's CVC language),\n"
        "  --use-query-log all:kquery,all:smt2,solver:kquery,solver:smt2 (OUTDIR/\n"
        "  all-queries.kquery...: every query posed, or every one reaching a backend),\n"
        "  --compress-query-log (those logs gzipped: all-queries.kquery.gz...),\n"
        "  --debug-z3-dump-queries FILE (every query the z3 backend gets, as SMT-LIB2),\n"
        "  --make-concrete-symbolic N (about 1 concrete load in N made a fresh symbolic\n"
        "  value equal to it: stresses the solver, same outcomes),\n"
        "  --function-alias NAME:REPL (NAME or a whole-name regex; repeatable),\n"
        "  --output-module (OUTDIR/final.bc), --debug-print-escaping-functions,\n"
        "  --solver-backend z3|cadical|dummy (dummy: every query unknown),\n"
        "  --named-seed-matching,\n"
        "  --use-cex-cache, --use-branch-cache, --use-independent-solver,\n"
        "  --rewrite-equalities, --debug-validate-solver (our solver chain's switches),\n"
        "  --solver-optimize-divides, --const-array-opt, --simplify-sym-indices\n"
        "  (KLEE's query rewritings: accepted, no effect on answers),\n"
        "  --debug-assignment-validating-solver (ours: every model is checked always),\n"
        "  --stop-after-n-instructions N (= --max-instructions);\n"
        "  KLEE's options without a meaning here are refused by name\n"
        "  --quiet                        no program output and messages (unsupported\n"
        "                                 code: one count line; messages.txt keeps them)\n"
        "  --no-progress                  no progress line\n"
        "  --stats-write-interval T       a record of statistics over time in\n"
        "                                 OUTDIR/run.stats.jsonl every T (default 1s; 0:\n"
        "                                 none), --stats-write-after-instructions N: one\n"
        "                                 per N instructions too; the final record at the\n"
        "                                 end (--output-stats=false: no file)\n"
        "  --target FILE:LINE             a line to reach (repeatable): the first path that\n"
        "                                 runs it gets a test case (stderr, messages.txt and\n"
        "                                 OUTDIR/targets.txt say which); the run stops when\n"
        "                                 all are reached (--stop-at-targets=false: goes on);\n"
        "                                 --search sdse, sdse-pr, sdse-rr go towards them\n"
        "                                 (the pending states too, unless --pending-search)\n"
        "  --targets-file FILE            the targets in FILE, one FILE:LINE per line (# and\n"
        "                                 blank lines skipped), as many --target\n"
        "  --target-order any|sequential  sequential: a path reaches them in the given order\n"
        "  --print-distances              the distance table (per LLVM block segment) and\n"
        "                                 each state's as it is picked, on stdout\n"
        "  --entry FUNC                   explore FUNC with symbolic arguments and globals;\n"
        "                                 a pointer is null, one fresh symbolic object, or\n"
        "                                 (primitive types) an array of --entry-array N\n"
        "                                 (default 8), made at its first access (lazily),\n"
        "                                 --entry-depth D pointers deep (2)\n"
        "  --search ccbse(S)|mix-ccbse(S) Otter's call-chain-backward search towards one\n"
        "                                 --target, from the target's function to main (S:\n"
        "                                 each origin's searcher, default rp); mix-ccbse: a\n"
        "                                 forward search S from main beside it, which runs\n"
        "                                 --mix-ratio of the instructions (default 0.75)\n"
        "  --ccbse-paths N                a CCBSE origin keeps up to N (1-16) paths that\n"
        "                                 reach the target, each tried at its calls (4)\n"
        "  --cut MODE                     Converse's cuts, no recompilation: loop (a loop's\n"
        "                                 function returns after --max-loop-iterations runs\n"
        "                                 of its body, default 1), depth (every path of a\n"
        "                                 function cut at half its longest acyclic path),\n"
        "                                 keypath (the longest path cut at half until none is\n"
        "                                 longer than half the first), keypath-once, allpaths\n"
        "                                 (every acyclic path cut at half), adaptive (loop,\n"
        "                                 a loop's bound doubling while coverage stalls or\n"
        "                                 when a run ends with it cut: of the loops cut, those\n"
        "                                 whose last raise led to new code, else all); a cut\n"
        "                                 returns 0 (--cut-policy symbolic: a fresh value;\n"
        "                                 end: the path ends); replay the tests on the\n"
        "                                 original program (--replay-ktest-dir)\n"
        "  --cut-adapt loop|global        adaptive: a bound per loop, or one for all (default)\n"
        "  --cut-window N                 adaptive: instructions per coverage check (20000)\n"
        "  --cut-budget T                 path search time per function (default 1s)\n"
        "  --cut-then-full                then the original program, seeded by the cut run's\n"
        "                                 tests (moved to OUTDIR/cut), the same limits; a\n"
        "                                 --max-time is shared: the cut run gets --cut-share\n"
        "                                 of it (default 0.5), the original the rest\n"
        "  --cut-seeds cover|all|none     --cut-then-full's seeds: the cut run's tests whose\n"
        "                                 path covered new code (default), all of them, or\n"
        "                                 none (the original explored afresh from main)\n"
        "  --cut-defer                    a cut forks instead: the witness's side takes it,\n"
        "                                 the other goes on uncut as a pending state (a\n"
        "                                 loop's next cut at twice the count)\n"
        "  --print-cuts                   the cut edges per function (blocks numbered from\n"
        "                                 0 in function order), on stdout\n"
        "  --set NAME=VALUE               any libsymx option\n"
        "  --NAME VALUE                   the same, NAME with - for _ (--max-depth 10);\n"
        "                                 a boolean one alone sets it (--validate-solver)\n"
        "exit status: 0 no error found, the exploration complete; 1 errors found (first:\n"
        "  also when the exploration is incomplete, and with --exit-on-error); 2 could not\n"
        "  run (arguments, input, output directory); 3 no error found but the exploration\n"
        "  is incomplete (unsupported code, a limit, interrupted). --replay: the program's\n"
        "  exit status (1 for an error)\n",
        f);
}

/* libsymx's option name takes value; an error names the option as the
** command line did (shown). */
static int set_as(symx_ctx *ctx, const char *name, const char *value, const char *shown) {
  if (symx_option_set_str(ctx, name, value) != SYMX_OK) {
    fprintf(stderr, "symx-llvm: --%s %s: %s\n", shown, value, symx_errmsg(ctx));
    return -1;
  }
  return 0;
}

static int set(symx_ctx *ctx, const char *name, const char *value) {
  return set_as(ctx, name, value, name);
}

static int has_ktest(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  struct dirent *e;
  int found = 0;
  while ((e = readdir(d)))
    if (strstr(e->d_name, ".ktest")) found = 1;
  closedir(d);
  return found;
}

static int has_queue(const char *dir) {
  char q[4200];
  struct stat sb;
  if (snprintf(q, sizeof q, "%s/queue", dir) >= (int)sizeof q) return 0;
  return stat(q, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* A --seed-dir that is an afl-fuzz output (-o DIR: instances holding
** queue/) or one instance: every instance's queue entries, as AFL names
** them (others are said and skipped). 0 when dir is neither. */
static int add_afl_seeds(symx_seeds *seeds, const char *dir, const char *seed_input) {
  if (has_queue(dir)) return symx_seeds_add_afl_queue(seeds, dir, seed_input) == SYMX_OK ? 1 : -1;
  DIR *d = opendir(dir);
  int found = 0;
  for (struct dirent *e; d && (e = readdir(d));) {
    char inst[4200];
    if (snprintf(inst, sizeof inst, "%s/%s", dir, e->d_name) >= (int)sizeof inst ||
        e->d_name[0] == '.' || !has_queue(inst))
      continue;
    found = 1;
    if (symx_seeds_add_afl_queue(seeds, inst, seed_input) != SYMX_OK) found = -1;
  }
  if (d) closedir(d);
  return found;
}

/* --seed-file / --seed-dir: .ktest and .json by name, other files raw bytes
** bound to seed_input; an AFL output or instance directory its queues'
** entries. NULL when none is given. */
static symx_seeds *load_seeds(symx_ctx *ctx, const char **files, int nfiles, const char **dirs,
                              int ndirs, const char *seed_input) {
  if (!nfiles && !ndirs) return NULL;
  symx_seeds *seeds = symx_seeds_new(ctx);
  if (!seeds) return NULL;
  for (int k = 0; k < nfiles; k++) {
    const char *f = files[k];
    size_t fl = strlen(f);
    int e = fl > 6 && strcmp(f + fl - 6, ".ktest") == 0 ? symx_seeds_add_ktest(seeds, f, NULL, 0)
            : fl > 5 && strcmp(f + fl - 5, ".json") == 0 ? symx_seeds_add_json(seeds, f)
                                                         : symx_seeds_add_file(seeds, f, seed_input);
    if (e != SYMX_OK) fprintf(stderr, "symx-llvm: seed %s: %s\n", f, symx_errmsg(ctx));
  }
  for (int k = 0; k < ndirs; k++) {
    const char *d = dirs[k];
    int ktests = has_ktest(d), afl = ktests ? 0 : add_afl_seeds(seeds, d, seed_input);
    int e = afl > 0 ? SYMX_OK
            : afl < 0 ? SYMX_ERROR
            : ktests ? symx_seeds_add_ktest(seeds, d, NULL, 0)
                     : symx_seeds_add_dir(seeds, d, seed_input);
    if (e != SYMX_OK) fprintf(stderr, "symx-llvm: seeds %s: %s\n", d, symx_errmsg(ctx));
  }
  for (size_t k = 0; k < symx_seeds_message_count(seeds); k++)
    fprintf(stderr, "symx-llvm: %s\n", symx_seeds_message(seeds, k));
  return seeds;
}

/* What the command line asks for (libsymx's options go to the context). */
typedef struct cli {
  symx_ctx *ctx;
  const char *program, *libc, *replay, *covout; /* program: inputs[0] */
  const char *changed;    /* --changed PATCH or FILE:LINE,... (changed.c) */
  const char *inputs[64]; /* the .c/.bc/.ll files linked into the program */
  int ninputs;
  int argi;               /* argv index of the program's first argument */
  const char *seed_input, *afl_sync, *afl_name;
  const char *afl_bin, *afl_args; /* --afl-target-bin, --afl-target-args */
  int seed_input_given;
  int64_t afl_seed_ms, afl_stall_ms, afl_idle_ms, afl_timeout_ms;
  const char *afl_share;                     /* --afl-share */
  int64_t afl_share_stuck_ms, afl_share_turn_ms;
  const char *seed_files[256], *seed_dirs[256];
  int nseed_files, nseed_dirs;
  const char *replay_files[256], *replay_dirs[256]; /* --replay-ktest-file, -dir */
  int nreplay_files, nreplay_dirs;
  char search[1024]; /* --search values, a,b */
  uint64_t quantum, max_frames;
  const char *entry;  /* --entry-point */
  int ext_calls;      /* SXL_EXT_* */
  uint32_t exit_kinds; /* --exit-on-error-type: bit per error kind */
  int exit_on_error, optimize, concretize_pointers, quiet, no_progress;
  int enum_outputs, posix_runtime;
  const char *environ_file;
  char **pargv; /* the program's arguments after its name (argv's), */
  int pargc;    /* from the first one after the input or after -- */
  char cflags[4096]; /* -I, -D, -U, -O for clang, each followed by a newline */
  int no_overshift;  /* --check-overshift=false */
  int keep_klee_callers; /* --klee-call-optimisation=false */
  sxl_static_limits statics; /* --max-static-*-pct, --max-static-pct-check-delay */
  int silent_assume; /* --silent-klee-assume */
  int single_object; /* --single-object-resolution */
  symx_weight_fn weight; /* --search nurs:qc, nurs:covnew, ... (one of them) */
  int batching, iterdeep; /* --use-batching-search, --use-iterative-deepening-time-search */
  int ext_warnings;  /* SXL_EXTWARN_* */
  int trace, trace_file; /* --debug-print-instructions: SXL_TRACE_*, to a file */
  FILE *trace_out;
  int switch_type;   /* SXL_SWITCH_* */
  int print_escaping;
  int output_module; /* --output-module: OUTDIR/final.bc */
  sxl_aliases aliases; /* --function-alias */
  sxl_testfiles tf;  /* --write-paths, --write-sym-paths, --write-cov, --write-smt2s, --write-kqueries,
                     ** --write-cvcs */
  const char *replay_path; /* --replay-path FILE */
  const char *query_log;   /* --use-query-log LIST */
  int compress_log;        /* --compress-query-log */
  const char *z3_dump;     /* --debug-z3-dump-queries FILE */
  uint64_t make_symbolic;  /* --make-concrete-symbolic N */
  char *replay_dec;  /* its decisions */
  uint32_t nreplay;
  int warnings_to_file;
  int64_t stats_interval_ms; /* --stats-write-interval */
  uint64_t stats_every_ins;  /* --stats-write-after-instructions */
  int no_stats;              /* --output-stats=false */
  char **targets;          /* --target FILE:LINE and --targets-file's lines (copies) */
  int ntargets, target_cap;
  int target_order;        /* --target-order: 0 any, 1 sequential */
  int no_stop_targets;     /* --stop-at-targets=false */
  int print_distances;     /* --print-distances */
  int outdir_given;    /* --output-dir DIR (else symx-out-N, when the mode writes) */
  int outdir_wanted;   /* this run writes an output directory */
  char outdir[4096];   /* the one made */
  sxl_entry_cfg ecfg;  /* --entry FUNC, --entry-depth, --entry-array (entry.c) */
  uint64_t entry_depth, entry_array;
  int ccbse;            /* --search ccbse(S): 1, mix-ccbse(S): 2 (ccbse.c) */
  char ccbse_search[128]; /* its S */
  double mix_ratio;     /* --mix-ratio: the forward search's share of instructions */
  uint64_t ccbse_paths; /* --ccbse-paths: reaching paths kept per origin */
  int emit_given;      /* the command line set emit_tests (1), emit_all_errors (2),
                       ** cut_policy (4), max_loop_iterations (8), concolic_queue (16),
                       ** solver_timeout (32), pending_joint (64) */
  const char *cut;     /* --cut MODE (cuts.h) */
  int64_t cut_budget_ms; /* --cut-budget: the path search's time per function */
  int print_cuts;      /* --print-cuts: the plan on stdout */
  int cut_then_full;   /* --cut-then-full: the cut run's tests seed a run of the original */
  double cut_share;    /* --cut-share: the cut run's share of --max-time with --cut-then-full */
  const char *cut_seeds; /* --cut-seeds cover|all|none: --cut-then-full's seeds */
  const char *cut_adapt; /* --cut-adapt loop|global: adaptive's bounds per loop or one */
  uint64_t cut_window;   /* --cut-window: instructions per adaptive coverage check */
} cli;

/* How an option of symx-llvm's own takes effect. */
enum own_kind {
  K_HELP,      /* prints the usage */
  K_VERSION,   /* prints the version */
  K_FLAG,      /* an int field becomes 1 (no value) */
  K_LIB,       /* a libsymx option takes a fixed value (no value; KLEE's aliases) */
  K_NOOP,      /* KLEE's, accepted, nothing to do here (no value) */
  K_ON,        /* KLEE's check on by default: =false sets the int field (no value) */
  K_LIB_BOOL,  /* a libsymx boolean option takes the flag's value (alone or =true: 1) */
  K_REFUSED,   /* KLEE's, without a meaning in symx-llvm: an error naming it */
  /* (the kinds above take no value) */
  K_NOOP_VAL,  /* KLEE's, accepted with any value, nothing to do here */
  K_LIBC,      /* --libc: min|full|none|FILE.bc, or KLEE's klee|uclibc */
  K_EXT_CALLS, /* --external-calls none|concrete|all */
  K_EXT_WARN,  /* --external-call-warnings none|once-per-function|all */
  K_TRACE,     /* --debug-print-instructions FORMAT:WHERE */
  K_SWITCH,    /* --switch-type internal|simple|llvm */
  K_SOLVER,    /* --solver, KLEE's --solver-backend */
  K_ALIAS_FN,  /* --function-alias NAME:REPLACEMENT (repeated) */
  K_EXIT_TYPE, /* --exit-on-error-type KLEE-TYPE */
  K_ALIAS,     /* a libsymx option of another name takes the value (KLEE's names) */
  K_STR,       /* a const char * field takes the value */
  K_MS,        /* an int64_t field takes the value as a duration in ms */
  K_U64,       /* a uint64_t field takes the value as a number */
  K_FRAC,      /* a double field takes the value, a share from 0 to 1 */
  K_SEED_FILE, /* the value joins the seed files, */
  K_SEED_DIR,  /* the seed directories */
  K_SEED_INPUT,
  K_REPLAY_FILE, /* the value joins the --replay-ktest-file files, */
  K_REPLAY_DIR,  /* the --replay-ktest-dir directories */
  K_SEARCH,    /* the value joins the searchers */
  K_TARGET,    /* the value joins the targets */
  K_TARGETS_FILE, /* --targets-file: its lines join the targets */
  K_TARGET_ORDER, /* --target-order any|sequential */
  K_SET        /* NAME=VALUE: libsymx's option NAME */
};

static const struct own_opt {
  const char *name;
  enum own_kind kind;
  size_t field;            /* offsetof(cli, ...) for K_FLAG, K_STR, K_MS, K_U64 */
  const char *lib, *value; /* K_LIB: option and value; K_ALIAS: option; K_REFUSED: why */
} own_opts[] = {
    {"help", K_HELP, 0, NULL, NULL},
    {"version", K_VERSION, 0, NULL, NULL},
    {"search", K_SEARCH, 0, NULL, NULL},
    {"seed-file", K_SEED_FILE, 0, NULL, NULL},
    {"seed-out", K_SEED_FILE, 0, NULL, NULL}, /* KLEE's name */
    {"seed-dir", K_SEED_DIR, 0, NULL, NULL},
    {"seed-out-dir", K_SEED_DIR, 0, NULL, NULL}, /* KLEE's name */
    {"seed-input", K_SEED_INPUT, 0, NULL, NULL},
    {"afl-sync", K_STR, offsetof(cli, afl_sync), NULL, NULL},
    {"afl-name", K_STR, offsetof(cli, afl_name), NULL, NULL},
    {"afl-seed-time", K_MS, offsetof(cli, afl_seed_ms), NULL, NULL},
    {"afl-stall", K_MS, offsetof(cli, afl_stall_ms), NULL, NULL},
    {"afl-idle", K_MS, offsetof(cli, afl_idle_ms), NULL, NULL},
    {"afl-target-bin", K_STR, offsetof(cli, afl_bin), NULL, NULL},
    {"afl-target-args", K_STR, offsetof(cli, afl_args), NULL, NULL},
    {"afl-target-timeout", K_MS, offsetof(cli, afl_timeout_ms), NULL, NULL},
    {"afl-share", K_STR, offsetof(cli, afl_share), NULL, NULL},
    {"afl-share-stuck", K_MS, offsetof(cli, afl_share_stuck_ms), NULL, NULL},
    {"afl-share-turn", K_MS, offsetof(cli, afl_share_turn_ms), NULL, NULL},
    {"exit-on-error", K_FLAG, offsetof(cli, exit_on_error), NULL, NULL},
    {"emit-all-tests", K_LIB, 0, "emit_tests", "all"}, /* KLEE's name */
    {"write-tests", K_ALIAS, 0, "emit_tests", NULL}, /* cover|all|errors|none */
    {"max-solver-time", K_ALIAS, 0, "solver_timeout", NULL}, /* KLEE's per-query limit */
    {"optimize", K_FLAG, offsetof(cli, optimize), NULL, NULL},
    {"concretize-pointers", K_FLAG, offsetof(cli, concretize_pointers), NULL, NULL},
    {"replay", K_STR, offsetof(cli, replay), NULL, NULL},
    {"changed", K_STR, offsetof(cli, changed), NULL, NULL},
    {"emit-cov-bitcode", K_STR, offsetof(cli, covout), NULL, NULL},
    {"quantum", K_U64, offsetof(cli, quantum), NULL, NULL},
    {"libc", K_LIBC, 0, NULL, NULL},
    {"quiet", K_FLAG, offsetof(cli, quiet), NULL, NULL},
    {"enumerate-outputs", K_FLAG, offsetof(cli, enum_outputs), NULL, NULL},
    {"posix-runtime", K_FLAG, offsetof(cli, posix_runtime), NULL, NULL},
    {"environ", K_STR, offsetof(cli, environ_file), NULL, NULL},
    {"env-file", K_STR, offsetof(cli, environ_file), NULL, NULL}, /* KLEE's name */
    {"no-progress", K_FLAG, offsetof(cli, no_progress), NULL, NULL},
    {"set", K_SET, 0, NULL, NULL},
    {"target", K_TARGET, 0, NULL, NULL},
    {"targets-file", K_TARGETS_FILE, 0, NULL, NULL},
    {"target-order", K_TARGET_ORDER, 0, NULL, NULL},
    {"stop-at-targets", K_ON, offsetof(cli, no_stop_targets), NULL, NULL},
    {"print-distances", K_FLAG, offsetof(cli, print_distances), NULL, NULL},
    {"cut", K_STR, offsetof(cli, cut), NULL, NULL},
    {"cut-budget", K_MS, offsetof(cli, cut_budget_ms), NULL, NULL},
    {"print-cuts", K_FLAG, offsetof(cli, print_cuts), NULL, NULL},
    {"cut-then-full", K_FLAG, offsetof(cli, cut_then_full), NULL, NULL},
    {"cut-share", K_FRAC, offsetof(cli, cut_share), NULL, NULL},
    {"cut-seeds", K_STR, offsetof(cli, cut_seeds), NULL, NULL},
    {"cut-adapt", K_STR, offsetof(cli, cut_adapt), NULL, NULL},
    {"cut-window", K_U64, offsetof(cli, cut_window), NULL, NULL},
    /* KLEE 3.1's options under its names (those libsymx has by the same
    ** name, e.g. max-time, max-depth, max-forks, output-dir, pass through) */
    {"external-calls", K_EXT_CALLS, 0, NULL, NULL},
    {"external-call-warnings", K_EXT_WARN, 0, NULL, NULL},
    {"debug-print-instructions", K_TRACE, 0, NULL, NULL},
    {"switch-type", K_SWITCH, 0, NULL, NULL},
    {"solver", K_SOLVER, 0, NULL, NULL},
    {"function-alias", K_ALIAS_FN, 0, NULL, NULL},
    {"output-module", K_FLAG, offsetof(cli, output_module), NULL, NULL},
    {"solver-backend", K_SOLVER, 0, NULL, NULL},
    {"debug-print-escaping-functions", K_FLAG, offsetof(cli, print_escaping), NULL, NULL},
    {"warnings-only-to-file", K_FLAG, offsetof(cli, warnings_to_file), NULL, NULL},
    {"exit-on-error-type", K_EXIT_TYPE, 0, NULL, NULL},
    {"entry-point", K_STR, offsetof(cli, entry), NULL, NULL},
    {"max-stack-frames", K_U64, offsetof(cli, max_frames), NULL, NULL},
    /* a branch instruction (or its call path) past its share of all forks
    ** or solver time no longer forks (static.c) */
    {"max-static-fork-pct", K_FRAC, offsetof(cli, statics.fork), NULL, NULL},
    {"max-static-solve-pct", K_FRAC, offsetof(cli, statics.solve), NULL, NULL},
    {"max-static-cpfork-pct", K_FRAC, offsetof(cli, statics.cpfork), NULL, NULL},
    {"max-static-cpsolve-pct", K_FRAC, offsetof(cli, statics.cpsolve), NULL, NULL},
    {"max-static-pct-check-delay", K_U64, offsetof(cli, statics.delay), NULL, NULL},
    {"rng-initial-seed", K_ALIAS, 0, "rng_seed", NULL},
    {"write-no-tests", K_LIB, 0, "emit_tests", "none"},
    {"only-output-states-covering-new", K_LIB, 0, "emit_tests", "cover"},
    {"allow-seed-extension", K_LIB, 0, "seed_extend", "1"},
    {"allow-seed-truncation", K_LIB, 0, "seed_truncate", "1"},
    /* accepted: what they ask for is what symx-llvm does anyway (the
    ** solver and time limits run in-process;
    ** division by zero is always checked; kdalloc's deterministic
    ** placement and use-after-free detection are how objects work here) */
    {"watchdog", K_NOOP, 0, NULL, NULL},
    {"use-forked-solver", K_NOOP, 0, NULL, NULL},
    {"check-div-zero", K_NOOP, 0, NULL, NULL},
    {"kdalloc", K_NOOP, 0, NULL, NULL},
    {"check-overshift", K_ON, offsetof(cli, no_overshift), NULL, NULL},
    /* =false: --optimize leaves functions that call klee_* as written */
    {"klee-call-optimisation", K_ON, offsetof(cli, keep_klee_callers), NULL, NULL},
    /* KLEE's solver-chain switches: ours of the same purpose (the caches,
    ** independent factors; rewrite-equalities: substituting x == c facts) */
    {"use-cex-cache", K_LIB_BOOL, 0, "chain_cex_cache", NULL},
    {"use-branch-cache", K_LIB_BOOL, 0, "chain_branch_cache", NULL},
    {"use-independent-solver", K_LIB_BOOL, 0, "chain_independence", NULL},
    {"rewrite-equalities", K_LIB_BOOL, 0, "chain_simplify", NULL},
    {"debug-validate-solver", K_LIB_BOOL, 0, "validate_solver", NULL},
    /* KLEE's solver-side rewritings (divisions by constants, constant
    ** arrays read at symbolic indices, symbolic indices simplified): they
    ** change how a query is posed, never its answer; our chain has its own */
    {"solver-optimize-divides", K_NOOP, 0, NULL, NULL},
    {"const-array-opt", K_NOOP, 0, NULL, NULL},
    {"simplify-sym-indices", K_NOOP, 0, NULL, NULL},
    /* every model a backend returns is checked by the evaluator here, always */
    {"debug-assignment-validating-solver", K_NOOP, 0, NULL, NULL},
    /* KLEE's other name of --max-instructions */
    {"stop-after-n-instructions", K_ALIAS, 0, "max_instructions", NULL},
    /* .ktest seeds bind inputs by name, not by position (the default here) */
    {"named-seed-matching", K_LIB, 0, "seed_match", "name"},
    /* KLEE's searchers' wrappers, per-test files, klee_assume */
    {"use-batching-search", K_FLAG, offsetof(cli, batching), NULL, NULL},
    {"batch-time", K_ALIAS, 0, "batch_time", NULL},
    {"use-iterative-deepening-time-search", K_FLAG, offsetof(cli, iterdeep), NULL, NULL},
    {"write-paths", K_FLAG, offsetof(cli, tf.paths), NULL, NULL},
    {"write-sym-paths", K_FLAG, offsetof(cli, tf.sym_paths), NULL, NULL},
    {"write-cov", K_FLAG, offsetof(cli, tf.cov), NULL, NULL},
    {"write-smt2s", K_FLAG, offsetof(cli, tf.smt2), NULL, NULL},
    {"write-kqueries", K_FLAG, offsetof(cli, tf.kquery), NULL, NULL},
    {"write-cvcs", K_FLAG, offsetof(cli, tf.cvc), NULL, NULL},
    {"replay-path", K_STR, offsetof(cli, replay_path), NULL, NULL},
    {"replay-ktest-file", K_REPLAY_FILE, 0, NULL, NULL},
    {"replay-ktest-dir", K_REPLAY_DIR, 0, NULL, NULL},
    {"use-query-log", K_STR, offsetof(cli, query_log), NULL, NULL},
    {"compress-query-log", K_FLAG, offsetof(cli, compress_log), NULL, NULL},
    {"make-concrete-symbolic", K_U64, offsetof(cli, make_symbolic), NULL, NULL},
    {"debug-z3-dump-queries", K_STR, offsetof(cli, z3_dump), NULL, NULL},
    {"silent-klee-assume", K_FLAG, offsetof(cli, silent_assume), NULL, NULL},
    {"single-object-resolution", K_FLAG, offsetof(cli, single_object), NULL, NULL},
    /* statistics over time: OUTDIR/run.stats.jsonl (statlog.c) */
    {"stats-write-interval", K_MS, offsetof(cli, stats_interval_ms), NULL, NULL},
    {"stats-write-after-instructions", K_U64, offsetof(cli, stats_every_ins), NULL, NULL},
    {"output-stats", K_ON, offsetof(cli, no_stats), NULL, NULL},
    /* KLEE's options without a meaning in symx-llvm (yet), with the reason */
    {"write-test-info", K_REFUSED, 0, NULL, NULL},
    {"max-sym-array-size", K_REFUSED, 0, NULL, NULL},
    {"max-instruction-time", K_REFUSED, 0, NULL, NULL},
    {"ubsan-runtime", K_REFUSED, 0, NULL, NULL},
    {"zero-seed-extension", K_REFUSED, 0, NULL, NULL},
    {"suppress-external-warnings", K_REFUSED, 0, NULL, NULL},
    {"disable-inlining", K_REFUSED, 0, NULL, NULL},
    {"link-llvm-lib", K_REFUSED, 0, NULL, NULL},
    {"load", K_REFUSED, 0, NULL, NULL},
    {"max-tests", K_REFUSED, 0, NULL, NULL},
    /* starting in the middle (entry.c) */
    {"entry", K_STR, offsetof(cli, ecfg.fn), NULL, NULL},
    {"entry-depth", K_U64, offsetof(cli, entry_depth), NULL, NULL},
    {"entry-array", K_U64, offsetof(cli, entry_array), NULL, NULL},
    {"mix-ratio", K_FRAC, offsetof(cli, mix_ratio), NULL, NULL},
    {"ccbse-paths", K_U64, offsetof(cli, ccbse_paths), NULL, NULL},
};

/* KLEE's error types (--exit-on-error-type) as our error kinds. */
static const struct {
  const char *klee;
  uint32_t kinds; /* bit per symx_error_kind */
} exit_types[] = {
    {"Abort", 1u << SYMX_ERR_ABORT},
    {"Assert", 1u << SYMX_ERR_ASSERT},
    {"Free", 1u << SYMX_ERR_DOUBLE_FREE | 1u << SYMX_ERR_INVALID_FREE},
    {"Ptr", 1u << SYMX_ERR_OUT_OF_BOUNDS | 1u << SYMX_ERR_NULL_DEREF | 1u << SYMX_ERR_USE_AFTER_FREE},
    {"ReportError", 1u << SYMX_ERR_USER | 1u << SYMX_ERR_DIV_ZERO}, /* KLEE's div.err is one */
    {"User", 1u << SYMX_ERR_USER},
    {"Model", 1u << SYMX_ERR_MODEL},
    {"Exec", 1u << SYMX_ERR_UNREACHABLE},
    {"External", 1u << SYMX_ERR_EXTERNAL},
    {"Overflow", 0}, {"ReadOnly", 0}, {"BadVectorAccess", 0},
    {"UncaughtException", 0}, {"UnexpectedException", 0}, {"Unhandled", 0},
};

static int set_exit_type(cli *c, const char *val) {
  for (size_t k = 0; k < sizeof exit_types / sizeof exit_types[0]; k++)
    if (strcmp(exit_types[k].klee, val) == 0) {
      c->exit_kinds |= exit_types[k].kinds;
      return 0;
    }
  fprintf(stderr, "symx-llvm: --exit-on-error-type %s: not one of KLEE's error types\n", val);
  return -1;
}

/* KLEE's non-uniform searchers whose weights depend on the program run
** (nurs.c): libsymx's "weighted" searcher with that weight. One weight per
** run: 1 when val is one (c->weight set), 0 when not, -1 (said) when
** another one was asked for already. */
static int nurs_weight(cli *c, const char *val) {
  static const struct {
    const char *name;
    symx_weight_fn fn;
  } nurs[] = {{"nurs:qc", sxl_weight_qc}, {"nurs:covnew", sxl_weight_covnew},
              {"nurs:md2u", sxl_weight_md2u}, {"nurs:icnt", sxl_weight_icnt},
              {"nurs:cpicnt", sxl_weight_cpicnt}, {"nurs:new", sxl_weight_new}};
  for (size_t k = 0; k < sizeof nurs / sizeof nurs[0]; k++) {
    if (strcmp(nurs[k].name, val) != 0) continue;
    if (c->weight && c->weight != nurs[k].fn) {
      fprintf(stderr, "symx-llvm: --search %s: one of nurs:qc, covnew, md2u, icnt, cpicnt "
                      "per run\n", val);
      return -1;
    }
    c->weight = nurs[k].fn;
    return 1;
  }
  return 0;
}

/* --search NAME[,NAME...]: joins the searchers (interleaved); nurs:qc,
** covnew, md2u, icnt, cpicnt are libsymx's "weighted" with our weight. */
static int add_search(cli *c, const char *val) {
  int mix = !strncmp(val, "mix-ccbse", 9);
  if (mix || !strncmp(val, "ccbse", 5)) { /* Otter's CCBSE(S), Mix-CCBSE(S): ccbse.c */
    const char *in = val + (mix ? 9 : 5);
    size_t n = strlen(in);
    if (*in && (in[0] != '(' || in[n - 1] != ')' || n < 3 || n - 2 >= sizeof c->ccbse_search)) {
      fprintf(stderr, "symx-llvm: --search %s: expected ccbse, ccbse(S), mix-ccbse or mix-ccbse(S)\n", val);
      return -1;
    }
    snprintf(c->ccbse_search, sizeof c->ccbse_search, "%.*s", *in ? (int)n - 2 : 2, *in ? in + 1 : "rp");
    c->ccbse = mix ? 2 : 1;
    return 0;
  }
  for (const char *p = val;;) {
    const char *e = strchr(p, ',');
    char name[128];
    snprintf(name, sizeof name, "%.*s", (int)(e ? (size_t)(e - p) : strlen(p)), p);
    char *base = name; /* under libsymx's wrappers */
    while (!strncmp(base, "batching:", 9) || !strncmp(base, "iterdeep:", 9)) base += 9;
    int w = nurs_weight(c, base);
    if (w < 0) return -1;
    if (w) snprintf(base, sizeof name - (size_t)(base - name), "weighted");
    if (c->search[0]) strncat(c->search, ",", sizeof c->search - strlen(c->search) - 1);
    strncat(c->search, name, sizeof c->search - strlen(c->search) - 1);
    if (!e) return 0;
    p = e + 1;
  }
}

/* The index of val among names[0..n) into *out (0), or the message
** "--OPT VAL: not ALLOWED" (-1): the options whose values are KLEE's words. */
static int one_of(const char *const *names, int n, const char *val, int *out, const char *opt,
                  const char *allowed) {
  for (int k = 0; k < n; k++)
    if (strcmp(names[k], val) == 0) {
      *out = k;
      return 0;
    }
  fprintf(stderr, "symx-llvm: --%s %s: not %s\n", opt, val, allowed);
  return -1;
}

/* --external-calls, KLEE's values. */
static int set_ext_calls(cli *c, const char *val) {
  static const char *const names[] = {[SXL_EXT_ALL] = "all", [SXL_EXT_CONCRETE] = "concrete",
                                      [SXL_EXT_NONE] = "none", [SXL_EXT_OVER_APPROX] = "over-approx"};
  return one_of(names, 4, val, &c->ext_calls, "external-calls", "none, concrete, all or over-approx");
}

/* --external-call-warnings, KLEE's values. */
static int set_ext_warn(cli *c, const char *val) {
  static const char *const names[] = {[SXL_EXTWARN_ONCE] = "once-per-function",
                                      [SXL_EXTWARN_NONE] = "none", [SXL_EXTWARN_ALL] = "all"};
  return one_of(names, 3, val, &c->ext_warnings, "external-call-warnings",
                "none, once-per-function or all");
}

/* --solver NAME: libsymx's backends (dummy among them); KLEE's others
** (stp, metasmt) are not built in: said as KLEE says a backend it was
** built without. */
static int set_solver(cli *c, const char *val) {
  const symx_option_info *o = symx_option_find("solver");
  size_t n = strlen(val);
  for (const char *v = o ? o->values : ""; v && *v; v = strchr(v, '|') ? strchr(v, '|') + 1 : NULL)
    if (!strncmp(v, val, n) && (v[n] == '|' || !v[n])) return set(c->ctx, "solver", val);
  fprintf(stderr, "symx-llvm: solver backend '%s' is not built in (%s)\n", val,
          o && o->values ? o->values : "");
  return -1;
}

/* --switch-type, KLEE's values. */
static int set_switch(cli *c, const char *val) {
  static const char *const names[] = {[SXL_SWITCH_INTERNAL] = "internal",
                                      [SXL_SWITCH_SIMPLE] = "simple", [SXL_SWITCH_LLVM] = "llvm"};
  return one_of(names, 3, val, &c->switch_type, "switch-type", "internal, simple or llvm");
}

/* --debug-print-instructions all|src|compact:stderr|file (KLEE's values). */
static int set_trace(cli *c, const char *val) {
  static const char *const fmts[] = {[SXL_TRACE_ALL] = "all", [SXL_TRACE_SRC] = "src",
                                     [SXL_TRACE_COMPACT] = "compact"};
  const char *colon = strchr(val, ':');
  for (int k = SXL_TRACE_ALL; colon && k <= SXL_TRACE_COMPACT; k++)
    if (strlen(fmts[k]) == (size_t)(colon - val) && !strncmp(fmts[k], val, (size_t)(colon - val)) &&
        (!strcmp(colon + 1, "stderr") || !strcmp(colon + 1, "file"))) {
      c->trace = k;
      c->trace_file = !strcmp(colon + 1, "file");
      return 0;
    }
  fprintf(stderr, "symx-llvm: --debug-print-instructions %s: not all, src or compact, then "
                  ":stderr or :file\n", val);
  return -1;
}

/* The --debug-print-instructions file, OUTDIR/instructions.txt. 0, or -1
** (said). */
static int open_trace(cli *c) {
  const char *dir = symx_option_get_str(c->ctx, "output_dir");
  char path[4200];
  if (!dir || !*dir) {
    fprintf(stderr, "symx-llvm: --debug-print-instructions ...:file needs --output-dir\n");
    return -1;
  }
  mkdir(dir, 0777); /* an error shows at fopen */
  snprintf(path, sizeof path, "%s/instructions.txt", dir);
  if (!(c->trace_out = fopen(path, "w"))) {
    fprintf(stderr, "symx-llvm: --debug-print-instructions: cannot write %s\n", path);
    return -1;
  }
  return 0;
}

/* --libc min|full|none|FILE.bc (sxl_libc_path), KLEE's klee (its small
** libc: our min) and uclibc (a full libc: our full). */
static void set_libc(cli *c, const char *val) {
  c->libc = strcmp(val, "klee") == 0 ? "min" : val;
}

/* --replay-ktest-file FILE, --replay-ktest-dir DIR (repeatable). */
static int add_target(cli *c, const char *spec, size_t len) {
  if (c->ntargets == c->target_cap) {
    int cap = c->target_cap ? 2 * c->target_cap : 16;
    char **t = realloc(c->targets, (size_t)cap * sizeof *t);
    if (!t) goto oom;
    c->targets = t;
    c->target_cap = cap;
  }
  if (!(c->targets[c->ntargets] = strndup(spec, len))) goto oom;
  c->ntargets++;
  return 0;
oom:
  fprintf(stderr, "symx-llvm: --target: out of memory\n");
  return -1;
}

/* --targets-file: one FILE:LINE per line; blank lines and lines starting
** with # are skipped (a list of lines to reach, e.g. a coverage report's). */
static int read_targets(cli *c, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "symx-llvm: --targets-file %s: %s\n", path, strerror(errno));
    return -1;
  }
  char *line = NULL;
  size_t cap = 0;
  int before = c->ntargets, rc = 0;
  for (ssize_t n; !rc && (n = getline(&line, &cap, f)) >= 0;) {
    char *b = line, *e = line + n;
    while (b < e && isspace((unsigned char)*b)) b++;
    while (e > b && isspace((unsigned char)e[-1])) e--;
    if (b < e && *b != '#') rc = add_target(c, b, (size_t)(e - b));
  }
  free(line);
  fclose(f);
  if (!rc && c->ntargets == before) {
    fprintf(stderr, "symx-llvm: --targets-file %s: no targets in it (one FILE:LINE per line)\n", path);
    rc = -1;
  }
  return rc;
}

static int add_replay(cli *c, int dir, const char *name, const char *val) {
  const char **v = dir ? c->replay_dirs : c->replay_files;
  int *n = dir ? &c->nreplay_dirs : &c->nreplay_files;
  if (*n == 256) {
    fprintf(stderr, "symx-llvm: --%s: more than 256\n", name);
    return -1;
  }
  v[(*n)++] = val;
  return 0;
}

static const struct own_opt *own_find(const char *name) {
  for (size_t k = 0; k < sizeof own_opts / sizeof own_opts[0]; k++)
    if (strcmp(own_opts[k].name, name) == 0) return &own_opts[k];
  return NULL;
}

/* libsymx's option of a command-line name (some-name: some_name), or NULL. */
static const symx_option_info *lib_find(const char *name, char *lname, size_t len) {
  snprintf(lname, len, "%s", name);
  for (char *p = lname; *p; p++)
    if (*p == '-') *p = '_';
  return symx_option_find(lname);
}

/* --set NAME=VALUE */
static int set_pair(symx_ctx *ctx, const char *val) {
  const char *e2 = strchr(val, '=');
  if (!e2) {
    fprintf(stderr, "symx-llvm: --set wants NAME=VALUE\n");
    return -1;
  }
  char on[128];
  snprintf(on, sizeof on, "%.*s", (int)(e2 - val), val);
  return set(ctx, on, e2 + 1);
}

/* An option of symx-llvm's own with its value (NULL for flags). */
static int set_own(cli *c, const struct own_opt *o, const char *name, const char *val) {
  void *field = (char *)c + o->field;
  switch (o->kind) {
  case K_HELP: return 1;
  case K_VERSION: return 2;
  case K_FLAG: *(int *)field = 1; return 0;
  case K_LIB: return set(c->ctx, o->lib, o->value);
  case K_LIB_BOOL: return set(c->ctx, o->lib, "1");
  case K_NOOP:
  case K_ON:
  case K_NOOP_VAL: return 0;
  case K_REFUSED:
    fprintf(stderr, "symx-llvm: --%s: KLEE's option, which symx-llvm does not implement%s%s\n",
            name, o->value ? ": " : "", o->value ? o->value : "");
    return -1;
  case K_LIBC: set_libc(c, val); return 0;
  case K_EXT_CALLS: return set_ext_calls(c, val);
  case K_EXT_WARN: return set_ext_warn(c, val);
  case K_TRACE: return set_trace(c, val);
  case K_SWITCH: return set_switch(c, val);
  case K_SOLVER: return set_solver(c, val);
  case K_ALIAS_FN:
    if (c->aliases.n == (int)(sizeof c->aliases.pairs / sizeof c->aliases.pairs[0])) {
      fprintf(stderr, "symx-llvm: --function-alias: more than %d\n", c->aliases.n);
      return -1;
    }
    c->aliases.pairs[c->aliases.n++] = val;
    return 0;
  case K_EXIT_TYPE: return set_exit_type(c, val);
  case K_ALIAS: return set_as(c->ctx, o->lib, val, name);
  case K_STR: *(const char **)field = val; return 0;
  case K_U64: {
    char *end;
    *(uint64_t *)field = strtoull(val, &end, 10);
    if (*val >= '0' && *val <= '9' && !*end) return 0;
    fprintf(stderr, "symx-llvm: --%s %s: not a number\n", name, val);
    return -1;
  }
  case K_FRAC: {
    char *end;
    double v = strtod(val, &end);
    if (end != val && !*end && v >= 0 && v <= 1) {
      *(double *)field = v;
      return 0;
    }
    fprintf(stderr, "symx-llvm: --%s %s: not a share from 0 to 1\n", name, val);
    return -1;
  }
  case K_MS:
    if ((*(int64_t *)field = parse_ms(val)) >= 0) return 0;
    fprintf(stderr, "symx-llvm: --%s %s: not a duration\n", name, val);
    return -1;
  case K_SEED_FILE:
    if (c->nseed_files < 256) c->seed_files[c->nseed_files++] = val;
    return 0;
  case K_SEED_DIR:
    if (c->nseed_dirs < 256) c->seed_dirs[c->nseed_dirs++] = val;
    return 0;
  case K_REPLAY_FILE:
  case K_REPLAY_DIR: return add_replay(c, o->kind == K_REPLAY_DIR, name, val);
  case K_SEED_INPUT:
    c->seed_input = val;
    c->seed_input_given = 1;
    return 0;
  case K_SEARCH: return add_search(c, val);
  case K_TARGET: return add_target(c, val, strlen(val));
  case K_TARGETS_FILE: return read_targets(c, val);
  case K_TARGET_ORDER: {
    static const char *const names[] = {"any", "sequential"};
    return one_of(names, 2, val, &c->target_order, "target-order", "any or sequential");
  }
  default: return set_pair(c->ctx, val);
  }
}

static int is_false(const char *v) {
  return !strcmp(v, "false") || !strcmp(v, "0") || !strcmp(v, "off") || !strcmp(v, "no");
}

/* Notes that the command line set libsymx's option name (its test
** policy: --afl-sync's default differs). */
static void note_given(cli *c, const char *name) {
  if (!strcmp(name, "emit_tests")) c->emit_given |= 1;
  if (!strcmp(name, "emit_all_errors")) c->emit_given |= 2;
  if (!strcmp(name, "cut_policy")) c->emit_given |= 4;
  if (!strcmp(name, "max_loop_iterations")) c->emit_given |= 8;
  if (!strcmp(name, "concolic_queue")) c->emit_given |= 16;
  if (!strcmp(name, "solver_timeout")) c->emit_given |= 32;
  if (!strcmp(name, "pending_joint")) c->emit_given |= 64;
}

/* The option at argv[*i] ("--name", "--name=value" or "--name value"):
** 0 when taken, 1 for --help, 2 for --version, -1 on an error (said on
** stderr). */
static int take_option(cli *c, int argc, char **argv, int *i) {
  const char *a = argv[*i], *eq = strchr(a + 2, '=');
  char name[128], lname[128];
  size_t n = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
  if (n >= sizeof name) n = sizeof name - 1;
  memcpy(name, a + 2, n);
  name[n] = 0;
  const struct own_opt *own = own_find(name);
  const symx_option_info *lib = own ? NULL : lib_find(name, lname, sizeof lname);
  const char *val = NULL;
  int flag = own ? own->kind <= K_REFUSED : lib && lib->type == SYMX_OPT_BOOL && !eq;
  /* KLEE's booleans also come as --name=true / --name=false */
  if (flag && eq && own && own->kind != K_REFUSED && is_false(eq + 1)) {
    if (own->kind == K_ON) *(int *)((char *)c + own->field) = 1;
    if (own->kind == K_LIB_BOOL) return set(c->ctx, own->lib, "0");
    return 0;
  }
  if (!own && !lib) {
    fprintf(stderr, "symx-llvm: unknown option --%s (see --help)\n", name);
    return -1;
  }
  if (!flag) {
    if (eq) {
      val = eq + 1;
    } else if (*i + 1 < argc) {
      val = argv[++*i];
    } else {
      fprintf(stderr, "symx-llvm: --%s needs a value\n", name);
      return -1;
    }
  }
  if (own && own->lib) note_given(c, own->lib);
  if (own && own->kind == K_SET) {
    char on[128];
    snprintf(on, sizeof on, "%.*s", (int)strcspn(val, "="), val);
    note_given(c, on);
  }
  if (own) return set_own(c, own, name, val);
  note_given(c, lname);
  return set(c->ctx, lname, val ? val : "1");
}

/* -I DIR, -DNAME=V, -U NAME, -O2 ...: clang's flags for a .c program (the
** value may be the next argument, except for -O). 0, or -1 on an error. */
static int add_cflag(cli *c, int argc, char **argv, int *i) {
  const char *a = argv[*i], *val = a[2] || a[1] == 'O' ? "" : NULL;
  if (!val && *i + 1 < argc) val = argv[++*i];
  if (!val) {
    fprintf(stderr, "symx-llvm: %s needs a value\n", a);
    return -1;
  }
  size_t used = strlen(c->cflags), need = strlen(a) + strlen(val) + 2;
  if (used + need >= sizeof c->cflags) {
    fprintf(stderr, "symx-llvm: %s: too many compiler flags\n", a);
    return -1;
  }
  snprintf(c->cflags + used, sizeof c->cflags - used, "%s%s\n", a, val);
  return 0;
}

static int is_input(const char *a) {
  size_t n = strlen(a);
  return (n > 2 && !strcmp(a + n - 2, ".c")) || (n > 3 && !strcmp(a + n - 3, ".bc")) ||
         (n > 3 && !strcmp(a + n - 3, ".ll"));
}

/* After the first input: the next ones are the positional arguments ending
** in .c, .bc or .ll; the first other one, or what follows "--", is the
** program's first argument (c->argi). 0, or -1 on an error. */
static int more_inputs(cli *c, int argc, char **argv, int i) {
  for (; i < argc && is_input(argv[i]); i++) {
    if (c->ninputs == (int)(sizeof c->inputs / sizeof c->inputs[0])) {
      fprintf(stderr, "symx-llvm: %s: more than %d input files\n", argv[i], c->ninputs);
      return -1;
    }
    c->inputs[c->ninputs++] = argv[i];
  }
  c->argi = i < argc && !strcmp(argv[i], "--") ? i + 1 : i;
  return 0;
}

/* The command line up to the program's arguments: 0, 1 for --help, 2
** for --version, -1 on an error. */
static int parse(cli *c, int argc, char **argv) {
  c->argi = argc;
  for (int i = 1; i < argc && !c->program; i++) {
    const char *a = argv[i];
    if (a[0] == '-' && a[1] == '-') {
      int rc = take_option(c, argc, argv, &i);
      if (rc) return rc;
    } else if (strcmp(a, "-h") == 0) {
      return 1;
    } else if (a[0] == '-' && a[1] && strchr("IDUO", a[1])) {
      if (add_cflag(c, argc, argv, &i)) return -1;
    } else if (a[0] == '-') {
      fprintf(stderr, "symx-llvm: unknown option %s\n", a);
      return -1;
    } else {
      c->program = c->inputs[c->ninputs++] = a;
      if (more_inputs(c, argc, argv, i + 1)) return -1;
      c->pargv = argv + c->argi;
      c->pargc = argc - c->argi;
      return 0;
    }
  }
  return 0;
}

/* --quiet hides the messages, not the fact that unsupported code stopped paths */
static void unsupported_count(cli *c, sxl_session *s) {
  int n = s->x.unsupported_seen;
  const char *dir = symx_option_get_str(c->ctx, "output_dir");
  if (c->quiet && n)
    fprintf(stderr, "symx-llvm: %d unsupported-code message%s%s\n", n, n == 1 ? "" : "s",
            dir && *dir ? " (in messages.txt)" : " (--output-dir keeps them in messages.txt)");
}

static int run_afl(cli *c, sxl_session *s, int argc, char **argv) {
  /* with the AFL++ binary every path's input is offered and its edges
  ** decide; without it, symx's own coverage (paths covering new
  ** instructions) does; every crash is offered; unless asked otherwise */
  /* a query still open after a second costs the entry more than the
  ** states behind it are worth: AFL's queue keeps offering new ones */
  if ((!(c->emit_given & 1) && set(c->ctx, "emit_tests", c->afl_bin ? "all" : "cover")) ||
      (!(c->emit_given & 2) && set(c->ctx, "emit_all_errors", "1")) ||
      (!(c->emit_given & 32) && set(c->ctx, "solver_timeout", "1s")))
    return SXL_EXIT_CANNOT;
  s->errors_once = !(c->emit_given & 2); /* crashes/ gets them all, stderr one a location */
  symx_seeds *seeds = load_seeds(c->ctx, c->seed_files, c->nseed_files, c->seed_dirs,
                                 c->nseed_dirs, c->seed_input);
  char cmdline[4096] = "";
  for (int k = 0; k < argc; k++) {
    if (k) strncat(cmdline, " ", sizeof cmdline - strlen(cmdline) - 1);
    strncat(cmdline, argv[k], sizeof cmdline - strlen(cmdline) - 1);
  }
  /* --max-time bounds the whole run; each entry has its own budget. */
  uint64_t max_time_ms = (uint64_t)symx_option_get(c->ctx, "max_time");
  sxl_afl_opts ao = {c->afl_sync, c->afl_name, c->seed_input_given ? c->seed_input : NULL,
                     (uint64_t)c->afl_seed_ms, (uint64_t)c->afl_stall_ms, max_time_ms,
                     (uint64_t)c->afl_idle_ms,
                     2000, seeds, cmdline, c->afl_bin, c->afl_args, (uint64_t)c->afl_timeout_ms,
                     c->afl_share, (uint64_t)c->afl_share_stuck_ms,
                     (uint64_t)c->afl_share_turn_ms};
  int r = sxl_afl_run(s, &ao, &g_stop);
  unsupported_count(c, s);
  symx_seeds_free(seeds);
  if (!r) return 0;
  fprintf(stderr, "symx-llvm: %s\n", s->err);
  return 2;
}

/* --replay: one concrete run on the test's inputs; the program's exit code. */
static int run_replay(cli *c, sxl_session *s) {
  symx_assign *a = symx_ktest_read(c->ctx, c->replay);
  if (!a) {
    fprintf(stderr, "symx-llvm: %s\n", symx_errmsg(c->ctx));
    return 2;
  }
  int r = sxl_session_run_concrete(s, a);
  symx_assign_free(a);
  if (!c->quiet)
    fprintf(stderr, "symx-llvm: replay: %" PRIu64 " instructions, %.3fs (%.1fM/s)\n",
            s->x.instructions, s->wall_s,
            s->wall_s > 0 ? (double)s->x.instructions / s->wall_s / 1e6 : 0.0);
  if (!r) return s->nerrors ? 1 : s->last_exit;
  fprintf(stderr, "symx-llvm: %s\n", s->err);
  return 2;
}

/* The exit status of an exploration that ran: errors found (1) first,
** since they are what a CI job acts on; then an exploration known to be
** incomplete (3: unsupported code, a limit, interrupted); else 0. */
static int explore_status(cli *c, sxl_session *s) {
  char why[1024];
  sxl_session_incomplete(s, why, sizeof why);
  if (g_stop) snprintf(why + strlen(why), sizeof why - strlen(why), "%sinterrupted", *why ? ", " : "");
  if (!c->quiet) {
    sxl_errlocs_print(&s->errlocs, stderr, "symx-llvm: ");
    if (*why) fprintf(stderr, "symx-llvm: exploration incomplete: %s\n", why);
  }
  return s->nerrors ? SXL_EXIT_ERRORS : *why ? SXL_EXIT_INCOMPLETE : 0;
}

/* --cut-then-full's seeds from the cut run's tests in dir, said on
** stderr: *seeds NULL with --cut-seeds none (the original afresh, from
** main; the cut run's tests count by their replay). -1 on an error. */
static int full_seeds(cli *c, sxl_session *s, const char *dir, symx_seeds **seeds) {
  *seeds = NULL;
  if (!strcmp(c->cut_seeds, "none")) {
    if (!c->quiet)
      fprintf(stderr, "symx-llvm: --cut-then-full: the original, unseeded (the cut run's tests: %s)\n", dir);
    return 0;
  }
  *seeds = symx_seeds_new(c->ctx);
  int all = !strcmp(c->cut_seeds, "all"), n = *seeds ? sxl_cut_seeds(s, *seeds, dir, all) : -1;
  if (n < 0) {
    fprintf(stderr, "symx-llvm: --cut-then-full: the seeds in %s: %s\n", dir, symx_errmsg(c->ctx));
    return -1;
  }
  if (!c->quiet && all) fprintf(stderr, "symx-llvm: --cut-then-full: the original, seeded by %s\n", dir);
  if (!c->quiet && !all)
    fprintf(stderr, "symx-llvm: --cut-then-full: the original, seeded by the %d test(s) of %s "
                    "(and earlier rounds) whose path covered new code\n", n, dir);
  return 0;
}

/* --cut-then-full: a run of the original program after the cut run (its
** tests moved to OUTDIR/cut), under the same limits. */
static int full_after_cut(cli *c, sxl_session *s) {
  char dir[2200];
  if (sxl_cuts_off(s, dir, sizeof dir)) return -1;
  symx_seeds *seeds;
  int r = full_seeds(c, s, dir, &seeds);
  if (!r) r = sxl_session_explore(s, seeds);
  if (!r) r = sxl_session_finish(s);
  symx_seeds_free(seeds);
  return r;
}

static int run_explore(cli *c, sxl_session *s) {
  symx_seeds *seeds = load_seeds(c->ctx, c->seed_files, c->nseed_files, c->seed_dirs,
                                 c->nseed_dirs, c->seed_input);
  unsigned kept = c->ccbse_paths < 1 ? 1 : c->ccbse_paths > 16 ? 16 : (unsigned)c->ccbse_paths;
  sxl_ccbse_opts co = {c->ccbse == 2, c->ccbse_search, c->mix_ratio, kept};
  int r = c->ccbse ? sxl_ccbse_run(s, &co) : sxl_session_explore(s, seeds);
  if (!r) r = sxl_session_finish(s);
  for (int more; !r && (more = sxl_cut_next_round(s));) /* --cut adaptive */
    r = more < 0 ? -1 : sxl_session_explore(s, seeds) || sxl_session_finish(s) ? -1 : 0;
  if (!r && c->cut_then_full) r = full_after_cut(c, s);
  if (!r) sxl_targets_report(s);
  if (!c->quiet) {
    uint64_t l, tl, ins, ti;
    sxl_session_coverage(s, &l, &tl, &ins, &ti);
    fprintf(stderr,
            "symx-llvm: done: %" PRIu64 " instructions, %" PRIu64 " paths, %" PRIu64
            " errors, %zu tests, %" PRIu64 " lines covered, %.3fs\n",
            s->x.instructions, s->npaths, s->nerrors,
            s->eng ? symx_engine_test_count(s->eng) : (size_t)0, l, s->wall_s);
  }
  unsupported_count(c, s);
  symx_seeds_free(seeds);
  if (!r) return explore_status(c, s);
  fprintf(stderr, "symx-llvm: %s\n", s->err);
  return SXL_EXIT_CANNOT;
}

/* Whether the run writes an output directory without --output-dir: an
** exploration does; --replay, --replay-ktest-file/-dir and --afl-sync (it
** writes into the sync directory) do not. */
static int writes_outputs(const cli *c) {
  return !c->afl_sync && !c->replay && !c->nreplay_files && !c->nreplay_dirs;
}

/* Before the program is loaded: the output directory can be made. 0, or
** -1 (said). */
static int check_outdir(cli *c) {
  const char *given = symx_option_get_str(c->ctx, "output_dir");
  char err[4400];
  c->outdir_given = given && *given;
  c->outdir_wanted = c->outdir_given || writes_outputs(c);
  if (!c->outdir_wanted || !sxl_outdir_check(c->outdir_given ? given : NULL, err, sizeof err))
    return 0;
  fprintf(stderr, "symx-llvm: %s\n", err);
  return -1;
}

/* Once the program is loaded: the output directory made, and the option
** output_dir naming it. 0, or -1 (said). */
static int make_outdir(cli *c) {
  char err[4400], warn[4400];
  if (!c->outdir_wanted) return 0;
  const char *given = c->outdir_given ? symx_option_get_str(c->ctx, "output_dir") : NULL;
  if (sxl_outdir_create(given, c->outdir, sizeof c->outdir, warn, sizeof warn, err, sizeof err)) {
    fprintf(stderr, "symx-llvm: %s\n", err);
    return -1;
  }
  if (*warn) fprintf(stderr, "symx-llvm: warning: %s\n", warn);
  if (!c->outdir_given && !c->quiet) fprintf(stderr, "symx-llvm: output directory %s\n", c->outdir);
  return set(c->ctx, "output_dir", c->outdir);
}

/* The environment runtime's main is asked for (--posix-runtime, or an
** argument of the program starts with --sym-): its options checked here,
** so a malformed one is one message naming it. 1, 0, or -1 (said). */
static int want_posix(cli *c) {
  static sxl_spec spec;
  int want = c->posix_runtime;
  for (int i = 0; i < c->pargc; i++)
    if (sxl_spec_is_option(c->pargv[i])) want = 1;
  if (want && sxl_spec_parse(&spec, c->pargc, c->pargv)) {
    fprintf(stderr, "symx-llvm: %s\n", spec.err);
    return -1;
  }
  return want;
}

/* --replay-path FILE: its decisions ('0'/'1', one a line, as --write-paths
** writes them). 0, or -1 (said). */
static int read_replay_path(cli *c) {
  FILE *f = fopen(c->replay_path, "r");
  if (!f) {
    fprintf(stderr, "symx-llvm: --replay-path %s: cannot read it\n", c->replay_path);
    return -1;
  }
  size_t n = 0, cap = 256;
  char *d = malloc(cap);
  int ch, bad = 0;
  while (d && (ch = fgetc(f)) != EOF) {
    if (ch == '\n' || ch == '\r' || ch == ' ') continue;
    if (ch != '0' && ch != '1') bad = 1;
    if (n == cap) {
      char *g = realloc(d, cap *= 2);
      if (!g) free(d);
      d = g;
    }
    if (d) d[n++] = (char)ch;
  }
  fclose(f);
  if (!d || bad) {
    free(d);
    fprintf(stderr, "symx-llvm: --replay-path %s: %s\n", c->replay_path,
            bad ? "not a list of 0 and 1 (one a line)" : "out of memory");
    return -1;
  }
  c->replay_dec = d;
  c->nreplay = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
  return 0;
}

/* KLEE's per-test files and branch records, as asked. */
static int set_testfiles(cli *c, sxl_session *s) {
  if (c->replay_path && read_replay_path(c)) return -1;
  s->x.replay_path = c->replay_dec;
  s->x.nreplay = c->nreplay;
  s->x.write_paths = c->tf.paths || c->tf.sym_paths || c->replay_path;
  s->x.write_cov = c->tf.cov;
  c->tf.dir = symx_option_get_str(c->ctx, "output_dir");
  c->tf.prog = s->prog;
  if (sxl_querylog_set(c->ctx, c->query_log, c->tf.dir) || sxl_z3dump_set(c->ctx, c->z3_dump))
    return -1;
  if (c->tf.paths || c->tf.sym_paths || c->tf.cov || c->tf.smt2 || c->tf.kquery || c->tf.cvc) {
    s->test_hook = sxl_testfiles_hook;
    s->test_ud = &c->tf;
  }
  return 0;
}

/* --output-module: the program as symx-llvm runs it (linked, its libc
** included, --function-alias and --switch-type=llvm applied) as
** OUTDIR/final.bc. 0, or -1 (said). */
static int write_module(cli *c, sxl_session *s) {
  const char *dir = symx_option_get_str(c->ctx, "output_dir");
  char path[4200];
  if (!dir || !*dir) {
    fprintf(stderr, "symx-llvm: --output-module needs --output-dir\n");
    return -1;
  }
  mkdir(dir, 0777); /* an error shows when writing */
  snprintf(path, sizeof path, "%s/final.bc", dir);
  if (LLVMWriteBitcodeToFile(s->prog->mod, path) == 0) return 0;
  fprintf(stderr, "symx-llvm: --output-module: cannot write %s\n", path);
  return -1;
}

/* The program loaded with its arguments, then the output directory made:
** a run that cannot start writes nothing. NULL when not (said). */
static sxl_session *load_session(cli *c) {
  char err[1024], flags[4200];
  int posix = want_posix(c);
  if (posix < 0) return NULL;
  snprintf(flags, sizeof flags, "%s\n%s%s", c->optimize ? "-O1" : "-O0", c->cflags,
           c->keep_klee_callers ? "\n" SXL_OPT_KEEP_KLEE : "");
  c->ecfg.aliases = &c->aliases;
  c->ecfg.as_main = 1;
  c->ecfg.all = c->ccbse != 0; /* CCBSE starts anywhere */
  c->ecfg.depth = c->entry_depth > 16 ? 16 : (unsigned)c->entry_depth;
  c->ecfg.array = c->entry_array > 4096 ? 4096 : (unsigned)c->entry_array;
  sxl_session *s = sxl_session_open(c->ctx, c->inputs, c->ninputs, c->libc, flags, c->entry,
                                    posix, sxl_entry_hook, &c->ecfg, err, sizeof err);
  if (!s) {
    fprintf(stderr, "symx-llvm: %s\n", err);
    return NULL;
  }
  if (sxl_session_set_args(s, c->program, c->pargc, c->pargv, c->environ_file)) {
    fprintf(stderr, "symx-llvm: %s\n", s->err);
    sxl_session_free(s);
    return NULL;
  }
  if (make_outdir(c)) {
    sxl_session_free(s);
    return NULL;
  }
  s->origin = c->ecfg.fn;
  s->x.lazy = &c->ecfg.lazy; /* the harnesses' lazy pointers (lazy.c) */
  return s;
}

/* The session on the program, set up as the command line asks. */
static sxl_session *open_session(cli *c) {
  sxl_session *s = load_session(c);
  if (!s) return NULL;
  /* before anything translates a function: translations take the plan */
  s->quiet = c->quiet;
  if (!c->cut && symx_option_get(c->ctx, "max_call_depth")) c->cut = "none";
  double share = c->cut_then_full ? c->cut_share : 0;
  if (c->cut && sxl_cuts_setup(s, c->cut, c->cut_budget_ms, c->emit_given & 4, c->emit_given & 8,
                              c->print_cuts, share, c->cut_adapt, c->cut_window)) {
    sxl_session_free(s);
    return NULL;
  }
  s->exit_on_error = c->exit_on_error;
  s->exit_kinds = c->exit_kinds;
  s->x.ext_calls = c->ext_calls;
  s->x.max_frames = c->max_frames > UINT32_MAX ? UINT32_MAX : (uint32_t)c->max_frames;
  s->x.concretize_ptrs = c->concretize_pointers;
  s->x.no_overshift_check = c->no_overshift;
  s->x.silent_assume = c->silent_assume;
  s->x.single_object = c->single_object;
  s->x.make_symbolic = c->make_symbolic;
  s->x.ext_warnings = c->ext_warnings;
  s->warnings_to_file = c->warnings_to_file;
  s->statlog.interval_ms = c->stats_interval_ms;
  s->statlog.every_ins = c->stats_every_ins;
  s->statlog.off = c->no_stats;
  s->weight = c->weight;
  s->x.count_hits = c->weight == sxl_weight_icnt || c->weight == sxl_weight_cpicnt;
  s->x.statics = sxl_static_new(&c->statics);
  if (!s->x.statics && (c->statics.fork < 1 || c->statics.solve < 1 || c->statics.cpfork < 1 ||
                        c->statics.cpsolve < 1)) {
    fprintf(stderr, "symx-llvm: --max-static-*-pct: out of memory\n");
    sxl_session_free(s);
    return NULL;
  }
  if (c->trace && c->trace_file && open_trace(c)) {
    sxl_session_free(s);
    return NULL;
  }
  s->x.trace = c->trace;
  s->x.trace_out = c->trace_out;
  s->prog->keep_src = c->trace != SXL_TRACE_OFF;
  s->prog->switch_type = c->switch_type;
  if (set_testfiles(c, s)) {
    sxl_session_free(s);
    return NULL;
  }
  if (c->switch_type == SXL_SWITCH_LLVM) sxl_lower_switches(s->prog->mod);
  if (c->print_escaping) sxl_print_escaping(s->prog->mod, stderr);
  if (c->output_module && write_module(c, s)) {
    sxl_session_free(s);
    return NULL;
  }
  if ((c->ntargets || c->print_distances) &&
      sxl_targets_set(s, (const char *const *)c->targets, (size_t)c->ntargets, c->target_order, !c->no_stop_targets)) {
    fprintf(stderr, "symx-llvm: %s\n", s->err);
    sxl_session_free(s);
    return NULL;
  }
  char key[64]; /* the constraint cache belongs to this build of the program */
  if (!*symx_option_get_str(c->ctx, "concolic_cache_key") && !sxl_prog_key(s->prog->mod, key, sizeof key))
    symx_option_set_str(c->ctx, "concolic_cache_key", key);
  if (c->changed && !(s->x.changed = sxl_changed_new(c->changed, s->err, sizeof s->err))) {
    fprintf(stderr, "symx-llvm: %s\n", s->err);
    sxl_session_free(s);
    return NULL;
  }
  if (c->changed) s->prog->keep_src = 1; /* control dependence asks LLVM's blocks */
  /* new code first across the runs, not only within each (Oasis's Listing 2: fifo) */
  if (c->changed && !(c->emit_given & 16) && set(c->ctx, "concolic_queue", "rank")) {
    sxl_session_free(s);
    return NULL;
  }
  if (c->print_distances) sxl_distance_print(s->dist, stdout);
  s->print_distances = c->print_distances;
  if (c->quantum) s->x.quantum = c->quantum;
  s->quiet = c->quiet;
  s->x.echo_output = !c->quiet;
  s->progress = !c->no_progress && !c->quiet;
  s->x.enum_outputs = c->enum_outputs;
  return s;
}

/* The searcher: --search's (else libsymx's default), in KLEE's wrappers
** when asked: batching around it, iterative deepening around that. */
static int set_search(cli *c) {
  char spec[1200];
  snprintf(spec, sizeof spec, "%s", c->search[0] ? c->search : symx_option_get_str(c->ctx, "search"));
  const char *wrap[2] = {c->batching ? "batching" : NULL, c->iterdeep ? "iterdeep" : NULL};
  for (int k = 0; k < 2; k++) {
    char inner[1200];
    if (!wrap[k]) continue;
    snprintf(inner, sizeof inner, "%s", spec);
    if ((size_t)snprintf(spec, sizeof spec, "%s:(%s)", wrap[k], inner) >= sizeof spec) {
      fprintf(stderr, "symx-llvm: --search: too long\n");
      return -1;
    }
  }
  /* towards targets the pending states are revived nearest first (sdse),
  ** whatever the searcher: the pending pick is what a directed revival
  ** weighs against the active one (option directed_revival; without it they
  ** go by the same searcher, as KLEE's would). Unless --pending-search
  ** names one other than its default. */
  int given = c->search[0] || c->batching || c->iterdeep;
  const char *pend = symx_option_get(c->ctx, "directed_revival") ? "sdse" : given ? spec : NULL;
  const char *ps = symx_option_get_str(c->ctx, "pending_search");
  if (c->ntargets && pend && !strcmp(ps, "random-path") && set(c->ctx, "pending_search", pend))
    return -1;
  /* sdse-pr draws a state by 1/distance: a revival of the nearest pending
  ** state first made it sdse (Coreutils' seq: 2.1M instructions to the
  ** target against eager mode's 0.28M). One pool (pending_joint) keeps its
  ** draw over both sides of each fork, eager mode's order, and a pending
  ** state is still checked only when drawn. Unless --set pending_joint. */
  if (c->ntargets && strstr(spec, "sdse-pr") && symx_option_get(c->ctx, "directed_revival") &&
      !(c->emit_given & 64) && set(c->ctx, "pending_joint", "1"))
    return -1;
  if (!given) return 0;
  if (!c->ntargets && strstr(spec, "sdse"))
    fprintf(stderr, "symx-llvm: warning: --search %s without --target: no state is nearer than "
                    "another (their order is random)\n", spec);
  return set(c->ctx, "search", spec);
}

/* After the command line: the run it asks for; the exit code. */
static int run(cli *c, int argc, char **argv) {
  if (!c->program) {
    usage(stderr);
    return 2;
  }
  if (set_search(c)) return 2;
  if (c->covout) {
    char err[1024];
    if (c->ninputs > 1) {
      fprintf(stderr, "symx-llvm: --emit-cov-bitcode takes one input file\n");
      return 2;
    }
    if (!sxl_instrument_coverage(c->program, c->covout, err, sizeof err)) return 0;
    fprintf(stderr, "symx-llvm: %s\n", err);
    return 2;
  }
  if (c->entry && !*c->entry) { /* as KLEE: no default for an empty name */
    fprintf(stderr, "symx-llvm: the entry point (--entry-point) cannot be empty\n");
    return 2;
  }
  if (c->ccbse && (c->ntargets != 1 || c->ecfg.fn)) {
    fprintf(stderr, "symx-llvm: --search %s: needs one --target (Otter's CCBSE is single-target)%s\n",
            c->ccbse == 2 ? "mix-ccbse" : "ccbse", c->ecfg.fn ? " and no --entry" : "");
    return 2;
  }
  if (sxl_cuts_check_args(c->cut, c->cut_budget_ms, c->cut_share, c->cut_adapt)) return 2;
  if (strcmp(c->cut_seeds, "cover") && strcmp(c->cut_seeds, "all") && strcmp(c->cut_seeds, "none")) {
    fprintf(stderr, "symx-llvm: --cut-seeds %s: one of cover (the tests that covered new "
                    "code), all, none\n", c->cut_seeds);
    return 2;
  }
  if (check_outdir(c)) return SXL_EXIT_CANNOT;
  sxl_session *s = open_session(c);
  if (!s) return SXL_EXIT_CANNOT;
  g_ctx = c->ctx;
  signal(SIGINT, on_sigint);
  int rc = c->afl_sync ? run_afl(c, s, argc, argv)
           : c->replay ? run_replay(c, s)
           : c->nreplay_files || c->nreplay_dirs
               ? sxl_replay_tests(s, c->replay_files, c->nreplay_files, c->replay_dirs,
                                  c->nreplay_dirs, c->quiet)
                       : run_explore(c, s);
  sxl_changed_free(s->x.changed);
  sxl_session_free(s);
  if (c->compress_log) sxl_querylog_gzip(c->ctx, c->query_log); /* a failure is said */
  if (c->trace_out) fclose(c->trace_out);
  free(c->replay_dec);
  if (c->tf.errors) fprintf(stderr, "symx-llvm: %u per-test files could not be written\n", c->tf.errors);
  g_ctx = NULL;
  return rc;
}

int main(int argc, char **argv) {
  static cli c; /* large (seed lists): not on the stack */
  c.ctx = symx_ctx_new();
  if (!c.ctx) return 2;
  c.seed_input = "input";
  c.afl_name = "symx";
  c.afl_seed_ms = 10000;
  c.afl_stall_ms = 3000;
  c.afl_share_stuck_ms = 10000;
  c.afl_share_turn_ms = 30000;
  c.max_frames = 8192; /* KLEE's default; 0: no limit */
  c.cut_budget_ms = 1000;
  c.cut_share = 0.5;
  c.cut_seeds = "cover";
  c.stats_interval_ms = 1000; /* KLEE's default */
  c.statics = (sxl_static_limits){1, 1, 1, 1, 1000}; /* KLEE's defaults: no limits, 1000 forks */
  c.entry_depth = 2; /* --entry: pointers two deep (entry.c) */
  c.entry_array = 8; /* Otter's arrays of 8 */
  c.mix_ratio = 0.75; /* Otter's 75% forward */
  c.ccbse_paths = 4;
  /* KLEE's: a .ktest seed's objects bind the inputs a path makes, in order */
  /* symx-llvm's defaults for a long run (KLEE's where it has them): tests
  ** for errors and new coverage, .ktest files only, one test per error
  ** location */
  if (set(c.ctx, "seed_match", "position") || set(c.ctx, "emit_tests", "cover") ||
      set(c.ctx, "test_formats", "ktest") || set(c.ctx, "emit_all_errors", "0")) {
    symx_ctx_free(c.ctx);
    return 2;
  }
  int rc = parse(&c, argc, argv);
  if (rc == 1) usage(stdout);
  if (rc == 2) printf("symx-llvm %s\n", symx_version());
  rc = rc > 0 ? 0 : rc < 0 ? 2 : run(&c, argc, argv);
  sxl_entry_cfg_free(&c.ecfg); /* the harnesses' types, also when the run could not start */
  for (int i = 0; i < c.ntargets; i++) free(c.targets[i]);
  free(c.targets);
  symx_ctx_free(c.ctx);
  return rc;
}
