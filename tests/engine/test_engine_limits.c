/*
** test_engine_limits.c — limits reach inside a solver call: a branch whose
** other side only a hard query decides (factoring a 64-bit semiprime) ends
** by the run's max_time or the per-query solver_timeout, in eager and
** pending mode, on every backend; the query answers UNKNOWN, counted in
** solver_timeouts. A watchdog stops a query that ignores its limits (after
** 60 s, far beyond them) with the stop flag, so the test fails instead of
** hanging. time_clock cpu: max_time counts the process's CPU time (a sleep
** spends none of it), wall the elapsed time.
*/
#include "check.h"
#include "factoring.h"
#include "engine/engine.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

typedef struct watchdog {
  symx_ctx *ctx;
  atomic_int done, fired;
  pthread_t thread;
} watchdog;

static void *watch(void *arg) {
  watchdog *w = arg;
  struct timespec nap = {0, 10 * 1000000L};
  for (int k = 0; k < 6000 && !atomic_load(&w->done); k++) nanosleep(&nap, NULL);
  if (!atomic_load(&w->done)) {
    atomic_store(&w->fired, 1);
    symx_ctx_interrupt(w->ctx);
  }
  return NULL;
}

static void watch_start(watchdog *w, symx_ctx *ctx) {
  w->ctx = ctx;
  atomic_store(&w->done, 0);
  atomic_store(&w->fired, 0);
  CHECK(pthread_create(&w->thread, NULL, watch, w) == 0);
}

/* Whether the watchdog had to stop the run. */
static bool watch_stop(watchdog *w) {
  atomic_store(&w->done, 1);
  pthread_join(w->thread, NULL);
  return atomic_load(&w->fired) != 0;
}

static symx_ctx *ctx_for(const char *mode, const char *backend) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set_str(ctx, "mode", mode) == SYMX_OK);
  CHECK(symx_option_set_str(ctx, "solver", backend) == SYMX_OK);
  CHECK(symx_option_set_str(ctx, "search", "dfs") == SYMX_OK);
  return ctx;
}

/*
** The root branches on the factoring condition (its witness, all zero,
** takes the false side), then exits; the engine runs to its end. Returns
** whether the run ended by itself (not by the watchdog).
*/
static bool run_factoring(symx_ctx *ctx, symx_engine *eng) {
  symx_expr *c = factoring(ctx);
  watchdog w;
  watch_start(&w, ctx);
  symx_state *st, *t, *f;
  CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
  CHECK(symx_engine_next(eng, &st) == SYMX_STATE);
  CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
  CHECK(f == st);
  CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  int rc;
  while ((rc = symx_engine_next(eng, &st)) == SYMX_STATE) /* nothing else may run */
    CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
  CHECK_EQ_U64(rc, SYMX_DONE);
  bool fired = watch_stop(&w);
  symx_expr_release(c);
  return !fired;
}

static const char *const modes[] = {"eager", "pending"};
static const char *const backends[] = {"cadical", "z3"};

/* max_time: the query gets what is left of the run and answers UNKNOWN;
** the side it was about stays pending and ends early with the run. */
static void test_max_time_bounds_query(void) {
  for (int m = 0; m < 2; m++)
    for (int b = 0; b < 2; b++) {
      symx_ctx *ctx = ctx_for(modes[m], backends[b]);
      CHECK(symx_option_set(ctx, "max_time", 200) == SYMX_OK); /* ms */
      symx_engine *eng = symx_engine_new(ctx);
      bool ended = run_factoring(ctx, eng);
      if (!ended) fprintf(stderr, "  %s/%s: the query outlived max_time\n", modes[m], backends[b]);
      CHECK(ended);
      CHECK(symx_stat_get(ctx, "solver_timeouts") >= 1);
      CHECK_EQ_U64(symx_stat_get(ctx, "revivals_sat"), 0);
      CHECK_EQ_U64(symx_stat_get(ctx, "paths"), 1);
      CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_PENDING), 0);
      CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_INFEASIBLE), 1); /* the undecided side */
      symx_engine_free(eng);
      symx_ctx_free(ctx);
    }
}

/* solver_timeout alone: the UNKNOWN side is dropped (unknown_policy
** "drop") and the run goes on to its normal end. */
static void test_solver_timeout_bounds_query(void) {
  for (int m = 0; m < 2; m++)
    for (int b = 0; b < 2; b++) {
      symx_ctx *ctx = ctx_for(modes[m], backends[b]);
      CHECK(symx_option_set(ctx, "solver_timeout", 100) == SYMX_OK); /* ms */
      symx_engine *eng = symx_engine_new(ctx);
      bool ended = run_factoring(ctx, eng);
      if (!ended) fprintf(stderr, "  %s/%s: the query outlived solver_timeout\n", modes[m], backends[b]);
      CHECK(ended);
      CHECK_EQ_U64(symx_stat_get(ctx, "solver_timeouts"), 1);
      CHECK_EQ_U64(symx_stat_get(ctx, "revivals_sat"), 0);
      CHECK_EQ_U64(symx_stat_get(ctx, "paths"), 1);
      /* eager: no fork; pending: the side forked first ends unrevived */
      CHECK_EQ_U64(symx_engine_count(eng, SYMX_ST_INFEASIBLE), m == 0 ? 0 : 1);
      symx_engine_free(eng);
      symx_ctx_free(ctx);
    }
}

static uint64_t cpu_now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Whether max_time (ms) is over after a 50 ms sleep, then after 100 ms of
** CPU spent, under time_clock; no wall-clock bound is asserted. */
static void clock_case(const char *clock, int *after_sleep, int *after_work) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set_str(ctx, "time_clock", clock) == SYMX_OK);
  CHECK(symx_option_set(ctx, "max_time", 20) == SYMX_OK);
  symx_engine *eng = symx_engine_new(ctx);
  CHECK(symx_engine_start(eng, NULL, NULL) == SYMX_OK);
  struct timespec nap = {0, 50 * 1000000L};
  nanosleep(&nap, NULL);
  *after_sleep = sx_engine_time_up(eng);
  volatile uint64_t spin = 0;
  for (uint64_t t0 = cpu_now_ns(); cpu_now_ns() - t0 < 100 * 1000000ull;) spin++;
  *after_work = sx_engine_time_up(eng);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

static void test_time_clock(void) {
  int slept, worked;
  clock_case("cpu", &slept, &worked);
  CHECK(!slept && worked);
  clock_case("wall", &slept, &worked);
  CHECK(slept && worked);
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set_str(ctx, "time_clock", "sundial") == SYMX_RANGE);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_max_time_bounds_query), CHECK_CASE(test_solver_timeout_bounds_query),
           CHECK_CASE(test_time_clock))
