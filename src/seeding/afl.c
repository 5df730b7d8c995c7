/*
** afl.c — libsymx as a peer instance in an AFL/AFL++ sync directory (see
** afl.h): picking the next input of the other instances, writing ours with
** dense ids and atomic renames, content dedup, fuzzer_stats.
*/
#include "afl.h"
#include "error.h"
#include "hash.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A set of strings or of content hashes: open addressing on a 64-bit hash,
** power-of-two capacity, key == NULL for an empty slot. */
typedef struct slot {
  uint64_t hash;
  char *key;   /* owned: "instance/file" (taken set) or our file name (content) */
  size_t len;  /* content length (content sets) */
} slot;

typedef struct set {
  slot *tab;
  size_t cap, count;
} set;

typedef SX_STACK(sx_afl_entry) sx_afl_entries;

struct symx_afl {
  symx_ctx *ctx;
  char *sync, *name, *dir, *queue, *crashes, *cmdline;
  uint32_t next_queue, next_crash; /* next ids */
  set taken, queue_content, crash_content;
  sx_afl_entries cands; /* the last scan */
  uint64_t ntaken, nimported; /* entries taken; of them, read (imported) */
  uint64_t start_time, last_find, last_crash;
  uint64_t edges, map_size; /* symx_afl_set_coverage: 0 = unknown */
  bool setup_written;       /* fuzzer_setup */
  sx_seeding_names msgs;    /* entries skipped since the last clear */
};

/* Records why an entry was skipped (dropped silently on OOM: the skip
** itself is what matters). */
static void note(sx_afl *afl, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *m = sx_vstrdupf(afl->ctx, fmt, ap);
  va_end(ap);
  if (m && !SX_PUSH(afl->ctx, afl->msgs, m)) sx_strfree(afl->ctx, m);
}

/* ---- sets ---- */

static void set_release(symx_ctx *ctx, set *s) {
  for (size_t i = 0; i < s->cap; i++) sx_strfree(ctx, s->tab[i].key);
  sx_free(ctx, s->tab, s->cap * sizeof *s->tab);
  memset(s, 0, sizeof *s);
}

static bool set_reserve(symx_ctx *ctx, set *s) {
  if ((s->count + 1) * 4 <= s->cap * 3) return true;
  size_t ncap = s->cap ? s->cap * 2 : 64;
  slot *t = sx_calloc(ctx, ncap * sizeof *t);
  if (!t) return false;
  for (size_t i = 0; i < s->cap; i++) {
    if (!s->tab[i].key) continue;
    size_t j = s->tab[i].hash & (ncap - 1);
    while (t[j].key) j = (j + 1) & (ncap - 1);
    t[j] = s->tab[i];
  }
  sx_free(ctx, s->tab, s->cap * sizeof *s->tab);
  s->tab = t;
  s->cap = ncap;
  return true;
}

/* Adds (hash, key, len), taking ownership of key (freed on failure). */
static bool set_add(symx_ctx *ctx, set *s, uint64_t hash, char *key, size_t len) {
  if (!set_reserve(ctx, s)) {
    sx_strfree(ctx, key);
    return false;
  }
  size_t j = hash & (s->cap - 1);
  while (s->tab[j].key) j = (j + 1) & (s->cap - 1);
  s->tab[j] = (slot){hash, key, len};
  s->count++;
  return true;
}

static bool taken(const sx_afl *afl, const char *key) {
  const set *s = &afl->taken;
  if (!s->cap) return false;
  uint64_t h = sx_hash_bytes(key, strlen(key));
  for (size_t j = h & (s->cap - 1); s->tab[j].key; j = (j + 1) & (s->cap - 1))
    if (s->tab[j].hash == h && !strcmp(s->tab[j].key, key)) return true;
  return false;
}

static bool take(sx_afl *afl, const char *instance, const char *file) {
  char *key = sx_strdupf(afl->ctx, "%s/%s", instance, file);
  if (!key) return false;
  if (taken(afl, key)) {
    sx_strfree(afl->ctx, key);
    return true;
  }
  afl->ntaken++;
  return set_add(afl->ctx, &afl->taken, sx_hash_bytes(key, strlen(key)), key, 0);
}

/* Whether dir/<a file of s with this hash and length> holds bytes. */
static bool content_known(sx_afl *afl, const set *s, const char *dir, const uint8_t *bytes,
                          size_t len, uint64_t h) {
  if (!s->cap) return false;
  for (size_t j = h & (s->cap - 1); s->tab[j].key; j = (j + 1) & (s->cap - 1)) {
    if (s->tab[j].hash != h || s->tab[j].len != len) continue;
    /* verify against the file: a 64-bit hash collision must not lose an input */
    char *path = sx_seeding_join(afl->ctx, dir, s->tab[j].key, "content_known");
    uint8_t *buf = NULL;
    size_t n = 0;
    bool same = false;
    if (path && sx_seeding_read(afl->ctx, path, SX_SEED_MAX_FILE, &buf, &n, "content_known") == SYMX_OK) {
      same = n == len && (!len || !memcmp(buf, bytes, len));
      sx_seeding_free_buf(afl->ctx, buf, n);
    }
    sx_strfree(afl->ctx, path);
    if (same) return true;
  }
  return false;
}

/* ---- open / close ---- */

static bool bad_name(const char *n) { return !*n || n[0] == '.' || strchr(n, '/'); }

/* Indexes the id:... files already in dir (our queue or crashes): ids and
** contents, so a restart resumes the counter and keeps deduplicating. Our
** own leftover temporary files (a writer killed mid-write) are removed. */
static int index_dir(sx_afl *afl, const char *dir, set *content, uint32_t *next, const char *func) {
  symx_ctx *ctx = afl->ctx;
  sx_seeding_names names = {0};
  int rc = sx_seeding_list(ctx, dir, false, true, &names, func);
  for (size_t i = 0; rc == SYMX_OK && i < SX_SIZE(names); i++) {
    const char *nm = SX_AT(names, i);
    char *path = sx_seeding_join(ctx, dir, nm, func);
    if (!path) {
      rc = SYMX_NOMEM;
      break;
    }
    sx_afl_name an;
    if (!strncmp(nm, ".symx-tmp.", 10)) {
      remove(path);
    } else if (nm[0] != '.' && sx_afl_name_parse(nm, &an, NULL, 0)) {
      if (an.id >= *next) *next = an.id == UINT32_MAX ? an.id : an.id + 1;
      uint8_t *buf;
      size_t len;
      if (sx_seeding_read(ctx, path, SX_SEED_MAX_FILE, &buf, &len, func) == SYMX_OK) {
        uint64_t h = sx_hash_bytes(buf, len);
        sx_seeding_free_buf(ctx, buf, len);
        char *key = sx_strdup(ctx, nm);
        if (!key || !set_add(ctx, content, h, key, len)) rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
      }
    }
    sx_strfree(ctx, path);
  }
  sx_seeding_names_release(ctx, &names);
  return rc;
}

sx_afl *sx_afl_open(symx_ctx *ctx, const char *sync_dir, const char *name, const char *func) {
  if (!ctx) return NULL;
  if (!sync_dir) sync_dir = sx_option_str(ctx, SX_OPT_afl_sync_dir);
  if (!name) name = sx_option_str(ctx, SX_OPT_afl_name);
  if (!*sync_dir) {
    sx_error(ctx, SYMX_MISUSE, func, "no sync directory (option afl_sync_dir is empty)");
    return NULL;
  }
  if (bad_name(name)) {
    sx_error(ctx, SYMX_MISUSE, func, "bad instance name \"%s\" (empty, starts with '.' or has '/')", name);
    return NULL;
  }
  sx_afl *afl = sx_calloc(ctx, sizeof *afl);
  if (!afl) {
    sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    return NULL;
  }
  afl->ctx = ctx;
  afl->sync = sx_strdup(ctx, sync_dir);
  afl->name = sx_strdup(ctx, name);
  afl->dir = sx_strdupf(ctx, "%s/%s", sync_dir, name);
  afl->queue = sx_strdupf(ctx, "%s/%s/queue", sync_dir, name);
  afl->crashes = sx_strdupf(ctx, "%s/%s/crashes", sync_dir, name);
  afl->start_time = (uint64_t)time(NULL);
  if (!afl->sync || !afl->name || !afl->dir || !afl->queue || !afl->crashes) {
    sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    goto fail;
  }
  if (sx_seeding_mkdirs(ctx, afl->queue, func) || sx_seeding_mkdirs(ctx, afl->crashes, func)) goto fail;
  if (index_dir(afl, afl->queue, &afl->queue_content, &afl->next_queue, func) ||
      index_dir(afl, afl->crashes, &afl->crash_content, &afl->next_crash, func))
    goto fail;
  return afl;
fail:
  sx_afl_close(afl);
  return NULL;
}

static void entries_clear(symx_ctx *ctx, sx_afl_entries *c) {
  for (sx_afl_entry *e = c->begin; e != c->end; e++) {
    sx_strfree(ctx, e->instance);
    sx_strfree(ctx, e->file);
  }
  SX_CLEAR(*c);
}

void sx_afl_close(sx_afl *afl) {
  if (!afl) return;
  symx_ctx *ctx = afl->ctx;
  entries_clear(ctx, &afl->cands);
  SX_RELEASE(ctx, afl->cands);
  set_release(ctx, &afl->taken);
  set_release(ctx, &afl->queue_content);
  set_release(ctx, &afl->crash_content);
  sx_strfree(ctx, afl->sync);
  sx_strfree(ctx, afl->name);
  sx_strfree(ctx, afl->dir);
  sx_strfree(ctx, afl->queue);
  sx_strfree(ctx, afl->crashes);
  sx_strfree(ctx, afl->cmdline);
  sx_seeding_names_release(ctx, &afl->msgs);
  sx_free(ctx, afl, sizeof *afl);
}

/* ---- import ---- */

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

int sx_afl_entry_cmp(const sx_afl_entry *a, const sx_afl_entry *b) {
  /* SymCC's helper scores by name text: "+cov" at the end, "orig:" inside */
  int ca = ends_with(a->file, "+cov"), cb = ends_with(b->file, "+cov");
  if (ca != cb) return ca - cb;
  int oa = strstr(a->file, "orig:") != NULL, ob = strstr(b->file, "orig:") != NULL;
  if (oa != ob) return oa - ob;
  if (a->size != b->size) return a->size < b->size ? 1 : -1;
  int c = strcmp(a->file, b->file);
  if (c) return c > 0 ? 1 : -1;
  c = strcmp(a->instance, b->instance);
  return c > 0 ? 1 : c < 0 ? -1 : 0;
}

/* Adds the untaken entries of instance's queue to the candidates. */
static int scan_instance(sx_afl *afl, const char *instance, const char *func) {
  symx_ctx *ctx = afl->ctx;
  char *q = sx_strdupf(ctx, "%s/%s/queue", afl->sync, instance);
  if (!q) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  int rc = SYMX_OK;
  if (!sx_seeding_is_dir(q)) goto done;
  sx_seeding_names names = {0};
  if (sx_seeding_list(ctx, q, true, true, &names, func) != SYMX_OK) {
    /* an instance that vanished or is unreadable is not our error */
    rc = ctx->errcode == SYMX_NOMEM ? SYMX_NOMEM : SYMX_OK;
    sx_seeding_names_release(ctx, &names);
    goto done;
  }
  for (size_t i = 0; rc == SYMX_OK && i < SX_SIZE(names); i++) {
    const char *nm = SX_AT(names, i);
    char *key = sx_strdupf(ctx, "%s/%s", instance, nm);
    if (!key) {
      rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
      break;
    }
    bool skip = taken(afl, key);
    sx_strfree(ctx, key);
    if (skip) continue;
    sx_afl_entry e = {0};
    char why[96];
    if (!sx_afl_name_parse(nm, &e.name, why, sizeof why)) { /* AFL's sync skips them too */
      if (!take(afl, instance, nm)) rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
      note(afl, "%s/queue/%s: not an AFL entry name (%s): skipped", instance, nm, why);
      continue;
    }
    if (!strcmp(e.name.sync, afl->name)) { /* AFL imported it from us */
      if (!take(afl, instance, nm)) rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
      continue;
    }
    char *path = sx_seeding_join(ctx, q, nm, func);
    int64_t size = path ? sx_seeding_file_size(path) : -1;
    sx_strfree(ctx, path);
    if (size <= 0) { /* empty or vanished: AFL ignores empty files too */
      if (size == 0 && !take(afl, instance, nm)) rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
      continue;
    }
    e.size = (uint64_t)size;
    e.instance = sx_strdup(ctx, instance);
    e.file = sx_strdup(ctx, nm);
    if (!e.instance || !e.file || !SX_PUSH(ctx, afl->cands, e)) {
      sx_strfree(ctx, e.instance);
      sx_strfree(ctx, e.file);
      rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    }
  }
  sx_seeding_names_release(ctx, &names);
done:
  sx_strfree(ctx, q);
  return rc;
}

int sx_afl_pick(sx_afl *afl, const sx_afl_entry **best, const char *func) {
  symx_ctx *ctx = afl->ctx;
  *best = NULL;
  entries_clear(ctx, &afl->cands);
  sx_seeding_names inst = {0};
  int rc = sx_seeding_list(ctx, afl->sync, true, false, &inst, func);
  for (size_t i = 0; rc == SYMX_OK && i < SX_SIZE(inst); i++)
    if (strcmp(SX_AT(inst, i), afl->name)) rc = scan_instance(afl, SX_AT(inst, i), func);
  sx_seeding_names_release(ctx, &inst);
  if (rc) return rc;
  for (sx_afl_entry *e = afl->cands.begin; e != afl->cands.end; e++)
    if (!*best || sx_afl_entry_cmp(e, *best) > 0) *best = e;
  return SYMX_OK;
}

int sx_afl_next(sx_afl *afl, const char *input, sx_assign **out, int64_t *id, const char *func) {
  symx_ctx *ctx = afl->ctx;
  *out = NULL;
  if (id) *id = -1;
  for (;;) {
    const sx_afl_entry *e;
    int rc = sx_afl_pick(afl, &e, func);
    if (rc) return rc;
    if (!e) {
      symx_errclear(ctx); /* files skipped on the way are not the caller's error */
      return SYMX_OK;
    }
    if (!take(afl, e->instance, e->file)) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    char *path = sx_strdupf(ctx, "%s/%s/queue/%s", afl->sync, e->instance, e->file);
    if (!path) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    uint8_t *buf;
    size_t len;
    rc = sx_seeding_read(ctx, path, SX_SEED_MAX_FILE, &buf, &len, func);
    sx_strfree(ctx, path);
    if (rc == SYMX_NOMEM) return rc;
    if (rc) { /* vanished or unreadable: try the next one */
      note(afl, "%s/queue/%s: %s: skipped", e->instance, e->file, symx_errmsg(ctx));
      continue;
    }
    sx_assign *a = symx_assign_new(ctx);
    if (!a || symx_assign_set(a, input, buf, len) != SYMX_OK) {
      symx_assign_free(a);
      sx_seeding_free_buf(ctx, buf, len);
      return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    }
    sx_seeding_free_buf(ctx, buf, len);
    if (id) *id = (int64_t)e->name.id;
    SX_INC(ctx, afl_imported);
    afl->nimported++;
    *out = a;
    symx_errclear(ctx); /* skipped files are not the caller's error */
    return SYMX_OK;
  }
}

/* ---- export ---- */

static const char crash_readme[] =
    "Command line used to find these crashes:\n\n%s\n\n"
    "These inputs were produced by libsymx (symbolic execution) as a peer of\n"
    "AFL in this sync directory. Each file is one crashing input; the name\n"
    "says its id and, after src:, the id of the input it was derived from.\n";

int sx_afl_write(sx_afl *afl, bool crash, const uint8_t *bytes, size_t len, int64_t parent,
                 int64_t *id, const char *func) {
  symx_ctx *ctx = afl->ctx;
  if (id) *id = -1;
  if (len && !bytes) return sx_error(ctx, SYMX_MISUSE, func, "NULL bytes with length %zu", len);
  const char *dir = crash ? afl->crashes : afl->queue;
  set *content = crash ? &afl->crash_content : &afl->queue_content;
  uint32_t *next = crash ? &afl->next_crash : &afl->next_queue;
  uint64_t h = sx_hash_bytes(bytes, len);
  if (content_known(afl, content, dir, bytes, len, h)) return SYMX_OK;
  if (*next == UINT32_MAX) return sx_error(ctx, SYMX_RANGE, func, "AFL id space exhausted");
  char name[96];
  int n = snprintf(name, sizeof name, "id:%06u%s", *next, crash ? ",sig:06" : "");
  if (parent >= 0) snprintf(name + n, sizeof name - (size_t)n, ",src:%06lld", (long long)parent);
  if (crash && afl->next_crash == 0) {
    char *p = sx_seeding_join(ctx, dir, "README.txt", func);
    if (!p) return SYMX_NOMEM;
    bool have = sx_seeding_file_size(p) >= 0;
    sx_strfree(ctx, p);
    if (!have) {
      char *text = sx_strdupf(ctx, crash_readme, afl->cmdline ? afl->cmdline : "(unknown)");
      if (!text) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
      int rc = sx_seeding_write_atomic(ctx, dir, "README.txt", text, strlen(text), func);
      sx_strfree(ctx, text);
      if (rc) return rc;
    }
  }
  int rc = sx_seeding_write_atomic(ctx, dir, name, bytes ? bytes : (const uint8_t *)"", len, func);
  if (rc) return rc;
  char *key = sx_strdup(ctx, name);
  if (!key || !set_add(ctx, content, h, key, len)) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  if (id) *id = *next;
  (*next)++;
  if (crash) afl->last_crash = (uint64_t)time(NULL);
  else afl->last_find = (uint64_t)time(NULL);
  SX_INC(ctx, afl_written);
  return SYMX_OK;
}

/* fuzzer_setup, as afl-fuzz writes it (once): how the instance was run. */
static int write_setup(sx_afl *afl, const char *func) {
  char *text = sx_strdupf(afl->ctx, "# environment variables:\n# command line:\n%s\n",
                                 afl->cmdline ? afl->cmdline : "");
  if (!text) return sx_error(afl->ctx, SYMX_NOMEM, func, "out of memory");
  int rc = sx_seeding_write_atomic(afl->ctx, afl->dir, "fuzzer_setup", text, strlen(text), func);
  sx_strfree(afl->ctx, text);
  if (rc == SYMX_OK) afl->setup_written = true;
  return rc;
}

/* The fields afl-whatsup and afl-plot read, under AFL++'s names and AFL
** 2's (paths_*, unique_*). */
static char *stats_text(sx_afl *afl, uint64_t execs, uint64_t corpus) {
  uint64_t now = (uint64_t)time(NULL);
  uint64_t run = now > afl->start_time ? now - afl->start_time : 0;
  size_t pending = SX_SIZE(afl->cands);
  double cvg = afl->map_size ? 100.0 * (double)afl->edges / (double)afl->map_size : 0.0;
  return sx_strdupf(
      afl->ctx,
      "start_time        : %llu\nlast_update       : %llu\nrun_time          : %llu\n"
      "fuzzer_pid        : %ld\ncycles_done       : 0\n"
      "cycles_wo_finds   : 0\n"
      "execs_done        : %llu\nexecs_per_sec     : %.2f\n"
      "corpus_count      : %llu\ncorpus_favored    : 0\ncorpus_found      : %u\n"
      "corpus_imported   : %llu\ncur_item          : %llu\npending_favs      : 0\n"
      "pending_total     : %zu\nbitmap_cvg        : %.2f%%\nedges_found       : %llu\n"
      "total_edges       : %llu\nsaved_crashes     : %u\nsaved_hangs       : 0\n"
      "last_find         : %llu\nlast_crash        : %llu\nlast_hang         : 0\n"
      "exec_timeout      : 0\npaths_total       : %llu\npaths_found       : %u\n"
      "paths_imported    : %llu\nunique_crashes    : %u\nunique_hangs      : 0\n"
      "afl_banner        : %s\nafl_version       : libsymx-%s\ntarget_mode       : symbolic\n"
      "command_line      : %s\n",
      (unsigned long long)afl->start_time, (unsigned long long)now, (unsigned long long)run,
      (long)getpid(), (unsigned long long)execs, run ? (double)execs / (double)run : 0.0,
      (unsigned long long)corpus, afl->next_queue, (unsigned long long)afl->nimported,
      (unsigned long long)afl->nimported, pending, cvg, (unsigned long long)afl->edges,
      (unsigned long long)afl->map_size, afl->next_crash, (unsigned long long)afl->last_find,
      (unsigned long long)afl->last_crash, (unsigned long long)corpus, afl->next_queue,
      (unsigned long long)afl->nimported, afl->next_crash, afl->name, SYMX_VERSION,
      afl->cmdline ? afl->cmdline : "");
}

int sx_afl_update_stats(sx_afl *afl, uint64_t execs_done, const char *command_line, const char *func) {
  symx_ctx *ctx = afl->ctx;
  if (command_line) {
    char *c = sx_strdup(ctx, command_line);
    if (!c) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    sx_strfree(ctx, afl->cmdline);
    afl->cmdline = c;
    if (write_setup(afl, func)) return ctx->errcode;
  }
  /* the corpus: our queue and the entries taken; afl-whatsup divides by
  ** it and by execs_done, so neither may be 0 in the file */
  uint64_t corpus = (uint64_t)afl->next_queue + afl->nimported;
  if (!execs_done || !corpus) return SYMX_OK;
  char *text = stats_text(afl, execs_done, corpus);
  if (!text) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  int rc = sx_seeding_write_atomic(ctx, afl->dir, "fuzzer_stats", text, strlen(text), func);
  sx_strfree(ctx, text);
  return rc;
}

void sx_afl_set_coverage(sx_afl *afl, uint64_t edges, uint64_t map_size) {
  afl->edges = edges;
  afl->map_size = map_size;
}

uint64_t sx_afl_taken_count(const sx_afl *afl) { return afl ? afl->ntaken : 0; }

/* ---- public ---- */

symx_afl *symx_afl_open(symx_ctx *ctx, const char *sync_dir, const char *name) {
  return sx_afl_open(ctx, sync_dir, name, __func__);
}

void symx_afl_close(symx_afl *afl) { sx_afl_close(afl); }

int symx_afl_next_seed(symx_afl *afl, const char *input, symx_assign **out, int64_t *id) {
  if (out) *out = NULL;
  if (!afl) return SYMX_MISUSE;
  if (!input || !*input || !out) return sx_error(afl->ctx, SYMX_MISUSE, __func__, "NULL input name or out");
  return sx_afl_next(afl, input, out, id, __func__);
}

int symx_afl_write_input(symx_afl *afl, const uint8_t *bytes, size_t len, int64_t parent, int64_t *id) {
  if (!afl) return SYMX_MISUSE;
  return sx_afl_write(afl, false, bytes, len, parent, id, __func__);
}

int symx_afl_write_crash(symx_afl *afl, const uint8_t *bytes, size_t len, int64_t parent, int64_t *id) {
  if (!afl) return SYMX_MISUSE;
  return sx_afl_write(afl, true, bytes, len, parent, id, __func__);
}

int symx_afl_update_stats(symx_afl *afl, uint64_t execs_done, const char *command_line) {
  if (!afl) return SYMX_MISUSE;
  return sx_afl_update_stats(afl, execs_done, command_line, __func__);
}

int symx_afl_set_coverage(symx_afl *afl, uint64_t edges_found, uint64_t total_edges) {
  if (!afl) return SYMX_MISUSE;
  if (edges_found > total_edges)
    return sx_error(afl->ctx, SYMX_MISUSE, __func__, "edges_found %llu > total_edges %llu",
                    (unsigned long long)edges_found, (unsigned long long)total_edges);
  sx_afl_set_coverage(afl, edges_found, total_edges);
  return SYMX_OK;
}

size_t symx_afl_message_count(const symx_afl *afl) { return afl ? SX_SIZE(afl->msgs) : 0; }

const char *symx_afl_message(const symx_afl *afl, size_t i) {
  return afl && i < SX_SIZE(afl->msgs) ? SX_AT(afl->msgs, i) : NULL;
}

void symx_afl_messages_clear(symx_afl *afl) {
  if (!afl) return;
  for (size_t i = 0; i < SX_SIZE(afl->msgs); i++) sx_strfree(afl->ctx, SX_AT(afl->msgs, i));
  SX_CLEAR(afl->msgs);
}
