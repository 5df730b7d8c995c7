/*
** teststore.c — the numbering, deduplicating sink the engine emits into
** (see teststore.h).
*/
#include "teststore.h"
#include "error.h"
#include "io.h"

typedef struct seen {
  uint64_t hash;
  sx_assign *a; /* an owned copy, compared on hash hits */
} seen;

struct sx_teststore {
  symx_ctx *ctx;
  char *dir; /* owned; "" = write nothing */
  unsigned formats;
  bool dir_made;
  uint32_t next; /* number of the next test (1-based) */
  uint64_t dups;
  seen *tab; /* open addressing, power-of-two size, a == NULL empty */
  size_t cap, count;
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
  s->next = 1;
  return s;
}

void sx_teststore_free(sx_teststore *s) {
  if (!s) return;
  symx_ctx *ctx = s->ctx;
  for (size_t i = 0; i < s->cap; i++) symx_assign_free(s->tab[i].a);
  sx_free(ctx, s->tab, s->cap * sizeof *s->tab);
  sx_strfree(ctx, s->dir);
  sx_free(ctx, s, sizeof *s);
}

static bool grow(sx_teststore *s) {
  size_t ncap = s->cap ? s->cap * 2 : 64;
  seen *t = sx_calloc(s->ctx, ncap * sizeof *t);
  if (!t) return false;
  for (size_t i = 0; i < s->cap; i++) {
    if (!s->tab[i].a) continue;
    size_t j = s->tab[i].hash & (ncap - 1);
    while (t[j].a) j = (j + 1) & (ncap - 1);
    t[j] = s->tab[i];
  }
  sx_free(s->ctx, s->tab, s->cap * sizeof *s->tab);
  s->tab = t;
  s->cap = ncap;
  return true;
}

int sx_teststore_emit(sx_teststore *s, const sx_assign *a, const sx_test_meta *m, uint32_t *number) {
  const char *func = "sx_teststore_emit";
  if (number) *number = 0;
  if (!s) return SYMX_MISUSE;
  symx_ctx *ctx = s->ctx;
  if (!a) return sx_error(ctx, SYMX_MISUSE, func, "NULL assignment");
  uint64_t h = sx_assign_hash(a);
  size_t slot = 0;
  if (s->cap) {
    for (slot = h & (s->cap - 1); s->tab[slot].a; slot = (slot + 1) & (s->cap - 1))
      if (s->tab[slot].hash == h && sx_assign_equal(s->tab[slot].a, a)) {
        s->dups++;
        return SYMX_OK;
      }
  }
  if (s->next == UINT32_MAX) return sx_error(ctx, SYMX_RANGE, func, "too many test cases");
  if ((s->count + 1) * 4 > s->cap * 3) { /* load factor 3/4 */
    if (!grow(s)) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    for (slot = h & (s->cap - 1); s->tab[slot].a; slot = (slot + 1) & (s->cap - 1)) {
    }
  }
  sx_assign *copy = symx_assign_copy(a);
  if (!copy) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  if (*s->dir && s->formats) {
    int rc = SYMX_OK;
    if (!s->dir_made) {
      rc = sx_seeding_mkdirs(ctx, s->dir, func);
      s->dir_made = rc == SYMX_OK;
    }
    if (rc == SYMX_OK) rc = sx_testcase_write(ctx, s->dir, s->next, s->formats, a, m, func);
    if (rc) {
      symx_assign_free(copy);
      return rc;
    }
  }
  s->tab[slot] = (seen){h, copy};
  s->count++;
  if (number) *number = s->next;
  s->next++;
  return SYMX_OK;
}

uint32_t sx_teststore_written(const sx_teststore *s) { return s ? s->next - 1 : 0; }
uint64_t sx_teststore_duplicates(const sx_teststore *s) { return s ? s->dups : 0; }
