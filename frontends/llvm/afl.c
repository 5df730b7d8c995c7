/*
** afl.c — symx-llvm as an AFL++ peer instance (--afl-sync DIR): it takes the
** entries of the other instances' queues one at a time (SymCC's order, in
** libsymx), explores the program seeded with each under a per-entry budget
** (--afl-seed-time, and --afl-stall: no new input for that long ends it),
** and writes what the exploration finds into its own queue (id:N,src:P),
** where afl-fuzz's sync picks it up, and error paths into crashes/.
**
** An entry's bytes bind one input of the program: the one --seed-input
** names, else the first input the program creates (its first
** klee_make_symbolic object, or klee_int), learned by a zero-input concrete
** run. When that input is --sym-stdin's or a --sym-files file's, an entry
** of L bytes is a stdin or file of L bytes, as under afl-fuzz
** (afl_entry.c): min(L, N) of them symbolic, the rest concrete, and what
** goes back keeps the entry's length and every byte the path does not
** constrain. Other inputs have a fixed size: the size
** policy of seeds (options seed_extend, seed_truncate) fits entries to it.
**
** With the AFL++-instrumented build of the program (--afl-target-bin), the
** peer sees coverage as AFL++ does (afl_edges.c, afl_scan.c): a path's
** input goes to the queue only when it adds edges or hit-count buckets to
** what all the queues hold (judged in batches, in order); to crashes/ when symx found an error on its
** path or the binary crashes on it, and it adds to what earlier crashes
** covered (afl-fuzz's unique crashes); entries the binary crashes or hangs
** on are not explored. Without it, every path's input is offered (content
** dedup) as the emit_tests option selects.
*/
#include "afl.h"
#include "driver.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Instructions the zero-input probe may run before giving up. */
#define PROBE_INSTRUCTIONS 10000000u

typedef struct peer {
  sxl_session *s;
  symx_afl *afl;
  const char *input;
  const uint8_t *seed; /* the entry being explored, NULL for initial seeds */
  size_t seed_len;
  int64_t parent;
  uint64_t paths, written, crashes; /* paths: distinct test inputs */
  uint64_t stale, hangs;            /* inputs adding no edges, hanging natively */
  int write_failed, warned;
  uint64_t stall_ms;    /* --afl-stall */
  uint64_t gain_ms;     /* when the entry's first path ended or it last gave a new
                        ** input (0: no path yet) */
  uint64_t npaths0;     /* the session's paths before this entry */
  uint64_t batch_ms;    /* when the oldest candidate waiting came */
  int stalled;          /* this exploration was stopped for its stall */
  sxl_afl_edges *edges; /* the edge view (NULL: none) */
  sxl_afl_scan *scan;
  sxl_afl_entry in;     /* entries as stdin or a file */
  sxl_afl_share *share; /* --afl-share's fuzzer (NULL: none) */
  uint64_t turn_found;  /* inputs and crashes written before this turn */
  char edge_err[512];   /* afl-showmap failed: the run stops */
} peer;

static uint64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static void nap_ms(unsigned ms) {
  struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

/* Whether b[0..n) is the entry itself, zero-padded or truncated to n (the
** input the entry's own path runs on): it gives AFL nothing new. */
static int is_seed(const peer *p, const uint8_t *b, size_t n) {
  if (!p->seed) return 0;
  for (size_t i = 0; i < n; i++)
    if (b[i] != (i < p->seed_len ? p->seed[i] : 0)) return 0;
  return 1;
}

/* b[0..n), an input from entry parent, into our queue or crashes/
** (content dedup). */
static void write_one(peer *p, int crash, const uint8_t *b, size_t n, int64_t parent) {
  int64_t id = -1;
  int rc = crash ? symx_afl_write_crash(p->afl, b, n, parent, &id)
                 : symx_afl_write_input(p->afl, b, n, parent, &id);
  if (rc != SYMX_OK) {
    if (!p->write_failed++) fprintf(stderr, "symx-llvm: afl: %s\n", symx_errmsg(p->s->ctx));
    return;
  }
  if (id >= 0) {
    if (crash) p->crashes++;
    else p->written++;
    p->gain_ms = now_ms();
  }
}

/* Candidates waiting for one afl-showmap run at most, and how long the
** oldest may wait: what they add is known soon (for the stall), and
** afl-fuzz syncs once a minute anyway. */
#define BATCH 64
#define BATCH_MS 1000

/* The edge view's verdict on a candidate from entry parent. */
static void on_verdict(void *ud, int64_t parent, int flags, const uint8_t *b, size_t n,
                       const sxl_afl_verdict *v) {
  peer *p = ud;
  int crash = flags & SXL_AFL_AS_CRASH;
  if (v->end == SXL_NATIVE_HANG && !crash) p->hangs++;
  else if (v->bits) write_one(p, crash || v->end == SXL_NATIVE_CRASH, b, n, parent);
  else p->stale++;
}

/* The candidates waiting run; 0, or -1 (p->edge_err says why). */
static int flush_candidates(peer *p) {
  if (!p->edges || p->edge_err[0]) return p->edge_err[0] ? -1 : 0;
  return sxl_afl_edges_flush(p->edges, on_verdict, p, p->edge_err, sizeof p->edge_err);
}

/* A path's input b[0..n) to the queue or crashes/ when it is new (the
** edge view decides, in batches, when there is one). */
static void test_input(peer *p, symx_ctx *ctx, int crash, const uint8_t *b, size_t n) {
  if (!crash && is_seed(p, b, n)) return;
  if (!p->edges) {
    write_one(p, crash, b, n, p->parent);
    return;
  }
  if (p->edge_err[0]) return;
  int flags = SXL_AFL_MERGE_QUEUE | SXL_AFL_MERGE_CRASH | (crash ? SXL_AFL_AS_CRASH : 0);
  if (!sxl_afl_edges_pending(p->edges)) p->batch_ms = now_ms();
  if (sxl_afl_edges_add(p->edges, b, n, flags, p->parent))
    snprintf(p->edge_err, sizeof p->edge_err, "out of memory");
  else if (sxl_afl_edges_pending(p->edges) >= BATCH || now_ms() - p->batch_ms >= BATCH_MS)
    flush_candidates(p);
  if (p->edge_err[0]) symx_ctx_interrupt(ctx); /* the run ends with this error */
}

/* The session's progress hook: the entry's exploration ends when it has
** given nothing new for --afl-stall since its first path ended (1): its
** first paths give most of what it gives (the seed's own branches), and the
** next entry may give more. A slow first path is bounded by the budget. */
static int stalled(void *ud) {
  peer *p = ud;
  if (!p->gain_ms && p->s->npaths > p->npaths0) p->gain_ms = now_ms(); /* a path ended */
  if (!p->stall_ms || !p->seed || !p->gain_ms || now_ms() - p->gain_ms < p->stall_ms) return 0;
  if (p->edges && sxl_afl_edges_pending(p->edges) && flush_candidates(p)) return 1; /* error */
  if (now_ms() - p->gain_ms < p->stall_ms) return 0; /* the candidates waiting gave something */
  p->stalled = 1;
  return 1;
}

/* A path that ended at an error of the program's is a crash; one that left
** what the tool models (a symbolic size it does not explore) is not: the
** program does nothing wrong there, and AFL++ would run the input fine. */
static int is_crash(const symx_test *t) {
  return t->reason == SYMX_END_ERROR && t->kind != SYMX_ERR_MODEL;
}

/* A path's test: its input as the program saw it to test_input. */
static void path_input(peer *p, symx_ctx *ctx, const symx_test *t) {
  size_t n = 0;
  const uint8_t *b = symx_assign_get(t->inputs, p->input, &n);
  if (!b || !n) return; /* the path ended before it created the input */
  uint8_t *whole;
  if (!(b = sxl_afl_entry_input(&p->in, p->s, b, &n, &whole))) {
    if (!p->write_failed++) fprintf(stderr, "symx-llvm: afl: out of memory\n");
    return;
  }
  test_input(p, ctx, is_crash(t), b, n);
  free(whole);
}

static void on_test(void *ud, symx_state *st, const symx_test *t) {
  peer *p = ud;
  if (t->duplicate) return;
  p->paths++;
  path_input(p, symx_engine_ctx(symx_state_engine(st)), t);
}

/* The per-entry time budget, bounded by what is left of the whole run;
** 0 when the run is over. */
static int set_budget(symx_ctx *ctx, const sxl_afl_opts *o, uint64_t t0) {
  uint64_t budget = o->seed_time_ms;
  if (o->max_time_ms) {
    uint64_t used = now_ms() - t0;
    if (used >= o->max_time_ms) return 0;
    uint64_t left = o->max_time_ms - used;
    if (!budget || left < budget) budget = left;
  }
  symx_option_set(ctx, "max_time", (int64_t)budget);
  return 1;
}

/* fuzzer_stats: executions are paths explored and native runs. */
static void update_stats(peer *p) {
  uint64_t runs = 0;
  if (p->edges) {
    runs = sxl_afl_edges_runs(p->edges);
    uint64_t edges = sxl_afl_edges_count(p->edges), size = sxl_afl_edges_map_size(p->edges);
    symx_afl_set_coverage(p->afl, edges, size > edges ? size : edges);
  }
  symx_afl_update_stats(p->afl, p->paths + runs, NULL);
}

/* Explores the program seeded with seeds; outputs name parent as source. */
static int explore(peer *p, const symx_seeds *seeds, const uint8_t *seed, size_t seed_len,
                   int64_t parent) {
  sxl_session *s = p->s;
  p->seed = seed;
  p->seed_len = seed_len;
  p->parent = parent;
  uint64_t paths = p->paths, written = p->written, crashes = p->crashes, t = now_ms();
  uint64_t stale = p->stale;
  p->gain_ms = 0;
  p->npaths0 = s->npaths;
  p->stalled = 0;
  int rc = sxl_session_explore(s, seeds);
  flush_candidates(p);
  if (p->edge_err[0]) {
    snprintf(s->err, sizeof s->err, "afl: %s", p->edge_err);
    return -1;
  }
  symx_expr *arr = symx_input_find(s->ctx, p->input);
  if (!arr && s->npaths > p->npaths0 && !p->warned++) /* (a run cut before any path says nothing) */
    fprintf(stderr, "symx-llvm: afl: warning: the program created no input named \"%s\": "
                    "entries guide nothing and nothing is written\n", p->input);
  symx_expr_release(arr);
  if (!s->quiet) {
    char src[32] = "initial seeds";
    if (seed) snprintf(src, sizeof src, parent >= 0 ? "id:%06" PRId64 : "an entry without id", parent);
    char kept[64] = "";
    if (p->edges)
      snprintf(kept, sizeof kept, " (%" PRIu64 " inputs without new edges)", p->stale - stale);
    fprintf(stderr,
            "symx-llvm: afl: %s: %" PRIu64 " tests, %" PRIu64 " new inputs%s, %" PRIu64
            " crashes, %.1fs%s\n",
            src, p->paths - paths, p->written - written, kept, p->crashes - crashes,
            (double)(now_ms() - t) / 1e3, p->stalled ? " (stalled)" : "");
  }
  update_stats(p);
  return rc;
}

/* A seed set holding entry a, fitted to size bytes when known (not 0). */
static symx_seeds *entry_seeds(symx_ctx *ctx, const symx_assign *a, const char *input,
                               uint64_t size) {
  symx_seeds *ss = symx_seeds_new(ctx);
  if (!ss || symx_seeds_add_assign(ss, a) != SYMX_OK) {
    symx_seeds_free(ss);
    return NULL;
  }
  if (size) symx_seeds_fit(ss, input, size);
  return ss;
}

/* The size of the input entries bind (0: not known yet). */
static uint64_t input_size(const peer *p, uint64_t probe_size) {
  symx_expr *arr = symx_input_find(p->s->ctx, p->input);
  uint64_t size = arr ? symx_array_size(arr) : probe_size;
  symx_expr_release(arr);
  return size;
}

/* The input entries bind: o->input, else the first one a zero-input run of
** the program creates (its size into *probe_size). */
static int bound_input(sxl_session *s, const sxl_afl_opts *o, char *input, size_t len,
                       uint64_t *probe_size) {
  if (o->input) {
    snprintf(input, len, "%s", o->input);
    return 0;
  }
  uint64_t cap = (uint64_t)symx_option_get(s->ctx, "max_instructions");
  if (sxl_session_probe_input(s, cap ? cap : PROBE_INSTRUCTIONS)) return -1;
  snprintf(input, len, "%s", s->x.first_input);
  *probe_size = s->x.first_input_size;
  return 0;
}

/* Explores queue entry a (id) fitted to the input; -1 on an error. */
static int explore_entry(peer *p, const symx_assign *a, int64_t id, uint64_t probe_size) {
  sxl_session *s = p->s;
  size_t n = 0;
  const uint8_t *b = symx_assign_get(a, p->input, &n);
  uint64_t size = input_size(p, probe_size);
  symx_seeds *ss = entry_seeds(s->ctx, a, p->input, size);
  int rc = 0;
  if (!ss) {
    snprintf(s->err, sizeof s->err, "afl: %s", symx_errmsg(s->ctx));
    rc = -1;
  } else if (!symx_seeds_count(ss)) {
    if (!s->quiet)
      for (size_t k = 0; k < symx_seeds_message_count(ss); k++)
        fprintf(stderr, "symx-llvm: afl: entry %" PRId64 ": %s\n", id, symx_seeds_message(ss, k));
  } else {
    sxl_afl_entry_bind(&p->in, s, b, n);
    rc = explore(p, ss, b, n, id);
    sxl_afl_entry_unbind(&p->in, s);
  }
  symx_seeds_free(ss);
  return rc;
}

/* Waits up to o->poll_ms for new entries, in short naps so an interrupt or
** the time limit stops us soon. */
static void poll_wait(peer *p, const sxl_afl_opts *o, uint64_t t0, volatile int *stop) {
  update_stats(p); /* run_time and last_update move on */
  for (uint64_t w = 0; w < o->poll_ms && !*stop; w += 100) {
    if (o->max_time_ms && now_ms() - t0 >= o->max_time_ms) break;
    nap_ms(100);
  }
}

/* --afl-share: waits while the fuzzer has the core; 1 once symx has it,
** 0 when the run is over first. */
static int share_wait(peer *p, const sxl_afl_opts *o, uint64_t t0, volatile int *stop) {
  uint64_t turns = sxl_afl_share_turns(p->share);
  int ended = 0;
  for (uint64_t w = 0; !sxl_afl_share_symx(p->share, &ended); w += 200) {
    if (*stop || (o->max_time_ms && now_ms() - t0 >= o->max_time_ms)) return 0;
    if (!o->poll_ms || w % o->poll_ms < 200) update_stats(p); /* as often as poll_wait */
    nap_ms(200);
  }
  if (sxl_afl_share_turns(p->share) != turns) p->turn_found = p->written + p->crashes;
  if (!p->s->quiet && ended)
    fprintf(stderr, "symx-llvm: afl: the --afl-share fuzzer ended: symx has the core\n");
  else if (!p->s->quiet && sxl_afl_share_turns(p->share) != turns)
    fprintf(stderr, "symx-llvm: afl: no queue has grown for a while: symx's turn\n");
  return 1;
}

/* Ends symx's turn; 0 when there was none to end (the fuzzer ended). */
static int share_yield(peer *p) {
  return p->share && sxl_afl_share_yield(p->share, p->written + p->crashes - p->turn_found);
}

/* Whether entry a is one the binary crashes or hangs on (the scan said so). */
static int skip_bad(peer *p, const symx_assign *a) {
  size_t n = 0;
  const uint8_t *b = symx_assign_get(a, p->input, &n);
  sxl_afl_verdict v;
  return p->scan && b && sxl_afl_scan_bad(p->scan, b, n, &v);
}

/* The peer loop over the other instances' entries: 0 when time, idleness
** or *stop ends it, -1 on an error. */
static int peer_loop(peer *p, const sxl_afl_opts *o, uint64_t t0, uint64_t probe_size,
                     volatile int *stop) {
  sxl_session *s = p->s;
  uint64_t last_new = now_ms();
  while (!*stop) {
    if (!set_budget(s->ctx, o, t0)) return 0;
    if (p->share && !share_wait(p, o, t0, stop)) return 0;
    if (p->scan &&
        sxl_afl_scan_run(p->scan, p->edges, s->quiet, p->edge_err, sizeof p->edge_err)) {
      snprintf(s->err, sizeof s->err, "afl: %s", p->edge_err);
      return -1;
    }
    symx_assign *a = NULL;
    int64_t id = -1;
    int rc = symx_afl_next_seed(p->afl, p->input, &a, &id);
    for (size_t k = 0; !s->quiet && k < symx_afl_message_count(p->afl); k++)
      fprintf(stderr, "symx-llvm: afl: %s\n", symx_afl_message(p->afl, k));
    symx_afl_messages_clear(p->afl);
    if (rc != SYMX_OK) {
      snprintf(s->err, sizeof s->err, "afl: %s", symx_errmsg(s->ctx));
      return -1;
    }
    if (a && skip_bad(p, a)) {
      symx_assign_free(a);
      continue;
    }
    if (!a) {
      int yielded = share_yield(p); /* nothing left: the fuzzer's core */
      if (o->idle_ms && now_ms() - last_new >= o->idle_ms) return 0;
      if (!yielded) poll_wait(p, o, t0, stop);
      continue;
    }
    last_new = now_ms();
    rc = explore_entry(p, a, id, probe_size);
    symx_assign_free(a);
    if (rc) return rc;
    if (p->share && sxl_afl_share_turn_over(p->share, o->share_turn_ms)) share_yield(p);
  }
  return 0;
}

/* The edge view, when the caller gave the AFL++ binary: 0, or -1 with
** s->err set (afl-showmap or the binary does not work). */
static int open_view(peer *p, const sxl_afl_opts *o) {
  if (!o->target_bin) return 0;
  char dir[4096], err[512];
  snprintf(dir, sizeof dir, "%s/%s", o->sync_dir, o->name);
  p->edges = sxl_afl_edges_new(o->target_bin, o->target_args, o->target_timeout_ms, dir, err,
                               sizeof err);
  p->scan = p->edges ? sxl_afl_scan_new(o->sync_dir) : NULL;
  if (!p->edges || !p->scan) {
    snprintf(p->s->err, sizeof p->s->err, "afl: --afl-target-bin %s: %s", o->target_bin,
             p->edges ? "out of memory" : err);
    return -1;
  }
  if (!p->s->quiet)
    fprintf(stderr, "symx-llvm: afl: edges as AFL++ counts them, by afl-showmap on %s\n",
            o->target_bin);
  return 0;
}

/* --afl-share's fuzzer, started when asked: 0, or -1 with s->err set. */
static int open_share(peer *p, const sxl_afl_opts *o) {
  if (!o->share_cmd) return 0;
  char log[4096], err[512];
  snprintf(log, sizeof log, "%s/%s/.symx-share-log", o->sync_dir, o->name);
  p->share = sxl_afl_share_start(o->share_cmd, o->sync_dir, log, o->share_stuck_ms, err,
                                 sizeof err);
  if (!p->share) {
    snprintf(p->s->err, sizeof p->s->err, "afl: %s", err);
    return -1;
  }
  if (!p->s->quiet)
    fprintf(stderr, "symx-llvm: afl: sharing the core with: %s (its output: %s)\n", o->share_cmd,
            log);
  return 0;
}

int sxl_afl_run(sxl_session *s, const sxl_afl_opts *o, volatile int *stop) {
  symx_ctx *ctx = s->ctx;
  uint64_t t0 = now_ms(), probe_size = 0;
  char input[256];
  if (bound_input(s, o, input, sizeof input, &probe_size)) return -1;
  symx_afl *afl = symx_afl_open(ctx, o->sync_dir, o->name);
  if (!afl) {
    snprintf(s->err, sizeof s->err, "afl: %s", symx_errmsg(ctx));
    return -1;
  }
  if (!s->quiet)
    fprintf(stderr, "symx-llvm: afl: instance %s/%s, entries bind input \"%s\"\n", o->sync_dir,
            o->name, input);
  peer p = {.s = s, .afl = afl, .input = input, .parent = -1, .stall_ms = o->stall_ms};
  sxl_afl_entry_open(&p.in, s, input);
  sxl_test_hook hook = s->test_hook;
  void *hook_ud = s->test_ud;
  s->test_hook = on_test;
  s->test_ud = &p;
  s->progress_hook = stalled;
  s->progress_ud = &p;
  symx_afl_update_stats(afl, 0, o->command_line);
  int rc = open_view(&p, o);
  if (!rc && o->initial && symx_seeds_count(o->initial) && set_budget(ctx, o, t0))
    rc = explore(&p, o->initial, NULL, 0, -1);
  if (!rc) rc = open_share(&p, o);
  if (!rc) rc = peer_loop(&p, o, t0, probe_size, stop);
  update_stats(&p);
  if (!s->quiet)
    fprintf(stderr,
            "symx-llvm: afl: %" PRIu64 " tests, %" PRIu64 " inputs and %" PRIu64
            " crashes written to %s/%s, %.1fs\n",
            p.paths, p.written, p.crashes, o->sync_dir, o->name, (double)(now_ms() - t0) / 1e3);
  if (!s->quiet && p.share)
    fprintf(stderr, "symx-llvm: afl: symx had the core %.1fs in %" PRIu64 " turns\n",
            (double)sxl_afl_share_symx_ms(p.share) / 1e3, sxl_afl_share_turns(p.share));
  sxl_afl_share_end(p.share);
  sxl_afl_scan_free(p.scan);
  sxl_afl_edges_free(p.edges);
  symx_afl_close(afl);
  s->test_hook = hook;
  s->test_ud = hook_ud;
  s->progress_hook = NULL;
  return rc;
}
