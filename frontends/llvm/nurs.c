/*
** nurs.c — weights of KLEE's non-uniform random searchers that depend on
** the program run (libsymx's "weighted" searcher reads them): nurs:qc
** prefers paths that cost the solver little. A path's cost is the solver
** time spent while it ran (its fork's child inherits the parent's).
*/
#include "driver.h"

double sxl_weight_qc(void *user, symx_state *st) {
  (void)user;
  const sxl_state *s = symx_state_payload(st);
  double secs = s ? (double)s->qcost_ns / 1e9 : 0.0;
  return secs < 0.1 ? 1.0 : 1.0 / secs;
}
