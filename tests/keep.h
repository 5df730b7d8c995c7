/*
** keep.h — expressions built inline in a test, nested in each other's
** arguments, are kept here by K() and released together by
** keep_release(): no reference is leaked for the leak checker to find.
** Include after check.h.
*/
#ifndef SX_TEST_KEEP_H
#define SX_TEST_KEEP_H

#include "symx.h"

static symx_expr *keep_[256];
static size_t nkeep_;

static inline symx_expr *K(symx_expr *e) {
  CHECK(nkeep_ < sizeof keep_ / sizeof *keep_); /* grow keep_ if a test needs more */
  if (nkeep_ < sizeof keep_ / sizeof *keep_) keep_[nkeep_++] = e;
  return e;
}

static inline void keep_release(void) {
  while (nkeep_) symx_expr_release(keep_[--nkeep_]);
}

#endif
