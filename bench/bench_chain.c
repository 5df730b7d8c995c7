/*
** bench_chain.c — `symx-bench chain [MAX_FORKS] [PROGRAM.s...]`: toyvm
** programs explored in eager mode, then in pending mode, with the solver
** chain on and off, in one process, same options otherwise. One JSON object
** per line per program, mode and configuration: queries (feasibility
** questions: chain queries plus cache-only lookups that answered),
** backend_queries, answers_per_layer (which layer decided each question),
** before_backend (share of questions answered without a backend),
** pending_killed_no_solver (pending states, or would-be pending children,
** proved infeasible by the chain's caches or simplification), solver_s,
** wall_s; then per program and mode the speedup (wall off / wall on).
** Default programs: examples/toyvm/fig1.s and two built-in ones (a header
** parser and a byte-compare loop). Each run is bounded by max_forks so both
** configurations explore the same tree.
*/
#include "base/internal.h"
#include "../examples/toyvm/toyvm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* a header parser: magic, version, a length that bounds a checksum loop */
static const char *const parser_s =
    "        sym 0, 8, hdr\n"
    "        ldb r1, r0, 0\n"
    "        br ne r1, 127, bad\n"
    "        ldb r1, r0, 1\n"
    "        br ne r1, 69, bad\n"
    "        ldb r2, r0, 2\n"
    "        br ugt r2, 3, bad\n"
    "        ldb r3, r0, 3\n"
    "        and r3, r3, 7\n"
    "        mov r4, 0\n"
    "        mov r5, 0\n"
    "loop:   br uge r5, r3, done\n"
    "        ldb r6, r5, 4\n"
    "        add r4, r4, r6\n"
    "        br ult r6, 32, ctl\n"
    "        add r5, r5, 1\n"
    "        jmp loop\n"
    "ctl:    br eq r2, 2, bad\n"
    "        add r5, r5, 1\n"
    "        jmp loop\n"
    "done:   and r4, r4, 255\n"
    "        br ne r4, 200, ok\n"
    "        set eq r8, r2, 1\n"
    "        assert r8\n"
    "ok:     halt\n"
    "bad:    halt\n";

/* compare two symbolic strings byte by byte, count mismatches */
static const char *const cmp_s =
    "        sym 0, 8, a\n"
    "        sym 8, 8, b\n"
    "        mov r1, 0\n"
    "        mov r2, 0\n"
    "loop:   br uge r1, 8, end\n"
    "        ldb r3, r1, 0\n"
    "        ldb r4, r1, 8\n"
    "        br eq r3, r4, same\n"
    "        add r2, r2, 1\n"
    "        br ugt r3, r4, same\n"
    "        add r2, r2, 1\n"
    "same:   add r1, r1, 1\n"
    "        jmp loop\n"
    "end:    br ne r2, 5, fine\n"
    "        assert r0\n"
    "fine:   halt\n";

static void on_test(void *user, uint64_t hash, toyvm_outcome outcome, const symx_test *t) {
  (void)hash, (void)outcome, (void)t;
  (*(uint64_t *)user)++;
}

static int run(const char *name, const toyvm_prog *p, bool chain, const char *mode,
               int64_t max_forks, double *wall_out) {
  symx_ctx *ctx = symx_ctx_new();
  static const char *const layers[] = {"chain_simplify", "chain_independence", "chain_branch_cache",
                                       "chain_cex_cache"};
  for (int i = 0; i < 4; i++) symx_option_set(ctx, layers[i], chain);
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set_str(ctx, "emit_tests", "all");
  symx_option_set_str(ctx, "search", "dfs");
  symx_option_set(ctx, "max_forks", max_forks);
  symx_engine *eng = symx_engine_new(ctx);
  if (!eng) {
    fprintf(stderr, "chain: %s\n", symx_errmsg(ctx));
    symx_ctx_free(ctx);
    return 1;
  }
  uint64_t paths = 0, t0 = sx_now_ns();
  int rc = toyvm_explore(eng, p, 100000, on_test, &paths);
  double wall = (double)(sx_now_ns() - t0) / 1e9;
  if (rc != SYMX_OK) fprintf(stderr, "chain: %s: %s\n", name, symx_errmsg(ctx));
  /* a lookup that missed is asked again as a query: count the answered ones */
  uint64_t q = SX_GET(ctx, solver_queries) + SX_GET(ctx, chain_lookup_sat) + SX_GET(ctx, chain_lookup_unsat);
  uint64_t bq = SX_GET(ctx, backend_queries);
  uint64_t before = q - SX_GET(ctx, chain_backend_answers);
  *wall_out = wall;
  /* KLEE's eager mode asks both sides of every branch; the engine decides
  ** one of them with the state's witness before asking the chain */
  uint64_t sides = strcmp(mode, "eager") ? 0 : 2 * SX_GET(ctx, eager_queries);
  printf("{\"bench\":\"chain\",\"program\":\"%s\",\"mode\":\"%s\",\"chain\":\"%s\",\"queries\":%llu,"
         "\"backend_queries\":%llu,\"answers_per_layer\":{\"simplify\":%llu,\"hint\":%llu,"
         "\"branch\":%llu,\"cex\":%llu,\"backend\":%llu},\"before_backend\":%.4f,"
         "\"cex_hits\":{\"exact\":%llu,\"unsat_subset\":%llu,\"sat_subset\":%llu,\"recent\":%llu,"
         "\"miss\":%llu},\"eager_branch_sides\":%llu,\"sides_before_backend\":%.4f,"
         "\"pending_created\":%llu,\"pending_killed_no_solver\":%llu,\"revivals\":{\"sat\":%llu,"
         "\"unsat\":%llu,\"unknown\":%llu},\"fastsat_cex_hits\":%llu,"
         "\"paths\":%llu,\"solver_s\":%.4f,\"backend_s\":%.4f,\"wall_s\":%.4f}\n",
         name, mode, chain ? "on" : "off", (unsigned long long)q, (unsigned long long)bq,
         (unsigned long long)SX_GET(ctx, chain_simplify_answers),
         (unsigned long long)SX_GET(ctx, chain_hint_answers),
         (unsigned long long)SX_GET(ctx, chain_branch_answers),
         (unsigned long long)SX_GET(ctx, chain_cex_answers),
         (unsigned long long)SX_GET(ctx, chain_backend_answers), q ? (double)before / (double)q : 0.0,
         (unsigned long long)SX_GET(ctx, cex_exact_hits),
         (unsigned long long)SX_GET(ctx, cex_unsat_subset_hits),
         (unsigned long long)SX_GET(ctx, cex_sat_subset_hits),
         (unsigned long long)SX_GET(ctx, cex_recent_hits), (unsigned long long)SX_GET(ctx, cex_misses),
         (unsigned long long)sides, sides ? 1.0 - (double)SX_GET(ctx, chain_backend_answers) / (double)sides : 0.0,
         (unsigned long long)SX_GET(ctx, pending_created),
         (unsigned long long)SX_GET(ctx, pending_killed_no_solver),
         (unsigned long long)SX_GET(ctx, revivals_sat), (unsigned long long)SX_GET(ctx, revivals_unsat),
         (unsigned long long)SX_GET(ctx, revivals_unknown), (unsigned long long)SX_GET(ctx, fastsat_cex_hits),
         (unsigned long long)paths, (double)SX_GET(ctx, solver_time_ns) / 1e9,
         (double)SX_GET(ctx, backend_time_ns) / 1e9, wall);
  fflush(stdout);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
  return rc != SYMX_OK;
}

int bench_chain(int argc, char **argv) {
  int64_t max_forks = argc > 1 ? atoll(argv[1]) : 150;
  char err[256];
  int fails = 0;
  struct {
    const char *name;
    toyvm_prog *p;
  } progs[8];
  size_t np = 0;
  if (argc > 2) {
    for (int i = 2; i < argc && np < 8; i++) {
      toyvm_prog *p = toyvm_load(argv[i], err, sizeof err);
      if (!p) {
        fprintf(stderr, "chain: %s: %s\n", argv[i], err);
        return 1;
      }
      progs[np].name = argv[i];
      progs[np++].p = p;
    }
  } else {
    /* from the source root or from a build directory inside it */
    toyvm_prog *p = toyvm_load("examples/toyvm/fig1.s", err, sizeof err);
    if (!p) p = toyvm_load("../examples/toyvm/fig1.s", err, sizeof err);
    if (p) {
      progs[np].name = "fig1";
      progs[np++].p = p;
    } else {
      fprintf(stderr, "chain: fig1.s: %s (run from the source root or pass paths)\n", err);
    }
    progs[np].name = "parser";
    progs[np++].p = toyvm_parse(parser_s, err, sizeof err);
    progs[np].name = "strcmp";
    progs[np++].p = toyvm_parse(cmp_s, err, sizeof err);
  }
  for (size_t i = 0; i < np; i++) {
    if (!progs[i].p) {
      fprintf(stderr, "chain: %s: %s\n", progs[i].name, err);
      fails++;
      continue;
    }
    static const char *const modes[] = {"eager", "pending"};
    for (int m = 0; m < 2; m++) {
      double on, off;
      fails += run(progs[i].name, progs[i].p, true, modes[m], max_forks, &on);
      fails += run(progs[i].name, progs[i].p, false, modes[m], max_forks, &off);
      printf("{\"bench\":\"chain\",\"program\":\"%s\",\"mode\":\"%s\",\"speedup\":%.2f}\n",
             progs[i].name, modes[m], on > 0 ? off / on : 0.0);
    }
    toyvm_free(progs[i].p);
  }
  return fails != 0;
}
