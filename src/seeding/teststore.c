/*
** teststore.c — the one store of a run's test cases (see teststore.h):
** records in number order, an index over them by input hash for
** deduplication, and the writers called once per new record.
*/
#include "teststore.h"
#include "error.h"
#include "io.h"

struct sx_teststore {
  symx_ctx *ctx;
  char *dir; /* owned; "" = write nothing */
  unsigned formats;
  bool dir_made;
  uint64_t dups;
  SX_STACK(sx_testrec) recs;
  uint32_t *index; /* open addressing by hash, power-of-two size: i + 1, 0 = empty */
  size_t cap;
};

sx_teststore *sx_teststore_new(symx_ctx *ctx, const char *dir, const char *formats) {
  if (!ctx) return NULL;
  const char *func = "sx_teststore_new";
  if (!dir) dir = sx_option_str(ctx, SX_OPT_output_dir);
  if (!formats) formats = sx_option_str(ctx, SX_OPT_test_formats);
  unsigned f;
  if (sx_testcase_formats_parse(ctx, formats, &f, func)) return NULL;
  sx_teststore *s = sx_calloc(ctx, sizeof *s);
  if (s) s->dir = sx_strdup(ctx, dir);
  if (!s || !s->dir) {
    if (s) sx_free(ctx, s, sizeof *s);
    sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    return NULL;
  }
  s->ctx = ctx;
  s->formats = f;
  return s;
}

static void rec_free(symx_ctx *ctx, sx_testrec *r) {
  symx_assign_free(r->inputs);
  sx_strfree(ctx, r->message);
  sx_strfree(ctx, r->location);
}

void sx_teststore_free(sx_teststore *s) {
  if (!s) return;
  symx_ctx *ctx = s->ctx;
  for (sx_testrec *r = s->recs.begin; r < s->recs.end; r++) rec_free(ctx, r);
  SX_RELEASE(ctx, s->recs);
  sx_free(ctx, s->index, s->cap * sizeof *s->index);
  sx_strfree(ctx, s->dir);
  sx_free(ctx, s, sizeof *s);
}

/* The record of input a (hash h), or NULL. */
static sx_testrec *find(const sx_teststore *s, const sx_assign *a, uint64_t h) {
  if (!s->cap) return NULL;
  size_t m = s->cap - 1;
  for (size_t i = h & m; s->index[i]; i = (i + 1) & m) {
    sx_testrec *r = &s->recs.begin[s->index[i] - 1];
    if (r->hash == h && sx_assign_equal(r->inputs, a)) return r;
  }
  return NULL;
}

static void put(uint32_t *index, size_t cap, uint64_t h, size_t i) {
  size_t j = h & (cap - 1);
  while (index[j]) j = (j + 1) & (cap - 1);
  index[j] = (uint32_t)i + 1;
}

/* Room in the index and the records for one more (load factor 1/2). */
static bool reserve(sx_teststore *s) {
  size_t n = SX_SIZE(s->recs);
  if (!SX_RESERVE1(s->ctx, s->recs)) return false;
  if ((n + 1) * 2 <= s->cap) return true;
  size_t ncap = s->cap ? s->cap * 2 : 64;
  uint32_t *t = sx_calloc(s->ctx, ncap * sizeof *t);
  if (!t) return false;
  for (size_t i = 0; i < n; i++) put(t, ncap, s->recs.begin[i].hash, i);
  sx_free(s->ctx, s->index, s->cap * sizeof *s->index);
  s->index = t;
  s->cap = ncap;
  return true;
}

static int write_files(sx_teststore *s, uint32_t number, const sx_assign *a,
                       const sx_test_meta *m, const char *func) {
  if (!*s->dir || !s->formats) return SYMX_OK;
  if (!s->dir_made) {
    int rc = sx_seeding_mkdirs(s->ctx, s->dir, func);
    if (rc != SYMX_OK) return rc;
    s->dir_made = true;
  }
  return sx_testcase_write(s->ctx, s->dir, number, s->formats, a, m, func);
}

int sx_teststore_add(sx_teststore *s, sx_assign *a, const sx_test_meta *m,
                     const sx_testrec **rec, bool *dup, const char *func) {
  *rec = NULL;
  *dup = false;
  if (!s) {
    symx_assign_free(a);
    return SYMX_MISUSE;
  }
  symx_ctx *ctx = s->ctx;
  if (!a) return sx_error(ctx, SYMX_MISUSE, func, "NULL assignment");
  static const sx_test_meta none = {0};
  if (!m) m = &none;
  uint64_t h = sx_assign_hash(a);
  sx_testrec *old = find(s, a, h);
  if (old) {
    s->dups++;
    SX_INC(ctx, tests_duplicate);
    symx_assign_free(a);
    *rec = old;
    *dup = true;
    return SYMX_OK;
  }
  size_t n = SX_SIZE(s->recs);
  if (n + 1 >= UINT32_MAX) {
    symx_assign_free(a);
    return sx_error(ctx, SYMX_RANGE, func, "too many test cases");
  }
  sx_testrec r = {a, NULL, NULL, m->path_id, h, (uint32_t)n + 1, m->depth, (uint8_t)m->reason,
                  (uint8_t)m->kind};
  /* everything that can fail before the files: a written number is kept */
  if ((m->message && !(r.message = sx_strdup(ctx, m->message))) ||
      (m->location && !(r.location = sx_strdup(ctx, m->location))) || !reserve(s)) {
    rec_free(ctx, &r);
    return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  }
  int rc = write_files(s, r.number, a, m, func);
  if (rc != SYMX_OK) {
    rec_free(ctx, &r);
    return rc;
  }
  *s->recs.end++ = r;
  put(s->index, s->cap, h, n);
  SX_INC(ctx, tests);
  *rec = &s->recs.end[-1];
  return SYMX_OK;
}

size_t sx_teststore_count(const sx_teststore *s) { return s ? SX_SIZE(s->recs) : 0; }

const sx_testrec *sx_teststore_get(const sx_teststore *s, size_t i) {
  return s && i < SX_SIZE(s->recs) ? &s->recs.begin[i] : NULL;
}

uint64_t sx_teststore_duplicates(const sx_teststore *s) { return s ? s->dups : 0; }
