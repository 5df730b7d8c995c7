/*
** clock.c — the clocks symx-llvm measures runs on: monotonic wall time for
** progress and budgets, the process's CPU time for --time-clock cpu and the
** records of run.stats.jsonl (KLEE's UserTime counts the same way: from
** the process's start, so both tools' curves share an axis).
*/
#include "driver.h"

#include <string.h>
#include <time.h>

static uint64_t ns_of(clockid_t id) {
  struct timespec ts;
  clock_gettime(id, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t sxl_now_ns(void) { return ns_of(CLOCK_MONOTONIC); }

uint64_t sxl_cpu_ns(void) { return ns_of(CLOCK_PROCESS_CPUTIME_ID); }

uint64_t sxl_clock_ms(symx_ctx *ctx) {
  int cpu = !strcmp(symx_option_get_str(ctx, "time_clock"), "cpu");
  return (cpu ? sxl_cpu_ns() : sxl_now_ns()) / 1000000u;
}
