/*
** memtable.c — the memory of one path: a table of objects indexed by id,
** shared copy-on-write between forked paths at three levels (the table,
** its chunks of SXL_MEMCHUNK ids, each object), so a fork costs a
** reference-count increment and a write after it copies the chunk pointers
** and one chunk, not a pointer per object of the program.
*/
#include "sxl.h"

#include <stdlib.h>
#include <string.h>

static sxl_objchunk *chunk_new(void) {
  sxl_objchunk *k = calloc(1, sizeof *k);
  if (k) k->refs = 1;
  return k;
}

static void chunk_release(sxl_objchunk *k) {
  if (!k || --k->refs) return;
  for (unsigned i = 0; i < SXL_MEMCHUNK; i++) sxl_obj_release(k->o[i]);
  free(k);
}

static uint32_t nchunks(uint32_t n) { return (n + SXL_MEMCHUNK - 1) / SXL_MEMCHUNK; }

sxl_mem *sxl_mem_new(uint64_t *copied) {
  sxl_mem *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->refs = 1;
  m->n = 1; /* id 0 is the null page */
  m->copied = copied;
  m->capchunks = 4;
  m->chunks = calloc(m->capchunks, sizeof *m->chunks);
  if (!m->chunks || !(m->chunks[0] = chunk_new())) {
    free(m->chunks);
    free(m);
    return NULL;
  }
  return m;
}

void sxl_obj_release(sxl_obj *o) {
  if (!o || --o->refs) return;
  sxl_shadow_drop(o);
  sxl_bytes_drop(o);
  symx_expr_release(o->arr);
  free(o);
}

void sxl_mem_release(sxl_mem *m) {
  if (!m || --m->refs) return;
  for (uint32_t i = 0; i < nchunks(m->n); i++) chunk_release(m->chunks[i]);
  free(m->chunks);
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
  c->capchunks = nchunks(m->n);
  c->chunks = malloc(c->capchunks * sizeof *c->chunks);
  c->freeids = NULL;
  c->capfree = 0;
  if (c->chunks && m->nfree) {
    c->capfree = m->nfree;
    c->freeids = malloc(m->nfree * sizeof *c->freeids);
  }
  if (!c->chunks || (m->nfree && !c->freeids)) {
    free(c->chunks);
    free(c);
    return NULL;
  }
  memcpy(c->chunks, m->chunks, c->capchunks * sizeof *c->chunks);
  for (uint32_t i = 0; i < c->capchunks; i++) c->chunks[i]->refs++;
  if (m->nfree) memcpy(c->freeids, m->freeids, m->nfree * sizeof *c->freeids);
  m->refs--;
  *pm = c;
  return c;
}

/* The chunk holding id, private to the (private) table m: copied when
** shared, its objects then one reference more. NULL when out of memory. */
static sxl_objchunk *own_chunk(sxl_mem *m, uint32_t id) {
  sxl_objchunk **pk = &m->chunks[id / SXL_MEMCHUNK], *k = *pk;
  if (k->refs == 1) return k;
  sxl_objchunk *c = malloc(sizeof *c);
  if (!c) return NULL;
  *c = *k;
  c->refs = 1;
  for (unsigned i = 0; i < SXL_MEMCHUNK; i++)
    if (c->o[i]) c->o[i]->refs++;
  k->refs--;
  *pk = c;
  return c;
}

/* Room for id m->n (a new chunk when it starts one). */
static int grow(sxl_mem *m) {
  uint32_t k = m->n / SXL_MEMCHUNK;
  if (m->n % SXL_MEMCHUNK) return 0;
  if (k == m->capchunks) {
    uint32_t cap = 2 * m->capchunks;
    sxl_objchunk **nc = realloc(m->chunks, cap * sizeof *nc);
    if (!nc) return -1;
    m->chunks = nc;
    m->capchunks = cap;
  }
  return (m->chunks[k] = chunk_new()) ? 0 : -1;
}

/* An object, its bytes (or their page table) right after the header in
** one allocation: zeroed, or left for the caller to fill (a copy). */
static inline sxl_obj *obj_new(int kind, uint64_t size, int zero) {
  uint64_t room = sxl_bytes_room(size);
  /* Not calloc (nor one memset, which gcc makes a calloc): glibc's calloc
  ** skips its fast path, and a stack object per call made fib(25) 7%
  ** slower. */
  sxl_obj *o = malloc(sizeof *o + room);
  if (!o) return NULL;
  *o = (sxl_obj){.refs = 1, .kind = (uint8_t)kind, .size = size};
  if (zero) memset(o + 1, 0, room);
  return o;
}

uint32_t sxl_mem_alloc(sxl_mem **pm, int kind, uint64_t size, uint32_t loc, int reuse) {
  if (size > 0xFFFFFFFFull) return 0;
  sxl_mem *m = sxl_mem_own(pm);
  if (!m) return 0;
  sxl_obj *o = obj_new(kind, size, 1);
  if (!o) return 0;
  o->loc = loc;
  uint32_t id = reuse && m->nfree ? m->freeids[m->nfree - 1] : m->n;
  sxl_objchunk *k = id == m->n && grow(m) ? NULL : own_chunk(m, id);
  if (!k) {
    free(o);
    return 0;
  }
  if (id == m->n)
    m->n++;
  else
    m->nfree--;
  k->o[id % SXL_MEMCHUNK] = o;
  if (kind == OBJ_HEAP) m->heap_bytes += size;
  return id;
}

sxl_obj *sxl_mem_write_obj(sxl_mem **pm, uint32_t id) {
  sxl_mem *m = *pm;
  sxl_objchunk *k = m->chunks[id / SXL_MEMCHUNK];
  sxl_obj *o = k->o[id % SXL_MEMCHUNK];
  if (m->refs == 1 && k->refs == 1 && o->refs == 1) return o;
  if (!(m = sxl_mem_own(pm)) || !(k = own_chunk(m, id))) return NULL;
  o = k->o[id % SXL_MEMCHUNK];
  if (o->refs == 1) return o;
  sxl_obj *c = obj_new(o->kind, o->size, 0);
  if (!c) return NULL;
  c->ro = o->ro;
  c->amode = o->amode;
  c->nsym = o->nsym;
  c->loc = o->loc;
  c->fixed = o->fixed;
  if (sxl_shadow_share(c, o)) {
    free(c);
    return NULL;
  }
  uint64_t n = sxl_bytes_share(c, o);
  if (m->copied) *m->copied += n;
  c->arr = o->arr ? symx_expr_retain(o->arr) : NULL;
  o->refs--;
  k->o[id % SXL_MEMCHUNK] = c;
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
  sxl_objchunk *k = m ? own_chunk(m, id) : NULL;
  if (!k) return -1;
  sxl_obj *o = k->o[id % SXL_MEMCHUNK], *f = NULL;
  /* What can fail comes first: then nothing has changed. */
  if (keep_marker ? !(f = obj_new(OBJ_FREED, 0, 1)) : freeids_room(m) != 0) return -1;
  if (o && o->kind == OBJ_HEAP) m->heap_bytes -= o->size;
  if (f) f->loc = o ? o->loc : 0;
  sxl_obj_release(o);
  k->o[id % SXL_MEMCHUNK] = f;
  if (!keep_marker) m->freeids[m->nfree++] = id;
  return 0;
}
