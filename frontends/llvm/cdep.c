/*
** cdep.c — which branches control changed code (Oasis's new code, by
** control dependence, Ferrante-Ottenstein-Warren): a changed block X is
** control dependent on branch B when X post-dominates a successor of B (or
** is it) but does not strictly post-dominate B, so B decides whether X
** runs. A block is changed when it has a changed line or calls a function
** of the program with changed code (directly or through its own calls). A
** function is analysed when one of its branches is first asked about.
*/
#include "cdep.h"
#include "cfg.h"
#include "pmap.h"

#include <stdlib.h>
#include <string.h>

struct sxl_cdep {
  int ready;        /* fnchanged computed (-1: out of memory, nothing is) */
  uint8_t *fnchanged; /* per function: has changed code, itself or in a callee */
  uint8_t *analysed;  /* per function: its branches entered in ctl */
  sxl_pmap fns;     /* LLVM function -> index */
  sxl_pmap ctl;     /* LLVM block whose branch controls changed code -> 1 */
};

sxl_cdep *sxl_cdep_new(void) { return calloc(1, sizeof(sxl_cdep)); }

void sxl_cdep_free(sxl_cdep *d) {
  if (!d) return;
  free(d->fnchanged);
  free(d->analysed);
  sxl_pmap_free(&d->fns);
  sxl_pmap_free(&d->ctl);
  free(d);
}

static int ours(const sxl_fn *fn) {
  return fn->defined && !fn->is_libc && !fn->builtin && fn->ref && LLVMCountBasicBlocks(fn->ref);
}

/* The program function instruction in calls directly, or UINT32_MAX. */
static uint32_t callee(const sxl_cdep *d, LLVMValueRef in) {
  if (LLVMGetInstructionOpcode(in) != LLVMCall) return UINT32_MAX;
  LLVMValueRef c = LLVMGetCalledValue(in);
  uint32_t fi;
  return c && LLVMIsAFunction(c) && sxl_pmap_get(&d->fns, c, &fi) ? fi : UINT32_MAX;
}

/* Whether block bb has a changed line or calls a function with changed code. */
static int block_changed(sxl_cdep *d, LLVMBasicBlockRef bb, sxl_cdep_line_fn line,
                         void *u) {
  for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
    uint32_t g = callee(d, in);
    if (line(u, in) || (g != UINT32_MAX && d->fnchanged[g])) return 1;
  }
  return 0;
}

/* fnchanged for every function: its own lines, then callers of changed
** functions until nothing changes (call cycles included). */
static int mark_functions(sxl_cdep *d, sxl_prog *p, sxl_cdep_line_fn line, void *u) {
  d->fnchanged = calloc(p->nfns + 1, 1);
  d->analysed = calloc(p->nfns + 1, 1);
  if (!d->fnchanged || !d->analysed) return -1;
  for (uint32_t i = 0; i < p->nfns; i++)
    if (ours(&p->fns[i]) && sxl_pmap_put(&d->fns, p->fns[i].ref, i)) return -1;
  for (int more = 1; more;) {
    more = 0;
    for (uint32_t i = 0; i < p->nfns; i++) {
      if (d->fnchanged[i] || !ours(&p->fns[i])) continue;
      for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fns[i].ref); bb && !d->fnchanged[i];
           bb = LLVMGetNextBasicBlock(bb))
        d->fnchanged[i] = (uint8_t)block_changed(d, bb, line, u);
      more |= d->fnchanged[i];
    }
  }
  d->ready = 1;
  return 0;
}

/* Post-dominator sets (bit sets of w words per block; block n is the exit
** every block without successors goes to), by iteration to the fixpoint. */
static uint64_t *post_dominators(const sxl_cfg *g, size_t w) {
  uint32_t n = g->n;
  uint64_t *pd = malloc((n + 1) * w * sizeof *pd), *t = malloc(w * sizeof *t);
  if (!pd || !t) {
    free(pd);
    free(t);
    return NULL;
  }
  memset(pd, 0xff, n * w * sizeof *pd);
  memset(pd + (size_t)n * w, 0, w * sizeof *pd);
  pd[(size_t)n * w + n / 64] |= 1ull << (n % 64);
  for (int more = 1; more;) {
    more = 0;
    for (uint32_t b = n; b-- > 0;) {
      memset(t, 0xff, w * sizeof *t);
      for (uint32_t k = g->off[b]; k < g->off[b + 1] || k == g->off[b]; k++) {
        uint32_t s = k < g->off[b + 1] ? g->succ[k] : n; /* no successor: the exit */
        for (size_t i = 0; i < w; i++) t[i] &= pd[(size_t)s * w + i];
      }
      t[b / 64] |= 1ull << (b % 64);
      if (memcmp(t, pd + (size_t)b * w, w * sizeof *t)) {
        memcpy(pd + (size_t)b * w, t, w * sizeof *t);
        more = 1;
      }
    }
  }
  free(t);
  return pd;
}

/* Whether branch block b controls a changed block (ch: the changed set). */
static int controls(const sxl_cfg *g, const uint64_t *pd, const uint64_t *ch, size_t w, uint32_t b) {
  if (g->off[b + 1] - g->off[b] < 2) return 0;
  for (uint32_t k = g->off[b]; k < g->off[b + 1]; k++) {
    const uint64_t *s = pd + (size_t)g->succ[k] * w, *pb = pd + (size_t)b * w;
    for (size_t i = 0; i < w; i++) {
      uint64_t strict = pb[i] & ~(i == b / 64 ? 1ull << (b % 64) : 0);
      if (s[i] & ch[i] & ~strict) return 1;
    }
  }
  return 0;
}

/* Enters function fi's controlling branches in ctl. */
static int analyse(sxl_cdep *d, sxl_prog *p, uint32_t fi, sxl_cdep_line_fn line, void *u) {
  sxl_cfg g;
  int rc = sxl_cfg_build(&g, p->fns[fi].ref);
  size_t w = (size_t)g.n / 64 + 1;
  uint64_t *ch = rc ? NULL : calloc(w, sizeof *ch), *pd = ch ? post_dominators(&g, w) : NULL;
  rc = pd ? 0 : -1;
  for (uint32_t b = 0; !rc && b < g.n; b++)
    if (block_changed(d, g.bb[b], line, u)) ch[b / 64] |= 1ull << (b % 64);
  for (uint32_t b = 0; !rc && b < g.n; b++)
    if (controls(&g, pd, ch, w, b)) rc = sxl_pmap_put(&d->ctl, g.bb[b], 1);
  if (!rc) d->analysed[fi] = 1;
  free(ch);
  free(pd);
  sxl_cfg_free(&g);
  return rc;
}

int sxl_cdep_controls(sxl_cdep *d, sxl_prog *p, uint32_t fi, LLVMValueRef branch,
                      sxl_cdep_line_fn line, void *u) {
  if (!d || !branch || fi >= p->nfns || !ours(&p->fns[fi])) return 0;
  if (!d->ready && mark_functions(d, p, line, u)) d->ready = -1; /* out of memory: not new */
  if (d->ready < 0 || (!d->analysed[fi] && analyse(d, p, fi, line, u))) return 0;
  uint32_t v;
  return sxl_pmap_get(&d->ctl, LLVMGetInstructionParent(branch), &v);
}
