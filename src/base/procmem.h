/*
** procmem.h — the memory of the whole process (front end included), as the
** system and the C library see it: what max_memory caps.
*/
#ifndef SX_PROCMEM_H
#define SX_PROCMEM_H

#include "internal.h"

/* Resident bytes of the process now; 0 when the system cannot tell. */
SX_INTERNAL uint64_t sx_procmem_rss(void);
/* Free bytes malloc keeps for reuse (resident unless trimmed); false when
** the C library cannot tell. Walks the allocator's free lists:
** milliseconds on a large heap. */
SX_INTERNAL bool sx_procmem_kept(uint64_t *kept);
/* Hands the C library's free memory back to the system, so that the
** resident size drops to what is in use; a no-op where there is no way.
** Costly (a system call per free stretch): for when the resident size has
** grown past what is in use. */
SX_INTERNAL void sx_procmem_trim(void);
/* Where the process must stop growing under max_memory (MiB; 0 = no cap):
** a sixteenth below it, as samples lag and malloc keeps freed memory
** resident, so that the peak stays under the cap. */
static inline uint64_t sx_procmem_limit(int64_t max_memory) {
  if (max_memory >= (int64_t)1 << 43) return UINT64_MAX; /* past 2^63 bytes */
  uint64_t hard = (uint64_t)max_memory << 20;
  return hard - hard / 16;
}

#endif
