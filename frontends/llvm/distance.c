/*
** distance.c — Otter's interprocedural distance to targets (SDSE): the
** number of ICFG edges from a state's instruction to a target line, over
** paths with matched calls and returns, with the call stack of the state
** taken into account.
**
** Nodes are Otter's: the instructions of an LLVM basic block up to and
** including a call of a function the program defines (the call node), and
** the rest of the block after it (its return node), up to the terminator.
** Edges, each of length 1: a terminator to its successor blocks' first
** nodes; a call node to the callee's entry; a return to the caller's return
** node. Precomputed per node: X, the distance to its function's return
** (a call passes through the callee: 1 + X(entry) + 1), and per target N,
** the distance without returning (entering a callee: 1 + N(entry), or
** passing over it as X does). A state with frames f0..fk (fk running at
** node n, each fi<k at a call whose return node is r_i) is at
**   min(N(n), X(n) + 1 + N(r_{k-1}), X(n) + 1 + X(r_{k-1}) + 1 + N(r_{k-2}), ...).
** Both tables are shortest paths computed backwards from their zeros by a
** worklist (a node is revisited when a value it depends on drops).
** A call through a pointer may go to any function whose address is taken
** (sxl_fn_escapes) and whose type fits the call's (sxl_fn_type_fits, as
** CCBSE's call graph has it): its node has each of them as a callee, and
** passing over it costs the cheapest one's X. Calls of functions the
** program does not define, of builtins, and through pointers no such
** function fits are ordinary instructions (no node boundary, no callee).
*/
#include "distance.h"

#include "pmap.h"

#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX
#define INF SYMX_DIST_INF

enum { K_TERM = 0, K_CALL, K_RET };
enum { E_INTRA = 0, E_SKIP, E_ENTRY }; /* a predecessor u of v: u's terminator
                                        ** goes to v; u's call returns to v; u calls v's function */

typedef struct dnode {
  uint32_t fn, block, seg; /* function, its block (ordinal) and segment in it */
  uint8_t kind;
  uint32_t c0, nc;         /* K_CALL: the functions it may call, callees[c0, c0 + nc) */
  LLVMValueRef term;       /* K_TERM: the block's terminator */
} dnode;

typedef struct pred {
  uint32_t u;
  uint8_t type;
} pred;

struct sxl_distance {
  sxl_prog *p;
  dnode *nodes;
  uint32_t nnodes, capnodes;
  uint32_t *callees;
  uint32_t ncallees, capcallees;
  uint32_t *taken;  /* the functions of ours whose address is taken */
  uint32_t ntaken;
  uint32_t *entry;  /* per function: its first node, NONE when not a node owner */
  uint32_t *pcbase; /* per function: where its instructions' nodes start in pcnode */
  uint32_t *pcnode; /* per instruction of every owner: its node */
  uint32_t *pstart; /* predecessors of v: preds[pstart[v], pstart[v + 1]) */
  pred *preds;
  uint32_t npreds;
  uint64_t *x;      /* per node: to the function's return */
  uint64_t **n;     /* per target, per node */
  uint64_t *any;    /* per node: min over the targets not reached */
  sxl_pmap blocks;  /* LLVM block -> its first node */
  sxl_target *t;
  size_t nt;
  int sequential;
};

/* Whether fn is a function whose calls enter a frame of ours. */
static int owner(const sxl_fn *fn) { return fn->defined && !fn->builtin; }

static int add_callee(sxl_distance *d, uint32_t g) {
  if (d->ncallees == d->capcallees) {
    uint32_t nc = d->capcallees ? d->capcallees * 2 : 256;
    uint32_t *a = realloc(d->callees, nc * sizeof *a);
    if (!a) return -1;
    d->callees = a;
    d->capcallees = nc;
  }
  d->callees[d->ncallees++] = g;
  return 0;
}

/* The functions of ours call instruction in may run, appended to callees:
** its callee, or through a pointer every address-taken one of a type that
** fits. How many (0: not a call of ours), or -1 when out of memory. */
static int callees_of(sxl_distance *d, const sxl_pmap *fns, LLVMValueRef in) {
  const sxl_prog *p = d->p;
  if (LLVMGetInstructionOpcode(in) != LLVMCall) return 0;
  LLVMValueRef c = LLVMGetCalledValue(in);
  if (c && !LLVMIsAConstant(c) && !LLVMIsAInlineAsm(c)) { /* through a pointer */
    LLVMTypeRef ct = LLVMGetCalledFunctionType(in);
    uint32_t before = d->ncallees;
    for (uint32_t k = 0; k < d->ntaken; k++)
      if (sxl_fn_type_fits(ct, LLVMGlobalGetValueType(p->fns[d->taken[k]].ref)) &&
          add_callee(d, d->taken[k]))
        return -1;
    return (int)(d->ncallees - before);
  }
  /* a function called as another type (the environment runtime's main
  ** calls the program's, renamed, with envp) */
  if (c && LLVMIsAConstantExpr(c) && LLVMGetConstOpcode(c) == LLVMBitCast) c = LLVMGetOperand(c, 0);
  uint32_t fi;
  if (!c || !LLVMIsAFunction(c) || !sxl_pmap_get(fns, c, &fi) || !owner(&p->fns[fi])) return 0;
  return add_callee(d, fi) ? -1 : 1;
}

static int new_node(sxl_distance *d, uint32_t fn, uint32_t block, uint32_t seg) {
  if (d->nnodes == d->capnodes) {
    uint32_t nc = d->capnodes ? d->capnodes * 2 : 256;
    dnode *nn = realloc(d->nodes, nc * sizeof *nn);
    if (!nn) return -1;
    d->nodes = nn;
    d->capnodes = nc;
  }
  d->nodes[d->nnodes++] = (dnode){fn, block, seg, K_TERM, 0, 0, NULL};
  return 0;
}

/* The nodes of function fi; its instructions mapped to them in ins. */
static int split_fn(sxl_distance *d, const sxl_pmap *fns, uint32_t fi, sxl_pmap *ins) {
  sxl_prog *p = d->p;
  d->entry[fi] = d->nnodes;
  uint32_t b = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(p->fns[fi].ref); bb;
       bb = LLVMGetNextBasicBlock(bb), b++) {
    uint32_t seg = 0;
    if (new_node(d, fi, b, seg) || sxl_pmap_put(&d->blocks, bb, d->nnodes - 1)) return -1;
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (sxl_pmap_put(ins, in, d->nnodes - 1)) return -1;
      uint32_t c0 = d->ncallees;
      int nc = callees_of(d, fns, in);
      dnode *last = &d->nodes[d->nnodes - 1];
      if (nc < 0) return -1;
      if (nc) {
        last->kind = K_CALL;
        last->c0 = c0;
        last->nc = (uint32_t)nc;
        if (new_node(d, fi, b, ++seg)) return -1;
      } else if (LLVMGetInstructionOpcode(in) == LLVMRet) {
        last->kind = K_RET;
      } else if (LLVMIsATerminatorInst(in)) {
        last->term = in;
      }
    }
  }
  return 0;
}

/* Calls f for every edge (u, v) of the graph, by its predecessor type. */
typedef void (*edge_fn)(sxl_distance *d, uint32_t u, uint32_t v, uint8_t type);
static void each_edge(sxl_distance *d, edge_fn f) {
  for (uint32_t u = 0; u < d->nnodes; u++) {
    const dnode *nu = &d->nodes[u];
    if (nu->kind == K_CALL) {
      f(d, u, u + 1, E_SKIP);
      for (uint32_t k = 0; k < nu->nc; k++) f(d, u, d->entry[d->callees[nu->c0 + k]], E_ENTRY);
    } else if (nu->kind == K_TERM && nu->term) {
      unsigned ns = LLVMGetNumSuccessors(nu->term);
      for (unsigned k = 0; k < ns; k++) {
        uint32_t v;
        if (sxl_pmap_get(&d->blocks, LLVMGetSuccessor(nu->term, k), &v)) f(d, u, v, E_INTRA);
      }
    }
  }
}

static void count_pred(sxl_distance *d, uint32_t u, uint32_t v, uint8_t type) {
  (void)u, (void)type;
  d->pstart[v + 1]++;
}

static void put_pred(sxl_distance *d, uint32_t u, uint32_t v, uint8_t type) {
  d->preds[d->pstart[v]++] = (pred){u, type};
}

/* The predecessor lists (counting sort by target node). */
static int build_preds(sxl_distance *d) {
  if (!(d->pstart = calloc((size_t)d->nnodes + 2, sizeof *d->pstart))) return -1;
  each_edge(d, count_pred);
  for (uint32_t v = 0; v <= d->nnodes; v++) d->pstart[v + 1] += d->pstart[v];
  d->npreds = d->pstart[d->nnodes + 1];
  if (!(d->preds = malloc(((size_t)d->npreds + 1) * sizeof *d->preds))) return -1;
  each_edge(d, put_pred); /* moves each start to the next list's */
  for (uint32_t v = d->nnodes; v > 0; v--) d->pstart[v] = d->pstart[v - 1];
  d->pstart[0] = 0;
  return 0;
}

static uint64_t add(uint64_t a, uint64_t b) { return a == INF || b == INF ? INF : a + b; }

/* Over call node u: into its cheapest callee and out of it (x: X). */
static uint64_t over(const sxl_distance *d, const uint64_t *x, const dnode *nu) {
  uint64_t m = INF;
  for (uint32_t k = 0; k < nu->nc; k++) {
    uint64_t v = x[d->entry[d->callees[nu->c0 + k]]];
    if (v < m) m = v;
  }
  return add(2, m);
}

/* What v's value val gives predecessor (u, type): X when x is NULL (the
** table being computed), else N (x = the X table). */
static uint64_t through(const sxl_distance *d, const uint64_t *tab, const uint64_t *x, pred pr,
                        uint64_t val) {
  const dnode *nu = &d->nodes[pr.u];
  switch (pr.type) {
  case E_INTRA: return add(1, val);
  case E_SKIP: /* over the call: the callee's entry to its return */
    return add(over(d, x ? x : tab, nu), val);
  default: /* v is the callee's entry */
    if (x) return add(1, val);
    return add(add(2, val), tab[pr.u + 1]);
  }
}

/* Shortest paths backwards from the zeros already in tab (X when x is
** NULL, else N with x the X table): a worklist of nodes whose value
** dropped. 0, or -1 when out of memory. */
static int relax(const sxl_distance *d, uint64_t *tab, const uint64_t *x) {
  uint32_t *q = malloc(((size_t)d->nnodes + 1) * sizeof *q);
  uint8_t *inq = calloc((size_t)d->nnodes + 1, 1);
  if (!q || !inq) {
    free(q);
    free(inq);
    return -1;
  }
  size_t head = 0, len = 0, cap = (size_t)d->nnodes + 1;
  for (uint32_t v = 0; v < d->nnodes; v++)
    if (tab[v] != INF) q[(head + len++) % cap] = v, inq[v] = 1;
  while (len) {
    uint32_t v = q[head];
    head = (head + 1) % cap;
    len--;
    inq[v] = 0;
    for (uint32_t k = d->pstart[v]; k < d->pstart[v + 1]; k++) {
      pred pr = d->preds[k];
      uint64_t c = through(d, tab, x, pr, tab[v]);
      if (c < tab[pr.u]) {
        tab[pr.u] = c;
        if (!inq[pr.u]) q[(head + len++) % cap] = pr.u, inq[pr.u] = 1;
      }
    }
  }
  free(q);
  free(inq);
  return 0;
}

/* Whether file name f (as the debug info has it) is the FILE of a target:
** equal, or one ends with "/" and the other. */
static int same_file(const char *f, const char *want, size_t wl) {
  size_t fl = strlen(f);
  if (fl == wl && !memcmp(f, want, wl)) return 1;
  if (fl > wl && f[fl - wl - 1] == '/' && !memcmp(f + fl - wl, want, wl)) return 1;
  return wl > fl && want[wl - fl - 1] == '/' && !memcmp(want + wl - fl, f, fl);
}

/* Marks the instructions of target ti (FILE:LINE) in fn->target and makes
** its N table's zeros; an error names a malformed target, a file not in the
** program or a line without code. */
static int place_target(sxl_distance *d, size_t ti, char *err, size_t errlen) {
  sxl_prog *p = d->p;
  const char *spec = d->t[ti].spec, *colon = strrchr(spec, ':');
  char *end;
  unsigned long line = colon ? strtoul(colon + 1, &end, 10) : 0;
  if (!colon || colon == spec || !colon[1] || *end || !line) {
    snprintf(err, errlen, "--target %s: expected FILE:LINE (a line number from 1)", spec);
    return -1;
  }
  const char *file = spec;
  while (file[0] == '.' && file[1] == '/') file += 2; /* ./prog.c is prog.c */
  if (colon <= file) {
    snprintf(err, errlen, "--target %s: expected FILE:LINE (a line number from 1)", spec);
    return -1;
  }
  size_t wl = (size_t)(colon - file);
  int file_seen = 0, mine = 0;
  uint32_t other = 0; /* an earlier target at the same code (another spelling) */
  unsigned long below = 0, above = 0; /* the nearest lines with code */
  for (uint32_t fi = 0; fi < p->nfns; fi++) {
    sxl_fn *fn = &p->fns[fi];
    if (d->entry[fi] == NONE) continue;
    for (uint32_t pc = 0; pc < fn->ncode; pc++) {
      uint32_t l = fn->code[pc].loc;
      if (!l || !same_file(p->files[p->locs[l].file], file, wl)) continue;
      file_seen = 1;
      unsigned long at = p->locs[l].line;
      if (at < line && at > below) below = at;
      if (at > line && (!above || at < above)) above = at;
      if (at != line) continue;
      if (!fn->target && !(fn->target = calloc(fn->ncode + 1, sizeof *fn->target))) goto oom;
      if (!fn->target[pc]) fn->target[pc] = (uint32_t)ti + 1, mine = 1;
      else other = fn->target[pc];
      d->n[ti][d->pcnode[d->pcbase[fi] + pc]] = 0;
    }
  }
  if (!mine && other) { /* it would never be marked reached */
    snprintf(err, errlen, "--target %s: given twice (as %s)", spec, d->t[other - 1].spec);
    return -1;
  }
  for (uint32_t v = 0; v < d->nnodes; v++)
    if (d->n[ti][v] == 0) return 0;
  if (!file_seen)
    snprintf(err, errlen, "--target %s: no code of a file %.*s in the program", spec, (int)wl, file);
  else if (below || above) {
    char b[32] = "none before", a[32] = "none after";
    if (below) snprintf(b, sizeof b, "%lu", below);
    if (above) snprintf(a, sizeof a, "%lu", above);
    snprintf(err, errlen, "--target %s: line %lu has no code (nearest lines with code: %s, %s)",
             spec, line, b, a);
  }
  return -1;
oom:
  snprintf(err, errlen, "out of memory");
  return -1;
}

/* The nodes of every function we run, with each instruction's node. */
static int build_nodes(sxl_distance *d) {
  sxl_prog *p = d->p;
  sxl_pmap fns = {0}, ins = {0};
  int rc = -1;
  size_t total = 0;
  for (uint32_t fi = 0; fi < p->nfns; fi++) {
    d->entry[fi] = NONE;
    if (sxl_pmap_put(&fns, p->fns[fi].ref, fi)) goto out;
    if (owner(&p->fns[fi]) && sxl_prog_translate(p, fi)) goto out;
    d->pcbase[fi] = (uint32_t)total;
    if (owner(&p->fns[fi])) total += p->fns[fi].ncode;
  }
  if (total >= NONE || !(d->pcnode = malloc((total + 1) * sizeof *d->pcnode))) goto out;
  if (!(d->taken = malloc(((size_t)p->nfns + 1) * sizeof *d->taken))) goto out;
  for (uint32_t fi = 0; fi < p->nfns; fi++)
    if (owner(&p->fns[fi]) && p->fns[fi].ref && sxl_fn_escapes(p->fns[fi].ref))
      d->taken[d->ntaken++] = fi;
  for (uint32_t fi = 0; fi < p->nfns; fi++) {
    sxl_fn *fn = &p->fns[fi];
    if (!owner(fn)) continue;
    if (split_fn(d, &fns, fi, &ins)) goto out;
    for (uint32_t pc = 0; pc < fn->ncode; pc++) {
      uint32_t v = d->entry[fi];
      if (fn->src && fn->src[pc]) sxl_pmap_get(&ins, fn->src[pc], &v);
      d->pcnode[d->pcbase[fi] + pc] = v;
    }
  }
  rc = 0;
out:
  sxl_pmap_free(&fns);
  sxl_pmap_free(&ins);
  return rc;
}

static uint64_t *table(uint32_t n) {
  uint64_t *t = malloc(((size_t)n + 1) * sizeof *t);
  for (uint32_t i = 0; t && i <= n; i++) t[i] = INF;
  return t;
}

/* any: the minimum over the targets not reached (sequential: unused). */
static void min_tables(sxl_distance *d) {
  for (uint32_t v = 0; v < d->nnodes; v++) {
    uint64_t m = INF;
    for (size_t t = 0; t < d->nt; t++)
      if (!d->t[t].reached && d->n[t][v] < m) m = d->n[t][v];
    d->any[v] = m;
  }
}

/* Whether target t is certainly never run: no way from main's entry in
** the ICFG, whose calls are the direct ones, and none of the functions
** with a way to it is called through a pointer (its address escapes). */
static int unreachable(const sxl_distance *d, size_t t) {
  const sxl_prog *p = d->p;
  if (d->entry[p->main_fn] == NONE || d->n[t][d->entry[p->main_fn]] != INF) return 0;
  for (uint32_t fi = 0; fi < p->nfns; fi++)
    if (d->entry[fi] != NONE && d->n[t][d->entry[fi]] != INF && sxl_fn_escapes(p->fns[fi].ref))
      return 0;
  return 1;
}

sxl_distance *sxl_distance_new(sxl_prog *p, const char *const *specs, size_t n, int sequential,
                               char *err, size_t errlen) {
  sxl_distance *d = calloc(1, sizeof *d);
  snprintf(err, errlen, "out of memory");
  if (!d) return NULL;
  d->p = p;
  d->nt = n;
  d->sequential = sequential;
  p->keep_src = 1; /* functions translated from now on map to LLVM's */
  if (!(d->entry = calloc(p->nfns + 1, sizeof *d->entry)) ||
      !(d->pcbase = calloc(p->nfns + 1, sizeof *d->pcbase)) ||
      !(d->t = calloc(n + 1, sizeof *d->t)) || !(d->n = calloc(n + 1, sizeof *d->n)) ||
      build_nodes(d) || build_preds(d) || !(d->x = table(d->nnodes)) ||
      !(d->any = table(d->nnodes)))
    goto fail;
  for (uint32_t v = 0; v < d->nnodes; v++)
    if (d->nodes[v].kind == K_RET) d->x[v] = 0;
  if (relax(d, d->x, NULL)) goto fail;
  for (size_t i = 0; i < n; i++) {
    snprintf(d->t[i].spec, sizeof d->t[i].spec, "%s", specs[i]);
    for (size_t k = 0; k < i; k++)
      if (!strcmp(specs[k], specs[i])) {
        snprintf(err, errlen, "--target %s: given twice", specs[i]);
        goto fail;
      }
    if (!(d->n[i] = table(d->nnodes))) goto fail;
    if (place_target(d, i, err, errlen)) goto fail;
    snprintf(err, errlen, "out of memory");
    if (relax(d, d->n[i], d->x)) goto fail;
  }
  for (size_t i = 0; i < n; i++) d->t[i].unreachable = unreachable(d, i);
  min_tables(d);
  return d;
fail:
  sxl_distance_free(d);
  return NULL;
}

void sxl_distance_free(sxl_distance *d) {
  if (!d) return;
  for (size_t i = 0; d->n && i < d->nt; i++) free(d->n[i]);
  free(d->n);
  free(d->nodes);
  free(d->callees);
  free(d->taken);
  free(d->entry);
  free(d->pcbase);
  free(d->pcnode);
  free(d->pstart);
  free(d->preds);
  free(d->x);
  free(d->any);
  free(d->t);
  sxl_pmap_free(&d->blocks);
  free(d);
}

size_t sxl_distance_ntargets(const sxl_distance *d) { return d ? d->nt : 0; }
int sxl_distance_sequential(const sxl_distance *d) { return d->sequential; }
sxl_target *sxl_distance_target(sxl_distance *d, size_t i) { return &d->t[i]; }

/* The node of frame fr (a caller's: its call's return node). */
static uint32_t node_of(const sxl_distance *d, const sxl_frame *fr, int caller) {
  if (d->entry[fr->fn] == NONE) return NONE;
  uint32_t v = d->pcnode[d->pcbase[fr->fn] + fr->pc];
  return caller && d->nodes[v].kind == K_CALL ? v + 1 : v;
}

uint64_t sxl_distance_of(const sxl_distance *d, const sxl_state *s, size_t target) {
  const uint64_t *tab;
  if (d->sequential) { /* the path's next target only */
    if (s->tnext >= d->nt || (target != SYMX_TARGET_ANY && target != s->tnext)) return INF;
    tab = d->n[s->tnext];
  } else {
    tab = target == SYMX_TARGET_ANY ? d->any : target < d->nt ? d->n[target] : NULL;
    if (!tab || (target != SYMX_TARGET_ANY && d->t[target].reached)) return INF;
  }
  if (!s->nframes) return INF;
  uint32_t v = node_of(d, &s->frames[s->nframes - 1], 0);
  if (v == NONE) return INF; /* a builtin's frame: not ours */
  /* frames from index b up (CCBSE's failed join, sxl_state.blocked) only
  ** pass on their way out */
  uint32_t b = s->blocked ? s->blocked - 1 : UINT32_MAX;
  uint64_t best = s->nframes - 1 >= b ? INF : tab[v];
  const dnode *nv = &d->nodes[v];
  if (b == s->nframes && nv->kind == K_CALL) /* at the blocked call: over it only */
    best = add(over(d, d->x, nv), tab[v + 1]);
  uint64_t up = d->x[v]; /* up: to the top frame's return so far */
  for (uint32_t i = s->nframes - 1; i-- > 0 && up != INF;) {
    uint32_t r = node_of(d, &s->frames[i], 1);
    if (r == NONE) break;
    uint64_t via = i >= b ? INF : add(add(up, 1), tab[r]);
    if (via < best) best = via;
    up = add(add(up, 1), d->x[r]);
  }
  return best;
}

void sxl_distance_reached(sxl_distance *d, size_t target) {
  d->t[target].reached = 1;
  if (!d->sequential) min_tables(d);
}

size_t sxl_distance_left(const sxl_distance *d) {
  size_t left = 0;
  for (size_t i = 0; i < d->nt; i++) left += !d->t[i].reached && !d->t[i].unreachable;
  return left;
}

static void put_dist(FILE *f, const char *name, uint64_t v) {
  if (v == INF) fprintf(f, " %s=inf", name);
  else fprintf(f, " %s=%llu", name, (unsigned long long)v);
}

void sxl_distance_print(const sxl_distance *d, FILE *f) {
  for (uint32_t v = 0; v < d->nnodes; v++) {
    const dnode *nd = &d->nodes[v];
    if (d->p->fns[nd->fn].is_libc) continue;
    fprintf(f, "distance %s %u %u", d->p->fns[nd->fn].name, nd->block, nd->seg);
    put_dist(f, "x", d->x[v]);
    for (size_t t = 0; t < d->nt; t++) {
      char name[32];
      snprintf(name, sizeof name, "n%zu", t);
      put_dist(f, name, d->n[t][v]);
    }
    fputc('\n', f);
  }
}

/* "FN BLOCK SEGMENT" of node v. */
static void put_node(const sxl_distance *d, uint32_t v, FILE *f) {
  const dnode *nd = &d->nodes[v];
  fprintf(f, " %s %u %u", d->p->fns[nd->fn].name, nd->block, nd->seg);
}

void sxl_distance_print_state(const sxl_distance *d, const sxl_state *s, FILE *f) {
  for (uint32_t i = 0; i < s->nframes; i++)
    if (node_of(d, &s->frames[i], 0) == NONE) return; /* in a builtin's frame */
  if (!s->nframes) return;
  fputs("state", f);
  put_node(d, node_of(d, &s->frames[s->nframes - 1], 0), f);
  for (uint32_t i = s->nframes - 1; i-- > 0;) {
    fputs(" |", f);
    put_node(d, node_of(d, &s->frames[i], 1), f);
  }
  if (s->blocked) fprintf(f, " blocked=%u", s->blocked);
  put_dist(f, "any", sxl_distance_of(d, s, SYMX_TARGET_ANY));
  for (size_t t = 0; t < d->nt; t++) {
    char name[32];
    snprintf(name, sizeof name, "n%zu", t);
    put_dist(f, name, sxl_distance_of(d, s, t));
  }
  fputc('\n', f);
}
