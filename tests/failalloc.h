/*
** failalloc.h — an allocator hook for the allocation-failure sweeps: once
** armed it fails exactly the Nth allocation (or growth) it sees, and says
** whether it did, so a sweep runs N = 0, 1, 2, ... until a run finishes
** without reaching N.
*/
#ifndef SX_FAILALLOC_H
#define SX_FAILALLOC_H

#include <stdbool.h>
#include <stdlib.h>

typedef struct failalloc {
  long seen;    /* allocations counted since arming */
  long fail_at; /* the one to fail; < 0 = disarmed */
  bool hit;     /* the failure was injected */
} failalloc;

static void *failalloc_fn(void *ud, void *p, size_t old, size_t n) {
  failalloc *f = ud;
  (void)old;
  if (n == 0) {
    free(p);
    return NULL;
  }
  if (f->fail_at >= 0 && f->seen++ == f->fail_at) {
    f->hit = true;
    return NULL;
  }
  return realloc(p, n);
}

static inline void failalloc_arm(failalloc *f, long at) {
  f->seen = 0;
  f->fail_at = at;
  f->hit = false;
}

static inline void failalloc_disarm(failalloc *f) { f->fail_at = -1; }

/* The sweep bound: past it the test stops even if every run still failed
** (keeps the runtime small; a sweep that reaches it is reported). */
#define FAILALLOC_MAX_N 6000

#endif
