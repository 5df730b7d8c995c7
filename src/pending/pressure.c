/*
** pressure.c — freeing room past max_memory or max_states (paper section
** 3.4). Killing a pending state blindly may throw away a feasible subtree,
** so pending states are revived first and the infeasible ones go; reviving
** costs solver time, so it stops once the pending states left are no more
** than the states still to kill; the rest are the searcher's choice.
*/
#include "pending.h"

int sx_pending_relieve(const sx_pressure_ops *ops, size_t k, size_t *killed) {
  size_t done = 0;
  while (done < k) {
    size_t np = ops->npending(ops->user);
    if (np == 0 || np <= k - done) break;
    sx_state *st = ops->take_pending(ops->user);
    if (!st) break;
    int r = ops->revive(ops->user, st);
    if (r < 0) {
      *killed = done;
      return -r;
    }
    if (r == 0) done++;
  }
  while (done < k && ops->kill_one(ops->user)) done++;
  *killed = done;
  return SYMX_OK;
}
