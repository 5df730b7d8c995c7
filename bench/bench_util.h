/*
** bench_util.h — what every benchmark shares: clocks and a seeded RNG.
** Thread CPU time keeps a figure meaningful on a loaded machine; wall time
** is what a user waits.
*/
#ifndef SX_BENCH_UTIL_H
#define SX_BENCH_UTIL_H

#include <stdint.h>
#include <time.h>

static inline uint64_t bench_clock_ns(clockid_t clk) {
  struct timespec ts;
  clock_gettime(clk, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}
static inline uint64_t bench_cpu_ns(void) { return bench_clock_ns(CLOCK_THREAD_CPUTIME_ID); }
static inline uint64_t bench_wall_ns(void) { return bench_clock_ns(CLOCK_MONOTONIC); }

/* splitmix64: deterministic inputs for a benchmark from one seed */
static inline uint64_t bench_rng(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

#endif
