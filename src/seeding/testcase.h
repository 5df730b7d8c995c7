/*
** testcase.h — test-case writers.
**
** One test case numbered N (1, 2, ...) is, per the formats selected by the
** option test_formats ("ktest,raw,json", any subset, comma-separated):
**   testNNNNNN.ktest         KLEE format, one object per binding: the
**                            inputs the path made first, in that order
**                            (meta order, KLEE's), then the others by name
**   testNNNNNN.<input>.bin   the raw bytes of each input; the input name is
**                            made file-system safe ([A-Za-z0-9._-] kept,
**                            other bytes '_', at most 64 characters, a
**                            leading '.' becomes '_'; a clash within one test
**                            gets "-<k>" appended, k its binding index, or
**                            more when that is taken too)
**   testNNNNNN.json          {"test": N, "reason": "exit|error|early|user",
**                            "error": kind name or null, "message": text or
**                            null, "depth": d, "path_id": id, "location":
**                            text or null, "inputs": {"name": "hex", ...}}
** Every file is written to a dot file, then renamed, so a reader never sees
** a partial test case file.
*/
#ifndef SX_TESTCASE_H
#define SX_TESTCASE_H

#include "expr/assign.h"

/* Format bits of test_formats. */
#define SX_TF_KTEST 1u
#define SX_TF_RAW 2u
#define SX_TF_JSON 4u

/* Metadata of one test case; every pointer may be NULL. */
typedef struct sx_test_meta {
  symx_reason reason;
  symx_error_kind kind; /* SYMX_ERR_NONE = none */
  const char *message;
  unsigned depth;
  uint64_t path_id;     /* the state id */
  const char *location; /* source location, e.g. "foo.c:12" */
  const char *const *args; /* argv for the ktest (NULL = none) */
  size_t nargs;
  const uint32_t *order; /* input ids the path made, in order: the ktest's first objects */
  size_t norder;
} sx_test_meta;

/* Parses "ktest,raw,json" into SX_TF_* bits (SYMX_RANGE naming func for an
** unknown word; "" or "none" = 0). */
SX_INTERNAL int sx_testcase_formats_parse(symx_ctx *ctx, const char *text,
                                      unsigned *out, const char *func);

/* The name of a termination reason ("exit", "error", "early", "user"). */
SX_INTERNAL const char *sx_testcase_reason_name(symx_reason r);

/* Writes test case number to dir in the given formats (no dedup, no
** numbering). dir must exist. */
SX_INTERNAL int sx_testcase_write(symx_ctx *ctx, const char *dir,
                                  uint32_t number, unsigned formats,
                                  const sx_assign *a, const sx_test_meta *m,
                                  const char *func);

/* Writes the raw-file name of input into buf[0..len) (see above). */
SX_INTERNAL void sx_testcase_safe_name(const char *input, char *buf,
                                       size_t len);

#endif
