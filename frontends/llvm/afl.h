/*
** afl.h — the AFL++ peer's own view of coverage (afl_edges.c, afl_scan.c):
** edges as AFL++ counts them, measured by running inputs through
** afl-showmap on the AFL++-instrumented build of the same program.
*/
#ifndef SXL_AFL_H
#define SXL_AFL_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* How the native program ended on an input. */
typedef enum sxl_native { SXL_NATIVE_OK, SXL_NATIVE_CRASH, SXL_NATIVE_HANG } sxl_native;

/* One run: how it ended, the signal of a crash, and what it added to its
** map (bits: new (edge, hit-count bucket) pairs, AFL's "new bits"; edges:
** edges never seen before, AFL's "+cov"). */
typedef struct sxl_afl_verdict {
  sxl_native end;
  int sig;
  uint32_t bits, edges;
} sxl_afl_verdict;

typedef struct sxl_afl_edges sxl_afl_edges;

/* The instrumented binary bin run with args (whitespace-separated; "@@"
** stands for the input file, else the input is its stdin) under
** afl-showmap (found in PATH), timeout_ms per run; its files live in
** workdir under dot names. A first run on an empty input checks that
** afl-showmap and bin work. NULL with err set on failure. */
sxl_afl_edges *sxl_afl_edges_new(const char *bin, const char *args, uint64_t timeout_ms,
                                 const char *workdir, char *err, size_t errlen);
void sxl_afl_edges_free(sxl_afl_edges *e);

/* Runs b[0..n): v says how it ended and what it adds to the queues' map,
** or, for a crash (native, or as_crash: symx found an error on its path),
** to the crashes' map; merge (SXL_AFL_MERGE_*) says which map it may join
** (a hang joins none). 0, or -1 with err set when afl-showmap itself fails. */
enum { SXL_AFL_MERGE_QUEUE = 1, SXL_AFL_MERGE_CRASH = 2 };
int sxl_afl_edges_run(sxl_afl_edges *e, const uint8_t *b, size_t n, int merge, int as_crash,
                      sxl_afl_verdict *v, char *err, size_t errlen);

/* A batch: inputs added run together at the flush, through one afl-showmap
** -i (one fork server start for all, not one afl-showmap per input); each
** verdict then goes to done in order, as sxl_afl_edges_run would give it,
** the maps merging in that order. flags: SXL_AFL_MERGE_*, SXL_AFL_AS_CRASH
** (symx found an error on its path), SXL_AFL_CLASSIFY (always tell how the
** input ends natively; else only when its map would add to a map, since -i
** says nothing per input: a direct run of the binary tells). tag is the
** caller's. add: 0, or -1 out of memory; flush: 0, or -1 with err set
** (afl-showmap failed; the batch is dropped). */
enum { SXL_AFL_AS_CRASH = 4, SXL_AFL_CLASSIFY = 8 };
typedef void (*sxl_afl_done_fn)(void *ud, int64_t tag, int flags, const uint8_t *b, size_t n,
                                const sxl_afl_verdict *v);
int sxl_afl_edges_add(sxl_afl_edges *e, const uint8_t *b, size_t n, int flags, int64_t tag);
size_t sxl_afl_edges_pending(const sxl_afl_edges *e);
int sxl_afl_edges_flush(sxl_afl_edges *e, sxl_afl_done_fn done, void *ud, char *err, size_t errlen);

/* Edges in the map, the target's map size (0 when afl-showmap did not say),
** native runs so far. */
uint64_t sxl_afl_edges_count(const sxl_afl_edges *e);
uint64_t sxl_afl_edges_map_size(const sxl_afl_edges *e);
uint64_t sxl_afl_edges_runs(const sxl_afl_edges *e);

/* The entries of every instance's queue in the sync directory (ours too)
** not mapped yet join the map (afl_scan.c). Entries the binary crashes or
** hangs on are remembered by content, with a message on stderr unless
** quiet. 0, or -1 with err set. */
typedef struct sxl_afl_scan sxl_afl_scan;
sxl_afl_scan *sxl_afl_scan_new(const char *sync_dir);
void sxl_afl_scan_free(sxl_afl_scan *sc);
int sxl_afl_scan_run(sxl_afl_scan *sc, sxl_afl_edges *e, int quiet, char *err, size_t errlen);
/* Whether b[0..n) is an entry the binary crashed or hung on (*v: how). */
int sxl_afl_scan_bad(const sxl_afl_scan *sc, const uint8_t *b, size_t n, sxl_afl_verdict *v);

/* A queue entry as the program's stdin or symbolic file (afl_entry.c),
** when entries bind input "stdin" and the program's arguments hold
** --sym-stdin N, or "A-data" (B, ...) and --sym-files K N: an entry of L
** bytes is a stdin or file of L bytes, min(L, N) symbolic, the rest
** concrete. */
struct sxl_session;
typedef struct sxl_afl_entry {
  int which;  /* 0: entries are neither; 1: stdin; 2 + k: file k (sxl_exec.entry_of) */
  size_t n;   /* the input's N */
  size_t len; /* symbolic bytes of the bound entry that the program sees */
} sxl_afl_entry;
void sxl_afl_entry_open(sxl_afl_entry *in, struct sxl_session *s, const char *input);
/* The next exploration's input is b[0..len) (borrowed until unbind). */
void sxl_afl_entry_bind(sxl_afl_entry *in, struct sxl_session *s, const uint8_t *b, size_t len);
void sxl_afl_entry_unbind(sxl_afl_entry *in, struct sxl_session *s);
/* A path's input b[0..*n) as the stdin or file it is: cut at the entry's
** end, its concrete tail after (then in *out, malloc'd); NULL when out of
** memory. */
const uint8_t *sxl_afl_entry_input(const sxl_afl_entry *in, const struct sxl_session *s,
                                   const uint8_t *b, size_t *n, uint8_t **out);

/* Processes (afl_proc.c). An argument vector: head[0..nh) then the words
** of args (whitespace-separated), "@@" replaced by in when in is given (and
** *used_file set); NULL-ended, NULL when out of memory. */
char **sxl_afl_argv(const char *const *head, size_t nh, const char *args, const char *in,
                    int *used_file);
void sxl_afl_argv_free(char **v);
/* environ without sanitizer options (afl-showmap rejects some); NULL when
** out of memory. */
char **sxl_afl_env(void);
/* Spawns argv (PATH searched) with stdin from in (NULL: /dev/null), stdout
** and stderr to out (NULL: /dev/null), in a process group of its own when
** group; its pid, or -1. */
pid_t sxl_afl_spawn(char **argv, char **env, const char *in, const char *out, int group);
/* waitpid without EINTR: 1 when pid ended (*status), 0 when nohang and it
** runs on, -1 on an error. */
int sxl_afl_wait(pid_t pid, int *status, int nohang);

/* A secondary fuzzer sharing the peer's core (afl_share.c, --afl-share):
** Driller's schedule. The fuzzer runs while the queues grow; once no
** instance has added an entry for the stuck time it is stopped and symx
** takes a turn, after which the fuzzer goes on. A turn that gave no input
** doubles the next stuck time (up to 16 times), one that gave some resets
** it: the core goes to whichever has been finding. */
typedef struct sxl_afl_share sxl_afl_share;
/* Starts cmd (whitespace-separated words) running, its output to log;
** sync_dir is where queue growth is counted. NULL with err set. */
sxl_afl_share *sxl_afl_share_start(const char *cmd, const char *sync_dir, const char *log,
                                   uint64_t stuck_ms, char *err, size_t errlen);
/* Whether symx has the core now: during its turn, or when the queues have
** not grown for the stuck time (the fuzzer is then stopped and a turn
** begins); always 1 once the fuzzer has ended (*ended set the first time). */
int sxl_afl_share_symx(sxl_afl_share *sh, int *ended);
/* Whether symx's turn has lasted turn_ms. */
int sxl_afl_share_turn_over(const sxl_afl_share *sh, uint64_t turn_ms);
/* Ends symx's turn (gave: inputs it wrote): the fuzzer goes on. 1, or 0
** when there was no turn to end (the fuzzer has ended: symx keeps it). */
int sxl_afl_share_yield(sxl_afl_share *sh, uint64_t gave);
/* Milliseconds symx has had the core, and turns taken. */
uint64_t sxl_afl_share_symx_ms(const sxl_afl_share *sh);
uint64_t sxl_afl_share_turns(const sxl_afl_share *sh);
/* Stops the fuzzer (SIGINT, as afl-fuzz ends on it; SIGKILL when it has not
** ended within 5 s) and frees sh. */
void sxl_afl_share_end(sxl_afl_share *sh);

#endif
