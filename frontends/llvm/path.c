/*
** path.c — what a path tells the engine: its instruction count, its end
** (with the innermost user location), the error checks it passes, its
** branches, and the forks on the values a symbolic slot can take.
*/
#include "exec_impl.h"

#include <stdio.h>

void sxl_flush(run *r) {
  if (r->st && r->s->icount) symx_state_step(r->st, r->s->icount);
  r->s->icount = 0;
}

int sxl_fatal(run *r, const char *what) {
  snprintf(r->x->fatal, sizeof r->x->fatal, "%s: %s", what,
           r->ctx ? symx_errmsg(r->ctx) : "");
  return SXL_RUN_FATAL;
}

int sxl_oom(run *r) {
  snprintf(r->x->fatal, sizeof r->x->fatal, "out of memory");
  return SXL_RUN_FATAL;
}

uint32_t sxl_user_loc(run *r) {
  sxl_state *s = r->s;
  if (!s->nframes) return s->end_loc;
  for (uint32_t i = s->nframes; i > 0; i--) {
    sxl_frame *fr = &s->frames[i - 1];
    sxl_fn *fn = &r->p->fns[fr->fn];
    if (fn->is_libc) continue;
    if (fr->pc < fn->ncode && fn->code[fr->pc].loc) return fn->code[fr->pc].loc;
    if (fn->sub_loc) return fn->sub_loc; /* an instruction without a location */
  }
  sxl_frame *fr = &s->frames[s->nframes - 1];
  sxl_fn *fn = &r->p->fns[fr->fn];
  return fr->pc < fn->ncode ? fn->code[fr->pc].loc : 0;
}

void sxl_where(run *r, const char *desc, char *buf, size_t len) {
  char loc[300];
  sxl_loc_str(r->p, sxl_user_loc(r), loc, sizeof loc);
  snprintf(buf, len, "%s: %s", loc, desc);
}

int sxl_end(run *r, symx_reason reason, symx_error_kind kind, const char *desc, int code) {
  char msg[700], loc[300];
  sxl_loc_str(r->p, sxl_user_loc(r), loc, sizeof loc);
  snprintf(msg, sizeof msg, "%s: %s", loc, desc ? desc : "");
  r->s->exit_code = code;
  sxl_flush(r);
  if (r->x->on_end) r->x->on_end(r->x->end_ud, r->x, r->s, r->st, reason, kind, loc, msg, code);
  if (r->st) {
    if (r->s->newcov) symx_state_covered_new(r->st);
    symx_state_set_location(r->st, loc); /* the test case's "location" */
    if (symx_state_terminate(r->st, reason, kind, msg) != SYMX_OK)
      return sxl_fatal(r, "symx_state_terminate");
  }
  return SXL_RUN_DONE;
}

/* The engine's check of a symbolic condition bad (consumed). */
static int engine_check(run *r, symx_expr *bad, symx_error_kind kind, const char *desc) {
  char msg[700], loc[300];
  sxl_where(r, desc, msg, sizeof msg);
  sxl_loc_str(r->p, sxl_user_loc(r), loc, sizeof loc);
  symx_state_set_location(r->st, loc); /* for the error's test case */
  sxl_flush(r);
  r->s->resume_ok = 1;
  r->x->in_check = r->s;
  sxl_changed_site(r, SXL_AGAIN, SXL_AGAIN);
  int rc = symx_state_check(r->st, bad, kind, msg);
  r->x->in_check = NULL;
  symx_expr_release(bad);
  if (rc == SYMX_OK) {
    r->s->resume_ok = 0;
    return SXL_CONTINUE;
  }
  if (rc == SYMX_UNSAT || rc == SYMX_UNKNOWN) return SXL_RUN_YIELD;
  return sxl_fatal(r, "symx_state_check");
}

/* cond (consumed) added after the call; a path it contradicts is dropped. */
int sxl_assume_silent(run *r, symx_expr *cond) {
  top(r)->pc++;
  sxl_flush(r);
  int rc = symx_state_assume(r->st, cond);
  symx_expr_release(cond);
  if (rc == SYMX_OK) return SXL_CONTINUE;
  if (rc == SYMX_UNSAT || rc == SYMX_UNKNOWN) return SXL_RUN_YIELD;
  return sxl_fatal(r, "symx_state_assume");
}

/* cond (consumed) added after the call, decided now; one the path cannot
** meet is the user error desc at the call (recorded as a check's is). */
int sxl_require(run *r, symx_expr *cond, const char *desc) {
  char msg[700], loc[300];
  sxl_where(r, desc, msg, sizeof msg);
  sxl_loc_str(r->p, sxl_user_loc(r), loc, sizeof loc);
  symx_state_set_location(r->st, loc);
  top(r)->pc++;
  sxl_flush(r);
  r->x->in_check = r->s;
  int rc = symx_state_require(r->st, cond, msg);
  r->x->in_check = NULL;
  symx_expr_release(cond);
  if (rc == SYMX_OK) return SXL_CONTINUE;
  if (rc == SYMX_UNSAT || rc == SYMX_UNKNOWN) return SXL_RUN_YIELD;
  return sxl_fatal(r, "symx_state_require");
}

int sxl_check(run *r, symx_expr *bad, symx_error_kind kind, const char *desc) {
  if (!bad) return sxl_fatal(r, "building a check");
  if (symx_expr_is_const(bad)) {
    int b = symx_expr_const_value(bad) != 0;
    symx_expr_release(bad);
    return b ? sxl_end(r, SYMX_END_ERROR, kind, desc, 0) : SXL_CONTINUE;
  }
  if (!r->st) {
    symx_expr_release(bad);
    return SXL_CONTINUE;
  }
  if (r->s->resume_ok) { /* this check passed before the state was resumed */
    r->s->resume_ok = 0;
    symx_expr_release(bad);
    return SXL_CONTINUE;
  }
  return engine_check(r, bad, kind, desc);
}

/* One side of a branch goes to edge e, or with SXL_NEXT to the next
** instruction (a switch case not taken). 0, or -1 when out of memory. */
static int go(symx_state *side, sxl_prog *p, uint32_t e) {
  sxl_state *s = symx_state_payload(side);
  if (e == SXL_NEXT)
    s->frames[s->nframes - 1].pc++;
  else if (e != SXL_AGAIN)
    return sxl_take_edge(s, p, e);
  return 0;
}

/* Forking turned off (klee_set_forking(0)): the side the witness takes,
** with its condition added to the path, as KLEE picks one side. */
static int branch_one_side(run *r, symx_expr *cond, uint32_t et, uint32_t ef, symx_state **t,
                           symx_state **f) {
  uint64_t v = 0;
  int rc = symx_state_eval(r->st, cond, &v);
  symx_expr *side = rc != SYMX_OK ? NULL : v ? symx_expr_retain(cond) : symx_bool_not(r->ctx, cond);
  symx_expr_release(cond);
  if (!side) return sxl_fatal(r, "symx_state_eval");
  rc = symx_state_assume(r->st, side);
  symx_expr_release(side);
  if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_assume");
  if (go(r->st, r->p, v ? et : ef)) return sxl_oom(r);
  *(v ? t : f) = r->st;
  return symx_state_status(r->st) == SYMX_ST_ACTIVE ? SXL_CONTINUE : SXL_RUN_YIELD;
}

/* capping: whether --max-static-*-pct applies to this branch */
static int branch_sides(run *r, symx_expr *cond, uint32_t et, uint32_t ef, symx_state **t,
                        symx_state **f, int capping) {
  *t = *f = NULL;
  if (!r->st) {
    symx_expr_release(cond);
    return sxl_fatal(r, "symbolic branch without an engine");
  }
  sxl_flush(r);
  if (r->s->no_fork) return branch_one_side(r, cond, et, ef, t, f);
  sxl_static_site site = {0};
  if (r->x->statics && capping) {
    /* a branch past its share (--max-static-*-pct) takes the witness's
    ** side, as with forking off: in the pending modes too, where the
    ** other side would have become a pending state */
    int capped = sxl_static_capped(r, &site);
    if (capped < 0) {
      symx_expr_release(cond);
      return sxl_oom(r);
    }
    if (capped) {
      sxl_static_warn(r);
      return branch_one_side(r, cond, et, ef, t, f);
    }
  }
  sxl_changed_site(r, et, ef); /* concolic mode's log: site and new-code tag */
  int rc = symx_state_branch(r->st, cond, t, f);
  symx_expr_release(cond);
  if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_branch");
  if (r->x->statics && capping && sxl_static_count(r, &site)) return sxl_oom(r);
  if ((*t && go(*t, r->p, et)) || (*f && go(*f, r->p, ef))) return sxl_oom(r);
  /* Only this path, still active, on one side goes on running. */
  if (*t && *f) return SXL_RUN_YIELD;
  if ((*t && *t != r->st) || (*f && *f != r->st)) return SXL_RUN_YIELD;
  if (!*t && !*f) return SXL_RUN_YIELD;
  if (symx_state_status(r->st) != SYMX_ST_ACTIVE) return SXL_RUN_YIELD;
  return r->x->branch_yield ? SXL_RUN_YIELD : SXL_CONTINUE; /* sdse: pick again */
}

int sxl_branch_sides(run *r, symx_expr *cond, uint32_t et, uint32_t ef, symx_state **t,
                     symx_state **f) {
  return branch_sides(r, cond, et, ef, t, f, 1);
}

int sxl_branch(run *r, symx_expr *cond, uint32_t et, uint32_t ef) {
  symx_state *t, *f;
  return branch_sides(r, cond, et, ef, &t, &f, 1);
}

/* A switch's case: as KLEE's switch, one that forks per destination
** (--switch-type=internal) is not subject to --max-static-*-pct; lowered
** into branches (simple) it is. */
int sxl_branch_case(run *r, symx_expr *cond, uint32_t et) {
  symx_state *t, *f;
  return branch_sides(r, cond, et, SXL_NEXT, &t, &f, r->p->switch_type == SXL_SWITCH_SIMPLE);
}

/* A whole switch (internal): not subject to --max-static-*-pct either. */
int sxl_branch_switch(run *r, symx_expr *cond, uint32_t et) {
  symx_state *t, *f;
  return branch_sides(r, cond, et, SXL_AGAIN, &t, &f, 0);
}

/* The slot holds a symbolic value (an exit status, a function pointer):
** fork on its low bits (for an exit status, what a native run shows); on
** each side the slot becomes concrete. Re-executes the instruction on the
** other side. */
int sxl_enum_slot(run *r, uint32_t slot, unsigned bits) {
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  symx_expr *e = sxl_reg_sym(fr, slot);
  if (!e) return SXL_CONTINUE;
  if (!r->st) return sxl_fatal(r, "symbolic exit status without an engine");
  symx_ctx *c = r->ctx;
  unsigned w = symx_expr_width(e);
  symx_expr *e8 = w > bits ? symx_extract(c, e, bits - 1, 0)
                  : w < bits ? symx_zext(c, e, bits) : symx_expr_retain(e);
  uint64_t v = 0;
  sxl_flush(r);
  if (!e8 || symx_state_eval(r->st, e8, &v) != SYMX_OK) {
    symx_expr_release(e8);
    return sxl_fatal(r, "exit status");
  }
  symx_expr *cv = symx_const(c, bits, v);
  symx_expr *cond = symx_eq(c, e8, cv);
  symx_expr_release(e8);
  symx_expr_release(cv);
  symx_state *t = NULL, *f = NULL;
  int rc = symx_state_branch(r->st, cond, &t, &f);
  symx_expr_release(cond);
  if (rc != SYMX_OK) return sxl_fatal(r, "symx_state_branch");
  if (t) {
    sxl_state *ts = symx_state_payload(t);
    if (sxl_reg_put(&ts->frames[ts->nframes - 1], slot, v, NULL)) return sxl_oom(r);
  }
  if (t == r->st && !f && symx_state_status(r->st) == SYMX_ST_ACTIVE) return SXL_CONTINUE;
  return SXL_RUN_YIELD;
}

/* A value that leaves the program (an exit status): its low bits take one
** value under the witness and the path keeps that value as a constraint,
** as KLEE does; with x->enum_outputs one path per value instead. */
int sxl_out_slot(run *r, uint32_t slot, unsigned bits) {
  if (r->x->enum_outputs) return sxl_enum_slot(r, slot, bits);
  sxl_frame *fr = &r->s->frames[r->s->nframes - 1];
  symx_expr *e = sxl_reg_sym(fr, slot);
  if (!e) return SXL_CONTINUE;
  if (!r->st) return sxl_fatal(r, "symbolic exit status without an engine");
  unsigned w = symx_expr_width(e);
  symx_expr *eb = w > bits ? symx_extract(r->ctx, e, bits - 1, 0)
                  : w < bits ? symx_zext(r->ctx, e, bits) : symx_expr_retain(e);
  uint64_t v = 0;
  sxl_flush(r);
  int rc = eb ? symx_state_concretize(r->st, eb, &v) : SYMX_NOMEM;
  symx_expr_release(eb);
  if (rc != SYMX_OK) return sxl_fatal(r, "exit status");
  return sxl_setc(r, slot, v);
}
