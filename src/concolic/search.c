/*
** search.c — generational search (SAGE; Oasis Listing 2) and concolic DFS
** over finished runs: each run becomes an execution whose entries are
** negated one at a time, in rank order (Oasis: dangerous and new,
** dangerous, new, the rest; then log order). A negation asks for
** prefix && !c over c's independent factor only (the prefix as a persistent
** factor structure, one version per prefix length, shared), the α-renamed
** cache first, then the solver chain with the parent's input as the hint:
** every byte outside the factor keeps the parent's value.
*/
#include "concolic.h"
#include "alloc.h"
#include "error.h"
#include "solver/chain.h"

#include <stdlib.h>

#define FUNC "symx_engine_next"

static bool dangerous(uint8_t kind) { return kind >= SYMX_CK_DIVISION && kind <= SYMX_CK_POINTER; }

int sx_cc_rank_default(sx_cc *cc, const sx_cc_entry *e) {
  if (cc->ctx->opts.concolic_order == SX_CCORDER_LOG) return 0;
  bool dg = dangerous(e->kind), nw = (e->tags & SYMX_TAG_NEW) != 0;
  return dg && nw ? 0 : dg ? 1 : nw ? 2 : 3;
}

static int rank_of(sx_cc *cc, const sx_cc_entry *e) {
  if (!cc->rank) return sx_cc_rank_default(cc, e);
  symx_centry pub = {e->order, e->site, (symx_ck_kind)e->kind, e->tags, e->taken, e->cond};
  return cc->rank(cc->rank_user, &pub);
}

void sx_cc_exec_free(sx_cc *cc, sx_cc_exec *x) {
  symx_ctx *ctx = cc->ctx;
  size_t n = x->log.n;
  for (size_t i = 0; i < x->built; i++) {
    if (x->lits[i]) sx_expr_release_nonnull(x->lits[i]);
    sx_factors_release(x->pre[i + 1]);
  }
  if (x->lits) sx_free(ctx, x->lits, (n ? n : 1) * sizeof *x->lits);
  if (x->pre) sx_free(ctx, x->pre, (n + 1) * sizeof *x->pre);
  if (x->todo) sx_free(ctx, x->todo, (n ? n : 1) * sizeof *x->todo);
  if (x->rank) sx_free(ctx, x->rank, (n ? n : 1) * sizeof *x->rank);
  sx_clog_clear(&x->log);
  symx_assign_free(x->input);
  sx_free(ctx, x, sizeof *x);
}

/* Path de-duplication: true when h was seen (else it is added). */
static int seen(sx_cc *cc, uint64_t h, bool *was) {
  if (2 * (cc->nseen + 1) > cc->capseen) {
    size_t cap = cc->capseen ? 2 * cc->capseen : 64;
    uint64_t *t = sx_calloc(cc->ctx, cap * sizeof *t);
    if (!t) return SYMX_NOMEM;
    for (size_t i = 0; i < cc->capseen; i++) {
      if (!cc->seen[i]) continue;
      size_t j = cc->seen[i] & (cap - 1);
      while (t[j]) j = (j + 1) & (cap - 1);
      t[j] = cc->seen[i];
    }
    sx_free(cc->ctx, cc->seen, cc->capseen * sizeof *cc->seen);
    cc->seen = t;
    cc->capseen = cap;
  }
  size_t j = h & (cc->capseen - 1);
  for (; cc->seen[j]; j = (j + 1) & (cc->capseen - 1))
    if (cc->seen[j] == h) return *was = true, SYMX_OK;
  cc->seen[j] = h;
  cc->nseen++;
  *was = false;
  return SYMX_OK;
}

/* qsort's context: C11 has no qsort_r, so the keys are packed: rank in the
** high half, index (or its complement for dfs) in the low half. */
static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* The entries of x to negate (index >= bound, not assumptions), in order. */
static int plan(sx_cc *cc, sx_cc_exec *x, uint32_t bound) {
  symx_ctx *ctx = cc->ctx;
  size_t n = x->log.n;
  bool dfs = ctx->opts.concolic_search == SX_CCSEARCH_DFS;
  uint64_t *keys = sx_alloc(ctx, (n ? n : 1) * sizeof *keys);
  x->todo = sx_alloc(ctx, (n ? n : 1) * sizeof *x->todo);
  x->rank = sx_alloc(ctx, (n ? n : 1) * sizeof *x->rank);
  if (!keys || !x->todo || !x->rank) {
    if (keys) sx_free(ctx, keys, (n ? n : 1) * sizeof *keys);
    return SYMX_NOMEM;
  }
  size_t k = 0;
  for (size_t i = bound; i < n; i++) {
    if (x->log.e[i].kind == SYMX_CK_ASSUME) continue;
    uint32_t r = (uint32_t)rank_of(cc, &x->log.e[i]) ^ 0x80000000u; /* signed order */
    keys[k++] = (uint64_t)r << 32 | (dfs ? ~(uint32_t)i : (uint32_t)i);
  }
  qsort(keys, k, sizeof *keys, cmp_u64);
  for (size_t i = 0; i < k; i++) {
    uint32_t lo = (uint32_t)keys[i];
    x->todo[i] = dfs ? ~lo : lo;
    x->rank[i] = (int32_t)((uint32_t)(keys[i] >> 32) ^ 0x80000000u);
  }
  x->ntodo = k;
  sx_free(ctx, keys, (n ? n : 1) * sizeof *keys);
  return SYMX_OK;
}

static int enqueue(sx_cc *cc, sx_cc_exec *x) {
  if (cc->qn == cc->qcap) {
    size_t cap = cc->qcap ? 2 * cc->qcap : 16;
    sx_cc_exec **q = sx_realloc(cc->ctx, cc->q, cc->qcap * sizeof *q, cap * sizeof *q);
    if (!q) return SYMX_NOMEM;
    cc->q = q;
    cc->qcap = cap;
  }
  cc->q[cc->qn++] = x;
  return SYMX_OK;
}

/* Oasis's warm-up: every factor of the run's path, with its input. */
static void warm(sx_cc *cc, sx_cc_exec *x) {
  symx_ctx *ctx = cc->ctx;
  size_t n = x->log.n;
  sx_expr **cs = sx_calloc(ctx, (n ? n : 1) * sizeof *cs);
  uint32_t *fac = sx_alloc(ctx, (n ? n : 1) * sizeof *fac);
  sx_expr **part = sx_alloc(ctx, (n ? n : 1) * sizeof *part);
  size_t nfac = 0;
  bool ok = cs && fac && part;
  for (size_t i = 0; ok && i < n; i++) ok = (cs[i] = sx_clog_literal(ctx, &x->log.e[i], false)) != NULL;
  if (ok && sx_indep_partition(sx_chain_keyscan(ctx), cs, n, fac, &nfac) == SYMX_OK) {
    for (size_t f = 0; f < nfac; f++) {
      size_t m = 0;
      for (size_t i = 0; i < n; i++)
        if (fac[i] == f) part[m++] = cs[i];
      sx_ac_insert(cc->cache, part, m, x->input); /* a failure only loses the warm-up */
    }
  }
  for (size_t i = 0; cs && i < n; i++) symx_expr_release(cs[i]);
  sx_free(ctx, cs, (n ? n : 1) * sizeof *cs);
  sx_free(ctx, fac, (n ? n : 1) * sizeof *fac);
  sx_free(ctx, part, (n ? n : 1) * sizeof *part);
}

/* The run that just ended becomes an execution (unless its path was seen). */
int sx_cc_finish(sx_cc *cc) {
  symx_ctx *ctx = cc->ctx;
  sx_assign *input = cc->run_input;
  cc->run_input = NULL;
  bool skip = false, was = false;
  if (cc->info.seed >= 0 && !sx_cc_seed_ok(cc, (size_t)cc->info.seed)) {
    skip = true; /* a rejected seed's run is not negated */
  } else if (cc->qn >= (size_t)ctx->opts.concolic_max_queue) {
    SX_INC(ctx, concolic_queue_full); /* memory stays bounded on long runs */
    skip = true;
  } else if (ctx->opts.concolic_dedup && seen(cc, sx_clog_path_hash(&cc->log), &was) != SYMX_OK) {
    goto oom;
  }
  if (was) SX_INC(ctx, concolic_duplicates);
  if (skip || was) {
    sx_clog_clear(&cc->log);
    symx_assign_free(input);
    return SYMX_OK;
  }
  sx_cc_exec *x = sx_calloc(ctx, sizeof *x);
  if (!x) goto oom;
  x->log = cc->log;
  cc->log = (sx_clog){ctx, NULL, 0, 0};
  x->input = input;
  x->number = cc->info.number;
  size_t n = x->log.n;
  x->lits = sx_calloc(ctx, (n ? n : 1) * sizeof *x->lits);
  x->pre = sx_calloc(ctx, (n + 1) * sizeof *x->pre);
  uint32_t bound = ctx->opts.concolic_bound ? cc->run_bound : 0;
  if (!x->lits || !x->pre || plan(cc, x, bound) != SYMX_OK || enqueue(cc, x) != SYMX_OK) {
    sx_cc_exec_free(cc, x);
    goto oom;
  }
  if (cc->cache) warm(cc, x);
  return SYMX_OK;
oom:
  symx_assign_free(input);
  sx_clog_clear(&cc->log);
  return sx_error(ctx, SYMX_NOMEM, FUNC, "out of memory");
}
