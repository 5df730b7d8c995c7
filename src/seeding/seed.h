/*
** seed.h — a seed set: assignments (input name -> bytes) with their origin,
** loaded from bytes, raw files, directories, AFL queues, .ktest and JSON
** files. A malformed file is skipped with a message "<file>: reason" kept in
** the set; the rest load.
**
** Size policy (options seed_extend, seed_truncate): when a seed binds an
** input whose size is known (an input array of that name exists in the
** context when the seed is added, or sx_seeds_fit names it later), a shorter
** binding is padded with zeros when seed_extend is set and rejected
** otherwise (inputs over SX_SEED_MAX_FILE bytes are not padded: missing
** bytes read 0 anyway); a longer one is truncated when seed_truncate is set
** and rejected otherwise. Rejected seeds are removed with a message.
**
** JSON shape (symx_seeds_add_json):
**   {"inputs": {"name": BYTES, ...}}  or an array of such objects (a seed
**   each), where BYTES is an array of integers 0..255, a hex string
**   ("68690a", also "hex:68690a"), or "base64:aGkK". The test%06u.json files
**   that the test-case writer produces load as seeds unchanged.
**
** The engine reads the list directly: s->list holds sx_seed entries in load
** order.
*/
#ifndef SX_SEED_H
#define SX_SEED_H

#include "expr/assign.h"
#include "afl_name.h"
#include "io.h"
#include "ktest.h"

typedef struct sx_seed {
  sx_assign *assign; /* owned, never NULL */
  char *origin;      /* owned: the file path, or "bytes #N" / "assignment #N" */
  bool from_afl;     /* loaded from an AFL queue: afl holds its parsed name */
  sx_afl_name afl;
  /* a .ktest seed loaded by object name: its objects in file order (owned),
  ** what option seed_match=position binds (engine/seeds.c); else NULL */
  sx_ktest_obj *objs;
  size_t nobjs;
} sx_seed;

typedef SX_STACK(sx_seed) sx_seed_list;

struct symx_seeds {
  symx_ctx *ctx;
  sx_seed_list list;
  sx_seeding_names msgs; /* owned messages, oldest first */
  uint64_t added;  /* seeds ever added (labels "bytes #N") */
};
typedef struct symx_seeds sx_seeds;

/* Takes ownership of a (freed on every failure path too), applies the size
** policy against the context's inputs and appends it. Returns SYMX_OK, or
** SYMX_RANGE when the policy rejected it (a message recorded in the set),
** or SYMX_NOMEM. afl may be NULL. */
SX_INTERNAL int sx_seeds_push(sx_seeds *s, sx_assign *a, const char *origin,
                              const sx_afl_name *afl, const char *func);

/* Appends the message "fmt..." to the set (dropped silently on OOM). */
SX_INTERNAL void sx_seeds_note(sx_seeds *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Applies the size policy for input name of size bytes to one assignment.
** Returns SYMX_OK (possibly padded/truncated), SYMX_RANGE with a reason in
** why when the policy rejects, SYMX_NOMEM. Unbound names are left alone. */
SX_INTERNAL int sx_seed_fit(symx_ctx *ctx, sx_assign *a, const char *name,
                            uint64_t size, char *why, size_t whylen);

/* Applies the policy for (name, size) to every seed; rejected seeds are
** removed (load order of the rest kept) with a message. Returns how many
** were removed. */
SX_INTERNAL size_t sx_seeds_fit(sx_seeds *s, const char *name, uint64_t size);

/* Loaders behind the public functions (documented in symx.h); func names
** the public function in errors. */
SX_INTERNAL int sx_seeds_load_raw(sx_seeds *s, const char *path,
                                  const char *input, const sx_afl_name *afl,
                                  const char *func);
SX_INTERNAL int sx_seeds_load_ktest(sx_seeds *s, const char *path,
                                    const char *const *names, size_t nnames,
                                    const char *func);
/* JSON text[0..len) (origin labels messages). */
SX_INTERNAL int sx_seeds_parse_json(sx_seeds *s, const char *text, size_t len,
                                    const char *origin, const char *func);

#endif
