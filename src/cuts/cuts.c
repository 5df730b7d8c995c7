/*
** cuts.c — loop and depth cuts (Converse, paper 003, done per state instead
** of by rewriting the program): per state the call depth and the back edges
** each (frame, loop) took, shared copy-on-write between the states of a
** fork; past max_call_depth or max_loop_iterations, or where the front end
** cuts, the option cut_policy says what happens. With cut_symbolic_only,
** work that depends on no input is never cut: it runs one path whatever
** the input, so cutting it saves no path and only loses coverage (a
** program's set-up loops before it reads its input, say). With cut_defer
** a cut of a path of the original forks instead of losing the rest of it
** (SYMX_CUT_DEFER): on a fresh input (symx_state_cut_choice) whose side the
** witness takes (unbound bytes read 0) takes the cut, so pending mode's
** path follows the cut program while the uncut side waits as a pending
** alternative, its loop cut again at twice the count. A path that took a
** cut return runs the cut program: its every loop run counts from then on.
*/
#include "engine/engine.h"
#include "alloc.h"
#include "error.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef struct sx_cut_loop {
  uint32_t depth, loop; /* the frame (its depth) and the front end's loop id (FRAME: the frame) */
  uint32_t mark;        /* path constraints at the last back edge (FRAME: at the call) */
  uint64_t count;       /* back edges taken (cut_symbolic_only: of input-dependent runs) */
} sx_cut_loop;

#define FRAME UINT32_MAX /* an entry standing for its frame, not a loop */

/* The loops of the frames on the path, innermost last. */
struct sx_cuts {
  uint32_t refs, depth, returns, n, cap;
  uint32_t cut; /* the path took a cut (a return, or cut_defer's side): it runs the cut program */
  sx_cut_loop e[];
};

static size_t cuts_size(uint32_t cap) { return sizeof(struct sx_cuts) + (size_t)cap * sizeof(sx_cut_loop); }

struct sx_cuts *sx_cuts_share(struct sx_cuts *c) {
  if (c) c->refs++;
  return c;
}

void sx_cuts_release(symx_ctx *ctx, struct sx_cuts *c) {
  if (c && --c->refs == 0) sx_free(ctx, c, cuts_size(c->cap));
}

/* st's counts, its own (unshared) with room for one more loop; NULL on OOM. */
static struct sx_cuts *own(symx_ctx *ctx, sx_state *st) {
  struct sx_cuts *o = st->cuts;
  if (o && o->refs == 1 && o->n < o->cap) return o;
  uint32_t n = o ? o->n : 0, cap = n < 4 ? 8 : 2 * n;
  struct sx_cuts *c = sx_alloc(ctx, cuts_size(cap));
  if (!c) return NULL;
  if (o) memcpy(c, o, cuts_size(n));
  else memset(c, 0, sizeof *c);
  c->refs = 1;
  c->cap = cap;
  sx_cuts_release(ctx, o);
  return st->cuts = c;
}

/* SYMX_OK when st is ACTIVE, else a misuse. */
static int usable(sx_state *st, const char *func) {
  if (!st) return SYMX_MISUSE;
  if (st->status != SYMX_ST_ACTIVE)
    return sx_error(st->eng->ctx, SYMX_MISUSE, func, "state %" PRIu64 " is not active", st->id);
  return SYMX_OK;
}

/* The policy's action for a cut taken. */
static int take(sx_state *st, symx_cut *action) {
  symx_ctx *ctx = st->eng->ctx;
  if (ctx->opts.cut_policy == SX_CUTPOLICY_END) {
    *action = SYMX_CUT_END;
    return SYMX_OK;
  }
  /* the path goes on with a made-up return value: it runs the cut program
  ** from now on, whose loops may not end where the original's do (flex's
  ** scanner handed state 0 spins in a loop over constant tables), so every
  ** loop run counts, input or not */
  struct sx_cuts *c = own(ctx, st);
  if (!c) return sx_error(ctx, SYMX_NOMEM, __func__, "out of memory");
  c->cut = 1;
  SX_INC(ctx, cut_returns);
  *action = SYMX_CUT_RETURN;
  return SYMX_OK;
}

/* A cut: deferred (a fork, cut_defer) on a path of the original program,
** else taken. */
static int apply(sx_state *st, symx_cut *action) {
  if (!st->eng->ctx->opts.cut_defer || (st->cuts && st->cuts->cut)) return take(st, action);
  *action = SYMX_CUT_DEFER;
  return SYMX_OK;
}

/* The start of a hook that may cut: st active, no action yet, st's counts
** its own. NULL with *rc set (the error said) otherwise. */
static struct sx_cuts *hook_begin(sx_state *st, symx_cut *action, const char *func, int *rc) {
  if ((*rc = usable(st, func)) != SYMX_OK) return NULL;
  symx_ctx *ctx = st->eng->ctx;
  if (!action) {
    *rc = sx_error(ctx, SYMX_MISUSE, func, "action is NULL");
    return NULL;
  }
  *action = SYMX_CUT_NONE;
  struct sx_cuts *c = own(ctx, st);
  if (!c) *rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  return c;
}

int symx_state_call(symx_state *st, symx_cut *action) {
  int rc;
  struct sx_cuts *c = hook_begin(st, action, __func__, &rc);
  if (!c) return rc;
  symx_ctx *ctx = st->eng->ctx;
  c->depth++;
  c->e[c->n++] = (sx_cut_loop){c->depth, FRAME, sx_clist_len(st->cs), 0};
  int64_t max = ctx->opts.max_call_depth;
  if (!max || c->depth <= (uint64_t)max) return SYMX_OK;
  SX_INC(ctx, cuts_depth);
  return apply(st, action);
}

int symx_state_return(symx_state *st) {
  int rc = usable(st, __func__);
  if (rc != SYMX_OK || !st->cuts || !st->cuts->depth) return rc;
  struct sx_cuts *c = own(st->eng->ctx, st);
  if (!c) return sx_error(st->eng->ctx, SYMX_NOMEM, __func__, "out of memory");
  while (c->n && c->e[c->n - 1].depth == c->depth) c->n--;
  c->depth--;
  return SYMX_OK;
}

/* The innermost frame's entry of loop, or NULL. */
static sx_cut_loop *find(const struct sx_cuts *c, uint32_t loop) {
  for (uint32_t i = c ? c->n : 0; i-- > 0 && c->e[i].depth == c->depth;)
    if (c->e[i].loop == loop) return (sx_cut_loop *)&c->e[i];
  return NULL;
}

/* Path constraints when the innermost frame was entered (0: no call reported). */
static uint32_t frame_mark(const sx_state *st) {
  const sx_cut_loop *f = find(st->cuts, FRAME);
  return f ? f->mark : 0;
}

/* A back edge of loop, cut past max runs of its body (0: none). */
static int loop_hook(symx_state *st, uint32_t loop, int64_t max, symx_cut *action,
                     const char *func) {
  if (st && loop == FRAME)
    return sx_error(st->eng->ctx, SYMX_MISUSE, func, "loop id %" PRIu32 " is reserved", loop);
  if (st && max < 0)
    return sx_error(st->eng->ctx, SYMX_MISUSE, func, "bound %" PRId64 " is negative", max);
  int rc;
  struct sx_cuts *c = hook_begin(st, action, func, &rc);
  if (!c) return rc;
  symx_ctx *ctx = st->eng->ctx;
  sx_cut_loop *e = find(c, loop);
  if (!e) {
    uint32_t mark = frame_mark(st);
    e = &c->e[c->n++];
    *e = (sx_cut_loop){c->depth, loop, mark, 0};
  }
  uint32_t now = sx_clist_len(st->cs);
  int input_dependent = now > e->mark; /* the run added a constraint */
  e->mark = now;
  /* a cut program may loop where the original does not (a reader that
  ** returned 0): once the path took a cut, every run counts */
  int cut = c->cut;
  if (ctx->opts.cut_symbolic_only && !input_dependent && !cut) return SYMX_OK;
  e->count++;
  if (!max || e->count < (uint64_t)max) return SYMX_OK;
  /* cut_defer: a loop's uncut alternative runs on to twice the count */
  uint64_t k = e->count / (uint64_t)max;
  if (ctx->opts.cut_defer && !cut && (e->count % (uint64_t)max || (k & (k - 1)))) return SYMX_OK;
  SX_INC(ctx, cuts_loop);
  return apply(st, action);
}

int symx_state_loop(symx_state *st, uint32_t loop, symx_cut *action) {
  return loop_hook(st, loop, st ? st->eng->ctx->opts.max_loop_iterations : 0, action, __func__);
}

int symx_state_loop_bounded(symx_state *st, uint32_t loop, int64_t max, symx_cut *action) {
  return loop_hook(st, loop, max, action, __func__);
}

int symx_state_cut(symx_state *st, symx_cut *action) {
  int rc = usable(st, __func__);
  if (rc != SYMX_OK) return rc;
  if (!action) return SX_MISUSE(st->eng->ctx, "action is NULL");
  *action = SYMX_CUT_NONE;
  if (st->eng->ctx->opts.cut_symbolic_only && sx_clist_len(st->cs) <= frame_mark(st))
    return SYMX_OK; /* the frame decided nothing on input yet */
  SX_INC(st->eng->ctx, cuts_front);
  return apply(st, action);
}

/* A fresh input of the state, "cut.N", its first bytes little-endian. */
static symx_expr *fresh(symx_state *st, unsigned bytes, const char *func) {
  symx_ctx *ctx = st->eng->ctx;
  struct sx_cuts *c = own(ctx, st);
  if (!c) {
    sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    return NULL;
  }
  char name[32];
  snprintf(name, sizeof name, "cut.%" PRIu32, c->returns++);
  symx_expr *a = symx_array_input(ctx, name, 8, 32);
  symx_expr *v = a ? symx_read_le(ctx, a, 0, bytes) : NULL;
  symx_expr_release(a);
  return v;
}

symx_expr *symx_state_cut_value(symx_state *st, unsigned width) {
  if (usable(st, __func__) != SYMX_OK) return NULL;
  symx_ctx *ctx = st->eng->ctx;
  if (width < 1 || width > 64) {
    sx_error(ctx, SYMX_MISUSE, __func__, "width %u is not 1..64", width);
    return NULL;
  }
  if (ctx->opts.cut_policy != SX_CUTPOLICY_SYMBOLIC) return symx_const(ctx, width, 0);
  symx_expr *v = fresh(st, 8, __func__);
  if (!v || width == 64) return v;
  symx_expr *t = symx_extract(ctx, v, width - 1, 0);
  symx_expr_release(v);
  return t;
}

symx_expr *symx_state_cut_choice(symx_state *st) {
  if (usable(st, __func__) != SYMX_OK) return NULL;
  symx_ctx *ctx = st->eng->ctx;
  symx_expr *v = fresh(st, 1, __func__);
  symx_expr *z = v ? symx_const(ctx, 8, 0) : NULL;
  symx_expr *go = z ? symx_ne(ctx, v, z) : NULL;
  symx_expr_release(v);
  symx_expr_release(z);
  return go;
}

int symx_state_cut_take(symx_state *st, symx_cut *action) {
  int rc;
  struct sx_cuts *c = hook_begin(st, action, __func__, &rc);
  if (!c) return rc;
  if (!c->cut) SX_INC(st->eng->ctx, cut_defers);
  c->cut = 1;
  return take(st, action);
}

uint32_t symx_state_call_depth(const symx_state *st) { return st && st->cuts ? st->cuts->depth : 0; }

uint64_t symx_state_loop_count(const symx_state *st, uint32_t loop) {
  const sx_cut_loop *e = st && loop != FRAME ? find(st->cuts, loop) : NULL;
  return e ? e->count : 0;
}
