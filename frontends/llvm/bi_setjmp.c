/*
** bi_setjmp.c — setjmp and longjmp (and their _, sig and __ variants) as
** builtins: setjmp records in the caller's jmp_buf which frame called it and
** where, and returns 0; longjmp checks that record against the stack,
** unwinds to that frame and makes its setjmp call return the value (1 for 0).
** The record is plain bytes of the buffer, so a path's clone carries it.
*/
#include "builtins.h"

#include <string.h>

enum { JB_MAGIC, JB_DEPTH, JB_FN, JB_PC, JB_BASE, JB_WORDS };
#define JB_SIGN 0x73796d786a6d7031ull /* "symxjmp1" */

/* The jmp_buf at addr as JB_WORDS words: its object and offset (concrete). */
static int jmpbuf(sxl_bcall *c, int write, uint32_t *id, uint64_t *off) {
  symx_expr *soff = NULL;
  int rc = sxl_resolve(c->r, c->a[0], NULL, JB_WORDS * 8, write, id, off, &soff);
  if (rc == SXL_CONTINUE && soff) {
    symx_expr_release(soff);
    return sxl_end(c->r, SYMX_END_EARLY, SYMX_ERR_NONE, "jmp_buf at a symbolic offset", 0);
  }
  return rc;
}

int sxl_bi_setjmp(sxl_bcall *c) {
  run *r = c->r;
  int rc = sxl_bi_args(c, 1);
  uint32_t id;
  uint64_t off;
  if (rc == SXL_CONTINUE) rc = jmpbuf(c, 1, &id, &off);
  if (rc != SXL_CONTINUE) return rc;
  const sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  uint64_t w[JB_WORDS] = {JB_SIGN, r->s->nframes, fr->fn, fr->pc, fr->base};
  const uint8_t *b = (const uint8_t *)w;
  for (unsigned k = 0; k < sizeof w; k++) {
    symx_expr *e = symx_const(r->ctx, 8, b[k]);
    int bad = !e || sxl_write_byte(r, id, off + k, e);
    symx_expr_release(e);
    if (bad) return sxl_fatal(r, "setjmp");
  }
  return sxl_bi_ret(c, 0);
}

/* The record of the jmp_buf, its bytes concrete; 0, or -1 when they are not. */
static int read_record(run *r, uint32_t id, uint64_t off, uint64_t w[JB_WORDS]) {
  uint8_t *b = (uint8_t *)w;
  for (unsigned k = 0; k < JB_WORDS * 8; k++) {
    symx_expr *e = sxl_read_byte(r, sxl_mem_get(r->s->mem, id), off + k);
    int sym = !e || !symx_expr_is_const(e);
    if (!sym) b[k] = (uint8_t)symx_expr_const_value(e);
    symx_expr_release(e);
    if (sym) return -1;
  }
  return 0;
}

/* The record names a frame of this stack (the same function at the same
** place; a frame that returned and was replaced by a call to the same
** function is not told apart, as C leaves that jump undefined). */
static int record_valid(run *r, const uint64_t w[JB_WORDS]) {
  const sxl_state *s = r->s;
  if (w[JB_MAGIC] != JB_SIGN || !w[JB_DEPTH] || w[JB_DEPTH] > s->nframes) return 0;
  const sxl_frame *fr = &s->frames[w[JB_DEPTH] - 1];
  if (fr->fn != w[JB_FN] || fr->base != w[JB_BASE]) return 0;
  const sxl_fn *fn = &r->p->fns[fr->fn];
  return w[JB_PC] < fn->ncode && fn->code[w[JB_PC]].op == OP_CALL;
}

int sxl_bi_longjmp(sxl_bcall *c) {
  run *r = c->r;
  int rc = sxl_bi_args(c, 2);
  uint32_t id;
  uint64_t off, w[JB_WORDS];
  if (rc == SXL_CONTINUE) rc = jmpbuf(c, 0, &id, &off);
  if (rc != SXL_CONTINUE) return rc;
  if (read_record(r, id, off, w) || !record_valid(r, w))
    return sxl_end(r, SYMX_END_ERROR, SYMX_ERR_USER,
                   "longjmp to a jmp_buf no active setjmp filled", 0);
  if (sxl_frames_unwind(r->s, (uint32_t)w[JB_DEPTH])) return sxl_oom(r);
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  fr->pc = (uint32_t)w[JB_PC];
  const sxl_ins *call = &r->p->fns[fr->fn].code[fr->pc];
  uint32_t v = (uint32_t)c->a[1];
  if (call->dst != UINT32_MAX && sxl_setc(r, call->dst, v ? v : 1) != SXL_CONTINUE)
    return SXL_RUN_FATAL;
  return SXL_RETURNED; /* on after the setjmp call */
}
