/*
** acache_int.h — the α-renamed cache's structure, shared by its table
** (acache.c) and its directory (adisk.c).
*/
#ifndef SX_ACACHE_INT_H
#define SX_ACACHE_INT_H

#include "concolic.h"
#include "alloc.h"
#include "expr/strbuf.h"

typedef struct sx_ac_entry {
  struct sx_ac_entry *next; /* bucket chain */
  char *text;               /* canonical text (owned, len + 1 bytes) */
  size_t len;
  uint64_t hash;
  uint8_t *vals;            /* SAT: the value of v0, v1, ... (owned); UNSAT: NULL */
  uint32_t nvars;
  bool sat;
} sx_ac_entry;

typedef struct sx_ac_vis {
  const sx_expr *e;
  uint32_t num;
} sx_ac_vis;

typedef SX_STACK(sx_expr *) sx_ac_stack;

struct sx_acache {
  symx_ctx *ctx;
  char *dir;              /* "" = memory only (owned) */
  char *key;              /* the program's identity (owned) */
  size_t max;
  sx_ac_entry **buckets;
  size_t nbuckets, count;
  sx_ac_entry **fifo;     /* entries, oldest first, as a ring */
  size_t fhead, fcap;
  char note[512];
  /* scratch of one canonicalisation */
  sx_sb text;
  sx_key *vars;           /* v_j's (input id, byte) */
  size_t nvars, capvars;
  sx_ac_vis *vis;
  size_t vcap, nnodes;
  sx_ac_stack stack;
};

SX_INTERNAL sx_ac_entry *sx_ac_find(sx_acache *ac, const char *text, size_t len, uint64_t h);
/* Adds an entry (takes vals; copies text), evicting the oldest when full. */
SX_INTERNAL int sx_ac_add(sx_acache *ac, const char *text, size_t len, uint64_t h, bool sat,
                          uint8_t *vals, uint32_t nvars);

/* atable.c: an empty in-memory cache (NULL on OOM), and its end. */
SX_INTERNAL sx_acache *sx_ac_new(symx_ctx *ctx, const char *dir, const char *key, int64_t max);
SX_INTERNAL void sx_ac_free(sx_acache *ac);
/* Drops every entry. */
SX_INTERNAL void sx_ac_clear(sx_acache *ac);

#endif
