/*
** afl_edges.c — the peer's edge view (afl.h): an input runs once through
** afl-showmap on the AFL++-instrumented build of the program; its raw hit
** counts are put in afl-fuzz's buckets (1, 2, 3, 4-7, 8-15, 16-31, 32-127,
** 128+) here, since afl-showmap 4.04c's own bucketed output leaves out
** counts of 5 and more. An input is new when it sets a bucket bit the map
** lacks, as afl-fuzz's has_new_bits decides what to keep; crashes have a
** map of their own, as afl-fuzz's unique crashes. afl-showmap says
** "crash or timeout" alike (exit 2): a direct run of the binary then tells
** which (a signal, or still running after the timeout). Batches run many
** inputs through one afl-showmap -i: its fork server starts once, where
** one afl-showmap per input costs a start each (about 15 ms on bc, against
** 2 ms per input in a batch).
*/
#include "afl.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Bucket bits seen per edge id, as afl-fuzz's virgin maps (inverted). */
typedef struct bitmap {
  uint8_t *bits;
  size_t cap;
  uint64_t edges; /* ids with a bit */
} bitmap;

/* An input waiting in the batch. */
typedef struct pend {
  uint8_t *b;
  size_t n;
  int flags;
  int64_t tag;
} pend;

struct sxl_afl_edges {
  char **showmap;      /* afl-showmap -r -o MAP -t T -m none -- BIN ARGS */
  char **batch_cmd;    /* afl-showmap -r -i BIN_DIR -o BOUT_DIR ... ARGS (@@ kept) */
  char *bin_dir, *bout_dir;
  pend *batch;
  size_t nbatch, batchcap;
  char **direct;       /* BIN ARGS: the direct run */
  char **env;          /* environ without sanitizer options (afl-showmap rejects some) */
  char *in, *map, *out; /* the input, the map, afl-showmap's messages */
  int use_stdin;
  uint64_t timeout_ms;
  bitmap queue, crashes; /* what runs that ended normally / crashed covered */
  uint64_t map_size, runs;
};

static char *join(const char *a, const char *b) {
  size_t n = strlen(a) + strlen(b) + 2;
  char *s = malloc(n);
  if (s) snprintf(s, n, "%s/%s", a, b);
  return s;
}

static int write_input(const char *path, const uint8_t *b, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t w = n ? fwrite(b, 1, n, f) : 0;
  return fclose(f) || w != n ? -1 : 0;
}

/* AFL's count_class_lookup8: a raw hit count to its bucket bit. */
static uint8_t bucket(unsigned c) {
  if (c <= 3) return c == 3 ? 4 : (uint8_t)c;
  if (c <= 7) return 8;
  if (c <= 15) return 16;
  if (c <= 31) return 32;
  return c <= 127 ? 64 : 128;
}

static int grow(bitmap *m, size_t id) {
  if (id < m->cap) return 0;
  size_t cap = m->cap ? m->cap : 65536;
  while (cap <= id) cap *= 2;
  uint8_t *v = realloc(m->bits, cap);
  if (!v) return -1;
  memset(v + m->cap, 0, cap - m->cap);
  m->bits = v;
  m->cap = cap;
  return 0;
}

/* Reads the map afl-showmap wrote (lines "ID:COUNT"): what it adds to m,
** merged into m when merge. */
static int read_map(const char *path, bitmap *m, int merge, sxl_afl_verdict *v) {
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  unsigned long id, c;
  while (fscanf(f, "%lu:%lu", &id, &c) == 2) {
    if (!c || id > (1ul << 28) || grow(m, id)) continue;
    uint8_t b = bucket((unsigned)(c > 255 ? 255 : c));
    if (!(m->bits[id] & b)) {
      v->bits++;
      if (!m->bits[id]) v->edges++;
      if (merge) {
        if (!m->bits[id]) m->edges++;
        m->bits[id] |= b;
      }
    }
  }
  fclose(f);
  return 0;
}

/* A direct run of the binary on e->in: v->end says how it ended (a
** signal: a crash; still running after the timeout: a hang); ok is what a
** normal end counts as. */
static void native_end(sxl_afl_edges *e, sxl_afl_verdict *v, sxl_native ok) {
  v->end = SXL_NATIVE_HANG;
  pid_t pid = sxl_afl_spawn(e->direct, e->env, e->use_stdin ? e->in : NULL, NULL, 0);
  if (pid < 0) return;
  int status = 0;
  struct timespec nap = {0, 1000000};
  for (uint64_t ms = 0; ms <= e->timeout_ms; ms++) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r == pid) {
      v->end = ok;
      if (WIFSIGNALED(status)) {
        v->end = SXL_NATIVE_CRASH;
        v->sig = WTERMSIG(status);
      }
      return;
    }
    if (r < 0 && errno != EINTR) return;
    nanosleep(&nap, NULL);
  }
  kill(pid, SIGKILL);
  sxl_afl_wait(pid, &status, 0);
}

/* The last line of afl-showmap's messages holding text, colours removed. */
static void last_line(const char *path, char *buf, size_t len) {
  char line[512];
  buf[0] = 0;
  FILE *f = fopen(path, "r");
  if (!f) return;
  while (fgets(line, sizeof line, f)) {
    size_t k = 0;
    for (const char *p = line; *p; p++) {
      if (*p == '\033') { /* ESC [ ... letter */
        while (p[1] && !((p[1] >= 'A' && p[1] <= 'Z') || (p[1] >= 'a' && p[1] <= 'z'))) p++;
        if (p[1]) p++;
      } else if (*p != '\n' && *p != '\r') {
        line[k++] = *p;
      }
    }
    line[k] = 0;
    if (strspn(line, " \t") < k) {
      size_t m = k < len - 1 ? k : len - 1;
      memcpy(buf, line, m);
      buf[m] = 0;
    }
  }
  fclose(f);
}

int sxl_afl_edges_run(sxl_afl_edges *e, const uint8_t *b, size_t n, int merge, int as_crash,
                      sxl_afl_verdict *v, char *err, size_t errlen) {
  memset(v, 0, sizeof *v);
  if (write_input(e->in, b, n)) {
    snprintf(err, errlen, "cannot write %s: %s", e->in, strerror(errno));
    return -1;
  }
  remove(e->map);
  pid_t pid = sxl_afl_spawn(e->showmap, e->env, e->use_stdin ? e->in : NULL, e->out, 0);
  int status = 0;
  if (pid < 0 || sxl_afl_wait(pid, &status, 0) < 0) {
    snprintf(err, errlen, "cannot run afl-showmap (Debian package afl++): %s", strerror(errno));
    return -1;
  }
  e->runs++;
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (code != 0 && code != 2) {
    char why[256];
    last_line(e->out, why, sizeof why);
    snprintf(err, errlen, "afl-showmap failed on %s (exit %d): %s", e->direct[0], code, why);
    return -1;
  }
  if (code == 2) native_end(e, v, SXL_NATIVE_HANG); /* a crash or a hang, said afl-showmap */
  /* a crash, native or symx's, counts against the crashes' map (afl-fuzz's
  ** unique crashes); a hang against none */
  int crash = as_crash || v->end == SXL_NATIVE_CRASH;
  bitmap *m = crash ? &e->crashes : &e->queue;
  int into = crash ? merge & SXL_AFL_MERGE_CRASH
                   : v->end == SXL_NATIVE_OK && (merge & SXL_AFL_MERGE_QUEUE);
  if (read_map(e->map, m, into, v)) {
    snprintf(err, errlen, "afl-showmap wrote no map for %s", e->direct[0]);
    return -1;
  }
  return 0;
}

/* The batch's file k in dir. */
static void batch_path(const char *dir, size_t k, char *buf, size_t len) {
  snprintf(buf, len, "%s/%06zu", dir, k);
}

/* Removes the batch's input and map files (those of the last flush). */
static void batch_clean(sxl_afl_edges *e) {
  char path[4096];
  for (size_t k = 0; e->bin_dir && k < e->nbatch; k++) {
    batch_path(e->bin_dir, k, path, sizeof path);
    remove(path);
    batch_path(e->bout_dir, k, path, sizeof path);
    remove(path);
  }
}

int sxl_afl_edges_add(sxl_afl_edges *e, const uint8_t *b, size_t n, int flags, int64_t tag) {
  if (e->nbatch == e->batchcap) {
    size_t cap = e->batchcap ? e->batchcap * 2 : 64;
    pend *t = realloc(e->batch, cap * sizeof *t);
    if (!t) return -1;
    e->batch = t;
    e->batchcap = cap;
  }
  uint8_t *copy = malloc(n ? n : 1);
  if (!copy) return -1;
  if (n) memcpy(copy, b, n);
  e->batch[e->nbatch++] = (pend){copy, n, flags, tag};
  return 0;
}

size_t sxl_afl_edges_pending(const sxl_afl_edges *e) { return e->nbatch; }

/* The batch's inputs as files, one afl-showmap -i over them: 0, or -1. */
static int batch_run(sxl_afl_edges *e, char *err, size_t errlen) {
  char path[4096];
  mkdir(e->bin_dir, 0700);
  mkdir(e->bout_dir, 0700);
  for (size_t k = 0; k < e->nbatch; k++) {
    batch_path(e->bin_dir, k, path, sizeof path);
    if (write_input(path, e->batch[k].b, e->batch[k].n)) {
      snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
      return -1;
    }
  }
  pid_t pid = sxl_afl_spawn(e->batch_cmd, e->env, NULL, e->out, 0);
  int status = 0;
  if (pid < 0 || sxl_afl_wait(pid, &status, 0) < 0) {
    snprintf(err, errlen, "cannot run afl-showmap (Debian package afl++): %s", strerror(errno));
    return -1;
  }
  /* exit 2: the last input crashed or hung; each is told apart later */
  if (!WIFEXITED(status) || (WEXITSTATUS(status) != 0 && WEXITSTATUS(status) != 2)) {
    char why[256];
    last_line(e->out, why, sizeof why);
    snprintf(err, errlen, "afl-showmap -i failed on %s (exit %d): %s", e->direct[0],
             WIFEXITED(status) ? WEXITSTATUS(status) : -1, why);
    return -1;
  }
  return 0;
}

/* The verdict on batch input k from its map (path): how it ended, told by a
** direct run when asked or when its map would add to a map, then what it
** adds (merged as sxl_afl_edges_run does). */
static int judge(sxl_afl_edges *e, const pend *in, const char *path, sxl_afl_verdict *v) {
  int as_crash = in->flags & SXL_AFL_AS_CRASH, merge = in->flags & 3;
  memset(v, 0, sizeof *v);
  int tell = in->flags & SXL_AFL_CLASSIFY;
  if (!tell && !as_crash) {
    sxl_afl_verdict q = {0}, c = {0};
    if (read_map(path, &e->queue, 0, &q) || read_map(path, &e->crashes, 0, &c)) return -1;
    tell = q.bits || c.bits; /* else it adds nothing, however it ends */
  }
  if (tell) {
    if (write_input(e->in, in->b, in->n)) return -1;
    native_end(e, v, SXL_NATIVE_OK);
  }
  int crash = as_crash || v->end == SXL_NATIVE_CRASH;
  bitmap *m = crash ? &e->crashes : &e->queue;
  int into = crash ? merge & SXL_AFL_MERGE_CRASH
                   : v->end == SXL_NATIVE_OK && (merge & SXL_AFL_MERGE_QUEUE);
  return read_map(path, m, into, v);
}

/* Batch input k's verdict to done: 0, or -1 with err set. */
static int flush_one(sxl_afl_edges *e, size_t k, sxl_afl_done_fn done, void *ud, char *err,
                     size_t errlen) {
  const pend *in = &e->batch[k];
  sxl_afl_verdict v;
  char path[4096];
  batch_path(e->bout_dir, k, path, sizeof path);
  if (access(path, F_OK)) { /* no map (afl-showmap skipped it): a run of its own */
    if (sxl_afl_edges_run(e, in->b, in->n, in->flags & 3, in->flags & SXL_AFL_AS_CRASH, &v, err,
                          errlen))
      return -1;
  } else {
    e->runs++;
    if (judge(e, in, path, &v)) {
      snprintf(err, errlen, "cannot read afl-showmap's map %s or write %s", path, e->in);
      return -1;
    }
  }
  done(ud, in->tag, in->flags, in->b, in->n, &v);
  return 0;
}

int sxl_afl_edges_flush(sxl_afl_edges *e, sxl_afl_done_fn done, void *ud, char *err,
                        size_t errlen) {
  err[0] = 0;
  int rc = e->nbatch ? batch_run(e, err, errlen) : 0;
  for (size_t k = 0; k < e->nbatch && !rc; k++) rc = flush_one(e, k, done, ud, err, errlen);
  batch_clean(e);
  for (size_t k = 0; k < e->nbatch; k++) free(e->batch[k].b);
  e->nbatch = 0;
  return rc;
}

/* The target's map size from afl-showmap's "(map size N, ...)". */
static uint64_t map_size_said(const char *path) {
  char line[512];
  uint64_t size = 0;
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  while (fgets(line, sizeof line, f)) {
    const char *p = strstr(line, "(map size ");
    if (p) size = strtoull(p + 10, NULL, 10);
  }
  fclose(f);
  return size;
}

sxl_afl_edges *sxl_afl_edges_new(const char *bin, const char *args, uint64_t timeout_ms,
                                 const char *workdir, char *err, size_t errlen) {
  sxl_afl_edges *e = calloc(1, sizeof *e);
  if (!e) goto oom;
  e->timeout_ms = timeout_ms ? timeout_ms : 1000;
  e->in = join(workdir, ".symx-edges-input");
  e->map = join(workdir, ".symx-edges-map");
  e->out = join(workdir, ".symx-edges-log");
  e->bin_dir = join(workdir, ".symx-batch-in");
  e->bout_dir = join(workdir, ".symx-batch-maps");
  e->env = sxl_afl_env();
  if (!e->in || !e->map || !e->out || !e->bin_dir || !e->bout_dir || !e->env) goto oom;
  char t[32];
  snprintf(t, sizeof t, "%llu", (unsigned long long)e->timeout_ms);
  const char *head[] = {"afl-showmap", "-r", "-o", e->map, "-t", t, "-m", "none", "--", bin};
  int file = 0;
  e->showmap = sxl_afl_argv(head, sizeof head / sizeof *head, args, e->in, &file);
  e->direct = sxl_afl_argv(&bin, 1, args, e->in, &file);
  const char *bhead[] = {"afl-showmap", "-r", "-i", e->bin_dir, "-o", e->bout_dir, "-t", t,
                         "-m", "none", "--", bin};
  int keep = 0;
  e->batch_cmd = sxl_afl_argv(bhead, sizeof bhead / sizeof *bhead, args, "@@", &keep);
  if (!e->showmap || !e->direct || !e->batch_cmd) goto oom;
  e->use_stdin = !file;
  sxl_afl_verdict v;
  if (sxl_afl_edges_run(e, NULL, 0, 0, 0, &v, err, errlen)) {
    sxl_afl_edges_free(e);
    return NULL;
  }
  e->map_size = map_size_said(e->out);
  return e;
oom:
  snprintf(err, errlen, "out of memory");
  sxl_afl_edges_free(e);
  return NULL;
}

void sxl_afl_edges_free(sxl_afl_edges *e) {
  if (!e) return;
  for (size_t k = 0; k < e->nbatch; k++) free(e->batch[k].b);
  free(e->batch);
  batch_clean(e);
  if (e->bin_dir) rmdir(e->bin_dir);
  if (e->bout_dir) rmdir(e->bout_dir);
  free(e->bin_dir);
  free(e->bout_dir);
  sxl_afl_argv_free(e->batch_cmd);
  sxl_afl_argv_free(e->showmap);
  sxl_afl_argv_free(e->direct);
  sxl_afl_argv_free(e->env);
  if (e->in) remove(e->in);
  if (e->map) remove(e->map);
  if (e->out) remove(e->out);
  free(e->in);
  free(e->map);
  free(e->out);
  free(e->queue.bits);
  free(e->crashes.bits);
  free(e);
}

uint64_t sxl_afl_edges_count(const sxl_afl_edges *e) { return e->queue.edges; }
uint64_t sxl_afl_edges_map_size(const sxl_afl_edges *e) { return e->map_size; }
uint64_t sxl_afl_edges_runs(const sxl_afl_edges *e) { return e->runs; }
