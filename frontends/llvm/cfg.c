/*
** cfg.c — a function's control-flow graph over its LLVM blocks (cfg.h).
*/
#include "cfg.h"

#include <stdlib.h>
#include <string.h>

typedef struct bbix {
  LLVMBasicBlockRef bb;
  uint32_t i;
} bbix;

static int bbix_cmp(const void *a, const void *b) {
  uintptr_t x = (uintptr_t)((const bbix *)a)->bb, y = (uintptr_t)((const bbix *)b)->bb;
  return x < y ? -1 : x > y;
}

static uint32_t block_of(const bbix *ix, uint32_t n, LLVMBasicBlockRef bb) {
  bbix key = {bb, 0}, *hit = bsearch(&key, ix, n, sizeof *ix, bbix_cmp);
  return hit ? hit->i : UINT32_MAX;
}

/* The successors of each block, each once. */
static void fill(sxl_cfg *g, const bbix *ix) {
  uint32_t m = 0;
  for (uint32_t b = 0; b < g->n; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(g->bb[b]);
    g->off[b] = m;
    for (unsigned k = 0, ns = t ? LLVMGetNumSuccessors(t) : 0; k < ns; k++) {
      uint32_t v = block_of(ix, g->n, LLVMGetSuccessor(t, k)), dup = 0;
      for (uint32_t j = g->off[b]; j < m; j++) dup |= g->succ[j] == v;
      if (v != UINT32_MAX && !dup) g->succ[m++] = v;
    }
  }
  g->off[g->n] = m;
}

void sxl_cfg_free(sxl_cfg *g) {
  free(g->off);
  free(g->succ);
  free(g->mark);
  free(g->bb);
  memset(g, 0, sizeof *g);
}

int sxl_cfg_build(sxl_cfg *g, LLVMValueRef f) {
  memset(g, 0, sizeof *g);
  g->n = LLVMCountBasicBlocks(f);
  uint32_t m = 0, b = 0;
  bbix *ix = malloc((g->n + 1) * sizeof *ix);
  g->bb = malloc((g->n + 1) * sizeof *g->bb);
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && ix && g->bb; bb = LLVMGetNextBasicBlock(bb)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    m += t ? LLVMGetNumSuccessors(t) : 0;
    g->bb[b] = bb;
    ix[b] = (bbix){bb, b};
    b++;
  }
  g->off = malloc((g->n + 1) * sizeof *g->off);
  g->succ = malloc((m + 1) * sizeof *g->succ);
  g->mark = calloc(m + 1, 1);
  int rc = -1;
  if (ix && g->bb && g->off && g->succ && g->mark) {
    qsort(ix, g->n, sizeof *ix, bbix_cmp);
    fill(g, ix);
    rc = 0;
  }
  free(ix);
  return rc;
}
