/*
** failalloc.h — an allocator hook for the allocation-failure sweeps: once
** armed it fails exactly the Nth allocation (or growth) it sees, and says
** whether it did; failalloc_sweep runs a piece of work under it for
** N = 0, 1, 2, ... until a run finishes without reaching N.
*/
#ifndef SX_FAILALLOC_H
#define SX_FAILALLOC_H

#include "check.h"
#include "symx.h"

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

/* A new context on f's hook, f disarmed. */
static inline symx_ctx *failalloc_ctx(failalloc *f) {
  failalloc_disarm(f);
  symx_ctx *ctx = symx_ctx_new_with_alloc(failalloc_fn, f);
  CHECK(ctx != NULL);
  return ctx;
}

/* The sweep bound: past it the test stops even if every run still failed
** (keeps the runtime small; a sweep that reaches it is reported). */
#define FAILALLOC_MAX_N 6000

/* A piece of work for failalloc_sweep. */
typedef struct failalloc_job {
  const char *name; /* in the sweep's report line */
  void *user;
  /* a new context on fa's hook (fa disarmed), ready for run */
  symx_ctx *(*open)(failalloc *fa, void *user);
  /* the work: its code, and in *digest what every complete run reproduces */
  int (*run)(symx_ctx *ctx, void *user, uint64_t *digest);
  /* frees what open made, the context included */
  void (*close)(symx_ctx *ctx, void *user);
  bool rerun_absorbed; /* run again also after a failure the work absorbed */
} failalloc_job;

/*
** Runs j once unfailed (N = -1: the reference digest, returned), then with
** allocation N failing for N = 0, 1, ... until a run never reaches N. Each
** failed run returns SYMX_NOMEM with a message, or SYMX_OK with the
** reference digest when the failed allocation was optional (a cache:
** "absorbed"); after a failure the same context runs again to the
** reference digest. Leaks are LeakSanitizer's to find (ASan build).
*/
static inline uint64_t failalloc_sweep(const failalloc_job *j) {
  failalloc fa;
  uint64_t want = 0;
  long n, absorbed = 0;
  for (n = -1; n < FAILALLOC_MAX_N; n++) {
    symx_ctx *ctx = j->open(&fa, j->user);
    uint64_t got = 0;
    failalloc_arm(&fa, n);
    int rc = j->run(ctx, j->user, n < 0 ? &want : &got);
    failalloc_disarm(&fa);
    bool rerun = n >= 0 && (rc != SYMX_OK || (fa.hit && j->rerun_absorbed));
    if (n < 0) {
      CHECK_EQ_U64(rc, SYMX_OK);
    } else if (rc == SYMX_OK) {
      CHECK_EQ_U64(got, want);
      absorbed += fa.hit;
    } else {
      if (rc != SYMX_NOMEM) fprintf(stderr, "%s N=%ld: rc %d (%s)\n", j->name, n, rc, symx_errmsg(ctx));
      CHECK_EQ_U64(rc, SYMX_NOMEM);
      CHECK(symx_errcode(ctx) == SYMX_NOMEM && symx_errmsg(ctx)[0] != '\0');
    }
    if (rerun) { /* the context stays usable */
      symx_errclear(ctx);
      got = 0;
      CHECK_EQ_U64(j->run(ctx, j->user, &got), SYMX_OK);
      CHECK_EQ_U64(got, want);
    }
    j->close(ctx, j->user);
    if (n >= 0 && !fa.hit) break;
  }
  CHECK(n < FAILALLOC_MAX_N);
  fprintf(stderr, "%s: %ld allocations swept, %ld absorbed\n", j->name, n, absorbed);
  return want;
}

#endif
