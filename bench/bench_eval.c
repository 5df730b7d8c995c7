/*
** bench_eval.c — `symx-bench eval [NODES] [ROUNDS]`: evaluates one large
** shared DAG (default 200,000 nodes of 32-bit arithmetic, comparisons, ite
** and reads over a 256-byte input) under fresh random assignments and prints
** {"bench": "eval", "nodes": N, "rounds": R, "ns_per_node": X, ...}: X is
** the steady state (the compiled plan); the first evaluation of a root walks
** the DAG (first_eval_ns_per_node), the second compiles the plan
** (compile_and_eval_ns_per_node). Times are thread CPU time.
*/
#include "symx.h"
#include "bench_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int bench_eval(int argc, char **argv);



int bench_eval(int argc, char **argv) {
  size_t nodes = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 200000;
  int rounds = argc > 2 ? atoi(argv[2]) : 50;
  if (nodes < 1000) nodes = 1000;
  if (rounds < 1) rounds = 1;
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set(ctx, "rewrite", 0); /* keep every node: the DAG size is exact */
  symx_expr *in = symx_array_input(ctx, "in", 256, 32);
  symx_expr **v = malloc(nodes * sizeof *v);
  char *used = calloc(nodes, 1);
  uint64_t s = 42;
  size_t n = 0;
  for (; n < 256; n++) {
    symx_expr *i = symx_const(ctx, 32, n), *r = symx_read(ctx, in, i);
    v[n] = symx_zext(ctx, r, 32);
    symx_expr_release(i);
    symx_expr_release(r);
  }
  static const symx_kind ops[] = {SYMX_K_ADD, SYMX_K_XOR, SYMX_K_MUL, SYMX_K_AND, SYMX_K_OR,
                                  SYMX_K_SUB, SYMX_K_LSHR, SYMX_K_UDIV};
  while (n < nodes) {
    /* operands mostly recent (locality), sometimes anywhere (sharing) */
    size_t a = bench_rng(&s) % 4 ? n - 1 - bench_rng(&s) % (n < 64 ? n : 64) : bench_rng(&s) % n;
    size_t b = bench_rng(&s) % n;
    used[a] = used[b] = 1;
    if (bench_rng(&s) % 8 == 0) {
      symx_expr *c = symx_ult(ctx, v[a], v[b]);
      size_t d = bench_rng(&s) % n;
      used[d] = 1;
      v[n++] = symx_ite(ctx, c, v[b], v[d]);
      symx_expr_release(c);
    } else {
      v[n++] = symx_mk2(ctx, ops[bench_rng(&s) % 8], v[a], v[b]);
    }
  }
  /* one root over every node nobody uses */
  symx_expr *root = symx_expr_retain(v[n - 1]);
  for (size_t i = 0; i + 1 < n; i++)
    if (!used[i]) {
      symx_expr *r = symx_xor(ctx, root, v[i]);
      symx_expr_release(root);
      root = r;
    }
  for (size_t i = 0; i < n; i++) symx_expr_release(v[i]);
  free(v);
  free(used);
  size_t live = symx_expr_live(ctx) - 1; /* every live node but the input is in the DAG */
  uint8_t bytes[256];
  symx_assign *as = symx_assign_new(ctx);
  uint64_t sink = 0, t_first = 0, t_second = 0, t_rest = 0;
  for (int r = -1; r <= rounds; r++) {
    for (int i = 0; i < 256; i++) bytes[i] = (uint8_t)bench_rng(&s);
    symx_assign_set(as, "in", bytes, 256);
    uint64_t val = 0, t0 = bench_cpu_ns();
    symx_eval(ctx, root, as, &val);
    uint64_t dt = bench_cpu_ns() - t0;
    if (r == -1) t_first = dt;       /* the memo walker */
    else if (r == 0) t_second = dt; /* compiles the plan, then runs it */
    else t_rest += dt;
    sink ^= val;
  }
  printf("{\"bench\": \"eval\", \"nodes\": %zu, \"rounds\": %d, \"ns_per_node\": %.2f, "
         "\"first_eval_ns_per_node\": %.2f, \"compile_and_eval_ns_per_node\": %.2f, "
         "\"checksum\": %llu}\n",
         live, rounds, (double)t_rest / rounds / (double)live, (double)t_first / (double)live,
         (double)t_second / (double)live,
         (unsigned long long)sink);
  symx_assign_free(as);
  symx_expr_release(root);
  symx_ctx_free(ctx);
  return 0;
}
