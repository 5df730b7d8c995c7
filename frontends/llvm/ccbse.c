/*
** ccbse.c — call-chain-backward symbolic execution and Mix-CCBSE (Otter,
** K. Ma's dissertation §3.3-3.4) for one --target. Each origin function is
** explored from its entry by an engine of its own (entry.c's harness:
** symbolic arguments and globals). It starts in the function holding the
** target; when a path of an origin reaches the target, its branch
** decisions are stored and the origin's callers become origins. The
** origin with the shortest call chain from main runs next (Otter's pick).
** Stitching: a path that is about to call a function with a stored path
** follows it (pathfile.c takes its side at each symbolic branch), which is
** Otter's "p + p' feasible" check run on the path itself (the API has no
** way to copy a state). It ends when a path from main's entry reaches the
** target: that path's test case is the run's (OUTDIR). An origin runs on
** after its first path is stored, as many instructions again, for up to
** --ccbse-paths of them (Otter kept every one); a call tries them all at
** once (their conditions or'ed). Mix-CCBSE runs a
** forward search from main beside CCBSE(random-path), which gives it the
** forward share of the instructions (Otter gave 75% of the wall time; a
** share of instructions makes runs repeatable); the forward search is
** main's origin then. Other origins write their test cases into
** OUTDIR/ccbse-FUNC; every path's origin is in paths.jsonl, and
** OUTDIR/ccbse.txt says which origin reached the target when.
*/
#include "entry.h"

typedef struct sxl_ccbse sxl_ccbse;

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define INF UINT32_MAX

#define MAXKEPT 16

typedef struct kept {
  char *path;         /* a reaching path's branch decisions from the origin's entry */
  uint32_t npath;
  symx_expr *cond;    /* its path condition (stitch.c joins it at calls), or NULL */
} kept;

typedef struct origin {
  uint32_t chain;     /* calls on the shortest chain from main (INF: none) */
  int wanted, done;
  kept k[MAXKEPT];    /* the reaching paths stored, the first one first */
  uint32_t nk;
  uint64_t instructions, reached_at; /* run from this origin; all run when it first reached */
  uint64_t collect_end; /* after its first path it runs on (for more) until then */
  uint64_t steps, collect_steps; /* states run, and collect_end's bound in those
                      ** (a path that ends at a bounds check adds no instruction) */
  symx_engine *eng;
} origin;

struct sxl_ccbse {
  sxl_session *s;
  const sxl_ccbse_opts *o;
  origin *org;        /* per function of the program */
  uint32_t *from, *to, *at; /* call edges of the program's own code: caller, callee,
                      ** the call's instruction (through a pointer: to each
                      ** function it may call, escaping.c) */
  size_t nedges;
  origin *cur;        /* the one running; NULL: the forward search */
  symx_engine *fwd;
  int fwd_done;
  uint64_t fwd_ins, bwd_ins;
  uint64_t follows;   /* paths that started following a stored path */
  uint64_t stitched, unmapped, unsat; /* joins made at calls; not mapped; not satisfiable */
  int main_stitched;  /* the run's test case is a join's */
  int (*target_cb)(void *, sxl_state *, symx_state *, uint32_t);
  const char *curdir; /* the output_dir option now */
  char pending[128];  /* every engine's pending searcher: sdse (nearest first,
                      ** with directed_revival), --pending-search's, or "": the
                      ** engine's own searcher */
  char dir[2048];     /* OUTDIR ("" none) */
};

static int own(const sxl_fn *f) {
  return f->defined && !f->is_libc && strncmp(f->name, SXL_ENTRY_PREFIX, strlen(SXL_ENTRY_PREFIX));
}

static int add_edge(sxl_ccbse *c, size_t *cap, uint32_t from, uint32_t to, uint32_t pc) {
  if (c->nedges == *cap) {
    *cap = *cap ? 2 * *cap : 64;
    uint32_t *a = realloc(c->from, *cap * sizeof *a), *b = a ? realloc(c->to, *cap * sizeof *b) : NULL,
             *k = b ? realloc(c->at, *cap * sizeof *k) : NULL;
    if (a) c->from = a;
    if (b) c->to = b;
    if (!k) return -1;
    c->at = k;
  }
  c->from[c->nedges] = from, c->to[c->nedges] = to, c->at[c->nedges++] = pc;
  return 0;
}

/* The functions of the program's own code a call through a pointer (pc
** of fi) may reach: those whose address escapes (in esc), of a type that
** fits the call's (all of them when its LLVM call is not known). */
static int indirect_edges(sxl_ccbse *c, size_t *cap, const uint8_t *esc, uint32_t fi, uint32_t pc) {
  sxl_prog *p = c->s->prog;
  LLVMValueRef call = p->fns[fi].src ? p->fns[fi].src[pc] : NULL;
  LLVMTypeRef ct = call && LLVMIsACallInst(call) ? LLVMGetCalledFunctionType(call) : NULL;
  for (uint32_t g = 0; g < p->nfns; g++)
    if (esc[g] && (!ct || sxl_fn_type_fits(ct, LLVMGlobalGetValueType(p->fns[g].ref))) &&
        add_edge(c, cap, fi, g, pc))
      return -1;
  return 0;
}

/* The calls between functions of the program's own code. */
static int call_graph(sxl_ccbse *c) {
  sxl_prog *p = c->s->prog;
  size_t cap = 0;
  uint8_t *esc = calloc(p->nfns + 1, 1);
  if (!esc) return -1;
  for (uint32_t g = 0; g < p->nfns; g++)
    esc[g] = own(&p->fns[g]) && p->fns[g].ref && sxl_fn_escapes(p->fns[g].ref);
  int rc = 0;
  for (uint32_t fi = 0; fi < p->nfns && !rc; fi++) {
    sxl_fn *f = &p->fns[fi];
    /* main may be the environment runtime's (--sym-stdin), which calls the program's */
    if ((!own(f) && fi != p->main_fn) || (!f->translated && sxl_prog_translate(p, fi))) continue;
    for (uint32_t pc = 0; pc < f->ncode && !rc; pc++) {
      const sxl_ins *in = &f->code[pc];
      if (in->op != OP_CALL) continue;
      if (in->flag & 1) rc = indirect_edges(c, &cap, esc, fi, pc);
      else if (in->a < p->nfns && own(&p->fns[in->a])) rc = add_edge(c, &cap, fi, in->a, pc);
    }
  }
  free(esc);
  return rc;
}

/* Each function's chain: calls from main on the shortest call chain. */
static int chains(sxl_ccbse *c) {
  sxl_prog *p = c->s->prog;
  uint32_t *q = malloc((p->nfns + 1) * sizeof *q), head = 0, len = 0;
  if (!q) return -1;
  for (uint32_t fi = 0; fi < p->nfns; fi++) c->org[fi].chain = INF;
  c->org[p->main_fn].chain = 0;
  q[len++] = p->main_fn;
  while (head < len) {
    uint32_t f = q[head++];
    for (size_t e = 0; e < c->nedges; e++)
      if (c->from[e] == f && c->org[c->to[e]].chain == INF)
        c->org[c->to[e]].chain = c->org[f].chain + 1, q[len++] = c->to[e];
  }
  free(q);
  return 0;
}

static void say(sxl_session *s, const char *line) {
  if (!s->quiet) fprintf(stderr, "symx-llvm: %s\n", line);
  if (s->msgs) fprintf(s->msgs, "%s\n", line);
}

/* Calls of fi get a mark (fn->target, past the targets' numbers: fi's,
** or for a call through a pointer the mark of all such, whose callee is
** known when it runs): a path about to call it follows its stored path.
** 0, or -1 out of memory. */
static int mark_calls(sxl_ccbse *c, uint32_t fi) {
  sxl_prog *p = c->s->prog;
  uint32_t nt = (uint32_t)sxl_distance_ntargets(c->s->dist);
  for (size_t e = 0; e < c->nedges; e++) {
    if (c->to[e] != fi) continue;
    sxl_fn *f = &p->fns[c->from[e]];
    uint32_t pc = c->at[e];
    if (!f->target && !(f->target = calloc(f->ncode + 1, sizeof *f->target))) return -1;
    if (!f->target[pc]) f->target[pc] = nt + 1 + (f->code[pc].flag & 1 ? p->nfns : fi);
  }
  return 0;
}

/* Whether origin o keeps path (n decisions) already. */
static int known(const origin *o, const char *path, uint32_t n) {
  for (uint32_t i = 0; i < o->nk; i++)
    if (o->k[i].npath == n && (!n || !memcmp(o->k[i].path, path, n))) return 1;
  return 0;
}

/* The path of ps (then joined's decisions) stored in o, when it is new and
** fewer than --ccbse-paths are: 1, else 0, or -1 out of memory. */
static int keep(const sxl_ccbse *c, origin *o, sxl_state *ps, symx_state *st, const kept *joined) {
  uint32_t nj = joined ? joined->npath : 0;
  if (o->nk >= c->o->paths || o->nk >= MAXKEPT) return 0;
  char *path = malloc(ps->npath + nj + 1u);
  if (!path) return -1;
  if (ps->npath) memcpy(path, ps->path, ps->npath);
  if (nj) memcpy(path + ps->npath, joined->path, nj);
  if (known(o, path, ps->npath + nj)) {
    free(path);
    return 0;
  }
  kept *k = &o->k[o->nk++];
  k->path = path;
  k->npath = ps->npath + nj;
  k->cond = symx_state_path_condition(st); /* NULL: its callers follow the path only */
  return 1;
}

/* f, or the environment runtime's main when f is the program's main it
** calls (--sym-arg & co.): started in the middle, the program's main
** would get lazy arguments (one byte behind each argv[i]), not the
** command line the runtime makes, which its run follows at f's calls. */
static uint32_t runtime_main(const sxl_ccbse *c, uint32_t f) {
  uint32_t m = c->s->prog->main_fn;
  if (own(&c->s->prog->fns[m])) return f;
  for (size_t e = 0; e < c->nedges; e++)
    if (c->from[e] == m && c->to[e] == f) return m;
  return f;
}

/* A path of origin g reached the target (joined: through the stored path
** of a callee): stored (keep) with a test case; at the first, the callers
** of g are wanted (in Mix-CCBSE not main: the forward search is main's). */
static int reached(sxl_ccbse *c, uint32_t g, sxl_state *ps, symx_state *st, const kept *joined) {
  sxl_session *s = c->s;
  origin *o = &c->org[g];
  int r = keep(c, o, ps, st, joined);
  if (r <= 0) return r;
  const sxl_target *tg = sxl_distance_target(s->dist, 0);
  char msg[600];
  snprintf(msg, sizeof msg, "ccbse: %s's entry reaches %s (path %" PRIu64 ", %u decisions)",
           s->prog->fns[g].name, tg->spec, symx_state_id(st), o->k[o->nk - 1].npath);
  say(s, msg);
  snprintf(msg, sizeof msg, "target %s reached from %s", tg->spec, s->prog->fns[g].name);
  if (symx_state_set_location(st, tg->spec) == SYMX_OK) symx_state_emit_test(st, msg);
  if (o->nk > 1) return 0; /* its callers are on their way already */
  o->reached_at = s->x.instructions - s->x.instructions_base;
  for (size_t e = 0; e < c->nedges; e++) {
    uint32_t f = c->to[e] == g ? runtime_main(c, c->from[e]) : INF;
    if (f == INF || c->org[f].chain == INF || (c->o->mix && f == s->prog->main_fn)) continue;
    c->org[f].wanted = 1;
  }
  return mark_calls(c, g);
}

/* The stored path of callee whose condition holds for st's witness at
** this call (the join of all of them does), or NULL. */
static const kept *which(sxl_ccbse *c, sxl_state *ps, symx_state *st, uint32_t callee) {
  const origin *o = &c->org[callee];
  for (uint32_t i = 0; i < o->nk; i++) {
    symx_expr *k = o->k[i].cond ? sxl_stitch_cond(c->s, ps, callee, o->k[i].cond) : NULL;
    uint64_t v = 0;
    int rc = k ? symx_state_eval(st, k, &v) : SYMX_MISUSE;
    symx_expr_release(k);
    if (rc == SYMX_OK && v) return &o->k[i];
  }
  return NULL;
}

/* A path of the running origin reaches the target by joining a stored
** path of callee at this call: the run's when the origin is main's. */
static int joined(sxl_ccbse *c, sxl_state *ps, symx_state *st, uint32_t callee) {
  sxl_session *s = c->s;
  uint32_t g = c->cur ? (uint32_t)(c->cur - c->org) : s->prog->main_fn;
  char msg[600];
  snprintf(msg, sizeof msg, "ccbse: %s's path joins %s's at its call (path %" PRIu64 ")",
           s->prog->fns[g].name, s->prog->fns[callee].name, symx_state_id(st));
  say(s, msg);
  if (g == s->prog->main_fn) {
    c->main_stitched = 1;
    c->target_cb(s, ps, st, 0);
    return 1;
  }
  const kept *k = which(c, ps, st, callee);
  if (!k || reached(c, g, ps, st, k)) say(s, "ccbse: a joined path not stored (out of memory)");
  ps->stitch = 2; /* stored: resumed, it goes on into the callee (its origin runs on) */
  return 1;
}

/* The stored paths' conditions of callee in the terms of ps at its call,
** or'ed (those that cannot be mapped left out), or NULL: none. */
static symx_expr *join_of(sxl_ccbse *c, sxl_state *ps, uint32_t callee) {
  const origin *o = &c->org[callee];
  symx_expr *all = NULL;
  for (uint32_t i = 0; i < o->nk; i++) {
    symx_expr *k = o->k[i].cond ? sxl_stitch_cond(c->s, ps, callee, o->k[i].cond) : NULL;
    if (!k) continue;
    symx_expr *j = all ? symx_or(c->s->ctx, all, k) : symx_expr_retain(k);
    symx_expr_release(k);
    symx_expr_release(all);
    if (!(all = j)) return NULL;
  }
  return all;
}

/* Otter's copy-and-check at a call of callee (stitch.c): the callee's
** stored conditions (any of them) in the caller's terms, joined to this
** path when they are satisfiable together (a fork decided now: the joined side reaches
** the target here, the other goes on into the callee, free). -1: no join
** (not mapped: the caller follows the stored path, as before stitching),
** -2: not satisfiable under sdse (it goes into the callee freely, its way
** to the target through this call blocked in distance.c: it yields for
** the searcher to pick again), else the target callback's answer (1:
** yield; 0 also when not satisfiable under another searcher: it goes into
** the callee freely, since following a stored path would end every side
** it leaves, and the callee may reach the target another way).
** Other searchers are not given the block: for them it only reordered the
** pending modes' revivals, for the worse on the bench. */
static int stitch(sxl_ccbse *c, sxl_state *ps, symx_state *st, uint32_t callee) {
  if (ps->stitch == 1) return joined(c, ps, st, callee);
  if (ps->stitch == 2) {
    ps->stitch = 0;
    return 0;
  }
  if (ps->follow) return -1;
  symx_expr *k = join_of(c, ps, callee);
  if (!k) {
    c->unmapped++;
    return -1;
  }
  symx_state *ts = NULL, *fs = NULL;
  int rc = symx_state_branch_now(st, k, &ts, &fs);
  symx_expr_release(k);
  if (rc != SYMX_OK) return -1;
  if (!ts) { /* no stored path can be this one's: it goes into the callee freely */
    c->unsat++;
    if (!c->s->x.branch_yield) return 0;
    /* sdse: the target is no nearer through this call (distance.c), the
    ** states on other ways go first */
    if (!ps->blocked) ps->blocked = ps->nframes + 1;
    return -2;
  }
  c->stitched++;
  if (!fs) return joined(c, ps, st, callee);
  ((sxl_state *)symx_state_payload(ts))->stitch = 1;
  sxl_state *fp = symx_state_payload(fs);
  fp->stitch = 2;
  if (c->s->x.branch_yield && !fp->blocked) fp->blocked = fp->nframes + 1; /* sdse: as unsat */
  return 1;
}

/* The function the call through a pointer ps is at calls, in *fi (INF:
** none): 0. When the pointer is symbolic, the path splits on its
** witness's value (the call's own split, made first) and 1: each side
** comes back here at the call, the one with the value concrete. -1:
** failed (the call goes on as it would). */
static int pointed(sxl_ccbse *c, sxl_state *ps, symx_state *st, uint32_t *fi) {
  symx_ctx *x = c->s->ctx;
  sxl_frame *fr = &ps->frames[ps->nframes - 1];
  uint32_t slot = c->s->prog->fns[fr->fn].code[fr->pc].a;
  symx_expr *e = sxl_reg_sym(fr, slot);
  uint64_t v = sxl_reg_val(fr, slot);
  if (e && symx_state_eval(st, e, &v) != SYMX_OK) return -1;
  if (!e) {
    *fi = sxl_fn_at(c->s->prog, v);
    return 0;
  }
  symx_expr *k = symx_const(x, symx_expr_width(e), v), *eq = k ? symx_eq(x, e, k) : NULL;
  symx_state *ts = NULL, *fs = NULL;
  int rc = eq ? symx_state_branch(st, eq, &ts, &fs) : SYMX_NOMEM;
  symx_expr_release(k);
  symx_expr_release(eq);
  if (rc != SYMX_OK) return -1;
  sxl_state *tp = ts ? symx_state_payload(ts) : NULL;
  if (tp && sxl_reg_put(&tp->frames[tp->nframes - 1], slot, v, NULL)) return -1;
  return 1;
}

/* The exec's target callback: a target run by main's origin (or the
** forward search) is the run's; by another origin, that origin reached
** it; a marked call starts following the callee's stored path. */
static int on_target(void *ud, sxl_state *ps, symx_state *st, uint32_t t) {
  sxl_session *s = ud;
  sxl_ccbse *c = s->ccbse;
  uint32_t nt = (uint32_t)sxl_distance_ntargets(s->dist), fi = t - nt;
  if (t >= nt && fi == s->prog->nfns) { /* through a pointer: to whom */
    int rc = pointed(c, ps, st, &fi);
    if (rc) return rc > 0;
    if (fi == INF || !c->org[fi].nk) return 0;
  }
  if (t >= nt) {
    origin *callee = &c->org[fi];
    int rc = stitch(c, ps, st, fi);
    if (rc >= 0) return rc;
    if (rc == -1 && !ps->follow && callee->nk) {
      ps->follow = callee->k[0].path, ps->nfollow = callee->k[0].npath, ps->follow_at = ps->npath;
      c->follows++;
    }
    if (rc == -2) { /* sdse: farther now, the nearest state next */
      ps->stitch = 2; /* resumed here: into the callee */
      return 1;
    }
    return 0;
  }
  uint32_t g = c->cur ? (uint32_t)(c->cur - c->org) : s->prog->main_fn;
  if (g == s->prog->main_fn) return c->target_cb(ud, ps, st, t);
  if (reached(c, g, ps, st, NULL)) say(s, "ccbse: out of memory: a reaching path not stored");
  return 0;
}

/* An engine exploring from function fi (its harness; main itself) with
** searcher spec, writing test cases into dir. NULL with s->err set. */
static symx_engine *start(sxl_ccbse *c, uint32_t fi, const char *spec, const char *dir) {
  sxl_session *s = c->s;
  sxl_prog *p = s->prog;
  uint32_t m = p->main_fn;
  char hname[300];
  snprintf(hname, sizeof hname, "%s%s", SXL_ENTRY_PREFIX, p->fns[fi].name);
  int h = fi == m ? (int)m : sxl_fn_find(p, hname);
  if (h < 0) {
    snprintf(s->err, sizeof s->err, "ccbse: no harness for %s", p->fns[fi].name);
    return NULL;
  }
  if (symx_option_set_str(s->ctx, "search", spec) != SYMX_OK ||
      symx_option_set_str(s->ctx, "pending_search", *c->pending ? c->pending : spec) != SYMX_OK ||
      symx_option_set_str(s->ctx, "output_dir", dir) != SYMX_OK) {
    snprintf(s->err, sizeof s->err, "ccbse: %s", symx_errmsg(s->ctx));
    return NULL;
  }
  c->curdir = symx_option_get_str(s->ctx, "output_dir");
  symx_engine *keep = s->eng;
  s->eng = NULL;
  p->main_fn = (uint32_t)h;
  symx_engine *e = sxl_session_engine(s, NULL);
  p->main_fn = m;
  if (!e) symx_engine_free(s->eng);
  s->eng = keep;
  return e;
}

/* The origin to run next: one collecting more paths (explore), else
** wanted, not done, the shortest chain; among several, the one that ran
** fewest instructions (Otter's pool of all their states, shared); its
** engine started. NULL: none (or *err). */
static origin *pick(sxl_ccbse *c, int *err) {
  sxl_session *s = c->s;
  origin *best = NULL;
  for (uint32_t fi = 0; fi < s->prog->nfns; fi++) {
    origin *o = &c->org[fi];
    if (o->nk && !o->done && o->eng) return o; /* its callers want its paths */
    if (o->wanted && !o->done &&
        (!best || o->chain < best->chain ||
         (o->chain == best->chain && o->instructions < best->instructions)))
      best = o;
  }
  if (!best || best->eng) return best;
  uint32_t fi = (uint32_t)(best - c->org);
  char dir[2400] = "";
  if (*c->dir && fi == s->prog->main_fn) snprintf(dir, sizeof dir, "%s", c->dir);
  else if (*c->dir) snprintf(dir, sizeof dir, "%s/ccbse-%s", c->dir, s->prog->fns[fi].name);
  const char *spec = c->o->mix ? "random-path" : c->o->search;
  if (!(best->eng = start(c, fi, spec, dir))) *err = 1;
  return *err ? NULL : best;
}

/* One state of origin o (NULL: the forward search) run. 0, 1 when it has
** none left, -1 with s->err set. */
static int step(sxl_ccbse *c, origin *o) {
  sxl_session *s = c->s;
  char dir[2400] = "";
  if (*c->dir && o && o != &c->org[s->prog->main_fn])
    snprintf(dir, sizeof dir, "%s/ccbse-%s", c->dir, s->prog->fns[o - c->org].name);
  else
    snprintf(dir, sizeof dir, "%s", c->dir);
  if (!c->curdir || strcmp(c->curdir, dir)) { /* its test store is made at its first test */
    if (symx_option_set_str(s->ctx, "output_dir", dir) != SYMX_OK) return -1;
    c->curdir = symx_option_get_str(s->ctx, "output_dir");
  }
  c->cur = o;
  s->eng = o ? o->eng : c->fwd;
  s->origin = o ? s->prog->fns[o - c->org].name : NULL;
  s->side_origin = o && o != &c->org[s->prog->main_fn];
  sxl_targets_stepwise(s, o && c->o->mix ? "random-path" : c->o->search); /* pick()'s, start()'s */
  uint64_t i0 = s->x.instructions, q = s->x.quantum;
  /* collecting more paths: no further than as many instructions again */
  uint64_t left = o && o->collect_end > o->instructions ? o->collect_end - o->instructions : 0;
  if (left && left < (q ? q : UINT64_MAX)) s->x.quantum = left;
  int rc = sxl_session_step(s);
  s->x.quantum = q;
  uint64_t ran = s->x.instructions - i0;
  if (o) o->instructions += ran, o->steps++, c->bwd_ins += ran;
  else c->fwd_ins += ran;
  return rc;
}

/* Whether --max-time or --max-instructions is spent: each engine counts
** its own, so the whole run is bounded here. */
static int spent(sxl_ccbse *c, uint64_t t0) {
  sxl_session *s = c->s;
  uint64_t mt = (uint64_t)symx_option_get(s->ctx, "max_time");
  return (mt && sxl_clock_ms(s->ctx) - t0 >= mt) ||
         (s->x.max_instructions && s->x.instructions - s->x.instructions_base >= s->x.max_instructions);
}

/* Origin o has stored a path: it runs on for more, as many instructions
** (and states run) again as its first took, until it has --ccbse-paths
** (Otter kept all); then it has done its part and its states' memory
** goes to the others (the memory cap is the process's). */
static void collected(sxl_ccbse *c, origin *o) {
  if (!o->collect_end) o->collect_end = 2 * o->instructions, o->collect_steps = 2 * o->steps;
  if (!o->done && o->nk < c->o->paths && o->instructions < o->collect_end &&
      o->steps < o->collect_steps)
    return;
  o->done = 1;
  symx_engine_free(o->eng);
  o->eng = NULL;
  c->s->eng = NULL;
}

/* The main loop: until main's origin (or the forward search) reaches the
** target, nothing is left to run, or a limit. */
static int explore(sxl_ccbse *c) {
  sxl_session *s = c->s;
  uint64_t t0 = sxl_clock_ms(s->ctx);
  while (sxl_distance_left(s->dist) && !spent(c, t0)) {
    int err = 0;
    origin *b = pick(c, &err);
    if (err) return -1;
    int fwd = c->fwd && !c->fwd_done &&
              (!b || (double)c->fwd_ins <= c->o->forward * (double)(c->fwd_ins + c->bwd_ins));
    if (!fwd && !b) break;
    int rc = step(c, fwd ? NULL : b);
    if (rc < 0) return -1;
    if (rc && fwd) c->fwd_done = 1;
    else if (rc) b->done = 1;
    if (b && !fwd && b->nk && b != &c->org[s->prog->main_fn]) collected(c, b);
  }
  /* the engines' states are not counted as halted: said here */
  if (sxl_distance_left(s->dist) && spent(c, t0)) s->directed_cut = 1;
  return 0;
}

/* OUTDIR/ccbse.txt: how many paths followed a stored path; per origin,
** its chain, whether and when it reached the target, the instructions it
** ran. */
static void report(sxl_ccbse *c) {
  sxl_session *s = c->s;
  char path[2300];
  if (!*c->dir) return;
  snprintf(path, sizeof path, "%s/ccbse.txt", c->dir);
  FILE *f = fopen(path, "w");
  if (!f) return;
  fprintf(f, "follows %" PRIu64 "\n", c->follows);
  fprintf(f, "stitched %" PRIu64 " unmapped %" PRIu64 " unsat %" PRIu64 " main %s\n", c->stitched,
          c->unmapped, c->unsat, c->main_stitched ? "joined" : "ran");
  if (c->fwd) fprintf(f, "forward main instructions %" PRIu64 "\n", c->fwd_ins);
  for (uint32_t fi = 0; fi < s->prog->nfns; fi++) {
    origin *o = &c->org[fi];
    if (!o->wanted) continue;
    fprintf(f, "origin %s chain %u instructions %" PRIu64 " ", s->prog->fns[fi].name, o->chain,
            o->instructions);
    if (o->nk) fprintf(f, "reached-at %" PRIu64 " paths %u\n", o->reached_at, o->nk);
    else fprintf(f, "not-reached\n");
  }
  fclose(f);
}

/* The function(s) holding target 0's instructions become origins. */
static int target_origins(sxl_ccbse *c) {
  sxl_prog *p = c->s->prog;
  int any = 0;
  for (uint32_t fi = 0; fi < p->nfns; fi++) {
    sxl_fn *f = &p->fns[fi];
    for (uint32_t pc = 0; f->target && pc < f->ncode; pc++)
      if (f->target[pc] == 1 && runtime_main(c, fi) != p->main_fn) c->org[fi].wanted = any = 1;
  }
  return any;
}

static void ccbse_free(sxl_ccbse *c, symx_engine *keep) {
  for (uint32_t fi = 0; fi < c->s->prog->nfns; fi++) {
    if (c->org[fi].eng != keep) symx_engine_free(c->org[fi].eng);
    for (uint32_t i = 0; i < c->org[fi].nk; i++) {
      free(c->org[fi].k[i].path);
      symx_expr_release(c->org[fi].k[i].cond);
    }
  }
  if (c->fwd != keep) symx_engine_free(c->fwd);
  free(c->org);
  free(c->from);
  free(c->to);
  free(c->at);
}

int sxl_ccbse_run(sxl_session *s, const sxl_ccbse_opts *o) {
  if (!s->dist || sxl_distance_ntargets(s->dist) != 1) {
    snprintf(s->err, sizeof s->err, "--search %s: needs one --target (Otter's CCBSE is single-target)",
             o->mix ? "mix-ccbse" : "ccbse");
    return -1;
  }
  sxl_ccbse c = {.s = s, .o = o};
  if (sxl_session_begin(s)) return -1;
  snprintf(c.dir, sizeof c.dir, "%s", s->outdir);
  const char *ps = symx_option_get_str(s->ctx, "pending_search");
  int dflt = !ps || !strcmp(ps, "random-path");
  snprintf(c.pending, sizeof c.pending, "%s",
           !dflt ? ps : symx_option_get(s->ctx, "directed_revival") ? "sdse" : "");
  c.org = calloc(s->prog->nfns + 1, sizeof *c.org);
  int rc = -1;
  if (!c.org || call_graph(&c) || chains(&c)) {
    snprintf(s->err, sizeof s->err, "ccbse: out of memory");
    goto out;
  }
  s->x.write_paths = 1; /* the stored paths are the trails' decisions */
  s->ccbse = &c;
  c.target_cb = s->x.on_target;
  s->x.on_target = on_target;
  symx_engine_free(s->eng);
  s->eng = NULL;
  if (!target_origins(&c) && !o->mix) { /* in Mix-CCBSE the forward search is main's */
    say(s, "ccbse: the target is in main: CCBSE is a forward search from main here");
    c.org[s->prog->main_fn].wanted = 1;
  }
  if (o->mix && !(c.fwd = start(&c, s->prog->main_fn, o->search, c.dir))) goto out;
  rc = explore(&c);
  report(&c);
out:
  symx_option_set_str(s->ctx, "output_dir", c.dir);
  s->origin = NULL;
  s->side_origin = 0;
  s->ccbse = NULL;
  if (c.target_cb) s->x.on_target = c.target_cb;
  symx_engine *keep = c.fwd ? c.fwd : c.org ? c.org[s->prog->main_fn].eng : NULL;
  if (c.org) ccbse_free(&c, keep);
  s->eng = keep;
  sxl_session_end(s);
  return rc;
}
