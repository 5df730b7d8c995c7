/*
** static.c — KLEE's --max-static-fork-pct, --max-static-solve-pct,
** --max-static-cpfork-pct, --max-static-cpsolve-pct and
** --max-static-pct-check-delay: once the run has forked delay times, a
** branch instruction that already accounts for more than its share of all
** forks (or of all solver time), or whose call path (the stack of call
** sites down to its frame) does, no longer forks: its condition takes the
** value it has under the path's witness and that is added to the path.
** A switch that forks per destination is not such a branch (KLEE's is
** not either); one lowered into branches is (path.c, sxl_branch_case).
**
** Counted here, per branch instruction (sxl_fn.forks, sxl_fn.solve_ns) and
** per call path: the forks and the solver time of the engine's branch
** calls (symx_state_branch). The totals are the engine's statistics of the
** whole run ("forks", "solver_time_ns"). In the pending modes a branch's
** other side is only checked when revived: its fork counts when the side
** becomes pending (KLEE counts feasible sides only; a side the path's own
** constraints decide is no fork in either), and the revival's solver time
** is not the branch's.
*/
#include "exec_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct cpnode {
  uint32_t parent, site, fn; /* site: the caller's pc (UINT32_MAX for the root) */
  uint64_t forks, solve_ns;
} cpnode;

struct sxl_static {
  sxl_static_limits lim;
  size_t forks_stat, solve_stat; /* indices of the engine's statistics */
  cpnode *nodes;                 /* the call paths seen; 0 is unused */
  uint32_t n, cap;
  uint32_t *slots; /* open addressing: node ids, 0 = empty */
  uint32_t nslots;
};

static size_t stat_index(const char *name) {
  for (size_t i = 0; i < symx_stat_count(); i++)
    if (strcmp(symx_stat_name(i), name) == 0) return i;
  return SIZE_MAX;
}

sxl_static *sxl_static_new(const sxl_static_limits *lim) {
  if (lim->fork >= 1 && lim->solve >= 1 && lim->cpfork >= 1 && lim->cpsolve >= 1) return NULL;
  sxl_static *sp = calloc(1, sizeof *sp);
  if (!sp) return NULL;
  sp->lim = *lim;
  sp->forks_stat = stat_index("forks");
  sp->solve_stat = stat_index("solver_time_ns");
  sp->n = 1;
  return sp;
}

void sxl_static_free(sxl_static *sp) {
  if (!sp) return;
  free(sp->nodes);
  free(sp->slots);
  free(sp);
}

static uint32_t hash3(uint32_t a, uint32_t b, uint32_t c) {
  uint64_t h = ((uint64_t)a * 0x9E3779B1u) ^ ((uint64_t)b * 0x85EBCA77u) ^ ((uint64_t)c * 0xC2B2AE3Du);
  return (uint32_t)(h ^ (h >> 29));
}

/* Doubles the table (or makes its first one); 0, or -1 out of memory. */
static int grow(sxl_static *sp) {
  uint32_t ns = sp->nslots ? sp->nslots * 2 : 64;
  uint32_t *slots = calloc(ns, sizeof *slots);
  if (!slots) return -1;
  for (uint32_t id = 1; id < sp->n; id++) {
    cpnode *c = &sp->nodes[id];
    uint32_t k = hash3(c->parent, c->site, c->fn) & (ns - 1);
    while (slots[k]) k = (k + 1) & (ns - 1);
    slots[k] = id;
  }
  free(sp->slots);
  sp->slots = slots;
  sp->nslots = ns;
  return 0;
}

/* The node of (parent, site, fn), made when new; 0 when out of memory. */
static uint32_t node(sxl_static *sp, uint32_t parent, uint32_t site, uint32_t fn) {
  if ((sp->n + 1) * 2 > sp->nslots && grow(sp)) return 0;
  uint32_t k = hash3(parent, site, fn) & (sp->nslots - 1);
  for (; sp->slots[k]; k = (k + 1) & (sp->nslots - 1)) {
    cpnode *c = &sp->nodes[sp->slots[k]];
    if (c->parent == parent && c->site == site && c->fn == fn) return sp->slots[k];
  }
  if (sp->n >= sp->cap) {
    uint32_t nc = sp->cap ? sp->cap * 2 : 64;
    cpnode *nn = realloc(sp->nodes, nc * sizeof *nn);
    if (!nn) return 0;
    sp->nodes = nn;
    sp->cap = nc;
  }
  sp->nodes[sp->n] = (cpnode){parent, site, fn, 0, 0};
  sp->slots[k] = sp->n;
  return sp->n++;
}

/* The call path of s's innermost frame: each frame's function under its
** caller's call site. */
static uint32_t call_path(sxl_static *sp, const sxl_state *s) {
  uint32_t id = 0;
  for (uint32_t i = 0; i < s->nframes; i++) {
    uint32_t site = i ? s->frames[i - 1].pc : UINT32_MAX;
    if (!(id = node(sp, id, site, s->frames[i].fn))) return 0;
  }
  return id;
}

/* whether part of total exceeds the share pct (1: no limit) */
static int over(double pct, uint64_t part, uint64_t total) {
  return pct < 1 && (double)part > (double)total * pct;
}

int sxl_static_capped(run *r, sxl_static_site *site) {
  sxl_static *sp = r->x->statics;
  const sxl_frame *fr = top(r);
  site->fn = fr->fn;
  site->pc = fr->pc;
  site->forks0 = symx_stat_at(r->ctx, sp->forks_stat);
  site->ns0 = symx_stat_at(r->ctx, sp->solve_stat);
  if (!(site->cp = call_path(sp, r->s))) return -1;
  if (site->forks0 < sp->lim.delay) return 0;
  const sxl_fn *fn = &r->p->fns[fr->fn];
  const cpnode *c = &sp->nodes[site->cp];
  uint64_t ifork = fn->forks ? fn->forks[fr->pc] : 0, ins = fn->solve_ns ? fn->solve_ns[fr->pc] : 0;
  return over(sp->lim.fork, ifork, site->forks0) || over(sp->lim.solve, ins, site->ns0) ||
         over(sp->lim.cpfork, c->forks, site->forks0) || over(sp->lim.cpsolve, c->solve_ns, site->ns0);
}

int sxl_static_count(run *r, const sxl_static_site *site) {
  sxl_static *sp = r->x->statics;
  uint64_t df = symx_stat_at(r->ctx, sp->forks_stat) - site->forks0;
  uint64_t dns = symx_stat_at(r->ctx, sp->solve_stat) - site->ns0;
  sxl_fn *fn = &r->p->fns[site->fn];
  if (!fn->forks && !(fn->forks = calloc(fn->ncode + 1, sizeof *fn->forks))) return -1;
  if (!fn->solve_ns && !(fn->solve_ns = calloc(fn->ncode + 1, sizeof *fn->solve_ns))) return -1;
  fn->forks[site->pc] += df;
  fn->solve_ns[site->pc] += dns;
  sp->nodes[site->cp].forks += df;
  sp->nodes[site->cp].solve_ns += dns;
  return 0;
}

void sxl_static_warn(run *r) {
  char msg[600];
  sxl_where(r, "skipping fork and concretizing condition (MaxStatic*Pct limit reached)", msg,
            sizeof msg);
  if (!sxl_warned_once(r->x, msg) && r->x->on_warning) r->x->on_warning(r->x->end_ud, msg, 1);
}
