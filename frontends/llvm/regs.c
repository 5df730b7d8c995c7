/*
** regs.c — register windows, one per frame, shared copy-on-write between
** forked paths as memory objects are (memtable.c): a clone counts one more
** reference to each of its frames' windows, and the first write to a shared
** window copies it. After a fork only the top frame is written until it
** returns, so a pending state shares all its registers with its parent.
*/
#include "sxl.h"

#include <stdlib.h>
#include <string.h>

sxl_regwin *sxl_regwin_new(uint32_t n) {
  /* values then expressions: one allocation per window */
  sxl_regwin *w = malloc(sizeof *w + (size_t)n * (sizeof(uint64_t) + sizeof(symx_expr *)));
  if (!w) return NULL;
  w->refs = 1;
  w->n = n;
  w->cap = n;
  w->e = (symx_expr **)(w->v + n);
  memset(w->e, 0, (size_t)n * sizeof *w->e);
  return w;
}

int sxl_regwin_copy(sxl_regwin **pw) {
  sxl_regwin *w = *pw;
  if (w->refs == 1) return 0;
  /* as large as its contents: the copy may be a pending state's */
  sxl_regwin *c = sxl_regwin_new(w->n);
  if (!c) return -1;
  if (w->n) {
    memcpy(c->v, w->v, w->n * sizeof *c->v);
    memcpy(c->e, w->e, w->n * sizeof *c->e);
  }
  for (uint32_t i = 0; i < w->n; i++)
    if (c->e[i]) symx_expr_retain(c->e[i]);
  w->refs--;
  *pw = c;
  return 0;
}

/* Drops the references of w's expressions (most slots are concrete). */
static void drop_exprs(sxl_regwin *w) {
  symx_expr **e = w->e;
  for (uint32_t i = 0, n = w->n; i < n; i++)
    if (e[i]) symx_expr_release(e[i]);
}

void sxl_regwin_release(sxl_regwin *w) {
  if (!w || --w->refs) return;
  drop_exprs(w);
  free(w);
}

sxl_regwin *sxl_regwin_reuse(sxl_regwin *spare, uint32_t n) {
  /* a much larger spare would waste its room in every clone sharing it */
  if (!spare || spare->cap < n || spare->cap > 2 * n + 16) {
    free(spare);
    return sxl_regwin_new(n);
  }
  spare->n = n;
  memset(spare->e, 0, (size_t)n * sizeof *spare->e);
  return spare;
}

void sxl_regwin_retire(sxl_regwin **pw) {
  sxl_regwin *w = *pw;
  if (w->refs > 1) {
    w->refs--;
    *pw = NULL;
    return;
  }
  drop_exprs(w);
  w->n = 0;
}
