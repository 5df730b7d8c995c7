/*
** cutplan.c — the edges a --cut mode cuts, per function of the loaded
** bitcode (Converse's slicer, paper 003, as a plan instead of a rewritten
** program). Blocks are numbered in function order, 0 the entry; a path
** ends at a block without successors or at a cut edge (a return there).
** Searches are depth-first, break on cycles and stop at the function's
** time budget with the longest path found so far (longest paths are
** NP-hard).
*/
#include "cuts.h"
#include "cfg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct search {
  const sxl_cfg *g;
  sxl_cutfn *cf;
  uint32_t *path, *next, *best, nbest;
  uint8_t *on;      /* blocks on the path */
  uint8_t *seen;    /* depth mode: (block, depth) pairs expanded */
  uint32_t limit;   /* depth mode: the depth whose blocks' edges are cut, else 0 */
  int all;          /* allpaths: every path's middle edge is cut */
  uint64_t deadline, steps;
  int out, oom;
} search;

int sxl_cut_mode(const char *name) {
  static const char *const names[] = {"none", "loop", "depth", "keypath", "keypath-once",
                                      "allpaths", "adaptive"};
  for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
    if (name && !strcmp(name, names[i])) return i;
  return -1;
}

/* Records edge u -> v cut (once). */
static int add_edge(sxl_cutfn *cf, uint32_t u, uint32_t v, uint32_t loop) {
  for (uint32_t i = 0; i < cf->n; i++)
    if (cf->e[i].from == u && cf->e[i].to == v) return 0;
  if (cf->n == cf->cap) {
    uint32_t cap = cf->cap ? 2 * cf->cap : 8;
    sxl_cutedge *e = realloc(cf->e, cap * sizeof *e);
    if (!e) return -1;
    cf->e = e;
    cf->cap = cap;
  }
  cf->e[cf->n++] = (sxl_cutedge){u, v, loop};
  return 0;
}

/* Cuts slot u -> v of the graph (and records it). */
static int cut_slot(search *s, uint32_t u, uint32_t v) {
  const sxl_cfg *g = s->g;
  for (uint32_t k = g->off[u]; k < g->off[u + 1]; k++)
    if (g->succ[k] == v) g->mark[k] = 1;
  return add_edge(s->cf, u, v, 0);
}

/* A path path[0 .. len) ended: the longest is kept; allpaths cuts its middle. */
static void path_end(search *s, uint32_t len) {
  if (len > s->nbest) {
    memcpy(s->best, s->path, len * sizeof *s->path);
    s->nbest = len;
  }
  uint32_t k = (len + 1) / 2;
  if (s->all && len >= 2 && add_edge(s->cf, s->path[k - 1], s->path[k], 0)) s->oom = 1;
}

/* Depth mode: block u at the limit; its edges are cut. */
static void at_limit(search *s, uint32_t u) {
  const sxl_cfg *g = s->g;
  for (uint32_t k = g->off[u]; k < g->off[u + 1]; k++)
    if (!g->mark[k] && add_edge(s->cf, u, g->succ[k], 0)) s->oom = 1;
}

/* Pushes v at depth d unless it is on the path (a cycle) or (depth mode)
** was expanded at that depth before; 1 when pushed. */
static int push(search *s, uint32_t d, uint32_t v) {
  if (s->on[v]) return 0;
  if (s->seen) {
    size_t bit = (size_t)v * s->limit + d;
    if (s->seen[bit / 8] & (1u << (bit % 8))) return 0;
    s->seen[bit / 8] |= (uint8_t)(1u << (bit % 8));
  }
  s->path[d] = v;
  s->next[d] = s->g->off[v];
  s->on[v] = 1;
  if (s->g->off[v] == s->g->off[v + 1]) path_end(s, d + 1);
  return 1;
}

/* One depth-first walk over the acyclic paths from the entry. */
static void walk(search *s) {
  const sxl_cfg *g = s->g;
  uint32_t d = 0;
  s->nbest = 0;
  memset(s->on, 0, g->n);
  push(s, 0, 0);
  for (;;) {
    uint32_t u = s->path[d];
    if (s->limit && d + 1 == s->limit && s->next[d] == g->off[u]) {
      at_limit(s, u);
      s->next[d] = g->off[u + 1];
    }
    if (s->next[d] == g->off[u + 1] || s->out || s->oom) {
      s->on[u] = 0;
      if (d-- == 0) return;
      continue;
    }
    uint32_t k = s->next[d]++;
    if (++s->steps % 1024 == 0 && sxl_now_ns() > s->deadline) s->out = 1;
    if (g->mark[k])
      path_end(s, d + 1);
    else if (push(s, d + 1, g->succ[k]))
      d++;
  }
}

/* The key path (the longest found, Y blocks) cut at half when longer than
** bound: block ceil(Y/2) - 1's edge to the next. 1 when it was cut. */
static int cut_key_path(search *s, uint32_t bound) {
  walk(s);
  uint32_t y = s->nbest, k = (y + 1) / 2;
  if (y < 2 || y <= bound || s->oom) return 0;
  if (cut_slot(s, s->best[k - 1], s->best[k])) s->oom = 1;
  return !s->oom;
}

/* Modes 2, 3, 1, 4 on one function's graph. */
static void plan_paths(search *s, int mode) {
  if (mode == SXL_CUT_KEYPATH || mode == SXL_CUT_KEYPATH_ONCE) {
    /* 3: once; 2: until no path is longer than half the first key path */
    int cut = cut_key_path(s, 1);
    uint32_t h = (s->cf->keypath = s->nbest) / 2 + s->nbest % 2;
    while (mode == SXL_CUT_KEYPATH && cut && !s->out) cut = cut_key_path(s, h);
    return;
  }
  s->all = mode == SXL_CUT_ALLPATHS;
  walk(s);
  uint32_t x = s->cf->keypath = s->nbest;
  if (mode != SXL_CUT_DEPTH || x < 2 || s->out || s->oom) return;
  /* 4: every block some path reaches at depth ceil(X/2) loses its edges */
  s->limit = (x + 1) / 2;
  if (!(s->seen = calloc(((size_t)s->g->n * s->limit + 7) / 8 + 1, 1))) {
    s->oom = 1;
    return;
  }
  walk(s);
}

/* Mode 5: every back edge of a depth-first walk from the entry; its loop
** is its header (the edge's target). */
static int plan_loops(const sxl_cfg *g, sxl_cutfn *cf) {
  uint8_t *color = calloc(g->n + 1, 1); /* 0 new, 1 on the walk's stack, 2 done */
  uint32_t *stack = malloc((g->n + 1) * sizeof *stack), *next = malloc((g->n + 1) * sizeof *next);
  int rc = color && stack && next ? 0 : -1;
  uint32_t d = 0;
  if (!rc) {
    stack[0] = 0;
    next[0] = g->off[0];
    color[0] = 1;
  }
  while (!rc) {
    uint32_t u = stack[d];
    if (next[d] == g->off[u + 1]) {
      color[u] = 2;
      if (d-- == 0) break;
      continue;
    }
    uint32_t v = g->succ[next[d]++];
    if (color[v] == 1)
      rc = add_edge(cf, u, v, 1 + v);
    else if (!color[v]) {
      color[v] = 1;
      stack[++d] = v;
      next[d] = g->off[v];
    }
  }
  free(color);
  free(stack);
  free(next);
  return rc;
}

/* An integer return's width (a fresh symbolic value can stand for it). */
static uint32_t int_return(LLVMValueRef f) {
  LLVMTypeRef rt = LLVMGetReturnType(LLVMGlobalGetValueType(f));
  if (LLVMGetTypeKind(rt) != LLVMIntegerTypeKind) return 0;
  unsigned w = LLVMGetIntTypeWidth(rt);
  return w <= 64 ? w : 0;
}

static int plan_fn(sxl_cutplan *c, const sxl_fn *fn, sxl_cutfn *cf, int64_t budget_ms) {
  sxl_cfg g;
  cf->ret_pc = UINT32_MAX;
  if (!fn->defined || fn->is_libc || fn->builtin || !fn->ref || !LLVMCountBasicBlocks(fn->ref))
    return 0;
  cf->planned = 1;
  cf->ret_width = int_return(fn->ref);
  if (sxl_cfg_build(&g, fn->ref)) {
    sxl_cfg_free(&g);
    return -1;
  }
  int rc = 0;
  if (c->mode == SXL_CUT_LOOP || c->mode == SXL_CUT_ADAPTIVE) {
    rc = plan_loops(&g, cf);
  } else if (c->mode != SXL_CUT_NONE) {
    search s = {.g = &g, .cf = cf, .deadline = sxl_now_ns() + (uint64_t)budget_ms * 1000000u};
    s.path = malloc((g.n + 1) * sizeof *s.path);
    s.next = malloc((g.n + 1) * sizeof *s.next);
    s.best = malloc((g.n + 1) * sizeof *s.best);
    s.on = malloc(g.n + 1);
    if (s.path && s.next && s.best && s.on) plan_paths(&s, c->mode);
    rc = s.oom || !(s.path && s.next && s.best && s.on) ? -1 : 0;
    cf->budget_out = s.out;
    free(s.path);
    free(s.next);
    free(s.best);
    free(s.on);
    free(s.seen);
  }
  sxl_cfg_free(&g);
  return rc;
}

/* Function fi's back edges get their loop's index in c->lp (one per
** header: a loop's back edges share it); -1 when out of memory. */
static int index_loops(sxl_cutplan *c, uint32_t fi) {
  sxl_cutfn *cf = &c->fns[fi];
  for (uint32_t k = 0; k < cf->n; k++) {
    sxl_cutedge *e = &cf->e[k];
    if (!e->loop) continue;
    uint32_t j = c->nlp;
    while (j > 0 && c->lp[j - 1].fn == fi && c->lp[j - 1].header != e->loop - 1) j--;
    if (j > 0 && c->lp[j - 1].fn == fi) {
      e->idx = j - 1;
      continue;
    }
    if (c->nlp == c->caplp) {
      uint32_t cap = c->caplp ? 2 * c->caplp : 8;
      sxl_cutloop *lp = realloc(c->lp, cap * sizeof *lp);
      if (!lp) return -1;
      c->lp = lp;
      c->caplp = cap;
    }
    c->lp[c->nlp] = (sxl_cutloop){.fn = fi, .header = e->loop - 1};
    e->idx = c->nlp++;
  }
  return 0;
}

sxl_cutplan *sxl_cutplan_new(sxl_prog *p, int mode, int64_t budget_ms, char *err, size_t len) {
  if (budget_ms <= 0) {
    snprintf(err, len, "--cut-budget: the time budget per function must be more than 0");
    return NULL;
  }
  if (mode < SXL_CUT_NONE || mode > SXL_CUT_ADAPTIVE) {
    snprintf(err, len, "--cut: unknown mode %d", mode);
    return NULL;
  }
  sxl_cutplan *c = calloc(1, sizeof *c);
  if (c) c->fns = calloc(p->nfns + 1, sizeof *c->fns);
  if (!c || !c->fns) {
    sxl_cutplan_free(c);
    snprintf(err, len, "--cut: out of memory");
    return NULL;
  }
  c->mode = mode;
  c->nfns = p->nfns;
  for (uint32_t i = 0; i < p->nfns; i++) {
    if (plan_fn(c, &p->fns[i], &c->fns[i], budget_ms)) {
      sxl_cutplan_free(c);
      snprintf(err, len, "--cut: out of memory");
      return NULL;
    }
    if (index_loops(c, i)) {
      sxl_cutplan_free(c);
      snprintf(err, len, "--cut: out of memory");
      return NULL;
    }
    for (uint32_t k = 0; k < c->fns[i].n; k++) c->loops += c->fns[i].e[k].loop != 0;
    c->cut_edges += c->fns[i].n;
    c->budget_out += (uint32_t)c->fns[i].budget_out;
  }
  return c;
}

void sxl_cutplan_free(sxl_cutplan *c) {
  if (!c) return;
  for (uint32_t i = 0; c->fns && i < c->nfns; i++) free(c->fns[i].e);
  free(c->fns);
  free(c->lp);
  free(c->cover);
  free(c);
}
