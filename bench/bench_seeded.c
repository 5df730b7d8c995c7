/*
** bench_seeded.c — `symx-bench seeded [DIR]`: one seed's path through a toyvm
** program, in eager and in pending mode (issue 6; paper section 4.4: "no
** calls to the SMT solver until all the paths followed by the seeds are
** explored"). Programs: fig1.s (seed isSpace = 0, str = "hello") and
** checksum.s (seed "SEED" + 4 zero bytes, which passes its CRC-32 gate),
** from DIR or examples/toyvm found from the current directory. One JSON
** object per program and mode: solver_queries_on_seed_path, instructions
** and wall_s sampled when the seed's path ends (recognized by its path
** hash, from a concrete run of the seed); the exploration stops there.
*/
#include "base/internal.h"
#include "../examples/toyvm/toyvm.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

int bench_seeded(int argc, char **argv);

typedef struct probe {
  symx_ctx *ctx;
  uint64_t seed_hash;
  int done;
  uint64_t queries, backend, instructions;
  double t0, wall_s;
} probe;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void on_test(void *user, uint64_t hash, toyvm_outcome o, const symx_test *t) {
  (void)o;
  (void)t;
  probe *p = user;
  if (p->done || hash != p->seed_hash) return;
  p->done = 1;
  p->queries = symx_stat_get(p->ctx, "solver_queries");
  p->backend = symx_stat_get(p->ctx, "backend_queries");
  p->instructions = symx_stat_get(p->ctx, "instructions");
  p->wall_s = now_s() - p->t0;
  symx_ctx_interrupt(p->ctx); /* the seed's path is complete: stop */
}

static toyvm_prog *load(const char *dir, const char *name) {
  static const char *const roots[] = {"examples/toyvm", "../examples/toyvm",
                                      "../../examples/toyvm"};
  char path[1024], err[256] = "";
  for (size_t i = 0; i < (dir ? 1 : 3); i++) {
    snprintf(path, sizeof path, "%s/%s", dir ? dir : roots[i], name);
    toyvm_prog *p = toyvm_load(path, err, sizeof err);
    if (p) return p;
  }
  fprintf(stderr, "seeded: %s: %s (run from the source root or pass the directory)\n", name, err);
  return NULL;
}

typedef struct input { const char *name; uint8_t bytes[8]; size_t len; } input;

static int run(const char *program, const toyvm_prog *p, const input *seed, size_t nin,
               const char *mode) {
  symx_ctx *ctx = symx_ctx_new();
  if (!ctx) return 1;
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set_str(ctx, "max_time", "120s");
  symx_assign *a = symx_assign_new(ctx);
  for (size_t i = 0; i < nin; i++) symx_assign_set(a, seed[i].name, seed[i].bytes, seed[i].len);
  probe pr = {ctx, 0, 0, 0, 0, 0, 0, 0};
  toyvm_run(p, toyvm_input_assign, a, 100000000, &pr.seed_hash, NULL);
  symx_seeds *ss = symx_seeds_new(ctx);
  symx_engine *eng = symx_engine_new(ctx);
  int rc = !ss || !eng ? symx_errcode(ctx)
           : symx_seeds_add_assign(ss, a) != SYMX_OK ? symx_errcode(ctx)
                                                      : symx_engine_set_seeds(eng, ss);
  pr.t0 = now_s();
  if (rc == SYMX_OK) rc = toyvm_explore(eng, p, 100000000, on_test, &pr);
  if (rc != SYMX_OK) fprintf(stderr, "seeded: %s %s: %s\n", program, mode, symx_errmsg(ctx));
  printf("{\"bench\": \"seeded\", \"program\": \"%s\", \"mode\": \"%s\", "
         "\"seed_path_done\": %s, \"solver_queries_on_seed_path\": %llu, "
         "\"backend_queries_on_seed_path\": %llu, \"instructions\": %llu, \"wall_s\": %.4f}\n",
         program, mode, pr.done ? "true" : "false", (unsigned long long)pr.queries,
         (unsigned long long)pr.backend, (unsigned long long)pr.instructions, pr.wall_s);
  fflush(stdout);
  symx_engine_free(eng);
  symx_seeds_free(ss);
  symx_assign_free(a);
  symx_ctx_free(ctx);
  return rc != SYMX_OK;
}

int bench_seeded(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : NULL;
  static const input fig1[] = {{"isSpace", {0}, 1}, {"str", {'h', 'e', 'l', 'l', 'o', 0}, 6}};
  static const input checksum[] = {{"in", {'S', 'E', 'E', 'D', 0, 0, 0, 0}, 8}};
  static const struct {
    const char *name, *file;
    const input *seed;
    size_t nin;
  } progs[] = {{"fig1", "fig1.s", fig1, 2}, {"checksum", "checksum.s", checksum, 1}};
  static const char *const modes[] = {"eager", "pending"};
  int bad = 0;
  for (size_t i = 0; i < 2; i++) {
    toyvm_prog *p = load(dir, progs[i].file);
    if (!p) return 1;
    for (int m = 0; m < 2; m++) bad |= run(progs[i].name, p, progs[i].seed, progs[i].nin, modes[m]);
    toyvm_free(p);
  }
  return bad;
}
