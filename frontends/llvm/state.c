/*
** state.c — one path's program state (the engine's payload): its life cycle
** (initial state, clone at a fork, free) and the top frame's registers.
*/
#include "exec_impl.h"

#include <stdlib.h>
#include <string.h>

static uint32_t make_cstring(sxl_state *s, const char *str) {
  size_t n = strlen(str) + 1;
  uint32_t id = sxl_mem_alloc(&s->mem, OBJ_GLOBAL, n, 0, 0);
  return id && !sxl_bytes_write(sxl_mem_get(s->mem, id), 0, str, n, NULL) ? id : 0;
}

/* Globals then functions take ids 1.. in the order program.c gave them. */
static int add_program_objects(sxl_state *s, const sxl_prog *p) {
  for (uint32_t i = 0; i < p->nglobals; i++) {
    uint32_t id = sxl_mem_alloc(&s->mem, OBJ_GLOBAL, p->globals[i].size, 0, 0);
    if (id != p->globals[i].obj) return -1;
    sxl_obj *o = sxl_mem_get(s->mem, id);
    if (sxl_bytes_write(o, 0, p->globals[i].init, p->globals[i].size, NULL)) return -1;
    o->ro = (uint8_t)p->globals[i].ro;
  }
  for (uint32_t i = 0; i < p->nfns; i++) {
    uint32_t id = sxl_mem_alloc(&s->mem, OBJ_FUNC, 0, 0, 0);
    if (id != p->fns[i].obj) return -1;
  }
  return 0;
}

/* A NULL-terminated array of n strings (8-byte pointers): its object id,
** 0 when out of memory. */
static uint32_t make_strv(sxl_state *s, const char *const *v, uint32_t n) {
  uint32_t arr = sxl_mem_alloc(&s->mem, OBJ_GLOBAL, 8ull * (n + 1), 0, 0);
  if (!arr) return 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t str = make_cstring(s, v[i]);
    if (!str) return 0;
    uint64_t a = SXL_ADDR(str, 0);
    if (sxl_bytes_write(sxl_mem_get(s->mem, arr), 8 * i, &a, 8, NULL)) return 0;
  }
  return arr;
}

/* The C library's start-up globals, as its own start-up code would set
** them (the interpreter runs none): environ ("__environ" too) points at envp,
** and the program's name (musl's __progname_full, glibc's
** program_invocation_name; the short forms: from the last '/') at argv[0],
** which error messages of gnulib programs print. */
static void set_libc_globals(sxl_state *s, const sxl_prog *p, uint64_t envp, uint64_t argv0,
                             uint64_t argv0_short) {
  static const struct { const char *name; int which; } names[] = {
      {"environ", 0}, {"__environ", 0}, {"__progname_full", 1},
      {"program_invocation_name", 1}, {"__progname", 2}, {"program_invocation_short_name", 2}};
  const uint64_t val[3] = {envp, argv0, argv0_short};
  for (uint32_t i = 0; i < p->nglobals; i++) {
    const sxl_global *g = &p->globals[i];
    for (size_t k = 0; g->size == 8 && k < sizeof names / sizeof names[0]; k++)
      if (!strcmp(g->name, names[k].name))
        (void)sxl_bytes_write(sxl_mem_get(s->mem, g->obj), 0, &val[names[k].which], 8,
                              NULL); /* 8 bytes: flat, nothing to fail */
  }
}

/* main(argc, argv, envp): the program's arguments (x->argv, else its name
** alone) and its environment (x->envp: symx-llvm's own by default, as
** KLEE's, else --environ's), which environ holds too. */
static int main_args(sxl_exec *x, sxl_state *s, const sxl_fn *mf) {
  static const char *const dflt[] = {"prog"};
  const char *const *argv = x->argc ? (const char *const *)x->argv : dflt;
  uint32_t argc = x->argc ? x->argc : 1;
  uint32_t av = make_strv(s, argv, argc);
  uint32_t ev = make_strv(s, (const char *const *)x->envp, x->nenv);
  if (!av || !ev) return -1;
  sxl_regwin *w = s->frames[0].win; /* private: a new state's */
  if (mf->nparams >= 1) w->v[0] = argc;
  if (mf->nparams >= 2) w->v[1] = SXL_ADDR(av, 0);
  if (mf->nparams >= 3) w->v[2] = SXL_ADDR(ev, 0);
  uint64_t a0;
  sxl_bytes_read(sxl_mem_get(s->mem, av), 0, &a0, 8);
  const char *slash = strrchr(argv[0], '/');
  uint64_t a0_short = a0 + (slash ? (uint64_t)(slash + 1 - argv[0]) : 0);
  set_libc_globals(s, x->prog, SXL_ADDR(ev, 0), a0, a0_short);
  return 0;
}

sxl_state *sxl_state_new_initial(sxl_exec *x, int argc_main) {
  (void)argc_main;
  sxl_prog *p = x->prog;
  sxl_state *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->mem = sxl_mem_new(&x->obj_copy_bytes);
  if (!s->mem || add_program_objects(s, p) || sxl_prog_translate(p, p->main_fn) ||
      sxl_frame_push(s, p, p->main_fn, UINT32_MAX) || main_args(x, s, &p->fns[p->main_fn])) {
    sxl_state_free(s);
    return NULL;
  }
  return s;
}

/* The clone's arrays, as large as s's contents (at least one element
** each): a fork makes a pending state that may wait long, so it keeps no
** room to grow. */
static int clone_arrays(sxl_state *c, const sxl_state *s) {
  c->capframes = s->nframes ? s->nframes : 1;
  c->capallocas = s->nallocas ? s->nallocas : 1;
  c->outcap = s->outlen ? s->outlen : 1;
  c->frames = calloc(c->capframes, sizeof *c->frames); /* no spare windows */
  c->allocas = malloc(c->capallocas * sizeof *c->allocas);
  c->out = malloc(c->outcap);
  c->inames = malloc((s->ninames ? s->ninames : 1) * sizeof *c->inames);
  if (c->frames && c->allocas && c->out && c->inames) return 0;
  free(c->frames);
  free(c->allocas);
  free(c->out);
  free(c->inames);
  return -1;
}

/* The clone's copies of the input names (its arrays freed on failure). */
static int clone_names(sxl_state *c, const sxl_state *s) {
  for (uint32_t i = 0; i < s->ninames; i++) {
    c->inames[i] = strdup(s->inames[i]);
    if (c->inames[i]) continue;
    while (i > 0) free(c->inames[--i]);
    free(c->frames);
    free(c->allocas);
    free(c->out);
    free(c->inames);
    return -1;
  }
  return 0;
}

sxl_state *sxl_state_clone(sxl_state *s) {
  sxl_state *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  *c = *s;
  if (sxl_trail_clone(c, s)) {
    free(c);
    return NULL;
  }
  if (clone_arrays(c, s) || clone_names(c, s)) {
    sxl_trail_free(c);
    free(c);
    return NULL;
  }
  /* empty arrays may be NULL: memcpy must not see them (UB even for 0) */
  if (s->nframes) memcpy(c->frames, s->frames, s->nframes * sizeof *c->frames);
  for (uint32_t i = 0; i < s->nframes; i++) c->frames[i].win->refs++; /* shared windows */
  if (s->nallocas) memcpy(c->allocas, s->allocas, s->nallocas * sizeof *c->allocas);
  if (s->outlen) memcpy(c->out, s->out, s->outlen);
  c->mem->refs++;
  c->icount = 0;
  c->newcov = 0; /* the new code is the parent path's (KLEE's coveredNew) */
  return c;
}

void sxl_state_free(sxl_state *s) {
  if (!s) return;
  for (uint32_t i = 0; i < s->capframes; i++) sxl_regwin_release(s->frames[i].win); /* spares too */
  free(s->frames);
  free(s->allocas);
  free(s->out);
  for (uint32_t i = 0; i < s->ninames; i++) free(s->inames[i]);
  free(s->inames);
  sxl_trail_free(s);
  sxl_mem_release(s->mem);
  free(s);
}

/* Applies edge e of the top frame of s (phi moves, then the jump): 0, or
** -1 when out of memory (the window could not be made private). */
int sxl_take_edge(sxl_state *s, sxl_prog *p, uint32_t e) {
  sxl_frame *fr = &s->frames[s->nframes - 1];
  sxl_fn *fn = &p->fns[fr->fn];
  const sxl_edge *ed = &fn->edges[e];
  if (ed->nmoves) {
    if (sxl_reg_own(fr)) return -1;
    uint64_t *R = fr->win->v;
    symx_expr **S = fr->win->e;
    /* Parallel copy: read every source before writing any phi. */
    uint64_t tv[64];
    symx_expr *ts[64];
    const uint32_t *mv = fn->moves + ed->moves;
    uint32_t n = ed->nmoves;
    for (uint32_t done = 0; done < n;) {
      uint32_t k = n - done < 64 ? n - done : 64;
      for (uint32_t i = 0; i < k; i++) {
        uint32_t src = mv[2 * (done + i)];
        tv[i] = R[src];
        ts[i] = S[src] ? symx_expr_retain(S[src]) : NULL;
      }
      for (uint32_t i = 0; i < k; i++) {
        uint32_t dst = mv[2 * (done + i) + 1];
        symx_expr_release(S[dst]);
        R[dst] = tv[i];
        S[dst] = ts[i];
      }
      done += k;
    }
  }
  fr->pc = ed->target;
  return 0;
}

symx_expr *sxl_ex(run *r, uint32_t slot, unsigned w) {
  const sxl_frame *fr = top(r);
  symx_expr *e = sxl_reg_sym(fr, slot);
  if (e) return symx_expr_retain(e);
  return symx_const(r->ctx, w, sxl_reg_val(fr, slot));
}

int sxl_set(run *r, uint32_t slot, symx_expr *e) {
  if (!e) return sxl_fatal(r, "building an expression");
  if (r->x->changed) e = sxl_changed_tag(r, e); /* data from new code */
  uint64_t v = 0;
  if (symx_expr_is_const(e)) {
    v = symx_expr_const_value(e);
    symx_expr_release(e);
    e = NULL;
  }
  return sxl_reg_put(top(r), slot, v, e) ? sxl_oom(r) : SXL_CONTINUE;
}

int sxl_setc(run *r, uint32_t slot, uint64_t v) {
  return sxl_reg_put(top(r), slot, v, NULL) ? sxl_oom(r) : SXL_CONTINUE;
}
