/*
** pmap.h — a map from pointers (LLVM values and blocks) to 32-bit numbers,
** open addressing; what the translation of a function looks slots up in.
*/
#ifndef SXL_PMAP_H
#define SXL_PMAP_H

#include <stdint.h>

typedef struct sxl_pmap {
  const void **keys;
  uint32_t *vals;
  uint32_t cap, n;
} sxl_pmap;

/* Maps k (not NULL) to v: 0, or -1 when out of memory (m unchanged). */
int sxl_pmap_put(sxl_pmap *m, const void *k, uint32_t v);
/* 1 and *v when k is mapped, else 0. */
int sxl_pmap_get(const sxl_pmap *m, const void *k, uint32_t *v);
void sxl_pmap_free(sxl_pmap *m);

#endif
