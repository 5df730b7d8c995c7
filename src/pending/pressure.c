/*
** pressure.c — freeing room past max_memory or max_states (paper section
** 3.4). Killing pending states blindly may throw away feasible subtrees,
** so the infeasible ones are found and dropped first, by the chain's caches
** and then by the solver, each asking a bounded number of pending states
** once in their lives (an answer costs memory: the state's factors). None is
** revived: under pressure a revived state would run, fork and take more
** memory. The rest of the room comes from the states the searchers would
** run next (the "by the searcher's choice"), or at random.
*/
#include "pending.h"

int sx_pending_decide(sx_oracle *o, sx_state *st, bool solver, const char *func) {
  bool neg = st->flags & SX_SF_PNEG;
  sx_assign *w = NULL;
  int rc = solver ? sx_oracle_decide(o, st, st->pcond, neg, &w, func)
                  : sx_oracle_lookup(o, st, st->pcond, neg, &w);
  /* w satisfies the path and the condition: a witness of the path still,
  ** and the hint that decides the revival without a query */
  if (rc == SYMX_SAT) sx_state_set_witness(st, w);
  else symx_assign_free(w);
  return rc;
}

/* Asks pending st (solver: of the whole chain); true when it was dropped. */
static bool refuted(const sx_pressure_ops *ops, sx_state *st, bool solver, sx_relief *r) {
  int rc = ops->decide(ops->user, st, solver);
  /* a feasible state is not asked again; an undecided one only of the solver */
  st->flags |= (uint8_t)(rc == SYMX_SAT ? SX_SF_PCHECKS : solver ? SX_SF_PSOLVED : SX_SF_PCACHED);
  if (rc != SYMX_UNSAT) return false;
  ops->end(ops->user, st, true);
  r->dropped++;
  return true;
}

/* Removes the entries ended so far; the new count. */
static size_t compact(sx_state **sts, size_t n) {
  size_t m = 0;
  for (size_t i = 0; i < n; i++)
    if (sts[i]) sts[m++] = sts[i];
  return m;
}

/* The searchers' next choices, killed before they run and fork. */
static void kill_chosen(const sx_pressure_ops *ops, sx_relief *r) {
  sx_state *st;
  while (r->dropped + r->killed < r->want && (st = ops->pick(ops->user))) {
    ops->end(ops->user, st, false);
    r->killed++;
  }
}

/* A random pick spreads the loss over the tree (a state that covered new
** code is drawn twice). */
static void kill_random(const sx_pressure_ops *ops, sx_state **sts, size_t n, sx_relief *r) {
  while (n && r->dropped + r->killed < r->want) {
    size_t i = (size_t)sx_rng_below(ops->rng, n);
    if (sts[i]->flags & SX_SF_COVNEW) i = (size_t)sx_rng_below(ops->rng, n);
    sx_state *st = sts[i];
    sts[i] = sts[--n];
    ops->end(ops->user, st, false);
    r->killed++;
  }
}

static bool pending_unasked(const sx_state *st, uint8_t flag) {
  return st && st->status == SYMX_ST_PENDING && !(st->flags & flag);
}

void sx_pending_relieve(const sx_pressure_ops *ops, sx_state **sts, size_t n, sx_relief *r) {
  r->dropped = r->killed = 0;
  for (size_t i = 0; i < n && r->dropped < r->want && r->asks; i++) {
    if (!pending_unasked(sts[i], SX_SF_PCACHED)) continue;
    r->asks--;
    if (refuted(ops, sts[i], false, r)) sts[i] = NULL;
  }
  for (size_t i = 0; i < n && r->dropped < r->want && r->solves; i++) {
    if (!pending_unasked(sts[i], SX_SF_PSOLVED)) continue;
    r->solves--;
    if (refuted(ops, sts[i], true, r)) sts[i] = NULL;
  }
  if (ops->pick)
    kill_chosen(ops, r);
  else
    kill_random(ops, sts, compact(sts, n), r);
}
