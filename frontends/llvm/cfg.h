/*
** cfg.h — a function's control-flow graph over its LLVM basic blocks,
** numbered in function order (0 the entry), each block's successors once;
** what the cut plans (cutplan.c) and the control dependence on changed
** code (cdep.c) walk.
*/
#ifndef SXL_CFG_H
#define SXL_CFG_H

#include <llvm-c/Core.h>
#include <stdint.h>

typedef struct sxl_cfg {
  uint32_t n;              /* blocks */
  uint32_t *off;           /* block b's successors: succ[off[b] .. off[b + 1]) */
  uint32_t *succ;
  uint8_t *mark;           /* per successor slot, the user's (cutplan: cut) */
  LLVMBasicBlockRef *bb;   /* per block number, its LLVM block */
} sxl_cfg;

/* The graph of function f: 0, or -1 when out of memory (free it anyway). */
int sxl_cfg_build(sxl_cfg *g, LLVMValueRef f);
void sxl_cfg_free(sxl_cfg *g);

#endif
