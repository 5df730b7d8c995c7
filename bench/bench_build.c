/*
** bench_build.c — `symx-bench build [NODES]`: builds random expressions
** through the public builders (rewrite level 2) and prints
** {"bench": "build", "builds": B, "nodes_per_s": X, "hashcons_hit_rate": H}
** where nodes_per_s counts builder calls per second that returned a node
** (new or hash-consed) and the hit rate is the share of node requests that
** found an existing node.
*/
#include "symx.h"
#include "bench_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int bench_build(int argc, char **argv);



int bench_build(int argc, char **argv) {
  size_t builds = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 1000000;
  if (builds < 1000) builds = 1000;
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = symx_array_input(ctx, "in", 64, 32);
  enum { POOL = 4096 };
  symx_expr *pool[POOL];
  size_t np = 0;
  for (; np < 64; np++) pool[np] = symx_read_le(ctx, in, np & ~3u, 4);
  static const symx_kind ops[] = {SYMX_K_ADD, SYMX_K_XOR, SYMX_K_MUL, SYMX_K_AND,
                                  SYMX_K_OR,  SYMX_K_SUB, SYMX_K_SHL, SYMX_K_ULT};
  uint64_t s = 7;
  struct { size_t a, b; symx_kind k; } recent[256] = {{0, 0, SYMX_K_ADD}};
  uint64_t c0 = symx_stat_get(ctx, "expr_created"), h0 = symx_stat_get(ctx, "expr_hashcons_hits");
  uint64_t t0 = bench_wall_ns();
  size_t ok = 0;
  for (size_t i = 0; i < builds; i++) {
    /* a quarter of the builds repeat a recent one (front ends rebuild the
    ** same terms all the time): those are the hash-cons hits */
    symx_expr *a, *b, *e;
    symx_kind k;
    if (i >= 256 && bench_rng(&s) % 4 == 0) {
      size_t r = (i - 1 - bench_rng(&s) % 256) % 256;
      a = pool[recent[r].a];
      b = pool[recent[r].b];
      k = recent[r].k;
    } else {
      size_t ia = bench_rng(&s) % np, ib = bench_rng(&s) % np;
      a = pool[ia];
      b = pool[ib];
      k = ops[bench_rng(&s) % 8];
      recent[i % 256].a = ia;
      recent[i % 256].b = ib;
      recent[i % 256].k = k;
    }
    if (k == SYMX_K_ULT) {
      symx_expr *c = symx_ult(ctx, a, b);
      e = symx_ite(ctx, c, a, b);
      symx_expr_release(c);
    } else {
      e = symx_mk2(ctx, k, a, b);
    }
    if (!e) continue;
    ok++;
    if (np < POOL) {
      pool[np++] = e;
    } else {
      size_t slot = 64 + bench_rng(&s) % (POOL - 64);
      symx_expr_release(pool[slot]);
      pool[slot] = e;
    }
  }
  uint64_t dt = bench_wall_ns() - t0;
  uint64_t created = symx_stat_get(ctx, "expr_created") - c0;
  uint64_t hits = symx_stat_get(ctx, "expr_hashcons_hits") - h0;
  printf("{\"bench\": \"build\", \"builds\": %zu, \"nodes_per_s\": %.0f, \"created\": %llu, "
         "\"hashcons_hit_rate\": %.4f}\n",
         ok, (double)ok * 1e9 / (double)dt, (unsigned long long)created,
         created + hits ? (double)hits / (double)(created + hits) : 0.0);
  for (size_t i = 0; i < np; i++) symx_expr_release(pool[i]);
  symx_expr_release(in);
  symx_ctx_free(ctx);
  return 0;
}
