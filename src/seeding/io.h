/*
** io.h — file-system helpers of the seeding folder: bounded whole-file
** reads, atomic writes (temporary dot file, then rename), directory
** creation and sorted directory listings. Every failure is recorded on the
** context naming the caller's function and the path.
*/
#ifndef SX_SEEDING_IO_H
#define SX_SEEDING_IO_H

#include "internal.h"
#include "stack.h"

/* Largest file a seed, ktest or JSON reader loads (bounds allocations). */
#define SX_SEED_MAX_FILE ((size_t)256 << 20)

typedef SX_STACK(char *) sx_seeding_names;

/* Reads the whole file at path (at most max bytes, else SYMX_RANGE).
** *buf is sx_alloc'd with *len + 1 bytes (a NUL is appended for text
** parsers); free it with sx_seeding_free_buf. */
SX_INTERNAL int sx_seeding_read(symx_ctx *ctx, const char *path, size_t max,
                           uint8_t **buf, size_t *len, const char *func);
SX_INTERNAL void sx_seeding_free_buf(symx_ctx *ctx, uint8_t *buf, size_t len);

/* Writes data to dir/name so that the file appears complete or not at all:
** the bytes go to a dot file in dir, which is then renamed. */
SX_INTERNAL int sx_seeding_write_atomic(symx_ctx *ctx, const char *dir,
                                   const char *name, const void *data,
                                   size_t len, const char *func);

/* Creates dir and its missing parents (mode 0755); existing is fine. */
SX_INTERNAL int sx_seeding_mkdirs(symx_ctx *ctx, const char *dir, const char *func);

/* Names in dir, sorted by strcmp, without "." "..", dot names (when
** skip_dot) and, when regular_only, anything but regular files. */
SX_INTERNAL int sx_seeding_list(symx_ctx *ctx, const char *dir, bool skip_dot,
                           bool regular_only, sx_seeding_names *out,
                           const char *func);
SX_INTERNAL void sx_seeding_names_release(symx_ctx *ctx, sx_seeding_names *s);

/* "a/b" joined with one '/', sx_alloc'd (free with sx_strfree), or NULL
** (SYMX_NOMEM recorded naming func). */
SX_INTERNAL char *sx_seeding_join(symx_ctx *ctx, const char *a, const char *b,
                             const char *func);

/* Size of a regular file (-1 when it is not one or cannot be stat'ed). */
SX_INTERNAL int64_t sx_seeding_file_size(const char *path);
SX_INTERNAL bool sx_seeding_is_dir(const char *path);

#endif
