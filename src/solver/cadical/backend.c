/*
** backend.c — the "cadical" backend: a bit-blasting session (AIG + memo +
** CaDiCaL instance) answers check-sat queries.
**
** Incremental mode (option cadical_incremental) keeps the session across
** queries: every constraint (by expression id) is blasted and encoded once,
** and its root literal, whose Tseitin definition is in the instance in both
** polarities, acts as its activation literal: a query is solved under the
** assumptions of its constraints' roots. The session is dropped when it
** grows past the limits below. Otherwise every query gets a fresh session.
**
** Arrays (option cadical_arrays): Ackermann axioms are added as reads
** appear; with lemmas on demand the instance is solved without them, the
** reads of the query are checked against one array content, and violated
** lemmas are added until the model is consistent. Reads of big constant
** arrays are refined that way in both modes.
*/
#include "blast.h"
#include "cnf.h"
#include "solver/backend.h"
#include "alloc.h"
#include "error.h"
#include "procmem.h"

#include <string.h>

/*
** A session past any of these is dropped before the next query. The clause
** limit is small on purpose: every solve must assign every variable of the
** instance, and CaDiCaL's decisions wander into stale circuits (deciding a
** multiplier's output forces a factoring problem), so a big session makes
** small queries slow. Measured on bench/queries (symx-bench solver): 2^14
** clauses beat 2^12 and 2^16..2^20 (geomean 0.35 ms vs 0.6..2.6 ms).
*/
#define MAX_NODES (1u << 22)
#define MAX_CLAUSES (1ull << 14)
#define MAX_CLAUSES_REUSED (1ull << 22)
#define MAX_POOL (1u << 24)
#define MAX_MEMO (1u << 21)
/* input arrays up to this size are bound whole in models */
#define MODEL_WHOLE (1u << 20)

typedef struct q_input { sx_expr *e; uint8_t *buf; size_t len; } q_input;

/* One bit-blasting session: the circuits and the instance encoding them. */
typedef struct session {
  bool live;
  sx_blast bl;
  sx_cnf cnf;
} session;

struct sx_backend {
  symx_ctx *ctx;
  bool live; /* a session exists (the active one, below) */
  sx_blast bl;
  sx_cnf cnf;
  /* A big session a query of another path displaced, kept for that path's
  ** next query: real programs interleave a running path's checks with the
  ** revivals of pending states elsewhere, and rebuilding either costs more
  ** than holding both. */
  session parked;
  uint64_t deadline;
  sx_poll poll;          /* the blast, the encoding: see give_up */
  uint32_t mem_calls;    /* CaDiCaL's asks whether to stop, this query */
  uint64_t rss_first;    /* the resident size when this query first looked */
  bool over;             /* ... and this query was given up for memory */
  /* per query */
  sx_map seen;
  SX_STACK(sx_expr *) walk;
  sx_u32s q_reads, q_bytes;
  SX_STACK(q_input) q_inputs;
  SX_STACK(sx_lit) q_lits;
  sx_u32s q_idx;       /* the constraint of each assumption */
  SX_STACK(int) q_ext; /* each assumption as CaDiCaL's literal */
  size_t q_n;          /* constraints of the last query */
  long q_false;        /* a constraint blasted to false, or -1 */
  bool q_unsat;        /* the last query was UNSAT: its core can be read */
  sx_map content;
  /* model evaluation of AIG literals */
  uint32_t *memo;
  size_t memo_cap;
  uint32_t epoch;
  sx_u32s evstack;
};

static void drop(sx_backend *b) {
  if (!b->live) return;
  sx_cnf_free(&b->cnf);
  sx_blast_free(&b->bl);
  b->live = false;
}

static void drop_parked(sx_backend *b) {
  if (!b->parked.live) return;
  sx_cnf_free(&b->parked.cnf);
  sx_blast_free(&b->parked.bl);
  b->parked.live = false;
}

/* the active session becomes the parked one and the other way round */
static void swap_parked(sx_backend *b) {
  session t = b->parked;
  b->parked = (session){b->live, b->bl, b->cnf};
  b->live = t.live;
  b->bl = t.bl;
  b->cnf = t.cnf;
}

/*
** The process near max_memory (jump bytes from the point past which the
** engine frees states) and grown since this query first looked: one
** query's circuits and clauses reached 5.8 GB under a 2,000 MiB cap
** (sqlite3), where the engine does not look. Growth, not the level: a
** process the engine holds at the cap keeps freed memory resident, which
** a query may reuse (telling how much is free walks malloc's lists: seconds
** on a fragmented heap, too slow to ask here).
*/
static bool over_memory(sx_backend *b, uint64_t jump) {
  uint64_t limit = sx_procmem_limit(b->ctx->opts.max_memory), rss;
  if (!limit || !(rss = sx_procmem_rss())) return false;
  if (!b->rss_first) b->rss_first = rss;
  if (rss <= b->rss_first || rss <= (limit > jump ? limit - jump : 0)) return false;
  SX_INC(b->ctx, cadical_memory_stops);
  return b->over = true;
}

static bool give_up(void *ud, uint64_t jump) {
  sx_backend *b = ud;
  return b->ctx->interrupted || (b->deadline && sx_now_ns() >= b->deadline) || over_memory(b, jump);
}

/* CaDiCaL asks often (the learnt clauses grow a clause at a time):
** memory, a file read, once every MEM_CHECK_CALLS asks */
#define MEM_CHECK_CALLS 64
static int terminate_cb(void *ud) {
  sx_backend *b = ud;
  if (b->poll.stopped || b->ctx->interrupted || (b->deadline && sx_now_ns() >= b->deadline)) return 1;
  if (++b->mem_calls % MEM_CHECK_CALLS) return 0;
  return b->poll.stopped = over_memory(b, 0);
}

/* An encoding that failed: given up (the poll) or out of memory. */
static int nomem(sx_backend *b) {
  return b->poll.stopped ? SYMX_UNKNOWN : sx_error(b->ctx, SYMX_NOMEM, SX_CHECK_FN, "out of memory");
}

/* One CaDiCaL solve under the cadical_conflicts budget, which CaDiCaL
** resets after each solve: a limit in conflicts ends the same query the
** same way on a busy machine and an idle one, where a deadline does not. */
static int sat_solve(sx_backend *b) {
  int64_t conflicts = b->ctx->opts.cadical_conflicts;
  if (conflicts > 0) ccadical_limit(b->cnf.sat, "conflicts", (int)conflicts);
  return ccadical_solve(b->cnf.sat);
}

static int start(sx_backend *b) {
  symx_ctx *ctx = b->ctx;
  if (!sx_blast_init(ctx, &b->bl, ctx->opts.cadical_arrays == SX_ARRAYS_ACKERMANN, ctx->opts.cadical_rom))
    return sx_error(ctx, SYMX_NOMEM, SX_CHECK_FN, "out of memory");
  if (!sx_cnf_init(ctx, &b->cnf)) {
    sx_blast_free(&b->bl);
    return sx_error(ctx, SYMX_SOLVER, SX_CHECK_FN, "cannot create a CaDiCaL instance");
  }
  ccadical_set_terminate(b->cnf.sat, b, terminate_cb);
  b->live = true;
  return SYMX_OK;
}

static bool too_big(const sx_blast *bl, const sx_cnf *cnf) {
  return bl->g.nnodes > MAX_NODES || cnf->nclauses > MAX_CLAUSES || SX_SIZE(bl->pool) > MAX_POOL ||
         bl->memo.count > MAX_MEMO;
}

static bool huge(const sx_blast *bl, const sx_cnf *cnf) {
  return cnf->nclauses > MAX_CLAUSES_REUSED || bl->g.nnodes > MAX_NODES;
}

/*
** Whether to drop the session before the query cs[0..n). A small one is
** always kept. A big one is kept while the query is mostly made of
** constraints it has already blasted: the next query of the same path
** (a step adds a constraint and asks a condition: two new ones), or one
** sharing seven eighths. Real programs' paths read big tables, and
** re-blasting them for each check costs more than the stale circuits.
** Past a hard size it goes anyway.
*/
static size_t known_of(const sx_blast *bl, sx_expr *const *cs, size_t n) {
  size_t known = 0;
  for (size_t i = 0; i < n; i++)
    known += sx_map_get(&bl->memo, cs[i]->id, 0) != UINT32_MAX;
  return known;
}

static bool stale(const sx_blast *bl, const sx_cnf *cnf, sx_expr *const *cs, size_t n) {
  if (!too_big(bl, cnf)) return false;
  if (huge(bl, cnf)) return true;
  size_t known = known_of(bl, cs, n);
  return !known || (n - known > 2 && known * 8 < n * 7);
}

static sx_backend *create(symx_ctx *ctx) {
  sx_backend *b = sx_calloc(ctx, sizeof *b);
  if (!b) {
    sx_error(ctx, SYMX_NOMEM, "symx_solver_new", "out of memory");
    return NULL;
  }
  b->ctx = ctx;
  b->poll = (sx_poll){give_up, b, false};
  return b;
}

static void destroy(sx_backend *b) {
  if (!b) return;
  symx_ctx *ctx = b->ctx;
  drop(b);
  drop_parked(b);
  sx_map_free(ctx, &b->seen);
  sx_map_free(ctx, &b->content);
  SX_RELEASE(ctx, b->walk);
  SX_RELEASE(ctx, b->q_reads);
  SX_RELEASE(ctx, b->q_bytes);
  SX_RELEASE(ctx, b->q_inputs);
  SX_RELEASE(ctx, b->q_lits);
  SX_RELEASE(ctx, b->q_idx);
  SX_RELEASE(ctx, b->q_ext);
  SX_RELEASE(ctx, b->evstack);
  sx_free(ctx, b->memo, b->memo_cap * sizeof *b->memo);
  sx_free(ctx, b, sizeof *b);
}

/* ---- the query's reads: a walk of its DAG ---- */

#define TAG_NODE 0
#define TAG_READ 1
#define TAG_BYTE 2

static bool mark(sx_backend *b, uint64_t k1, uint64_t tag) {
  if (sx_map_get(&b->seen, k1, tag) != UINT32_MAX) return false;
  return sx_map_put(b->ctx, &b->seen, k1, tag, 1) || (b->bl.g.failed = true, false);
}

static bool collect(sx_backend *b, sx_expr *const *cs, size_t n) {
  symx_ctx *ctx = b->ctx;
  sx_map_clear(&b->seen);
  SX_CLEAR(b->walk);
  SX_CLEAR(b->q_reads);
  SX_CLEAR(b->q_bytes);
  SX_CLEAR(b->q_inputs);
  for (size_t i = 0; i < n; i++)
    if (mark(b, cs[i]->id, TAG_NODE) && !SX_PUSH(ctx, b->walk, cs[i])) return false;
  while (!SX_EMPTY(b->walk)) {
    sx_expr *e = SX_POP(b->walk);
    if (e->kind == SYMX_K_ARRAY_INPUT) {
      q_input qi = {e, NULL, 0};
      if (!SX_PUSH(ctx, b->q_inputs, qi)) return false;
    } else if (e->kind == SYMX_K_READ) {
      sx_expr *leaf = e->args[0];
      while (leaf->kind == SYMX_K_ARRAY_WRITE) leaf = leaf->args[0];
      uint32_t r = sx_map_get(&b->bl.base, leaf->id, e->args[1]->id);
      if (r != UINT32_MAX) {
        bool byte = r & SX_BASE_BYTE;
        r &= ~SX_BASE_BYTE;
        if (mark(b, r, byte ? TAG_BYTE : TAG_READ) &&
            !SX_PUSH(ctx, *(byte ? &b->q_bytes : &b->q_reads), r))
          return false;
      }
    }
    for (unsigned i = 0; i < e->nargs; i++)
      if (mark(b, e->args[i]->id, TAG_NODE) && !SX_PUSH(ctx, b->walk, e->args[i])) return false;
  }
  return !b->bl.g.failed;
}

/* ---- values under the SAT model ---- */

static bool input_value(void *ud, uint32_t node) {
  sx_backend *b = ud;
  /* an input outside every encoded cone is unconstrained: it reads 0 */
  return sx_cnf_encoded(&b->cnf, node) && sx_cnf_node_value(&b->cnf, node);
}

static bool new_epoch(sx_backend *b) {
  size_t need = b->bl.g.nnodes;
  if (need > b->memo_cap) {
    size_t ncap = b->memo_cap ? b->memo_cap : 1024;
    while (ncap < need) ncap *= 2;
    uint32_t *m = sx_realloc(b->ctx, b->memo, b->memo_cap * sizeof *m, ncap * sizeof *m);
    if (!m) return false;
    memset(m + b->memo_cap, 0, (ncap - b->memo_cap) * sizeof *m);
    b->memo = m;
    b->memo_cap = ncap;
  }
  if (++b->epoch >= (1u << 30)) {
    memset(b->memo, 0, b->memo_cap * sizeof *b->memo);
    b->epoch = 1;
  }
  return true;
}

static uint64_t value(sx_backend *b, const sx_lit *v, unsigned w) {
  uint64_t x = 0;
  for (unsigned i = 0; i < w; i++)
    x |= (uint64_t)sx_aig_eval(&b->bl.g, v[i], b->memo, b->epoch, &b->evstack, input_value, b) << i;
  return x;
}

static uint64_t read_index(sx_backend *b, const sx_sread *r) {
  return value(b, b->bl.pool.begin + r->idx, r->idx_w);
}

/*
** Checks that the query's reads agree with one content per array; queues
** a lemma for each read that does not. Returns the number of lemmas.
*/
static size_t refine(sx_backend *b) {
  sx_blast *bl = &b->bl;
  size_t lemmas = 0;
  sx_map_clear(&b->content);
  for (uint32_t *y = b->q_bytes.begin; y < b->q_bytes.end; y++) {
    const sx_cbyte *c = &bl->bytes.begin[*y];
    if (!sx_map_put(b->ctx, &b->content, c->leaf, c->k, *y | SX_BASE_BYTE)) bl->g.failed = true;
  }
  for (uint32_t *rp = b->q_reads.begin; rp < b->q_reads.end; rp++) {
    const sx_sread *r = &bl->reads.begin[*rp];
    const sx_array_info *ai = bl->leaves.begin[r->leaf].e->arr;
    uint64_t idx = read_index(b, r), v = value(b, r->val, 8);
    if (bl->leaves.begin[r->leaf].e->kind == SYMX_K_ARRAY_CONST) {
      if (v != (idx < ai->size ? ai->bytes[idx] : 0)) sx_blast_lemma_const(bl, *rp, idx), lemmas++;
      continue;
    }
    if (idx >= ai->size) {
      if (v) sx_blast_lemma_range(bl, *rp), lemmas++;
      continue;
    }
    uint32_t s = sx_map_get(&b->content, r->leaf, idx);
    if (s == UINT32_MAX) {
      if (!sx_map_put(b->ctx, &b->content, r->leaf, idx, *rp)) bl->g.failed = true;
    } else if (s & SX_BASE_BYTE) {
      if (value(b, bl->bytes.begin[s & ~SX_BASE_BYTE].val, 8) != v)
        sx_blast_lemma_byte(bl, *rp, s & ~SX_BASE_BYTE), lemmas++;
    } else if (value(b, bl->reads.begin[s].val, 8) != v) {
      sx_blast_lemma_pair(bl, s, *rp), lemmas++;
    }
  }
  return lemmas;
}

/* ---- models ---- */

static int build_model(sx_backend *b, sx_assign *model) {
  symx_ctx *ctx = b->ctx;
  sx_blast *bl = &b->bl;
  int rc = SYMX_OK;
  /* sizes first: whole arrays up to MODEL_WHOLE, else up to the last byte set */
  for (q_input *qi = b->q_inputs.begin; qi < b->q_inputs.end; qi++) {
    uint64_t size = qi->e->arr->size;
    qi->len = size <= MODEL_WHOLE ? size : 0;
    if (!sx_map_put(ctx, &b->seen, qi->e->id, 3, (uint32_t)(qi - b->q_inputs.begin))) goto oom;
  }
  for (int pass = 0; pass < 2; pass++) {
    for (uint32_t *y = b->q_bytes.begin; y < b->q_bytes.end; y++) {
      const sx_cbyte *c = &bl->bytes.begin[*y];
      uint32_t i = sx_map_get(&b->seen, bl->leaves.begin[c->leaf].e->id, 3);
      if (i == UINT32_MAX) continue;
      q_input *qi = &b->q_inputs.begin[i];
      if (pass == 0 && c->k >= qi->len) qi->len = c->k + 1;
      if (pass == 1) qi->buf[c->k] = (uint8_t)value(b, c->val, 8);
    }
    for (uint32_t *rp = b->q_reads.begin; rp < b->q_reads.end; rp++) {
      const sx_sread *r = &bl->reads.begin[*rp];
      uint32_t i = sx_map_get(&b->seen, bl->leaves.begin[r->leaf].e->id, 3);
      if (i == UINT32_MAX) continue;
      q_input *qi = &b->q_inputs.begin[i];
      uint64_t idx = read_index(b, r);
      if (idx >= qi->e->arr->size) continue;
      if (pass == 0 && idx >= qi->len) qi->len = idx + 1;
      if (pass == 1) qi->buf[idx] = (uint8_t)value(b, r->val, 8);
    }
    if (pass == 0)
      for (q_input *qi = b->q_inputs.begin; qi < b->q_inputs.end; qi++)
        if (qi->len && !(qi->buf = sx_calloc(ctx, qi->len))) goto oom;
  }
  for (q_input *qi = b->q_inputs.begin; qi < b->q_inputs.end && rc == SYMX_OK; qi++)
    if (qi->len) rc = sx_assign_write(model, qi->e->arr->name, 0, qi->buf, qi->len);
  goto out;
oom:
  rc = sx_error(ctx, SYMX_NOMEM, SX_CHECK_FN, "out of memory");
out:
  for (q_input *qi = b->q_inputs.begin; qi < b->q_inputs.end; qi++) {
    if (qi->buf) sx_free(ctx, qi->buf, qi->len);
    qi->buf = NULL;
  }
  return rc;
}

/* ---- check ---- */

static int flush_axioms(sx_backend *b) {
  sx_blast *bl = &b->bl;
  for (sx_lit *a = bl->axioms.begin; a < bl->axioms.end; a++) {
    if (*a == SX_LIT_TRUE) continue;
    if (*a == SX_LIT_FALSE || !sx_cnf_assert(&b->cnf, &bl->g, *a)) {
      SX_CLEAR(bl->axioms);
      return *a == SX_LIT_FALSE ? sx_error(b->ctx, SYMX_SOLVER, SX_CHECK_FN, "array axiom is false") : nomem(b);
    }
  }
  SX_CLEAR(bl->axioms);
  return SYMX_OK;
}

static int solve(sx_backend *b, sx_expr *const *cs, size_t n, sx_assign *model) {
  symx_ctx *ctx = b->ctx;
  SX_CLEAR(b->q_lits);
  SX_CLEAR(b->q_idx);
  for (size_t i = 0; i < n; i++) {
    uint32_t off;
    int rc = sx_blast_expr(&b->bl, cs[i], &off);
    if (rc != SYMX_OK) return rc;
    sx_lit l = b->bl.pool.begin[off];
    if (l == SX_LIT_FALSE) {
      b->q_false = (long)i;
      return SYMX_UNSAT;
    }
    if (l != SX_LIT_TRUE && (!SX_PUSH(ctx, b->q_lits, l) || !SX_PUSH(ctx, b->q_idx, (uint32_t)i)))
      return nomem(b);
  }
  if (!collect(b, cs, n)) return nomem(b);
  for (;;) {
    int rc = flush_axioms(b);
    if (rc != SYMX_OK) return rc;
    SX_CLEAR(b->q_ext);
    for (sx_lit *l = b->q_lits.begin; l < b->q_lits.end; l++) {
      int x = sx_cnf_lit(&b->cnf, &b->bl.g, *l);
      if (!x || !SX_PUSH(ctx, b->q_ext, x)) return nomem(b);
      ccadical_assume(b->cnf.sat, x);
    }
    int res = sat_solve(b);
    if (res == 20) return SYMX_UNSAT;
    if (res != 10) return SYMX_UNKNOWN;
    if (!new_epoch(b)) return nomem(b);
    size_t lemmas = refine(b);
    if (b->bl.g.failed) return nomem(b);
    if (!lemmas) {
      rc = model ? build_model(b, model) : SYMX_OK;
      return rc == SYMX_OK ? SYMX_SAT : rc;
    }
    SX_ADD(ctx, cadical_lemmas, lemmas);
  }
}

/* whether a session kept from before serves queries under the options now */
static bool fits(const symx_ctx *ctx, const sx_blast *bl) {
  return ctx->opts.cadical_incremental && bl->ackermann == (ctx->opts.cadical_arrays == SX_ARRAYS_ACKERMANN) &&
         bl->rom == ctx->opts.cadical_rom;
}

/*
** The session for query cs[0..n): the active one, or the parked one when
** it knows more of the query; when the active one is stale for it, that
** one is parked (the parked one dropped) and a new one starts.
*/
static void choose_session(sx_backend *b, sx_expr *const *cs, size_t n) {
  symx_ctx *ctx = b->ctx;
  if (b->parked.live && !fits(ctx, &b->parked.bl)) drop_parked(b);
  if (b->live && !fits(ctx, &b->bl)) {
    if (ctx->opts.cadical_incremental) SX_INC(ctx, cadical_resets);
    drop(b);
    return;
  }
  if (b->parked.live && !stale(&b->parked.bl, &b->parked.cnf, cs, n) &&
      known_of(&b->parked.bl, cs, n) > (b->live ? known_of(&b->bl, cs, n) : 0)) {
    swap_parked(b); /* the path the parked session was built for */
    SX_INC(ctx, cadical_unparked);
    return;
  }
  if (!b->live || !stale(&b->bl, &b->cnf, cs, n)) return;
  SX_ADD(ctx, cadical_resets, b->parked.live);
  drop_parked(b);
  if (huge(&b->bl, &b->cnf)) {
    SX_INC(ctx, cadical_resets);
    drop(b);
  } else {
    swap_parked(b); /* kept for its path; a new one for this query */
  }
}

static int check(sx_backend *b, sx_expr *const *cs, size_t n, uint64_t deadline_ns, sx_assign *model) {
  symx_ctx *ctx = b->ctx;
  for (size_t i = 0; i < n; i++)
    if (!cs[i] || cs[i]->ctx != ctx || cs[i]->width != 1)
      return sx_error(ctx, SYMX_MISUSE, SX_CHECK_FN, "constraint %zu is %s", i,
                      !cs[i] ? "NULL" : cs[i]->ctx != ctx ? "from another context" : "not width 1");
  if (ctx->interrupted || (deadline_ns && sx_now_ns() >= deadline_ns)) return SYMX_UNKNOWN;
  choose_session(b, cs, n);
  if (!b->live) {
    int rc = start(b);
    if (rc != SYMX_OK) return rc;
    SX_INC(ctx, cadical_sessions);
  } else {
    SX_INC(ctx, cadical_reuses);
  }
  b->deadline = deadline_ns;
  b->poll.stopped = false;
  b->mem_calls = 0;
  b->rss_first = 0;
  b->over = false;
  b->bl.g.poll = b->cnf.poll = &b->poll;
  b->q_n = n;
  b->q_false = -1;
  int rc = solve(b, cs, n, model);
  b->q_unsat = rc == SYMX_UNSAT;
  if (rc < SYMX_SAT || b->poll.stopped) drop(b); /* half-built after an error or a stop */
  if (b->over) drop_parked(b);                   /* past the cap, room is wanted */
  return rc;
}

/* the failed assumptions among those marked in use[] (after an UNSAT solve) */
static size_t failed(sx_backend *b, bool *use) {
  size_t k = 0;
  for (size_t j = 0; j < SX_SIZE(b->q_ext); j++)
    k += use[j] = use[j] && ccadical_failed(b->cnf.sat, b->q_ext.begin[j]);
  return k;
}

/*
** The failed assumptions of the last UNSAT query name its core; then up to
** cadical_core_min incremental solves try to drop one constraint at a time
** (a smaller core is contained in more later queries). A solve that is not
** UNSAT keeps the constraint, so the core stays sound under timeouts and
** with array lemmas left out.
*/
static bool core(sx_backend *b, bool *in_core, size_t n) {
  if (!b->live || !b->q_unsat || n != b->q_n) return false;
  b->q_unsat = false; /* the solves below change the failed set */
  memset(in_core, 0, n * sizeof *in_core);
  if (b->q_false >= 0) {
    in_core[b->q_false] = true;
    return true;
  }
  size_t m = SX_SIZE(b->q_ext);
  bool *use = sx_alloc(b->ctx, m ? m * sizeof *use : 1);
  if (!use) return false;
  for (size_t j = 0; j < m; j++) use[j] = true;
  size_t k = failed(b, use), solves = 0, max = (size_t)b->ctx->opts.cadical_core_min;
  for (size_t j = 0; j < m && k > 1 && solves < max; j++) {
    if (!use[j]) continue;
    use[j] = false;
    for (size_t i = 0; i < m; i++)
      if (use[i]) ccadical_assume(b->cnf.sat, b->q_ext.begin[i]);
    solves++;
    if (sat_solve(b) == 20) k = failed(b, use);
    else use[j] = true;
  }
  SX_ADD(b->ctx, cadical_core_solves, solves);
  for (size_t j = 0; j < m; j++)
    if (use[j]) in_core[b->q_idx.begin[j]] = true;
  sx_free(b->ctx, use, m ? m * sizeof *use : 1);
  return true;
}

const sx_backend_vt sx_backend_cadical = {"cadical", create, destroy, check, core, 32};
