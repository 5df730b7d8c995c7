/*
** afl_scan.c — the sync directory's queues in the peer's edge map (afl.h):
** every entry of every instance (ours too: a restart) runs once through
** afl-showmap (in batches), so what we write back is new to all of them, not only to the
** entry we explored. Entries AFL imported from us are copies and skipped.
** Entries the binary crashes or hangs on stay out of the map (afl-fuzz
** keeps none such in a queue) and are remembered by content, so the peer
** does not explore them.
*/
#include "afl.h"
#include "sxl.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct bad {
  uint64_t hash;
  size_t len;
  sxl_afl_verdict v;
} bad;

struct sxl_afl_scan {
  char *sync;
  char **seen; /* "instance/file" of the entries mapped: open addressing */
  size_t cap, count;
  bad *bads;
  size_t nbad, badcap;
  char **labels; /* "instance/queue/file" of the entries in the batch */
  size_t nlabels, labelcap;
  int quiet, failed;
};

/* Entries run through afl-showmap together, at most. */
#define SCAN_BATCH 256

sxl_afl_scan *sxl_afl_scan_new(const char *sync_dir) {
  sxl_afl_scan *sc = calloc(1, sizeof *sc);
  if (sc && !(sc->sync = strdup(sync_dir))) {
    free(sc);
    return NULL;
  }
  return sc;
}

void sxl_afl_scan_free(sxl_afl_scan *sc) {
  if (!sc) return;
  for (size_t i = 0; i < sc->cap; i++) free(sc->seen[i]);
  free(sc->seen);
  free(sc->bads);
  for (size_t i = 0; i < sc->nlabels; i++) free(sc->labels[i]);
  free(sc->labels);
  free(sc->sync);
  free(sc);
}

/* Whether key was seen; adds it when not (-1: out of memory). */
static int seen_add(sxl_afl_scan *sc, const char *key) {
  if ((sc->count + 1) * 2 > sc->cap) {
    size_t cap = sc->cap ? sc->cap * 2 : 1024;
    char **t = calloc(cap, sizeof *t);
    if (!t) return -1;
    for (size_t i = 0; i < sc->cap; i++) {
      if (!sc->seen[i]) continue;
      size_t j = sxl_fnv(SXL_FNV0, sc->seen[i], strlen(sc->seen[i])) & (cap - 1);
      while (t[j]) j = (j + 1) & (cap - 1);
      t[j] = sc->seen[i];
    }
    free(sc->seen);
    sc->seen = t;
    sc->cap = cap;
  }
  size_t j = sxl_fnv(SXL_FNV0, key, strlen(key)) & (sc->cap - 1);
  for (; sc->seen[j]; j = (j + 1) & (sc->cap - 1))
    if (!strcmp(sc->seen[j], key)) return 1;
  if (!(sc->seen[j] = strdup(key))) return -1;
  sc->count++;
  return 0;
}

static int bad_add(sxl_afl_scan *sc, const uint8_t *b, size_t n, const sxl_afl_verdict *v) {
  if (sc->nbad == sc->badcap) {
    size_t cap = sc->badcap ? sc->badcap * 2 : 16;
    bad *t = realloc(sc->bads, cap * sizeof *t);
    if (!t) return -1;
    sc->bads = t;
    sc->badcap = cap;
  }
  sc->bads[sc->nbad++] = (bad){sxl_fnv(SXL_FNV0, b, n), n, *v};
  return 0;
}

int sxl_afl_scan_bad(const sxl_afl_scan *sc, const uint8_t *b, size_t n, sxl_afl_verdict *v) {
  uint64_t h = sxl_fnv(SXL_FNV0, b, n);
  for (size_t i = 0; i < sc->nbad; i++)
    if (sc->bads[i].hash == h && sc->bads[i].len == n) {
      *v = sc->bads[i].v;
      return 1;
    }
  return 0;
}

/* The bytes of the file at path; NULL when it cannot be opened (it
** vanished) or out of memory. */
static uint8_t *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, len = 0;
  uint8_t *b = malloc(cap);
  for (size_t r; b && (r = fread(b + len, 1, cap - len, f)) > 0;) {
    len += r;
    if (len == cap && len < ((size_t)1 << 24)) {
      uint8_t *t = realloc(b, cap *= 2);
      if (!t) free(b);
      b = t;
    } else if (len == cap) {
      break; /* past AFL's own limit of 1 MB by far: the first 16 MiB */
    }
  }
  fclose(f);
  *n = len;
  return b;
}

/* The edge view's verdict on the entry labels[tag]: one the binary crashes
** or hangs on stays out of the map, said and remembered. */
static void on_entry(void *ud, int64_t tag, int flags, const uint8_t *b, size_t n,
                     const sxl_afl_verdict *v) {
  sxl_afl_scan *sc = ud;
  (void)flags;
  if (v->end == SXL_NATIVE_OK) return;
  if (!sc->quiet)
    fprintf(stderr, "symx-llvm: afl: %s: the AFL++ binary %s on it: not explored\n",
            sc->labels[tag], v->end == SXL_NATIVE_HANG ? "hangs" : "crashes");
  if (bad_add(sc, b, n, v)) sc->failed = 1;
}

/* The entries in the batch run; 0, or -1 with err set. */
static int flush(sxl_afl_scan *sc, sxl_afl_edges *e, char *err, size_t errlen) {
  int rc = sxl_afl_edges_flush(e, on_entry, sc, err, errlen);
  for (size_t i = 0; i < sc->nlabels; i++) free(sc->labels[i]);
  sc->nlabels = 0;
  if (!rc && sc->failed) {
    snprintf(err, errlen, "out of memory");
    rc = -1;
  }
  return rc;
}

/* label, the next batch entry's: 0, or -1 out of memory. */
static int label_add(sxl_afl_scan *sc, const char *label) {
  if (sc->nlabels == sc->labelcap) {
    size_t cap = sc->labelcap ? sc->labelcap * 2 : 64;
    char **t = realloc(sc->labels, cap * sizeof *t);
    if (!t) return -1;
    sc->labels = t;
    sc->labelcap = cap;
  }
  if (!(sc->labels[sc->nlabels] = strdup(label))) return -1;
  sc->nlabels++;
  return 0;
}

/* One entry (path) into the batch: 0, or -1 out of memory. */
static int map_entry(sxl_afl_scan *sc, sxl_afl_edges *e, const char *path, const char *label) {
  size_t n = 0;
  uint8_t *b = slurp(path, &n);
  if (!b) { /* vanished since the listing: nothing to map */
    if (!sc->quiet) fprintf(stderr, "symx-llvm: afl: %s: vanished while read: skipped\n", label);
    return 0;
  }
  /* how it ends matters (CLASSIFY): the peer explores no entry that crashes or hangs */
  int rc = n ? label_add(sc, label) : 0;
  if (!rc && n && sxl_afl_edges_add(e, b, n, SXL_AFL_MERGE_QUEUE | SXL_AFL_CLASSIFY,
                                    (int64_t)sc->nlabels - 1))
    rc = -1;
  free(b);
  return rc;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in dir (dot names left out), sorted; NULL when unreadable. */
static char **names_of(const char *dir, size_t *n) {
  DIR *d = opendir(dir);
  if (!d) return NULL;
  size_t cap = 64;
  char **v = malloc(cap * sizeof *v);
  *n = 0;
  for (struct dirent *de; v && (de = readdir(d));) {
    if (de->d_name[0] == '.') continue;
    if (*n == cap) {
      char **t = realloc(v, (cap *= 2) * sizeof *v);
      if (!t) break;
      v = t;
    }
    if (!(v[*n] = strdup(de->d_name))) break;
    (*n)++;
  }
  closedir(d);
  if (v) qsort(v, *n, sizeof *v, by_name);
  return v;
}

static void free_names(char **v, size_t n) {
  for (size_t i = 0; i < n; i++) free(v[i]);
  free(v);
}

/* Maps the new entries of one instance's queue. */
static int scan_queue(sxl_afl_scan *sc, sxl_afl_edges *e, const char *inst, char *err,
                      size_t errlen) {
  char dir[4096], path[8192];
  snprintf(dir, sizeof dir, "%s/%s/queue", sc->sync, inst);
  size_t n = 0;
  char **names = names_of(dir, &n);
  int rc = 0;
  for (size_t i = 0; names && i < n && !rc; i++) {
    snprintf(path, sizeof path, "%s/%s", inst, names[i]);
    int s = seen_add(sc, path);
    if (s < 0) rc = -1;
    /* a copy of another's entry, or no entry at all (libsymx says so) */
    if (s || strstr(names[i], ",sync:") || strncmp(names[i], "id:", 3)) continue;
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    char label[8192];
    snprintf(label, sizeof label, "%s/queue/%s", inst, names[i]);
    rc = map_entry(sc, e, path, label);
    if (!rc && sc->nlabels >= SCAN_BATCH) rc = flush(sc, e, err, errlen);
  }
  free_names(names, n);
  if (rc && !*err) snprintf(err, errlen, "out of memory");
  return rc;
}

int sxl_afl_scan_run(sxl_afl_scan *sc, sxl_afl_edges *e, int quiet, char *err, size_t errlen) {
  err[0] = 0;
  size_t n = 0;
  char **inst = names_of(sc->sync, &n);
  if (!inst) {
    snprintf(err, errlen, "cannot list %s", sc->sync);
    return -1;
  }
  int rc = 0;
  sc->quiet = quiet;
  for (size_t i = 0; i < n && !rc; i++) rc = scan_queue(sc, e, inst[i], err, errlen);
  free_names(inst, n);
  return rc ? rc : flush(sc, e, err, errlen);
}
