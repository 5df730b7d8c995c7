/*
** afl.h — exchanging inputs with AFL/AFL++ instances through a sync
** directory (afl-fuzz -o SYNC -M/-S NAME ...), as a peer instance would.
**
** Our instance (option afl_name, default "symx") lives in SYNC/<name>/:
**   queue/id:NNNNNN,src:PPPPPP     inputs we produce; ids dense from 000000
**   crashes/id:NNNNNN,sig:06,src:PPPPPP  crashing inputs (+ README.txt)
**   fuzzer_stats                  "key               : value" lines
** Files are written under a dot name and renamed, so AFL's sync never reads
** a partial file. Inputs are deduplicated by content (queue and crashes
** separately), including against the files found there when opening, and
** the id counters resume after the highest id found: a restart continues.
**
** Import: every other instance's queue/ (dot names and our own directory
** skipped) is scanned; the next entry is the untaken one with the highest
** (ends in "+cov", has "orig:", smaller size, greater name, greater
** instance name), the order of SymCC's fuzzing helper. An entry is taken
** once (remembered by instance and file name). Entries that AFL imported
** from us ("sync:<our name>") and empty files are skipped; so are names
** that are not AFL entry names (as AFL's own sync does) and files that
** vanish before they are read, each with a message.
*/
#ifndef SX_AFL_H
#define SX_AFL_H

#include "expr/assign.h"
#include "afl_name.h"
#include "io.h"

/* One candidate entry of another instance's queue. */
typedef struct sx_afl_entry {
  char *instance; /* owned */
  char *file;     /* owned: the file name inside <instance>/queue */
  uint64_t size;
  sx_afl_name name;
} sx_afl_entry;

typedef struct symx_afl sx_afl;

/* Opens (creating directories as needed) our instance name in sync_dir;
** NULL arguments take the options afl_sync_dir / afl_name. Names holding
** '/' or starting with '.' are SYMX_MISUSE. NULL on error. */
SX_INTERNAL sx_afl *sx_afl_open(symx_ctx *ctx, const char *sync_dir,
                                const char *name, const char *func);
SX_INTERNAL void sx_afl_close(sx_afl *afl);

/* Rescans the other instances' queues; fills *best with the best untaken
** entry (borrowed until the next call) or NULL when none. */
SX_INTERNAL int sx_afl_pick(sx_afl *afl, const sx_afl_entry **best,
                            const char *func);
/* The score order of the pick: > 0 when a is preferred over b. */
SX_INTERNAL int sx_afl_entry_cmp(const sx_afl_entry *a, const sx_afl_entry *b);

/* Takes the best untaken entry, marks it taken and returns its bytes bound
** to input in a new assignment (*out, NULL when nothing new). *id (may be
** NULL) receives its AFL id, the parent to name in what it leads to.
** Unreadable files are skipped (taken), with a message, and the next is
** tried. */
SX_INTERNAL int sx_afl_next(sx_afl *afl, const char *input, sx_assign **out,
                            int64_t *id, const char *func);

/* Writes bytes as our next queue (crash == false) or crash entry with
** parent id parent (-1 = none). *id (may be NULL) receives the new id, or
** -1 when the content was already there. */
SX_INTERNAL int sx_afl_write(sx_afl *afl, bool crash, const uint8_t *bytes,
                             size_t len, int64_t parent, int64_t *id,
                             const char *func);

/* Rewrites fuzzer_stats (atomically), unless execs_done or the corpus (our
** queue and the entries taken) is 0: afl-whatsup divides by both. A
** command_line (NULL keeps the last one given) also writes fuzzer_setup. */
SX_INTERNAL int sx_afl_update_stats(sx_afl *afl, uint64_t execs_done,
                                    const char *command_line,
                                    const char *func);

/* The edge coverage fuzzer_stats reports (bitmap_cvg, edges_found). */
SX_INTERNAL void sx_afl_set_coverage(sx_afl *afl, uint64_t edges, uint64_t map_size);

/* Entries taken from the other fuzzers' queues. */
SX_INTERNAL uint64_t sx_afl_taken_count(const sx_afl *afl);

#endif
