/*
** cnf.c — on-demand Tseitin encoding of AIG cones into CaDiCaL.
*/
#include "cnf.h"
#include "alloc.h"

#include <string.h>

/* a doubling's bytes per variable: CaDiCaL enlarges a score of per-variable
** vectors at once (measured: +315 MiB at 2^21 variables, sqlite3's query) */
#define GROWTH_PER_VAR 160

bool sx_cnf_init(symx_ctx *ctx, sx_cnf *c) {
  memset(c, 0, sizeof *c);
  c->ctx = ctx;
  c->sat = ccadical_init();
  return c->sat != NULL;
}

void sx_cnf_free(sx_cnf *c) {
  if (!c->ctx) return;
  if (c->sat) ccadical_release(c->sat);
  sx_free(c->ctx, c->var, c->cap * sizeof *c->var);
  SX_RELEASE(c->ctx, c->stack);
  memset(c, 0, sizeof *c);
}

static bool reserve(sx_cnf *c, size_t nnodes) {
  if (nnodes <= c->cap) return true;
  size_t ncap = c->cap ? c->cap : 1024;
  while (ncap < nnodes) ncap *= 2;
  int32_t *v = sx_realloc(c->ctx, c->var, c->cap * sizeof *v, ncap * sizeof *v);
  if (!v) return false;
  memset(v + c->cap, 0, (ncap - c->cap) * sizeof *v);
  c->var = v;
  c->cap = ncap;
  return true;
}

static inline int slit(const sx_cnf *c, sx_lit l) {
  int v = c->var[sx_lit_node(l)];
  return sx_lit_sign(l) ? -v : v;
}

static void clause(sx_cnf *c, int a, int b, int d) {
  ccadical_add(c->sat, a);
  if (b) ccadical_add(c->sat, b);
  if (d) ccadical_add(c->sat, d);
  ccadical_add(c->sat, 0);
  c->nclauses++;
}

/*
** Node n = AND(!AND(p, q), !AND(r, s)) with p == !r is !ite(p, q, s):
** returns true and the gate inputs then. (xor is the case q == !s.)
*/
static bool ite_gate(const sx_aig *g, uint32_t n, sx_lit *cc, sx_lit *t, sx_lit *e) {
  sx_lit x = g->fan[2 * n], y = g->fan[2 * n + 1];
  if (!sx_lit_sign(x) || !sx_lit_sign(y)) return false;
  uint32_t nx = sx_lit_node(x), ny = sx_lit_node(y);
  if (g->fan[2 * nx] == SX_AIG_INPUT || g->fan[2 * ny] == SX_AIG_INPUT) return false;
  sx_lit x0 = g->fan[2 * nx], x1 = g->fan[2 * nx + 1];
  sx_lit y0 = g->fan[2 * ny], y1 = g->fan[2 * ny + 1];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      sx_lit p = i ? x1 : x0, q = i ? x0 : x1, r = j ? y1 : y0, s = j ? y0 : y1;
      if (p == sx_lit_not(r)) {
        *cc = p;
        *t = q;
        *e = s;
        return true;
      }
    }
  return false;
}

static void encode_node(sx_cnf *c, const sx_aig *g, uint32_t n) {
  int v = ++c->nvars;
  c->var[n] = v;
  if (g->fan[2 * n] == SX_AIG_INPUT) return;
  sx_lit cl, tl, el;
  if (ite_gate(g, n, &cl, &tl, &el)) {
    /* -v <-> ite(a, b, d) */
    int a = slit(c, cl), b = slit(c, tl), d = slit(c, el), o = -v;
    clause(c, -a, -b, o);
    clause(c, -a, b, -o);
    clause(c, a, -d, o);
    clause(c, a, d, -o);
    if (b != -d) { /* redundant, helps propagation; xor has none */
      clause(c, -b, -d, o);
      clause(c, b, d, -o);
    }
    return;
  }
  int a = slit(c, g->fan[2 * n]), b = slit(c, g->fan[2 * n + 1]);
  clause(c, -v, a, 0);
  clause(c, -v, b, 0);
  clause(c, v, -a, -b);
}

/* the nodes the encoding of n refers to */
static unsigned deps(const sx_aig *g, uint32_t n, uint32_t out[3]) {
  if (g->fan[2 * n] == SX_AIG_INPUT) return 0;
  sx_lit cl, tl, el;
  if (ite_gate(g, n, &cl, &tl, &el)) {
    out[0] = sx_lit_node(cl);
    out[1] = sx_lit_node(tl);
    out[2] = sx_lit_node(el);
    return 3;
  }
  out[0] = sx_lit_node(g->fan[2 * n]);
  out[1] = sx_lit_node(g->fan[2 * n + 1]);
  return 2;
}

int sx_cnf_lit(sx_cnf *c, sx_aig *g, sx_lit l) {
  uint32_t root = sx_lit_node(l);
  if (c->failed || !reserve(c, g->nnodes)) goto oom;
  if (!c->var[root]) {
    SX_CLEAR(c->stack);
    if (!SX_PUSH(c->ctx, c->stack, root)) goto oom;
    while (!SX_EMPTY(c->stack)) {
      uint32_t n = SX_TOP(c->stack);
      if (c->var[n]) {
        (void)SX_POP(c->stack);
        continue;
      }
      uint32_t d[3];
      unsigned nd = deps(g, n, d);
      bool ready = true;
      for (unsigned i = 0; i < nd; i++)
        if (!c->var[d[i]]) {
          ready = false;
          if (!SX_PUSH(c->ctx, c->stack, d[i])) goto oom;
        }
      if (!ready) continue;
      if (sx_poll_due(c->poll, (uint64_t)c->nvars, &c->poll_next, GROWTH_PER_VAR)) goto oom;
      encode_node(c, g, n);
      (void)SX_POP(c->stack);
    }
  }
  return slit(c, l);
oom:
  c->failed = true;
  return 0;
}

bool sx_cnf_assert(sx_cnf *c, sx_aig *g, sx_lit l) {
  int x = sx_cnf_lit(c, g, l);
  if (!x) return false;
  clause(c, x, 0, 0);
  return true;
}
