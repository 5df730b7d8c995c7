/*
** clog.c — the constraint log of a concolic run: entries in run order,
** their path hash, the public accessors, and the log as an SMT-LIB2 script
** (metadata in comments) read back by the SMT-LIB2 reader.
*/
#include "concolic.h"
#include "alloc.h"
#include "error.h"
#include "hash.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {"branch",  "division",   "bounds", "assertion",
                                         "pointer", "concretize", "assume"};
#define NKINDS (sizeof kind_names / sizeof *kind_names)

const char *symx_ck_kind_name(symx_ck_kind k) {
  return (unsigned)k < NKINDS ? kind_names[k] : NULL;
}

int sx_clog_push(sx_clog *l, sx_expr *cond, bool taken, uint8_t kind, uint64_t site,
                 uint32_t tags) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 16;
    sx_cc_entry *e = sx_realloc(l->ctx, l->e, l->cap * sizeof *e, cap * sizeof *e);
    if (!e) return SYMX_NOMEM;
    l->e = e;
    l->cap = cap;
  }
  cond->refs++;
  l->e[l->n] = (sx_cc_entry){cond, site, (uint32_t)l->n, tags, kind, taken};
  l->n++;
  return SYMX_OK;
}

void sx_clog_clear(sx_clog *l) {
  for (size_t i = 0; i < l->n; i++) sx_expr_release_nonnull(l->e[i].cond);
  sx_free(l->ctx, l->e, l->cap * sizeof *l->e);
  l->e = NULL;
  l->n = l->cap = 0;
}

uint64_t sx_clog_path_hash(const sx_clog *l) {
  uint64_t h = 0x5a17;
  for (size_t i = 0; i < l->n; i++) h = sx_hash_mix(sx_hash_mix(h, l->e[i].site), l->e[i].taken);
  return h ? h : 1; /* 0 marks an empty slot of the seen set */
}

sx_expr *sx_clog_literal(symx_ctx *ctx, const sx_cc_entry *e, bool negated) {
  bool neg = (e->taken != 0) == negated; /* taken and not negated: cond itself */
  return sx_state_literal(ctx, e->cond, neg);
}

size_t symx_clog_count(const symx_clog *l) { return l ? l->n : 0; }

int symx_clog_get(const symx_clog *l, size_t i, symx_centry *out) {
  if (!l || !out) return SYMX_MISUSE;
  if (i >= l->n) return sx_error(l->ctx, SYMX_RANGE, __func__, "entry %zu of a log of %zu", i, l->n);
  const sx_cc_entry *e = &l->e[i];
  *out = (symx_centry){e->order, e->site, (symx_ck_kind)e->kind, e->tags, e->taken, e->cond};
  return SYMX_OK;
}

void symx_clog_free(symx_clog *l) {
  if (!l) return;
  symx_ctx *ctx = l->ctx;
  sx_clog_clear(l);
  sx_free(ctx, l, sizeof *l);
}

/* The script's text for the literals, with a comment before each assert. */
static char *annotate(const sx_clog *l, const char *script) {
  size_t len = strlen(script), cap = len + l->n * 64 + 1;
  char *out = sx_alloc(l->ctx, cap);
  if (!out) return NULL;
  size_t k = 0, i = 0;
  for (const char *p = script; *p;) {
    const char *eol = strchr(p, '\n');
    size_t n = eol ? (size_t)(eol - p) + 1 : strlen(p);
    if (!strncmp(p, "(assert", 7) && i < l->n) {
      const sx_cc_entry *e = &l->e[i++];
      k += (size_t)snprintf(out + k, cap - k, "; clog %" PRIu32 " %" PRIu64 " %s %" PRIu32 " %d\n",
                            e->order, e->site, kind_names[e->kind], e->tags, e->taken);
    }
    memcpy(out + k, p, n);
    k += n;
    p += n;
  }
  out[k] = 0;
  char *res = sx_strdup(l->ctx, out);
  sx_free(l->ctx, out, cap);
  return res;
}

char *symx_clog_smt2(const symx_clog *l) {
  if (!l) return NULL;
  symx_ctx *ctx = l->ctx;
  sx_expr **cs = sx_calloc(ctx, (l->n ? l->n : 1) * sizeof *cs);
  char *text = NULL, *script = NULL;
  bool ok = cs != NULL;
  for (size_t i = 0; ok && i < l->n; i++) ok = (cs[i] = sx_clog_literal(ctx, &l->e[i], false)) != NULL;
  /* one assert per entry: the printer keeps them in order */
  if (ok) script = symx_smt2_query(ctx, cs, l->n);
  if (script) text = annotate(l, script);
  for (size_t i = 0; cs && i < l->n; i++) symx_expr_release(cs[i]);
  if (cs) sx_free(ctx, cs, (l->n ? l->n : 1) * sizeof *cs);
  symx_string_free(ctx, script);
  if (!text && symx_errcode(ctx) == SYMX_OK) sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  return text;
}

/* Metadata line "; clog ORDER SITE KIND TAGS TAKEN" into e (cond unset). */
static bool parse_meta(const char *p, sx_cc_entry *e) {
  char kind[16];
  unsigned order, tags;
  uint64_t site;
  int taken;
  if (sscanf(p, "; clog %u %" SCNu64 " %15s %u %d", &order, &site, kind, &tags, &taken) != 5)
    return false;
  for (size_t k = 0; k < NKINDS; k++)
    if (!strcmp(kind, kind_names[k])) {
      *e = (sx_cc_entry){NULL, site, order, tags, (uint8_t)k, (uint8_t)(taken != 0)};
      return taken == 0 || taken == 1;
    }
  return false;
}

/* The entries' metadata, in order; *n of them. */
static int read_meta(symx_ctx *ctx, const char *text, size_t len, sx_cc_entry **out, size_t *n,
                     size_t *capp) {
  size_t line = 1;
  size_t cap = 0;
  *out = NULL;
  *n = 0;
  for (size_t i = 0; i < len; line++) {
    const char *p = text + i;
    const char *eol = memchr(p, '\n', len - i);
    size_t ll = eol ? (size_t)(eol - p) : len - i;
    if (ll >= 7 && !strncmp(p, "; clog ", 7)) {
      char buf[160];
      size_t k = ll < sizeof buf - 1 ? ll : sizeof buf - 1;
      memcpy(buf, p, k);
      buf[k] = 0;
      if (*n == cap) {
        size_t nc = cap ? 2 * cap : 16;
        sx_cc_entry *e = sx_realloc(ctx, *out, cap * sizeof *e, nc * sizeof *e);
        if (!e) return sx_error(ctx, SYMX_NOMEM, "symx_clog_parse", "out of memory");
        *out = e;
        *capp = cap = nc;
      }
      if (!parse_meta(buf, &(*out)[*n]))
        return sx_error(ctx, SYMX_PARSE, "symx_clog_parse", "line %zu: malformed \"; clog\" comment", line);
      (*n)++;
    }
    i += ll + 1;
  }
  return SYMX_OK;
}

/* Entry i's cond from its asserted literal: a taken = 0 entry asserts !cond. */
static sx_expr *cond_of(symx_ctx *ctx, sx_expr *lit, bool taken) {
  return taken ? symx_expr_retain(lit) : symx_bool_not(ctx, lit);
}

symx_clog *symx_clog_parse(symx_ctx *ctx, const char *text, size_t len) {
  if (!ctx) return NULL;
  if (!text) {
    SX_MISUSE(ctx, "NULL text");
    return NULL;
  }
  sx_cc_entry *meta;
  size_t n, cap = 0;
  symx_clog *l = NULL;
  symx_smt2 *s = NULL;
  if (read_meta(ctx, text, len, &meta, &n, &cap) != SYMX_OK) goto out;
  s = symx_smt2_parse(ctx, text, len, "clog");
  if (!s) goto out;
  l = sx_calloc(ctx, sizeof *l);
  if (!l) goto done;
  l->ctx = ctx;
  size_t k = 0;
  for (size_t i = 0; i < symx_smt2_count(s); i++) {
    if (symx_smt2_kind(s, i) != SYMX_SMT2_ASSERT) continue;
    if (k >= n) break;
    sx_expr *c = cond_of(ctx, symx_smt2_expr(s, i, 0), meta[k].taken);
    if (!c || sx_clog_push(l, c, meta[k].taken, meta[k].kind, meta[k].site, meta[k].tags) != SYMX_OK) {
      symx_expr_release(c);
      goto fail;
    }
    symx_expr_release(c);
    l->e[k].order = meta[k].order;
    k++;
  }
  if (k == n) goto done;
  sx_error(ctx, SYMX_PARSE, __func__, "%zu \"; clog\" comments but %zu asserts", n, k);
fail:
  if (symx_errcode(ctx) == SYMX_OK) sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  symx_clog_free(l);
  l = NULL;
done:
  symx_smt2_free(s);
out:
  sx_free(ctx, meta, cap * sizeof *meta);
  return l;
}
