/*
** main.c — the symx-llvm command: symbolic execution of a C program (or
** LLVM bitcode/IR) with KLEE's option names.
*/
#include "driver.h"

#include <dirent.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

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
  fputs("usage: symx-llvm [options] program.{c,bc,ll} [program args]\n"
        "  --mode eager|pending|relaxed   when feasibility is checked (default pending)\n"
        "  --search NAME                  searcher (dfs, bfs, random-state, random-path,\n"
        "                                 nurs:depth, nurs:rp, batching:NAME; repeat or\n"
        "                                 a,b to interleave)\n"
        "  --pending-search NAME          searcher over pending states\n"
        "  --seed-file FILE               a seed (.ktest, .json, or raw bytes for --seed-input)\n"
        "  --seed-dir DIR                 seeds (*.ktest, else every file as raw bytes)\n"
        "  --seed-input NAME              input that raw seeds bind (default: input)\n"
        "  --only-seed                    stop after the seeds\n"
        "  --afl-sync DIR                 run as a peer of afl-fuzz -o DIR: explore each entry\n"
        "                                 of the other instances' queues as a seed (bound to\n"
        "                                 --seed-input, else the program's first symbolic\n"
        "                                 input); new inputs go to DIR/NAME/queue, errors to\n"
        "                                 DIR/NAME/crashes; --max-time bounds the whole run,\n"
        "                                 --max-instructions each entry; every path's input\n"
        "                                 is offered (--set emit_tests=cover: new coverage)\n"
        "  --afl-name NAME                our instance name (default symx)\n"
        "  --afl-seed-time T              exploration budget per entry (default 10s; 0 = none)\n"
        "  --afl-idle T                   stop after T without a new entry (default 0: keep\n"
        "                                 polling every 2s until --max-time)\n"
        "  --max-time T, --max-instructions N, --max-memory MB\n"
        "  --max-solver-time T            time limit of each solver query (default none);\n"
        "                                 every query also ends with --max-time\n"
        "  --output-dir DIR               test cases, stats.json, messages.txt, paths.jsonl\n"
        "  --exit-on-error                stop at the first error\n"
        "  --solver z3|cadical, --rng-seed N, --emit-all-tests\n"
        "  --optimize                     compile .c with -O1 (default -O0)\n"
        "  --concretize-pointers          resolve symbolic pointers by concretization\n"
        "  --replay FILE.ktest            run once on the test's inputs, no engine\n"
"  --quantum N                    instructions a state runs before the searcher\n"
        "                                 chooses again (1 = KLEE's per-instruction choice;\n"
        "                                 default 100000; a fork always ends the run)\n"
"  --emit-cov-bitcode OUT.bc      write the program with line-coverage hooks\n"
        "                                 (native oracle runs with libsymx-replay)\n"
        "  --libc FILE.bc                 libc bitcode to link ('' = none)\n"
        "  --quiet                        no program output and messages\n"
        "  --no-progress                  no progress line\n"
        "  --set NAME=VALUE               any libsymx option\n",
        f);
}

static int set(symx_ctx *ctx, const char *name, const char *value) {
  if (symx_option_set_str(ctx, name, value) != SYMX_OK) {
    fprintf(stderr, "symx-llvm: --%s %s: %s\n", name, value, symx_errmsg(ctx));
    return -1;
  }
  return 0;
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

/* --seed-file / --seed-dir: .ktest and .json by name, other files raw bytes
** bound to seed_input. NULL when none is given. */
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
    int e = has_ktest(d) ? symx_seeds_add_ktest(seeds, d, NULL, 0)
                         : symx_seeds_add_dir(seeds, d, seed_input);
    if (e != SYMX_OK) fprintf(stderr, "symx-llvm: seeds %s: %s\n", d, symx_errmsg(ctx));
  }
  for (size_t k = 0; k < symx_seeds_message_count(seeds); k++)
    fprintf(stderr, "symx-llvm: %s\n", symx_seeds_message(seeds, k));
  return seeds;
}

int main(int argc, char **argv) {
  symx_ctx *ctx = symx_ctx_new();
  if (!ctx) return 2;
  const char *program = NULL, *libc = NULL, *opt = "-O0", *replay = NULL;
  const char *seed_input = "input", *afl_sync = NULL, *afl_name = "symx";
  int seed_input_given = 0;
  int64_t afl_seed_ms = 10000, afl_idle_ms = 0, max_time_ms = 0;
  const char *seed_files[256], *seed_dirs[256];
  int nseed_files = 0, nseed_dirs = 0;
  char search[1024] = "";
  uint64_t quantum = 0;
  const char *covout = NULL;
  int exit_on_error = 0, concretize = 0, quiet = 0, progress = 1;
  int rc = 2;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (program) break; /* program arguments follow */
    if (a[0] != '-' || a[1] != '-') {
      if (strcmp(a, "-h") == 0) {
        usage(stdout);
        symx_ctx_free(ctx);
        return 0;
      }
      if (a[0] == '-') {
        fprintf(stderr, "symx-llvm: unknown option %s\n", a);
        goto out;
      }
      program = a;
      continue;
    }
    char name[128];
    const char *val = NULL;
    const char *eq = strchr(a + 2, '=');
    size_t n = eq ? (size_t)(eq - a - 2) : strlen(a + 2);
    if (n >= sizeof name) n = sizeof name - 1;
    memcpy(name, a + 2, n);
    name[n] = 0;
    static const char *const flags[] = {"only-seed", "exit-on-error", "emit-all-tests",
                                        "optimize", "concretize-pointers", "quiet",
                                        "no-progress", "help", NULL};
    int is_flag = 0;
    for (int k = 0; flags[k]; k++)
      if (strcmp(name, flags[k]) == 0) is_flag = 1;
    if (!is_flag) {
      if (eq) {
        val = eq + 1;
      } else if (i + 1 < argc) {
        val = argv[++i];
      } else {
        fprintf(stderr, "symx-llvm: --%s needs a value\n", name);
        goto out;
      }
    }
    if (strcmp(name, "help") == 0) {
      usage(stdout);
      rc = 0;
      goto out;
    } else if (strcmp(name, "mode") == 0) {
      if (set(ctx, "mode", val)) goto out;
    } else if (strcmp(name, "search") == 0) {
      if (search[0]) strncat(search, ",", sizeof search - strlen(search) - 1);
      strncat(search, val, sizeof search - strlen(search) - 1);
    } else if (strcmp(name, "pending-search") == 0) {
      if (set(ctx, "pending_search", val)) goto out;
    } else if (strcmp(name, "seed-file") == 0 || strcmp(name, "seed-out") == 0) {
      if (nseed_files < 256) seed_files[nseed_files++] = val;
    } else if (strcmp(name, "seed-dir") == 0 || strcmp(name, "seed-out-dir") == 0) {
      if (nseed_dirs < 256) seed_dirs[nseed_dirs++] = val;
    } else if (strcmp(name, "seed-input") == 0) {
      seed_input = val;
      seed_input_given = 1;
    } else if (strcmp(name, "afl-sync") == 0) {
      afl_sync = val;
    } else if (strcmp(name, "afl-name") == 0) {
      afl_name = val;
    } else if (strcmp(name, "afl-seed-time") == 0 || strcmp(name, "afl-idle") == 0) {
      int64_t ms = parse_ms(val);
      if (ms < 0) {
        fprintf(stderr, "symx-llvm: --%s %s: not a duration\n", name, val);
        goto out;
      }
      *(name[4] == 's' ? &afl_seed_ms : &afl_idle_ms) = ms;
    } else if (strcmp(name, "only-seed") == 0) {
      if (set(ctx, "only_seed", "1")) goto out;
    } else if (strcmp(name, "max-time") == 0) {
      if (set(ctx, "max_time", val)) goto out;
      max_time_ms = symx_option_get(ctx, "max_time");
    } else if (strcmp(name, "max-solver-time") == 0) { /* KLEE's per-query limit */
      if (set(ctx, "solver_timeout", val)) goto out;
    } else if (strcmp(name, "max-instructions") == 0) {
      if (set(ctx, "max_instructions", val)) goto out;
    } else if (strcmp(name, "max-memory") == 0) {
      if (set(ctx, "max_memory", val)) goto out;
    } else if (strcmp(name, "output-dir") == 0) {
      if (set(ctx, "output_dir", val)) goto out;
    } else if (strcmp(name, "exit-on-error") == 0) {
      exit_on_error = 1;
    } else if (strcmp(name, "solver") == 0) {
      if (set(ctx, "solver", val)) goto out;
    } else if (strcmp(name, "rng-seed") == 0) {
      if (set(ctx, "rng_seed", val)) goto out;
    } else if (strcmp(name, "emit-all-tests") == 0) {
      if (set(ctx, "emit_tests", "all")) goto out;
    } else if (strcmp(name, "optimize") == 0) {
      opt = "-O1";
    } else if (strcmp(name, "concretize-pointers") == 0) {
      concretize = 1;
    } else if (strcmp(name, "replay") == 0) {
      replay = val;
    } else if (strcmp(name, "emit-cov-bitcode") == 0) {
      covout = val;
    } else if (strcmp(name, "quantum") == 0) {
      quantum = strtoull(val, NULL, 10);
    } else if (strcmp(name, "libc") == 0) {
      libc = val;
    } else if (strcmp(name, "quiet") == 0) {
      quiet = 1;
    } else if (strcmp(name, "no-progress") == 0) {
      progress = 0;
    } else if (strcmp(name, "set") == 0) {
      const char *e2 = strchr(val, '=');
      if (!e2) {
        fprintf(stderr, "symx-llvm: --set wants NAME=VALUE\n");
        goto out;
      }
      char on[128];
      snprintf(on, sizeof on, "%.*s", (int)(e2 - val), val);
      if (set(ctx, on, e2 + 1)) goto out;
    } else {
      fprintf(stderr, "symx-llvm: unknown option --%s (see --help)\n", name);
      goto out;
    }
  }
  if (!program) {
    usage(stderr);
    goto out;
  }
  if (search[0] && set(ctx, "search", search)) goto out;
  char err[1024];
  if (covout) {
    if (sxl_instrument_coverage(program, covout, err, sizeof err)) {
      fprintf(stderr, "symx-llvm: %s\n", err);
      goto out;
    }
    rc = 0;
    goto out;
  }
  sxl_session *s = sxl_session_new(ctx, program, libc, opt, err, sizeof err);
  if (!s) {
    fprintf(stderr, "symx-llvm: %s\n", err);
    goto out;
  }
  s->exit_on_error = exit_on_error;
  s->x.concretize_ptrs = concretize;
  if (quantum) s->x.quantum = quantum;
  s->quiet = quiet;
  s->x.echo_output = !quiet;
  s->progress = progress && !quiet;
  g_ctx = ctx;
  signal(SIGINT, on_sigint);
  int r;
  if (afl_sync) {
    symx_seeds *seeds = load_seeds(ctx, seed_files, nseed_files, seed_dirs, nseed_dirs, seed_input);
    char cmdline[4096] = "";
    for (int k = 0; k < argc; k++) {
      if (k) strncat(cmdline, " ", sizeof cmdline - strlen(cmdline) - 1);
      strncat(cmdline, argv[k], sizeof cmdline - strlen(cmdline) - 1);
    }
    sxl_afl_opts ao = {afl_sync, afl_name, seed_input_given ? seed_input : NULL,
                       (uint64_t)afl_seed_ms, (uint64_t)max_time_ms, (uint64_t)afl_idle_ms,
                       2000, seeds, cmdline};
    r = sxl_afl_run(s, &ao, &g_stop);
    symx_seeds_free(seeds);
    if (!r) rc = 0;
  } else if (replay) {
    symx_assign *a = symx_ktest_read(ctx, replay);
    if (!a) {
      fprintf(stderr, "symx-llvm: %s\n", symx_errmsg(ctx));
      sxl_session_free(s);
      goto out;
    }
    r = sxl_session_run_concrete(s, a);
    symx_assign_free(a);
    if (!quiet)
      fprintf(stderr, "symx-llvm: replay: %" PRIu64 " instructions, %.3fs (%.1fM/s)\n",
              s->x.instructions, s->wall_s,
              s->wall_s > 0 ? (double)s->x.instructions / s->wall_s / 1e6 : 0.0);
    if (!r) rc = s->nerrors ? 1 : s->last_exit;
  } else {
    symx_seeds *seeds = load_seeds(ctx, seed_files, nseed_files, seed_dirs, nseed_dirs, seed_input);
    r = sxl_session_explore(s, seeds);
    if (!r) sxl_session_finish(s);
    if (!quiet) {
      uint64_t l, tl, ins, ti;
      sxl_session_coverage(s, &l, &tl, &ins, &ti);
      fprintf(stderr,
              "symx-llvm: done: %" PRIu64 " instructions, %" PRIu64 " paths, %" PRIu64
              " errors, %zu tests, %" PRIu64 " lines covered, %.3fs\n",
              s->x.instructions, s->npaths, s->nerrors,
              s->eng ? symx_engine_test_count(s->eng) : (size_t)0, l, s->wall_s);
    }
    if (!r) rc = 0;
    else fprintf(stderr, "symx-llvm: %s\n", s->err);
    r = 0;
    sxl_session_free(s);
    s = NULL;
    symx_seeds_free(seeds);
  }
  if (r) {
    if (s) fprintf(stderr, "symx-llvm: %s\n", s->err);
    rc = 2;
  }
  if (s) sxl_session_free(s);
out:
  g_ctx = NULL;
  symx_ctx_free(ctx);
  return rc;
}
