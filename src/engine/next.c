/*
** next.c — the exploration loop behind symx_engine_next (Algorithm 2,
** SearcherSelect): run feasible states while there are any; when none is
** left, the pending searcher picks a state and the solver decides it.
** Also the stop flag, the progress callback, limits (memory pressure: memcap.c),
** and the phases of seeded exploration (paper sections 2.2.2, 4.7): the
** seeding phase (seeded states first, options seed_time, only_seed,
** only_replay_seeds), then ZESTI's bounded exploration around sensitive
** operations when the searcher is "zesti" (searchers/zesti_run.c).
*/
#include "engine.h"
#include "alloc.h"
#include "error.h"
#include "concolic/concolic.h"

#define FUNC "symx_engine_next"

/*
** Decides a pending state st taken out of the pending set: 1 = now ACTIVE
** and placed (or an error side that ended with its error), 0 = dropped or
** parked for a retry, < 0 = error code negated (st back in the set).
*/
static int revive(symx_engine *eng, sx_state *st) {
  symx_ctx *ctx = eng->ctx;
  int rc = sx_pending_revive(&eng->oracle, st, FUNC);
  if (rc == SYMX_SAT) {
    SX_INC(ctx, revivals_sat);
    sx_engine_seeds_drop(eng, st); /* its seeds all took the other side */
    if (st->flags & SX_SF_ERRSIDE) {
      SX_INC(ctx, errors);
      if (st->loc) { /* the location of its error, for its test (used once) */
        sx_strfree(ctx, eng->loc);
        eng->loc = st->loc;
        eng->loc_id = st->id;
        st->loc = NULL;
      }
      st->status = SYMX_ST_ACTIVE; /* it ran to its error: a feasible path end */
      sx_engine_count(eng, SYMX_ST_PENDING, SYMX_ST_ACTIVE);
      rc = sx_engine_end(eng, st, SYMX_ST_TERMINATED, SYMX_END_ERROR, (symx_error_kind)st->kind,
                         st->msg, true);
      return rc == SYMX_OK ? 1 : -rc;
    }
    st->status = SYMX_ST_ACTIVE;
    sx_engine_count(eng, SYMX_ST_PENDING, SYMX_ST_ACTIVE);
    if (sx_engine_place(eng, st) != SYMX_OK) {
      sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
      return -sx_error(ctx, SYMX_NOMEM, FUNC, "out of memory");
    }
    return 1;
  }
  if (rc == SYMX_UNSAT) {
    SX_INC(ctx, revivals_unsat);
    sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
    return 0;
  }
  if (rc == SYMX_UNKNOWN && (ctx->interrupted || sx_engine_time_up(eng))) {
    /* stopped or out of time, not undecidable: back into the set, for a
    ** resumed run or to end early with this one */
    if (sx_engine_place(eng, st) != SYMX_OK)
      sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
    return 0;
  }
  if (rc == SYMX_UNKNOWN) {
    SX_INC(ctx, revivals_unknown);
    /* retry once, after everything else pending has been tried */
    if (ctx->opts.unknown_policy == SX_UNKNOWN_RETRY && !(st->flags & SX_SF_RETRY) &&
        SX_PUSH(ctx, eng->retry, st)) {
      st->flags |= SX_SF_RETRY;
      return 0;
    }
    sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
    return 0;
  }
  /* an error: keep the state for later */
  if (sx_engine_place(eng, st) != SYMX_OK)
    sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
  return -rc;
}

static sx_state *take_pending(symx_engine *eng) {
  sx_state *st = sx_search_select(&eng->search[1]);
  if (st) sx_engine_unplace(eng, st);
  return st;
}

static void collect(void *u, sx_state *st) {
  symx_engine *eng = u;
  if (!SX_PUSH(eng->ctx, eng->scratch, st)) return; /* freed with the engine instead */
}

/* A limit ended the exploration: every state left ends early. */
static void halt(symx_engine *eng) {
  bool dump = eng->ctx->opts.dump_states_on_halt != 0;
  SX_CLEAR(eng->scratch);
  sx_tree_foreach(&eng->tree, collect, eng);
  SX_ADD(eng->ctx, paths_halted, SX_SIZE(eng->scratch));
  for (sx_state **p = eng->scratch.begin; p < eng->scratch.end; p++) {
    sx_state *st = *p;
    if (st->status == SYMX_ST_ACTIVE)
      sx_engine_end(eng, st, SYMX_ST_TERMINATED, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, dump);
    else
      sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
  }
  SX_CLEAR(eng->scratch);
  SX_CLEAR(eng->retry);
  eng->done = true;
}

static bool limit_hit(symx_engine *eng) {
  const sx_options *o = &eng->ctx->opts;
  return sx_engine_time_up(eng) ||
         (o->max_instructions && eng->instructions >= (uint64_t)o->max_instructions);
}

/* The seeding phase ends when no state follows a seed any more, or when
** seed_time has run out (the seeded states then queue with the others).
** Returns true when only_seed stops the exploration there. */
static bool seeding_over(symx_engine *eng, uint64_t now) {
  sx_seeding *sd = &eng->sd;
  const sx_options *o = &eng->ctx->opts;
  if (!sd->phase) return false;
  bool late = o->seed_time && now - eng->start_ns >= (uint64_t)o->seed_time * 1000000u;
  if (!late && sx_seeded_count(&eng->search[0])) return false;
  if (late && sx_seeded_flush(&eng->search[0]) != SYMX_OK) return false; /* retried next call */
  sd->phase = false;
  if (!o->only_seed) return false;
  halt(eng);
  return true;
}

/* only_replay_seeds: a state no seed follows is dropped unexplored. */
static bool replay_only(symx_engine *eng) { return eng->sd.on && eng->ctx->opts.only_replay_seeds; }

/* ZESTI: a pending state is revived only with a sensitive depth below it;
** the revived one bounds the depth of what runs next. Returns as revive();
** 0 also when st was dropped. */
static int zesti_revive(symx_engine *eng, sx_state *st) {
  int64_t mul = eng->ctx->opts.zesti_bound_mul;
  uint32_t d = sx_zesti_gate(&eng->sd.zesti, st, mul);
  if (d == SX_ZESTI_FAR) {
    sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
    return 0;
  }
  int r = revive(eng, st);
  if (r == 1) sx_zesti_bound(&eng->sd.zesti, st, mul, d);
  return r;
}

/* Directed search in the pending modes: the pending state the pending
** searcher picks, when it is nearer to a target than active (the active
** searcher's pick), or NULL: then it is revived first, as if no active
** state were left (option directed_revival). At equal distances the
** state that ran last goes on (as sdse's own pick), else the states' ties
** decide (sdse's, keyed by id), as eager mode's one searcher over both
** sides of each fork would: not always the active state, which made the
** pending modes follow the witness's side where eager mode drew. */
static sx_state *nearer_pending(symx_engine *eng, sx_state *active) {
  const sx_search_env *env = &eng->env[1];
  if (!env->distance || !eng->ctx->opts.directed_revival || eng->sd.phase ||
      sx_search_empty(&eng->search[1]))
    return NULL; /* (the seeds' paths come first all the same) */
  sx_state *p = sx_search_select(&eng->search[1]);
  uint64_t dp = sx_search_distance(env, p, SYMX_TARGET_ANY);
  uint64_t da = sx_search_distance(&eng->env[0], active, SYMX_TARGET_ANY);
  if (dp != da || da == SYMX_DIST_INF || active->id == eng->last_id) return dp < da ? p : NULL;
  return sx_search_tie(env, p) < sx_search_tie(&eng->env[0], active) ? p : NULL;
}

static int next(symx_engine *eng, symx_state **out) {
  symx_ctx *ctx = eng->ctx;
  sx_engine_rekey_fresh(eng);
  if (eng->current && eng->current->status == SYMX_ST_ACTIVE)
    sx_search_update(&eng->search[0], eng->current);
  eng->current = NULL;
  uint64_t now = sx_now_ns();
  if (eng->progress && now - eng->last_progress_ns >= eng->progress_interval_ns) {
    eng->last_progress_ns = now;
    if (eng->progress(eng->progress_user, eng)) return SYMX_DONE;
  }
  if (limit_hit(eng)) {
    halt(eng);
    return SYMX_DONE;
  }
  if (seeding_over(eng, now)) return SYMX_DONE;
  sx_engine_relieve(eng);
  for (;;) {
    if (ctx->interrupted) return SYMX_DONE;
    if (sx_engine_time_up(eng)) { /* again after each revival: one may use up the time */
      halt(eng);
      return SYMX_DONE;
    }
    sx_state *near = NULL;
    sx_state *st = sx_search_empty(&eng->search[0]) ? NULL : sx_search_select(&eng->search[0]);
    if (st && st->status == SYMX_ST_PENDING) { /* pending_joint: decided now, run if feasible */
      sx_engine_unplace(eng, st);
      int r = revive(eng, st);
      if (r < 0) return -r;
      if (r == 0 || st->status != SYMX_ST_ACTIVE) continue;
    }
    if (st && !(near = nearer_pending(eng, st))) {
      if (replay_only(eng) && !st->seeds) {
        sx_engine_end(eng, st, SYMX_ST_TERMINATED, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
        continue;
      }
      if (sx_zesti_too_deep(&eng->sd.zesti, st)) {
        sx_engine_end(eng, st, SYMX_ST_TERMINATED, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, true);
        continue;
      }
      eng->current = st;
      eng->last_id = st->id;
      eng->slice_start = eng->instructions;
      *out = st;
      return SYMX_STATE;
    }
    if (!near && sx_search_empty(&eng->search[1])) {
      if (SX_EMPTY(eng->retry)) {
        eng->done = true;
        return SYMX_DONE;
      }
      while (!SX_EMPTY(eng->retry)) {
        sx_state *rs = SX_POP(eng->retry);
        if (sx_engine_place(eng, rs) != SYMX_OK)
          sx_engine_end(eng, rs, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
      }
      continue;
    }
    st = near ? near : take_pending(eng);
    if (near) sx_engine_unplace(eng, near);
    if (replay_only(eng)) { /* no seed follows a pending state */
      sx_engine_end(eng, st, SYMX_ST_INFEASIBLE, SYMX_END_EARLY, SYMX_ERR_NONE, NULL, false);
      continue;
    }
    int r = eng->sd.zesti.on ? zesti_revive(eng, st) : revive(eng, st);
    if (r < 0) return -r;
  }
}

int symx_engine_next(symx_engine *eng, symx_state **out) {
  if (out) *out = NULL;
  if (!eng) return SYMX_MISUSE;
  symx_ctx *ctx = eng->ctx;
  if (!out) return SX_MISUSE(ctx, "NULL out pointer");
  if (!eng->started) return SX_MISUSE(ctx, "symx_engine_start was not called");
  sx_engine_reap(eng);
  sx_strfree(ctx, eng->loc); /* a location is for the run that set it */
  eng->loc = NULL;
  if (eng->done) return SYMX_DONE;
  uint64_t t0 = sx_now_ns();
  int rc = eng->cc ? sx_cc_next(eng, out) : next(eng, out);
  SX_ADD(ctx, engine_time_ns, sx_now_ns() - t0);
  return rc;
}
