/*
** fuzz.h — shared by the libFuzzer harnesses of tests/fuzz: an invariant
** check that stops the run with a message (libFuzzer then keeps the input
** as a crash artifact), and a private context per input so no state carries
** over from one input to the next.
*/
#ifndef SX_FUZZ_H
#define SX_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symx.h"

#define FUZZ_CHECK(cond, ...)                                                         \
  do {                                                                                \
    if (!(cond)) {                                                                    \
      fprintf(stderr, "%s:%d: invariant failed: %s: ", __FILE__, __LINE__, #cond);   \
      fprintf(stderr, __VA_ARGS__);                                                   \
      fputc('\n', stderr);                                                            \
      abort();                                                                        \
    }                                                                                 \
  } while (0)

/* A new context; one per input. */
static inline symx_ctx *fuzz_ctx(void) {
  symx_ctx *ctx = symx_ctx_new();
  FUZZ_CHECK(ctx != NULL, "symx_ctx_new failed");
  return ctx;
}

/* A rejected input must leave the expected code and a message on ctx. */
static inline void fuzz_check_rejected(symx_ctx *ctx, int code) {
  FUZZ_CHECK(symx_errcode(ctx) == code, "error code %d (%s), expected %d: %s", symx_errcode(ctx),
             symx_errstr(symx_errcode(ctx)), code, symx_errmsg(ctx));
  FUZZ_CHECK(symx_errmsg(ctx) && *symx_errmsg(ctx), "no error message");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
