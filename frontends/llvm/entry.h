/*
** entry.h — starting in the middle (entry.c): harness functions that call
** a function of the program with symbolic arguments and globals, built into
** the linked module (the session's module hook), and CCBSE (ccbse.c), which
** explores from them.
*/
#ifndef SXL_ENTRY_H
#define SXL_ENTRY_H

#include "driver.h"

/* The harness of function F is named SXL_ENTRY_PREFIX F (unless it runs as main). */
#define SXL_ENTRY_PREFIX "__symx_entry."

typedef struct sxl_entry_cfg {
  sxl_aliases *aliases; /* --function-alias, applied first (may be NULL) */
  const char *fn;       /* --entry FUNC (NULL: none) */
  int as_main;          /* fn's harness becomes main */
  int all;              /* a harness for every function of the program's own code but main */
  unsigned depth;       /* pointers followed from an argument or global (0: all null) */
  unsigned array;       /* elements of the array a pointer to a primitive type may point to */
  LLVMValueRef *globals; /* (inside the hook) the globals made symbolic */
  size_t nglobals;
  sxl_lazy_tab lazy;    /* the pointee types of the harnesses' lazy pointers (lazy.c) */
  LLVMTypeRef *tys;     /* the LLVM type of each */
  uint32_t capty;
} sxl_entry_cfg;
/* What the hook made for cfg, freed. */
void sxl_entry_cfg_free(sxl_entry_cfg *cfg);

/* The module hook (sxl_module_hook; ud: sxl_entry_cfg): the aliases, then
** the harnesses. 0, or -1 with err set (no function FUNC in the program). */
int sxl_entry_hook(void *ud, LLVMModuleRef m, char *err, size_t errlen);

/* The functions an --entry harness lets a function pointer argument of
** type fty* be: the program's own functions of that type whose address
** code takes, in module order, into out[0..max): their number. The input
** argN.fn chooses the k-th (stitch.c maps a caller's pointer back). */
#define SXL_ENTRY_MAXFNS 255
size_t sxl_entry_fns_of(LLVMModuleRef m, LLVMTypeRef fty, LLVMValueRef *out, size_t max);

/* CCBSE and Mix-CCBSE towards the session's one --target (ccbse.c; the
** program loaded with sxl_entry_cfg.all): --search ccbse(S) explores each
** origin by searcher S; mix-ccbse(S) runs a forward search S from main
** beside CCBSE(random-path), which gets the share 1 - forward of the
** instructions. Paths record their origin; OUTDIR/ccbse.txt lists the
** origins. 0 (the target reached or not: sxl_targets_report says), or -1
** with s->err set. */
typedef struct sxl_ccbse_opts {
  int mix;
  const char *search;
  double forward;
  unsigned paths; /* --ccbse-paths: reaching paths kept per origin (1..16) */
} sxl_ccbse_opts;
int sxl_ccbse_run(sxl_session *s, const sxl_ccbse_opts *o);

/* stitch.c: the condition cond of a path from function callee's entry
** (over its harness's inputs) in terms of the caller state ps about to
** call it (its top frame at the call): a new reference, or NULL when some
** input has no counterpart there. */
symx_expr *sxl_stitch_cond(sxl_session *s, sxl_state *ps, uint32_t callee, symx_expr *cond);
#endif
