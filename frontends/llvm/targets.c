/*
** targets.c — --target FILE:LINE in a session: the distances (distance.c)
** fed to the engine's directed searchers (sdse, sdse-pr, sdse-rr, and a
** pending searcher of them), a test case for the first path that runs each
** target, the run's end once all are reached (unless --stop-at-targets=false),
** and the report of which target which test reached.
*/
#include "driver.h"

#include <inttypes.h>
#include <string.h>

static uint64_t distance(void *user, symx_state *st, size_t target) {
  sxl_session *ss = user;
  const sxl_state *s = symx_state_payload(st);
  return s ? sxl_distance_of(ss->dist, s, target) : SYMX_DIST_INF;
}

static uint64_t nearest(void *user, const sxl_state *s) {
  const sxl_session *ss = user;
  return sxl_distance_of(ss->dist, s, SYMX_TARGET_ANY);
}

void sxl_targets_stepwise(sxl_session *s, const char *search) {
  s->x.branch_yield = s->dist && search && !strcmp(search, "sdse");
  s->x.distance_of = s->dist && search && strstr(search, "sdse") ? nearest : NULL;
}

static void say(sxl_session *ss, const char *line) {
  if (!ss->quiet) fprintf(stderr, "symx-llvm: %s\n", line);
  if (ss->msgs) fprintf(ss->msgs, "%s\n", line);
}

/* State s (path st, feasible) is about to run an instruction of target t. */
static int on_target(void *ud, sxl_state *s, symx_state *st, uint32_t t) {
  sxl_session *ss = ud;
  sxl_distance *d = ss->dist;
  if (sxl_distance_sequential(d)) {
    if (s->tnext != t) return 0; /* not its turn on this path */
    s->tnext++;
  }
  sxl_target *tg = sxl_distance_target(d, t);
  if (tg->reached) return 0;
  sxl_distance_reached(d, t);
  tg->reached = 1;
  tg->instructions = ss->x.instructions;
  char msg[400];
  snprintf(msg, sizeof msg, "target %s reached", tg->spec);
  ss->last_test = 0;
  if (symx_state_set_location(st, tg->spec) != SYMX_OK ||
      symx_state_emit_test(st, msg) != SYMX_OK) {
    snprintf(msg, sizeof msg, "target %s reached; its test case: %s", tg->spec,
             symx_errmsg(ss->ctx));
    say(ss, msg);
  } else {
    tg->test = ss->last_test;
    snprintf(msg, sizeof msg, "target %s reached by test%06" PRIu32 " (path %" PRIu64
             ", %" PRIu64 " instructions)", tg->spec, tg->test, symx_state_id(st),
             tg->instructions);
    say(ss, msg);
  }
  symx_engine_distances_changed(ss->eng);
  if (ss->stop_at_targets && !sxl_distance_left(d)) {
    symx_ctx_interrupt(ss->ctx);
    return 1;
  }
  return 0;
}

int sxl_targets_set(sxl_session *s, const char *const *specs, size_t n, int sequential,
                    int stop) {
  s->dist = sxl_distance_new(s->prog, specs, n, sequential, s->err, sizeof s->err);
  if (!s->dist) return -1;
  s->stop_at_targets = stop;
  s->x.on_target = on_target;
  for (size_t i = 0; i < n; i++) {
    const sxl_target *tg = sxl_distance_target(s->dist, i);
    char msg[600];
    snprintf(msg, sizeof msg, "target %s cannot be reached: no chain of calls from %s leads to it "
             "(and no function on a way to it is called through a pointer)", tg->spec,
             s->prog->fns[s->prog->main_fn].name);
    if (tg->unreachable) say(s, msg);
  }
  return 0;
}

void sxl_targets_engine(sxl_session *s) {
  if (s->dist) symx_engine_set_distance(s->eng, distance, sxl_distance_ntargets(s->dist), s);
}

void sxl_targets_report(sxl_session *s) {
  if (!s->dist) return;
  FILE *f = NULL;
  if (s->outdir[0]) {
    char path[2300];
    snprintf(path, sizeof path, "%s/targets.txt", s->outdir);
    f = fopen(path, "w");
  }
  for (size_t i = 0; i < sxl_distance_ntargets(s->dist); i++) {
    const sxl_target *tg = sxl_distance_target(s->dist, i);
    if (tg->reached && f)
      fprintf(f, "%s reached test%06" PRIu32 " %" PRIu64 "\n", tg->spec, tg->test,
              tg->instructions);
    if (tg->reached) continue;
    if (f) fprintf(f, "%s not-reached%s\n", tg->spec, tg->unreachable ? " unreachable" : "");
    char msg[400];
    snprintf(msg, sizeof msg, "target %s not reached%s", tg->spec,
             tg->unreachable ? " (unreachable)" : "");
    say(s, msg);
  }
  if (f) fclose(f);
}
