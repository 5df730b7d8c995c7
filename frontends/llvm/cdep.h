/*
** cdep.h — control dependence on changed code (cdep.c): whether a branch
** decides if changed code runs, for --changed (Oasis's new code).
*/
#ifndef SXL_CDEP_H
#define SXL_CDEP_H

#include "sxl.h"

typedef struct sxl_cdep sxl_cdep;

/* Whether LLVM instruction in is on a changed line. */
typedef int (*sxl_cdep_line_fn)(void *u, LLVMValueRef in);

sxl_cdep *sxl_cdep_new(void);
void sxl_cdep_free(sxl_cdep *d);
/* 1 when branch (the terminator of a block of function fi) controls a
** changed block of fi: some changed block post-dominates one of its
** successors but not the branch itself. 0 otherwise, also out of memory. */
int sxl_cdep_controls(sxl_cdep *d, sxl_prog *p, uint32_t fi, LLVMValueRef branch,
                      sxl_cdep_line_fn line, void *u);

#endif
