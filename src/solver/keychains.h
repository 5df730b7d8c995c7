/*
** keychains.h — the keys of long write chains, kept per write across key
** scans (independence.c's reads of a chain of LONG_CHAIN writes or more).
**
** A buffer written at a symbolic offset becomes a chain of thousands of
** writes, and every later constraint that reads it carries the chain: make
** reading its makefile adds one per symbolic allocation size. Scanning the
** chain again for each constraint is quadratic over a run; here a write's
** summary (the keys of every index and value written from it down to its
** array) is built once from the summary of the write below it.
*/
#ifndef SX_KEYCHAINS_H
#define SX_KEYCHAINS_H

#include "independence.h"

typedef struct sx_chainsums sx_chainsums;

SX_INTERNAL sx_chainsums *sx_chainsums_new(symx_ctx *ctx);
SX_INTERNAL void sx_chainsums_free(sx_chainsums *cs);

/*
** The summary of the chain from head (an ARRAY_WRITE) down: sorted unique
** keys, valid until the next call, and *root, the chain's array. sub scans
** the indices and values (a key scan that only looks summaries up: no
** recursion); sub NULL: only a summary already made is returned.
** NULL when the summary would be too large to keep (SX_CHAIN_MAX_KEYS: the
** caller expands the chain itself) or on OOM (*rc = SYMX_NOMEM).
*/
SX_INTERNAL const sx_key *sx_chainsums_get(sx_chainsums *cs, sx_keyscan *sub, sx_expr *head,
                                           size_t *n, sx_expr **root, int *rc);

#define SX_CHAIN_MAX_KEYS 4096

#endif
