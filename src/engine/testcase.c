/*
** testcase.c — path ends and the test cases they leave: inputs from the
** witness (every input array of the context at its full size), numbered
** without gaps, recorded once per distinct input, written by the seeding
** layer's test-case sink, queryable through symx_engine_test_*.
*/
#include "engine.h"
#include "seeding/teststore.h"
#include "alloc.h"
#include "error.h"
#include "hash.h"

#include <inttypes.h>
#include <string.h>

bool sx_engine_wants_test(symx_engine *eng, sx_state *st, symx_reason reason) {
  switch ((int)eng->ctx->opts.emit_tests) {
  case SX_EMIT_ALL: return true;
  case SX_EMIT_ERRORS: return reason == SYMX_END_ERROR;
  case SX_EMIT_COVER: return reason == SYMX_END_ERROR || (st->flags & SX_SF_COVNEW);
  default: return false;
  }
}

/* The inputs of a test: every input array, bytes from w, zero-padded. */
static sx_assign *inputs_of(symx_ctx *ctx, sx_assign *w) {
  sx_assign *a = symx_assign_new(ctx);
  if (!a) return NULL;
  struct sx_expr_table *t = ctx->exprs;
  for (size_t i = 0; i < t->ninputs; i++) {
    sx_array_info *ai = t->inputs[i]->arr;
    size_t len;
    const uint8_t *b = sx_assign_bytes(w, ai->input_id, &len);
    size_t size = (size_t)ai->size;
    if (len > size) len = size;
    if (sx_assign_write(a, ai->name, 0, b ? b : (const uint8_t *)"", b ? len : 0) != SYMX_OK) goto oom;
    if (size > len) {
      static const uint8_t zeros[256];
      for (size_t off = len; off < size;) {
        size_t k = size - off < sizeof zeros ? size - off : sizeof zeros;
        if (sx_assign_write(a, ai->name, off, zeros, k) != SYMX_OK) goto oom;
        off += k;
      }
    }
  }
  return a;
oom:
  symx_assign_free(a);
  return NULL;
}

/* The earlier test with inputs equal to a, or NULL. */
static sx_trec *find_test(symx_engine *eng, sx_assign *a, uint64_t h) {
  if (!eng->test_index_cap) return NULL;
  size_t m = eng->test_index_cap - 1;
  for (size_t i = h & m;; i = (i + 1) & m) {
    uint32_t k = eng->test_index[i];
    if (!k) return NULL;
    sx_trec *r = &eng->tests.begin[k - 1];
    if (r->hash == h && sx_assign_equal(r->inputs, a)) return r;
  }
}

static bool index_test(symx_engine *eng, size_t idx) {
  symx_ctx *ctx = eng->ctx;
  if ((idx + 1) * 2 > eng->test_index_cap) {
    size_t ncap = eng->test_index_cap ? eng->test_index_cap * 2 : 64;
    uint32_t *t = sx_calloc(ctx, ncap * sizeof *t);
    if (!t) return false;
    sx_free(ctx, eng->test_index, eng->test_index_cap * sizeof *t);
    eng->test_index = t;
    eng->test_index_cap = ncap;
    for (size_t j = 0; j < idx; j++) {
      size_t i = eng->tests.begin[j].hash & (ncap - 1);
      while (t[i]) i = (i + 1) & (ncap - 1);
      t[i] = (uint32_t)j + 1;
    }
  }
  size_t m = eng->test_index_cap - 1;
  size_t i = eng->tests.begin[idx].hash & m;
  while (eng->test_index[i]) i = (i + 1) & m;
  eng->test_index[i] = (uint32_t)idx + 1;
  return true;
}

static void fill(symx_test *t, const sx_trec *r) {
  t->number = r->number;
  t->duplicate = 0;
  t->reason = (symx_reason)r->reason;
  t->kind = (symx_error_kind)r->kind;
  t->message = r->msg;
  t->depth = r->depth;
  t->state_id = r->state_id;
  t->inputs = r->inputs;
  t->location = r->loc;
}

static int emit(symx_engine *eng, sx_state *st, sx_assign *w, symx_reason reason,
                symx_error_kind kind, const char *msg, const char *loc, const char *func);

int sx_engine_emit(symx_engine *eng, sx_state *st, sx_assign *w, symx_reason reason,
                   symx_error_kind kind, const char *msg, const char *func) {
  symx_ctx *ctx = eng->ctx;
  /* the location set for this state (symx_state_set_location) is used once */
  char *loc = eng->loc && eng->loc_id == st->id ? eng->loc : NULL;
  if (loc) eng->loc = NULL;
  int rc = emit(eng, st, w, reason, kind, msg, loc, func);
  sx_strfree(ctx, loc);
  return rc;
}

static int emit(symx_engine *eng, sx_state *st, sx_assign *w, symx_reason reason,
                symx_error_kind kind, const char *msg, const char *loc, const char *func) {
  symx_ctx *ctx = eng->ctx;
  sx_assign *a = inputs_of(ctx, w);
  if (!a) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  uint64_t h = sx_assign_hash(a);
  sx_trec *old = find_test(eng, a, h);
  if (old) {
    SX_INC(ctx, tests_duplicate);
    if (eng->on_test) {
      symx_test t;
      fill(&t, old);
      t.duplicate = 1;
      t.reason = reason;
      t.kind = kind;
      t.message = msg;
      t.depth = st->depth;
      t.state_id = st->id;
      t.location = loc;
      eng->on_test(eng->on_test_user, st, &t);
    }
    symx_assign_free(a);
    return SYMX_OK;
  }
  sx_trec r = {a, NULL, st->id, h, 0, st->depth, (uint8_t)reason, (uint8_t)kind, NULL};
  if ((msg && !(r.msg = sx_strdup(ctx, msg))) || (loc && !(r.loc = sx_strdup(ctx, loc))) ||
      !SX_RESERVE1(ctx, eng->tests)) {
    sx_strfree(ctx, r.msg);
    sx_strfree(ctx, r.loc);
    symx_assign_free(a);
    return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  }
  if (!eng->store && !(eng->store = sx_teststore_new(ctx, NULL, NULL))) {
    sx_strfree(ctx, r.msg);
    sx_strfree(ctx, r.loc);
    symx_assign_free(a);
    return symx_errcode(ctx) ? symx_errcode(ctx) : SYMX_ERROR;
  }
  sx_test_meta meta = {reason, kind != SYMX_ERR_NONE ? symx_error_kind_name(kind) : NULL, msg,
                       st->depth, st->id, loc, NULL, 0};
  uint32_t number = 0;
  int rc = sx_teststore_emit(eng->store, a, &meta, &number);
  if (rc != SYMX_OK) {
    sx_strfree(ctx, r.msg);
    sx_strfree(ctx, r.loc);
    symx_assign_free(a);
    return rc;
  }
  r.number = number ? number : (uint32_t)SX_SIZE(eng->tests) + 1;
  *eng->tests.end++ = r;
  if (!index_test(eng, SX_SIZE(eng->tests) - 1)) {
    /* not findable for dedup: only a later duplicate would be recorded twice */
  }
  SX_INC(ctx, tests);
  if (eng->on_test) {
    symx_test t;
    fill(&t, &eng->tests.end[-1]);
    eng->on_test(eng->on_test_user, st, &t);
  }
  return SYMX_OK;
}

void sx_engine_tests_free(symx_engine *eng) {
  symx_ctx *ctx = eng->ctx;
  for (sx_trec *r = eng->tests.begin; r < eng->tests.end; r++) {
    symx_assign_free(r->inputs);
    sx_strfree(ctx, r->msg);
    sx_strfree(ctx, r->loc);
  }
  sx_strfree(ctx, eng->loc);
  eng->loc = NULL;
  SX_RELEASE(ctx, eng->tests);
  sx_free(ctx, eng->test_index, eng->test_index_cap * sizeof *eng->test_index);
  eng->test_index = NULL;
  eng->test_index_cap = 0;
  sx_teststore_free(eng->store);
  eng->store = NULL;
}

size_t symx_engine_test_count(symx_engine *eng) { return eng ? SX_SIZE(eng->tests) : 0; }

int symx_engine_test_get(symx_engine *eng, size_t i, symx_test *out) {
  if (!eng || !out) return SYMX_MISUSE;
  if (i >= SX_SIZE(eng->tests))
    return sx_error(eng->ctx, SYMX_RANGE, __func__, "no test %zu (%zu recorded)", i,
                    SX_SIZE(eng->tests));
  fill(out, &eng->tests.begin[i]);
  return SYMX_OK;
}

int sx_engine_end(symx_engine *eng, sx_state *st, int status, symx_reason reason,
                  symx_error_kind kind, const char *msg, bool test) {
  symx_ctx *ctx = eng->ctx;
  int from = st->status;
  sx_engine_unplace(eng, st);
  sx_tree_remove(&eng->tree, st);
  st->status = (uint8_t)status;
  st->reason = (uint8_t)reason;
  st->kind = (uint8_t)kind;
  sx_engine_count(eng, from, status);
  int rc = SYMX_OK;
  if (status == SYMX_ST_TERMINATED) {
    SX_INC(ctx, paths);
    if (reason == SYMX_END_EARLY) SX_INC(ctx, paths_early);
    if (test && sx_engine_wants_test(eng, st, reason))
      rc = sx_engine_emit(eng, st, st->witness, reason, kind, msg, "symx_state_terminate");
  }
  if (eng->current == st) eng->current = NULL;
  if (!SX_PUSH(ctx, eng->dead, st)) {
    /* cannot keep the handle alive until next(): free it now */
    sx_engine_destroy_state(eng, st);
  }
  return rc;
}

int symx_state_set_location(symx_state *st, const char *location) {
  if (!st) return SYMX_MISUSE;
  symx_engine *eng = st->eng;
  symx_ctx *ctx = eng->ctx;
  if (st->status != SYMX_ST_ACTIVE && st->status != SYMX_ST_PENDING)
    return SX_MISUSE(ctx, "state %" PRIu64 " has already ended", st->id);
  char *copy = NULL;
  if (location && !(copy = sx_strdup(ctx, location)))
    return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  sx_strfree(ctx, eng->loc);
  eng->loc = copy;
  eng->loc_id = st->id;
  return SYMX_OK;
}

int symx_state_terminate(symx_state *st, symx_reason reason, symx_error_kind kind,
                         const char *msg) {
  if (!st) return SYMX_MISUSE;
  symx_engine *eng = st->eng;
  symx_ctx *ctx = eng->ctx;
  if (st->status != SYMX_ST_ACTIVE && st->status != SYMX_ST_PENDING)
    return SX_MISUSE(ctx, "state %" PRIu64 " has already ended", st->id);
  if ((unsigned)reason > SYMX_END_USER)
    return SX_MISUSE(ctx, "unknown termination reason %d", (int)reason);
  if ((unsigned)kind > SYMX_ERR_USER) return SX_MISUSE(ctx, "unknown error kind %d", (int)kind);
  if (reason != SYMX_END_ERROR) kind = SYMX_ERR_NONE;
  else if (kind == SYMX_ERR_NONE) kind = SYMX_ERR_USER;
  if (st->status == SYMX_ST_PENDING) {
    if (!sx_engine_wants_test(eng, st, reason)) {
      sx_engine_end(eng, st, SYMX_ST_TERMINATED, reason, kind, msg, false);
      return SYMX_OK;
    }
    /* a test needs a witness of the whole path: decide it first */
    int rc = sx_pending_revive(&eng->oracle, st, __func__);
    if (rc == SYMX_SAT) {
      SX_INC(ctx, revivals_sat);
    } else if (rc == SYMX_UNSAT || rc == SYMX_UNKNOWN) {
      if (rc == SYMX_UNSAT) SX_INC(ctx, revivals_unsat);
      else SX_INC(ctx, revivals_unknown);
      sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, reason, kind, msg, false);
      return rc;
    } else {
      return rc;
    }
  }
  if (reason == SYMX_END_ERROR) SX_INC(ctx, errors);
  return sx_engine_end(eng, st, SYMX_ST_TERMINATED, reason, kind, msg, true);
}
