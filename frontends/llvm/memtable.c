/*
** memtable.c — the memory of one path: a table of objects indexed by id,
** shared copy-on-write between forked paths at two levels (the table, and
** each object), so a fork costs two reference-count increments.
*/
#include "sxl.h"

#include <stdlib.h>
#include <string.h>

sxl_mem *sxl_mem_new(void) {
  sxl_mem *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->refs = 1;
  m->n = 1; /* id 0 is the null page */
  m->cap = 64;
  m->objs = calloc(m->cap, sizeof *m->objs);
  if (!m->objs) {
    free(m);
    return NULL;
  }
  return m;
}

void sxl_obj_release(sxl_obj *o) {
  if (!o || --o->refs) return;
  sxl_shadow_drop(o);
  symx_expr_release(o->arr);
  free(o);
}

void sxl_mem_release(sxl_mem *m) {
  if (!m || --m->refs) return;
  for (uint32_t i = 0; i < m->n; i++) sxl_obj_release(m->objs[i]);
  free(m->objs);
  free(m->freeids);
  free(m);
}

sxl_mem *sxl_mem_own(sxl_mem **pm) {
  sxl_mem *m = *pm;
  if (m->refs == 1) return m;
  sxl_mem *c = malloc(sizeof *c);
  if (!c) return NULL;
  *c = *m;
  c->refs = 1;
  /* as large as the contents: each pending state keeps one such copy */
  c->cap = m->n ? m->n : 1;
  c->objs = malloc(c->cap * sizeof *c->objs);
  c->freeids = NULL;
  c->capfree = 0;
  if (c->objs && m->nfree) {
    c->capfree = m->nfree;
    c->freeids = malloc(m->nfree * sizeof *c->freeids);
  }
  if (!c->objs || (m->nfree && !c->freeids)) {
    free(c->objs);
    free(c);
    return NULL;
  }
  memcpy(c->objs, m->objs, m->n * sizeof *c->objs);
  for (uint32_t i = 0; i < c->n; i++)
    if (c->objs[i]) c->objs[i]->refs++;
  if (m->nfree) memcpy(c->freeids, m->freeids, m->nfree * sizeof *c->freeids);
  m->refs--;
  *pm = c;
  return c;
}

static sxl_obj *obj_new(int kind, uint64_t size) {
  /* Bytes live right after the header: one allocation per object. */
  sxl_obj *o = malloc(sizeof *o + (size ? size : 1));
  if (!o) return NULL;
  memset(o, 0, sizeof *o);
  o->refs = 1;
  o->kind = (uint8_t)kind;
  o->size = size;
  o->bytes = (uint8_t *)(o + 1);
  return o;
}

uint32_t sxl_mem_alloc(sxl_mem **pm, int kind, uint64_t size, uint32_t loc, int reuse) {
  if (size > 0xFFFFFFFFull) return 0;
  sxl_mem *m = sxl_mem_own(pm);
  if (!m) return 0;
  sxl_obj *o = obj_new(kind, size);
  if (!o) return 0;
  o->loc = loc;
  uint32_t id;
  if (reuse && m->nfree) {
    id = m->freeids[--m->nfree];
  } else {
    if (m->n == m->cap) {
      sxl_obj **no = realloc(m->objs, 2 * m->cap * sizeof *no);
      if (!no) {
        free(o);
        return 0;
      }
      m->objs = no;
      m->cap *= 2;
    }
    id = m->n++;
  }
  m->objs[id] = o;
  if (kind == OBJ_HEAP) m->heap_bytes += size;
  return id;
}

sxl_obj *sxl_mem_write_obj(sxl_mem **pm, uint32_t id) {
  sxl_mem *m = *pm;
  sxl_obj *o = m->objs[id];
  if (m->refs == 1 && o->refs == 1) return o;
  m = sxl_mem_own(pm);
  if (!m) return NULL;
  o = m->objs[id];
  if (o->refs == 1) return o;
  sxl_obj *c = obj_new(o->kind, o->size);
  if (!c) return NULL;
  c->ro = o->ro;
  c->amode = o->amode;
  c->nsym = o->nsym;
  c->loc = o->loc;
  c->fixed = o->fixed;
  memcpy(c->bytes, o->bytes, o->size);
  if (sxl_shadow_share(c, o)) {
    free(c);
    return NULL;
  }
  c->arr = o->arr ? symx_expr_retain(o->arr) : NULL;
  o->refs--;
  m->objs[id] = c;
  return c;
}

/* Room for one more reusable id. */
static int freeids_room(sxl_mem *m) {
  if (m->nfree < m->capfree) return 0;
  uint32_t cap = m->capfree ? 2 * m->capfree : 16;
  uint32_t *f = realloc(m->freeids, cap * sizeof *f);
  if (!f) return -1;
  m->freeids = f;
  m->capfree = cap;
  return 0;
}

int sxl_mem_free_obj(sxl_mem **pm, uint32_t id, int keep_marker) {
  sxl_mem *m = sxl_mem_own(pm);
  if (!m) return -1;
  sxl_obj *o = m->objs[id], *f = NULL;
  /* What can fail comes first: then nothing has changed. */
  if (keep_marker ? !(f = obj_new(OBJ_FREED, 0)) : freeids_room(m) != 0) return -1;
  if (o && o->kind == OBJ_HEAP) m->heap_bytes -= o->size;
  if (f) f->loc = o ? o->loc : 0;
  sxl_obj_release(o);
  m->objs[id] = f;
  if (!keep_marker) m->freeids[m->nfree++] = id;
  return 0;
}
