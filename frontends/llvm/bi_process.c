/*
** bi_process.c — the program's output and its ends: __symx_write (under our
** libc's printf), exit, abort, __assert_fail, klee_report_error.
*/
#include "builtins.h"

#include <stdlib.h>
#include <string.h>

/* Byte k of the write is symbolic (b, consumed): fork on its witness value;
** on the true side it is stored concrete. Either side re-executes the call
** (pc unchanged); SXL_CONTINUE when this path alone goes on. */
static int fork_byte(run *r, uint32_t id, uint64_t off, symx_expr *b) {
  uint64_t v = 0;
  sxl_flush(r);
  symx_state_eval(r->st, b, &v);
  symx_expr *cv = symx_const(r->ctx, 8, v);
  symx_expr *cond = symx_eq(r->ctx, b, cv);
  symx_expr_release(b);
  symx_state *t = NULL, *f = NULL;
  int brc = symx_state_branch(r->st, cond, &t, &f);
  symx_expr_release(cond);
  if (brc != SYMX_OK) {
    symx_expr_release(cv);
    return sxl_fatal(r, "symx_state_branch");
  }
  if (t) { /* on this side the byte is v: store it concrete, then write */
    run rt = *r;
    rt.s = symx_state_payload(t);
    rt.st = t;
    sxl_write_byte(&rt, id, off, cv);
  }
  symx_expr_release(cv);
  if (t == r->st && !f && symx_state_status(r->st) == SYMX_ST_ACTIVE) return SXL_CONTINUE;
  return SXL_RUN_YIELD;
}

/* Symbolic byte b (consumed) at id:off takes its value under the witness,
** kept as a constraint of the path (KLEE's concretization of what leaves
** the program): no fork, no solver call. */
static int pin_byte(run *r, uint32_t id, uint64_t off, symx_expr *b) {
  uint64_t v = 0;
  sxl_flush(r);
  int rc = symx_state_concretize(r->st, b, &v);
  symx_expr_release(b);
  if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_concretize");
  symx_expr *cv = symx_const(r->ctx, 8, v);
  rc = cv ? sxl_write_byte(r, id, off, cv) : -1;
  symx_expr_release(cv);
  return rc ? sxl_fatal(r, "write") : SXL_CONTINUE;
}

/* The n bytes at id:off made concrete: one value each under the witness,
** or with x->enum_outputs one path per value of each symbolic byte (so
** every output of the program is seen). */
static int concrete_bytes(run *r, uint32_t id, uint64_t off, uint64_t n) {
  for (uint64_t k = 0; k < n; k++) {
    symx_expr *b = sxl_read_byte(r, sxl_mem_get(r->s->mem, id), off + k);
    if (!b) return sxl_fatal(r, "write");
    if (symx_expr_is_const(b)) {
      symx_expr_release(b);
      continue;
    }
    if (!r->st) {
      symx_expr_release(b);
      return sxl_fatal(r, "symbolic output without an engine");
    }
    int rc = r->x->enum_outputs ? fork_byte(r, id, off + k, b) : pin_byte(r, id, off + k, b);
    if (rc != SXL_CONTINUE) return rc;
  }
  return SXL_CONTINUE;
}

/* Appends the output to the path's (and echoes it when asked). */
static int output(run *r, uint64_t fd, const uint8_t *bytes, uint64_t n) {
  sxl_state *s = r->s;
  if (s->outlen + n + 1 > s->outcap) {
    size_t cap = s->outcap ? s->outcap : 256;
    while (cap < s->outlen + n + 1) cap *= 2;
    char *nb = realloc(s->out, cap);
    if (!nb) return sxl_oom(r);
    s->out = nb;
    s->outcap = cap;
  }
  memcpy(s->out + s->outlen, bytes, n);
  s->outlen += n;
  if (r->x->echo_output) {
    fwrite(bytes, 1, n, fd == 2 ? stderr : stdout);
    if (fd == 2) fflush(stderr);
  }
  return SXL_CONTINUE;
}

/* The n bytes at id:off (all concrete now) as output. Read through the
** object, not its byte image: an object written at a symbolic offset
** holds its contents as an array expression (access.c), its image stale. */
static int output_object(run *r, uint64_t fd, uint32_t id, uint64_t off, uint64_t n) {
  sxl_obj *o = sxl_mem_get(r->s->mem, id);
  if (!o->amode) {
    uint8_t *tmp;
    const uint8_t *b = sxl_bytes_span(o, off, n, &tmp);
    int rc = b ? output(r, fd, b, n) : sxl_oom(r);
    free(tmp);
    return rc;
  }
  uint8_t *buf = malloc(n);
  if (!buf) return sxl_oom(r);
  for (uint64_t k = 0; k < n; k++) {
    symx_expr *b = sxl_read_byte(r, o, off + k);
    buf[k] = b && symx_expr_is_const(b) ? (uint8_t)symx_expr_const_value(b) : 0;
    symx_expr_release(b);
  }
  int rc = output(r, fd, buf, n);
  free(buf);
  return rc;
}

/* __symx_write(fd, buf, n): output of n bytes, made concrete first. */
int sxl_bi_write(sxl_bcall *c) {
  run *r = c->r;
  int rc = sxl_bi_args(c, 3);
  if (rc != SXL_CONTINUE) return rc;
  uint64_t n = c->a[2];
  if (!n) return sxl_bi_ret(c, 0);
  uint32_t id;
  uint64_t off;
  symx_expr *soff;
  rc = sxl_resolve(r, c->a[1], NULL, n, 0, &id, &off, &soff);
  if (rc == SXL_CONTINUE) rc = concrete_bytes(r, id, off, n);
  if (rc == SXL_CONTINUE) rc = output_object(r, c->a[0], id, off, n);
  return rc == SXL_CONTINUE ? sxl_bi_ret(c, n) : rc;
}

/* __symx_out_value(v): a value about to leave the program (our printf's
** number before its digits are made): one value under the witness, kept as
** a constraint of the path, as KLEE's external printf gets it (with
** --external-calls=over-approx, not kept); with x->enum_outputs v itself,
** whose digits then fork (one path per output). */
int sxl_bi_out_value(sxl_bcall *c) {
  if (c->r->x->enum_outputs) return sxl_bi_expect(c);
  int rc = c->r->x->ext_calls == SXL_EXT_OVER_APPROX ? sxl_witness(c->r, c->args[0], &c->a[0])
                                                     : sxl_bi_args(c, 1);
  return rc == SXL_CONTINUE ? sxl_bi_ret(c, c->a[0]) : rc;
}

int sxl_bi_exit(sxl_bcall *c) {
  int rc = sxl_out_slot(c->r, c->args[0], 8);
  if (rc == SXL_CONTINUE) rc = sxl_bi_args(c, 1);
  if (rc != SXL_CONTINUE) return rc;
  return sxl_end(c->r, SYMX_END_EXIT, SYMX_ERR_NONE, "exit", (int)(int32_t)c->a[0]);
}

int sxl_bi_abort(sxl_bcall *c) {
  return sxl_end(c->r, SYMX_END_ERROR, SYMX_ERR_ABORT, "abort() called", 0);
}

int sxl_bi_assert_fail(sxl_bcall *c) {
  char e[256] = "?", msg[300];
  if (c->nargs >= 1) {
    int rc = sxl_bi_args(c, 1);
    if (rc != SXL_CONTINUE) return rc;
    sxl_bi_cstr(c->r, c->a[0], e, sizeof e);
  }
  snprintf(msg, sizeof msg, "assertion failed: %s", e);
  return sxl_end(c->r, SYMX_END_ERROR, SYMX_ERR_ASSERT, msg, 0);
}

/* klee_report_error(file, line, message, suffix): a user error; as in
** KLEE its test case's error file is named after suffix ("my.err":
** testN.my.err), recorded with the path's end (driver.c). */
int sxl_bi_report_error(sxl_bcall *c) {
  char e[256] = "klee_report_error";
  run *r = c->r;
  for (uint32_t i = 2; i < 4 && i < c->nargs; i++) {
    int rc = sxl_concrete(r, c->args[i], 64, &c->a[i]);
    if (rc != SXL_CONTINUE) return rc;
  }
  if (c->nargs >= 3) sxl_bi_cstr(r, c->a[2], e, sizeof e);
  if (c->nargs >= 4) sxl_bi_cstr(r, c->a[3], r->x->err_suffix, sizeof r->x->err_suffix);
  int rc = sxl_end(r, SYMX_END_ERROR, SYMX_ERR_USER, e, 0);
  r->x->err_suffix[0] = 0;
  return rc;
}
