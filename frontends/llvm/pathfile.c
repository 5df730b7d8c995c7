/*
** pathfile.c — KLEE's branch records at conditional branches (br i1; not
** switches, not the forks of pointer resolution): --write-paths notes the
** side every one takes (concrete or symbolic), --write-sym-paths those
** where the path forked (in pending mode also a fork whose other side
** later proves infeasible); --replay-path follows a recorded list instead of forking:
** decision k (the k-th conditional branch of the path) is taken, its
** condition added to the path. A concrete branch that goes the other way,
** or a branch past the list's end, ends the path early with a message.
** A CCBSE follower (sxl_state.follow, ccbse.c) takes its stored path's side
** at each symbolic branch the same way, until the stored path ends, a
** concrete branch goes the other way or the stored side is infeasible on
** this path; then it goes on freely.
*/
#include "exec_impl.h"

/* The recorded decision for the path's next conditional branch, or -1
** (the path ended: *rc). */
static int replayed(run *r, int *rc) {
  uint32_t i = r->s->npath;
  if (i >= r->x->nreplay) {
    *rc = sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE, "--replay-path: the recorded path has no more branches", 0);
    return -1;
  }
  return r->x->replay_path[i] == '1';
}

/* A CCBSE follower's decision for its next conditional branch (s->follow),
** or -1: past the stored path's end, where it follows no more. */
static int followed(sxl_state *s) {
  uint32_t i = s->npath - s->follow_at;
  if (i < s->nfollow) return s->follow[i] == '1';
  s->follow = NULL;
  return -1;
}

int sxl_cbr_concrete(run *r, int taken) {
  int rc = SXL_CONTINUE;
  if (r->s->follow && followed(r->s) != taken) r->s->follow = NULL; /* diverged: goes on freely */
  if (r->x->replay_path) {
    int d = replayed(r, &rc);
    if (d < 0) return rc;
    if (d != taken)
      return sxl_end(r, SYMX_END_EARLY, SYMX_ERR_NONE,
                     "--replay-path: a concrete branch goes the other way than recorded", 0);
  }
  return sxl_trail_branch(r->s, taken, 0) ? sxl_oom(r) : SXL_CONTINUE;
}

/* The side d only, its condition assumed. */
static int take_side(run *r, symx_expr *cond, uint32_t et, uint32_t ef, int d) {
  symx_expr *side = d ? cond : symx_bool_not(r->ctx, cond);
  if (!d) symx_expr_release(cond);
  if (!side) return sxl_fatal(r, "following a recorded path");
  if (sxl_trail_branch(r->s, d, 1)) {
    symx_expr_release(side);
    return sxl_oom(r);
  }
  if (sxl_take_edge(r->s, r->p, d ? et : ef)) { /* a pending state resumes there */
    symx_expr_release(side);
    return sxl_oom(r);
  }
  int arc = symx_state_assume(r->st, side);
  symx_expr_release(side);
  if (arc == SYMX_OK) return SXL_CONTINUE;
  if (arc == SYMX_UNSAT || arc == SYMX_UNKNOWN) return SXL_RUN_YIELD;
  return sxl_fatal(r, "symx_state_assume");
}

/* A CCBSE follower at a symbolic branch whose stored side d its witness
** does not take: decided now. When the path can take d, that side goes on
** following and this path (the other side) ends, as the follower runs the
** stored path only; when it cannot, the path has left the stored one and
** goes on freely on the other side, into the rest of the callee and past
** its call (assuming d ended it there, and with it all that follows). */
static int follow_or_leave(run *r, symx_expr *cond, uint32_t et, uint32_t ef, int d) {
  symx_state *t = NULL, *f = NULL;
  int rc = symx_state_branch_now(r->st, cond, &t, &f);
  symx_expr_release(cond);
  if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_branch_now");
  symx_state *k = d ? t : f;
  if (k && k != r->st) { /* the stored side: a new state, following on */
    sxl_state *ks = symx_state_payload(k);
    if (sxl_take_edge(ks, r->p, d ? et : ef) || sxl_trail_branch(ks, d, 1)) return sxl_oom(r);
    return sxl_end(r, SYMX_END_USER, SYMX_ERR_NONE, "ccbse: off the stored path it follows", 0);
  }
  if (k) return sxl_fatal(r, "ccbse: the witness took the stored side"); /* (not asked then) */
  r->s->follow = NULL; /* left it: free from here */
  if (sxl_take_edge(r->s, r->p, d ? ef : et) || sxl_trail_branch(r->s, !d, 0)) return sxl_oom(r);
  return r->x->branch_yield ? SXL_RUN_YIELD : SXL_CONTINUE;
}

/* Replaying: the recorded side only, its condition assumed. */
static int follow(run *r, symx_expr *cond, uint32_t et, uint32_t ef) {
  int rc = SXL_CONTINUE;
  int d = replayed(r, &rc);
  if (d < 0) {
    symx_expr_release(cond);
    return rc;
  }
  return take_side(r, cond, et, ef, d);
}

int sxl_cbr_symbolic(run *r, symx_expr *cond, uint32_t et, uint32_t ef) {
  if (!r->st) {
    symx_expr_release(cond);
    return sxl_fatal(r, "symbolic branch without an engine");
  }
  sxl_flush(r);
  if (r->x->replay_path) return follow(r, cond, et, ef);
  int d = r->s->follow ? followed(r->s) : -1; /* CCBSE: the stored path's side */
  uint64_t v = 0;
  if (d >= 0 && symx_state_eval(r->st, cond, &v) != SYMX_OK) {
    symx_expr_release(cond);
    return sxl_fatal(r, "symx_state_eval");
  }
  if (d >= 0 && (int)(v & 1) == d) return take_side(r, cond, et, ef, d); /* the witness's side */
  if (d >= 0) return follow_or_leave(r, cond, et, ef, d);
  uint32_t n0 = r->s->npath, s0 = r->s->nsympath;
  symx_state *t = NULL, *f = NULL;
  int rc = sxl_branch_sides(r, cond, et, ef, &t, &f);
  /* each side notes its decision (a clone copied the parent's list
  ** first); the symbolic record only where the path forked */
  sxl_state *ts = t ? symx_state_payload(t) : NULL, *fs = f ? symx_state_payload(f) : NULL;
  int fork = t && f;
  if ((ts && ts->npath == n0 && ts->nsympath == s0 && sxl_trail_branch(ts, 1, fork)) ||
      (fs && fs->npath == n0 && fs->nsympath == s0 && sxl_trail_branch(fs, 0, fork)))
    return sxl_oom(r);
  return rc;
}
