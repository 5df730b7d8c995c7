/*
** teststore.h — the test-case sink the engine emits into (what the engine
** calls):
**   sx_teststore *sink = sx_teststore_new(ctx, NULL, NULL);  // options
**   ...  sx_teststore_emit(sink, witness, &meta, &number);  // per path end
**   sx_teststore_free(sink);
** numbers tests from test000001 without gaps (a number is used only once
** its files are written), writes an input already emitted once only
** (content equality of the assignment, whatever the metadata), creates the
** output directory on first use, and reports I/O errors through the ctx.
** A sink with an empty directory (option output_dir "") writes nothing but
** still numbers and deduplicates, so the engine's counts stay meaningful.
*/
#ifndef SX_TESTSTORE_H
#define SX_TESTSTORE_H

#include "testcase.h"

typedef struct sx_teststore sx_teststore;

/* A sink writing to dir in formats; dir NULL = option output_dir, formats
** NULL = option test_formats. NULL on error (recorded on ctx). The
** directory is created by the first emit, not here. */
SX_INTERNAL sx_teststore *sx_teststore_new(symx_ctx *ctx, const char *dir,
                                         const char *formats);
SX_INTERNAL void sx_teststore_free(sx_teststore *s);

/* Emits one test case. *number (may be NULL) receives its number, or 0 when
** a was a duplicate of an earlier test and nothing was written. Returns
** SYMX_OK, or an error (SYMX_IO, SYMX_NOMEM) recorded on the ctx; after an
** error the number is not consumed. */
SX_INTERNAL int sx_teststore_emit(sx_teststore *s, const sx_assign *a,
                                 const sx_test_meta *m, uint32_t *number);

/* Tests written so far, duplicates skipped so far. */
SX_INTERNAL uint32_t sx_teststore_written(const sx_teststore *s);
SX_INTERNAL uint64_t sx_teststore_duplicates(const sx_teststore *s);

#endif
