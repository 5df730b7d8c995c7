/*
** teststore.h — the one store of a run's test cases: every test case is
** recorded here once (one record type), numbered and written; the engine's
** test list (symx_engine_test_get) and the on_test callback read the same
** records.
**
**   sx_teststore *ts = sx_teststore_new(ctx, NULL, NULL);    // options
**   ...  sx_teststore_add(ts, inputs, &meta, &rec, &dup, func); // per path end
**   ...  sx_teststore_get(ts, i);
**   sx_teststore_free(ts);
**
** Deduplication: an input already recorded (content equality of the
** assignment, whatever the metadata) is neither recorded nor written again;
** the caller gets the earlier record. Numbering: from test000001 without
** gaps; a number is used only once its files are written. The output
** directory is created on first use; I/O errors are reported through the
** ctx. A store with an empty directory (option output_dir "") writes
** nothing but still numbers and deduplicates, so the engine's counts stay
** meaningful. Counts the statistics tests and tests_duplicate.
*/
#ifndef SX_TESTSTORE_H
#define SX_TESTSTORE_H

#include "testcase.h"

/* One recorded test case. */
typedef struct sx_testrec {
  sx_assign *inputs;        /* owned */
  char *message, *location; /* owned, or NULL */
  uint64_t state_id, hash;  /* hash: of inputs */
  uint32_t number, depth;
  uint8_t reason, kind; /* symx_reason, symx_error_kind */
} sx_testrec;

typedef struct sx_teststore sx_teststore;

/* A store writing to dir in formats; dir NULL = option output_dir, formats
** NULL = option test_formats. NULL on error (recorded on ctx). The
** directory is created by the first add, not here. */
SX_INTERNAL sx_teststore *sx_teststore_new(symx_ctx *ctx, const char *dir, const char *formats);
SX_INTERNAL void sx_teststore_free(sx_teststore *s);

/*
** Records test case a (taken, also on failure) with metadata m (may be
** NULL). *rec receives the record, valid until the next add: a new one
** (*dup false, its files written), or the earlier record of the same input
** (*dup true, nothing written). Returns SYMX_OK, or an error (SYMX_IO,
** SYMX_NOMEM, SYMX_RANGE) naming func and recorded on the ctx; after an
** error nothing is recorded and the number is not used.
*/
SX_INTERNAL int sx_teststore_add(sx_teststore *s, sx_assign *a, const sx_test_meta *m,
                                 const sx_testrec **rec, bool *dup, const char *func);

/* Tests recorded (duplicates not counted; NULL: 0), test i (number i + 1;
** NULL past the end), duplicates skipped. */
SX_INTERNAL size_t sx_teststore_count(const sx_teststore *s);
SX_INTERNAL const sx_testrec *sx_teststore_get(const sx_teststore *s, size_t i);
SX_INTERNAL uint64_t sx_teststore_duplicates(const sx_teststore *s);

#endif
