/*
** testcase.c — path ends and the test cases they leave: inputs from the
** witness (every input array of the context at its full size), handed to
** the one test-case store (seeding/teststore.c: dedup, numbering, files),
** whose records symx_engine_test_* and the on_test callback read.
*/
#include "engine.h"
#include "seeding/teststore.h"
#include "alloc.h"
#include "error.h"
#include "hash.h"
#include "concolic/concolic.h"

#include <inttypes.h>
#include <stdio.h>
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

static void fill(symx_test *t, const sx_testrec *r) {
  t->number = r->number;
  t->duplicate = 0;
  t->reason = (symx_reason)r->reason;
  t->kind = (symx_error_kind)r->kind;
  t->message = r->message;
  t->depth = r->depth;
  t->state_id = r->state_id;
  t->inputs = r->inputs;
  t->location = r->location;
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
  if (!eng->store && !(eng->store = sx_teststore_new(ctx, NULL, NULL))) {
    symx_assign_free(a);
    return symx_errcode(ctx) ? symx_errcode(ctx) : SYMX_ERROR;
  }
  sx_test_meta meta = {reason, kind, msg, st->depth, st->id, loc,
                       (const char *const *)eng->test_args, eng->ntest_args,
                       st->inorder ? st->inorder->id : NULL, st->inorder ? st->inorder->n : 0};
  const sx_testrec *r;
  bool dup;
  int rc = sx_teststore_add(eng->store, a, &meta, &r, &dup, func);
  if (rc != SYMX_OK || !eng->on_test) return rc;
  symx_test t;
  fill(&t, r);
  if (dup) { /* the earlier test's number and inputs, this path's end */
    t.duplicate = 1;
    t.reason = reason;
    t.kind = kind;
    t.message = msg;
    t.depth = st->depth;
    t.state_id = st->id;
    t.location = loc;
  }
  eng->on_test(eng->on_test_user, st, &t);
  return SYMX_OK;
}

/* 1 when an error of kind at where (its location, else its message) has
** a test already, else 0 and it is recorded; -1 when out of memory. */
static int error_seen(symx_engine *eng, symx_error_kind kind, const char *where) {
  symx_ctx *ctx = eng->ctx;
  if (!where) where = "";
  int n = snprintf(NULL, 0, "%d %s", (int)kind, where);
  char *key = n >= 0 ? sx_alloc(ctx, (size_t)n + 1) : NULL;
  if (!key) return -1;
  snprintf(key, (size_t)n + 1, "%d %s", (int)kind, where);
  uint64_t h = sx_hash_bytes(key, (size_t)n);
  for (size_t i = 0; i < eng->nerrlocs; i++) /* few locations: a scan, hashes first */
    if (eng->errlocs[i].hash == h && !strcmp(eng->errlocs[i].key, key)) {
      sx_strfree(ctx, key);
      return 1;
    }
  if (eng->nerrlocs == eng->caperrlocs) {
    size_t cap = eng->caperrlocs ? 2 * eng->caperrlocs : 16;
    struct sx_errloc *g =
        sx_realloc(ctx, eng->errlocs, eng->caperrlocs * sizeof *g, cap * sizeof *g);
    if (!g) {
      sx_strfree(ctx, key);
      return -1;
    }
    eng->errlocs = g;
    eng->caperrlocs = cap;
  }
  eng->errlocs[eng->nerrlocs++] = (struct sx_errloc){key, h};
  return 0;
}

/* A path end without a test case, for the on_test callback (number 0);
** the location set for st is used up as a test's would be. */
static void untested_end(symx_engine *eng, sx_state *st, symx_reason reason, symx_error_kind kind,
                         const char *msg) {
  char *loc = eng->loc && eng->loc_id == st->id ? eng->loc : NULL;
  if (loc) eng->loc = NULL;
  if (eng->on_test) {
    symx_test t = {0, 0, reason, kind, msg, st->depth, st->id, NULL, loc};
    eng->on_test(eng->on_test_user, st, &t);
  }
  sx_strfree(eng->ctx, loc);
}

int sx_engine_test_end(symx_engine *eng, sx_state *st, sx_assign *w, symx_reason reason,
                       symx_error_kind kind, const char *msg, const char *func) {
  bool want = sx_engine_wants_test(eng, st, reason);
  if (want && reason == SYMX_END_ERROR && !eng->ctx->opts.emit_all_errors) {
    const char *loc = eng->loc && eng->loc_id == st->id ? eng->loc : msg;
    int seen = error_seen(eng, kind, loc);
    if (seen < 0) return sx_error(eng->ctx, SYMX_NOMEM, func, "out of memory");
    want = !seen;
  }
  if (want) return sx_engine_emit(eng, st, w, reason, kind, msg, func);
  untested_end(eng, st, reason, kind, msg);
  return SYMX_OK;
}

static void free_args(symx_engine *eng) {
  for (size_t i = 0; i < eng->ntest_args; i++) sx_strfree(eng->ctx, eng->test_args[i]);
  sx_free(eng->ctx, eng->test_args, eng->ntest_args * sizeof *eng->test_args);
  eng->test_args = NULL;
  eng->ntest_args = 0;
}

int symx_engine_set_test_args(symx_engine *eng, const char *const *argv, size_t argc) {
  if (!eng) return SYMX_MISUSE;
  symx_ctx *ctx = eng->ctx;
  if (argc && !argv) return sx_error(ctx, SYMX_MISUSE, __func__, "argv NULL with argc %zu", argc);
  free_args(eng);
  if (!argc) return SYMX_OK;
  char **v = sx_calloc(ctx, argc * sizeof *v);
  if (!v) return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  eng->test_args = v;
  eng->ntest_args = argc;
  for (size_t i = 0; i < argc; i++)
    if (!(v[i] = sx_strdup(ctx, argv[i] ? argv[i] : ""))) {
      free_args(eng);
      return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
    }
  return SYMX_OK;
}

void sx_engine_tests_free(symx_engine *eng) {
  free_args(eng);
  for (size_t i = 0; i < eng->nerrlocs; i++) sx_strfree(eng->ctx, eng->errlocs[i].key);
  sx_free(eng->ctx, eng->errlocs, eng->caperrlocs * sizeof *eng->errlocs);
  eng->errlocs = NULL;
  eng->nerrlocs = eng->caperrlocs = 0;
  sx_strfree(eng->ctx, eng->loc);
  eng->loc = NULL;
  sx_teststore_free(eng->store);
  eng->store = NULL;
}

size_t symx_engine_test_count(symx_engine *eng) { return eng ? sx_teststore_count(eng->store) : 0; }

int symx_engine_test_get(symx_engine *eng, size_t i, symx_test *out) {
  if (!eng || !out) return SYMX_MISUSE;
  const sx_testrec *r = sx_teststore_get(eng->store, i);
  if (!r)
    return sx_error(eng->ctx, SYMX_RANGE, __func__, "no test %zu (%zu recorded)", i,
                    sx_teststore_count(eng->store));
  fill(out, r);
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
    if (test) rc = sx_engine_test_end(eng, st, st->witness, reason, kind, msg, "symx_state_terminate");
  }
  if (eng->current == st) eng->current = NULL;
  if (eng->cc) sx_cc_ended(eng, st);
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

int symx_state_emit_test(symx_state *st, const char *msg) {
  if (!st) return SYMX_MISUSE;
  symx_engine *eng = st->eng;
  if (st->status != SYMX_ST_ACTIVE)
    return SX_MISUSE(eng->ctx, "state %" PRIu64 " is not active", st->id);
  return sx_engine_emit(eng, st, st->witness, SYMX_END_USER, SYMX_ERR_NONE, msg, __func__);
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
  if ((unsigned)kind > SYMX_ERR_MODEL) return SX_MISUSE(ctx, "unknown error kind %d", (int)kind);
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
