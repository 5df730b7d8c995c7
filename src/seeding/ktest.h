/*
** ktest.h — KLEE's .ktest format, read and written byte-exactly.
**
** All integers are big-endian u32; a string is a u32 length then its bytes
** (no NUL):
**   "KTEST" (5 bytes; the legacy "BOUT\n" is accepted when reading)
**   u32 version                          (we write 3; > 3 is rejected)
**   u32 numArgs, numArgs x string        (the argv of the run)
**   if version >= 2: u32 symArgvs, u32 symArgvLen
**   u32 numObjects, numObjects x { string name; u32 numBytes; bytes }
**
** The reader works on the whole file in memory and checks every length
** against the bytes left before allocating, so a corrupt or hostile file
** costs at most its own size. Errors are SYMX_FORMAT with the message
** "<file>: offset N: what". Names must be non-empty and NUL-free (KLEE itself
** cannot read empty names). Trailing bytes after the last object are
** ignored, as KLEE does.
*/
#ifndef SX_KTEST_H
#define SX_KTEST_H

#include "expr/assign.h"

#define SX_KTEST_VERSION 3

typedef struct sx_ktest_obj {
  char *name;     /* owned, non-empty */
  uint8_t *bytes; /* owned (NULL when len == 0) */
  size_t len;
} sx_ktest_obj;

typedef struct sx_ktest {
  uint32_t version;
  char **args; /* owned, nargs strings */
  size_t nargs;
  uint32_t sym_argvs, sym_argv_len;
  sx_ktest_obj *objs; /* owned, nobjs objects in file order */
  size_t nobjs;
} sx_ktest;

/* Parses data[0..len); origin names the file in messages. On failure *out
** is left empty (nothing to clear). */
SX_INTERNAL int sx_ktest_parse(symx_ctx *ctx, const uint8_t *data, size_t len,
                               const char *origin, sx_ktest *out,
                               const char *func);
/* Reads and parses the file at path. */
SX_INTERNAL int sx_ktest_read(symx_ctx *ctx, const char *path, sx_ktest *out,
                              const char *func);
/* Frees everything k owns and zeroes it. */
SX_INTERNAL void sx_ktest_clear(symx_ctx *ctx, sx_ktest *k);

/* Encodes k (its version field is ignored: version 3 is written) into a
** new buffer of *len bytes (free with sx_free(ctx, *buf, *len)). Empty or
** NUL-containing names are SYMX_MISUSE. */
SX_INTERNAL int sx_ktest_encode(symx_ctx *ctx, const sx_ktest *k,
                                uint8_t **buf, size_t *len, const char *func);

/* The ktest of an assignment: one object per binding in assignment order
** (sorted by name); zero-length bindings are left out because KLEE cannot
** read zero-length objects (they read as 0 anyway). args may be NULL. The
** returned ktest borrows a's names and bytes: free only its arrays with
** sx_ktest_view_release. */
SX_INTERNAL int sx_ktest_view(symx_ctx *ctx, const sx_assign *a,
                              const char *const *args, size_t nargs,
                              sx_ktest *out, const char *func);
SX_INTERNAL void sx_ktest_view_release(symx_ctx *ctx, sx_ktest *k);

/* Encodes the assignment as a ktest into *buf (see sx_ktest_encode). */
SX_INTERNAL int sx_ktest_encode_assign(symx_ctx *ctx, const sx_assign *a,
                                       const char *const *args, size_t nargs,
                                       uint8_t **buf, size_t *len,
                                       const char *func);

/* As sx_ktest_encode_assign, the objects named order[0..norder) first, in
** that order (the inputs a path made, as KLEE orders them). */
SX_INTERNAL int sx_ktest_encode_ordered(symx_ctx *ctx, const sx_assign *a,
                                        const char *const *args, size_t nargs,
                                        const char *const *order, size_t norder,
                                        uint8_t **buf, size_t *len,
                                        const char *func);

/* Assignment from a ktest: by object name when names == NULL (a repeated
** name keeps its first object), else object i binds names[i] (objects
** beyond nnames are ignored; names beyond the objects stay unbound). */
SX_INTERNAL int sx_ktest_to_assign(symx_ctx *ctx, const sx_ktest *k,
                                   const char *const *names, size_t nnames,
                                   sx_assign **out, const char *func);

#endif
