/*
** test_fork.c — forking in the pending modes on a scripted host (no
** engine): tier a keeps the parent on its witness's side, tiers b and c
** decide the child's status, a failed fork changes nothing, and what the
** engine must hear of (placing, counts, seeds) is called exactly then.
*/
#include "check.h"
#include "pending/pending.h"
#include "alloc.h"

typedef struct host {
  size_t placed, unplaced, dropped, filtered, split;
  int counts[3][4]; /* [from + 1][to] */
  bool fail_place, fail_clone;
  int payloads; /* live clones */
} host;

static int h_place(void *u, sx_state *st) {
  host *h = u;
  (void)st;
  if (h->fail_place) return SYMX_NOMEM;
  h->placed++;
  return SYMX_OK;
}
static void h_unplace(void *u, sx_state *st) { (void)st, ((host *)u)->unplaced++; }
static void h_count(void *u, int from, int to) { ((host *)u)->counts[from + 1][to]++; }
static void h_drop(void *u, sx_state *st) { (void)st, ((host *)u)->dropped++; }
static void h_fork(void *u, sx_state *st, sx_state *child, sx_expr *c, bool wneg) {
  (void)st, (void)child, (void)c, (void)wneg, ((host *)u)->split++;
}
static void h_filter(void *u, sx_state *st, sx_expr *c, bool neg) {
  (void)st, (void)c, (void)neg, ((host *)u)->filtered++;
}

static host *the_host;
static void *p_clone(void *user, void *p) {
  (void)user;
  if (the_host->fail_clone) return NULL;
  (void)p;
  the_host->payloads++;
  return &the_host->payloads; /* a copy is another pointer */
}
static void p_free(void *user, void *p) {
  (void)user, (void)p;
  the_host->payloads--;
}

static sx_assign *seed_hit;
static sx_assign *seed_hook(void *user, sx_state *st, sx_expr *c, bool neg) {
  (void)user, (void)st, (void)c, (void)neg;
  return seed_hit ? sx_assign_share(seed_hit) : NULL;
}
static int cex_answer = SYMX_UNKNOWN;
static int cex_hook(void *user, sx_state *st, sx_expr *c, bool neg, sx_assign **hit) {
  (void)user, (void)st, (void)c, (void)neg, (void)hit;
  return cex_answer;
}

typedef struct fx {
  symx_ctx *ctx;
  sx_pools ps;
  sx_tree tree;
  sx_fastsat fs;
  symx_payload_vt vt;
  uint64_t next_id;
  host h;
  sx_pending_host ph;
  sx_state *root;
  symx_expr *in, *x, *c; /* c: x > 10 (the all-zero witness takes !c) */
} fx;

static void fx_init(fx *f) {
  memset(f, 0, sizeof *f);
  f->ctx = symx_ctx_new();
  sx_pools_init(&f->ps, f->ctx);
  sx_tree_init(&f->tree, &f->ps);
  f->fs = (sx_fastsat){seed_hook, NULL, cex_hook, NULL};
  f->vt = (symx_payload_vt){p_clone, p_free, NULL};
  f->next_id = 2;
  the_host = &f->h;
  f->ph = (sx_pending_host){.ctx = f->ctx, .pools = &f->ps, .tree = &f->tree, .fs = &f->fs,
                            .vt = &f->vt, .next_id = &f->next_id, .user = &f->h,
                            .place = h_place, .unplace = h_unplace, .count = h_count,
                            .drop = h_drop, .seeds_fork = h_fork, .seeds_filter = h_filter};
  f->root = sx_state_new(&f->ps, NULL, 1, &f->h);
  CHECK(f->root && sx_tree_root(&f->tree, f->root) == SYMX_OK);
  f->in = symx_array_input(f->ctx, "in", 1, 32);
  f->x = symx_read_le(f->ctx, f->in, 0, 1);
  symx_expr *k = symx_const(f->ctx, 8, 10);
  f->c = symx_mk2(f->ctx, SYMX_K_UGT, f->x, k);
  symx_expr_release(k);
  seed_hit = NULL;
  cex_answer = SYMX_UNKNOWN;
}

static void destroy(void *user, sx_state *st) { sx_state_destroy(user, st); }

static void fx_free(fx *f) {
  sx_tree_free(&f->tree, destroy, &f->ps);
  symx_expr_release(f->c);
  symx_expr_release(f->x);
  symx_expr_release(f->in);
  sx_pools_release(&f->ps);
  symx_ctx_free(f->ctx);
}

static uint64_t stat(fx *f, const char *name) { return symx_stat_get(f->ctx, name); }

/* A miss: the child waits for the other side in the pending set. */
static void test_branch_pending_child(void) {
  fx f;
  fx_init(&f);
  bool v = sx_pending_side(f.ctx, f.root, f.c);
  CHECK(!v); /* x = 0 */
  sx_state *child = NULL;
  CHECK(sx_pending_branch(&f.ph, f.root, f.c, v, &child, "t") == SYMX_OK);
  CHECK(child && child->status == SYMX_ST_PENDING && child->id == 2 && f.next_id == 3);
  CHECK(child->pcond == f.c && !(child->flags & SX_SF_PNEG)); /* waits for c itself */
  CHECK_EQ_U64(sx_clist_len(child->cs), 0);
  CHECK_EQ_U64(sx_clist_len(f.root->cs), 1);
  CHECK(f.root->cs->c == f.c && f.root->cs->neg); /* the parent took !c */
  CHECK(f.root->depth == 1 && child->depth == 1);
  CHECK(sx_clist_holds(f.ctx, f.root->cs, f.root->witness));
  CHECK(f.h.placed == 1 && f.h.split == 1 && f.h.counts[0][SYMX_ST_PENDING] == 1);
  CHECK(f.h.payloads == 1 && child->payload == &f.h.payloads);
  CHECK(stat(&f, "forks") == 1 && stat(&f, "pending_created") == 1);
  CHECK(stat(&f, "fastsat_witness_hits") == 1 && stat(&f, "fastsat_misses") == 1);
  fx_free(&f);
}

/* A seed hit (tier b): the child runs at once with the seed as witness. */
static void test_branch_active_child(void) {
  fx f;
  fx_init(&f);
  seed_hit = symx_assign_new(f.ctx);
  uint8_t b = 42;
  symx_assign_set(seed_hit, "in", &b, 1);
  sx_state *child = NULL;
  CHECK(sx_pending_branch(&f.ph, f.root, f.c, false, &child, "t") == SYMX_OK);
  CHECK(child && child->status == SYMX_ST_ACTIVE && child->witness == seed_hit);
  CHECK(child->pcond == NULL && sx_clist_len(child->cs) == 1 && !child->cs->neg);
  CHECK(sx_clist_holds(f.ctx, child->cs, child->witness));
  CHECK(f.h.counts[0][SYMX_ST_ACTIVE] == 1 && stat(&f, "pending_created") == 0);
  CHECK(stat(&f, "fastsat_seed_hits") == 1);
  symx_assign_free(seed_hit);
  seed_hit = NULL;
  fx_free(&f);
}

/* Tier c proves the other side infeasible: no fork, the path unchanged. */
static void test_branch_implied(void) {
  fx f;
  fx_init(&f);
  cex_answer = SYMX_UNSAT;
  sx_state *child = (sx_state *)&f; /* overwritten */
  CHECK(sx_pending_branch(&f.ph, f.root, f.c, false, &child, "t") == SYMX_OK);
  CHECK(child == NULL && f.next_id == 2 && sx_clist_len(f.root->cs) == 0);
  CHECK(f.root->depth == 0 && f.h.placed == 0 && f.h.payloads == 0);
  CHECK(stat(&f, "forks") == 0 && stat(&f, "pending_killed_no_solver") == 1);
  fx_free(&f);
}

/* A fork that fails (payload clone, placing) changes nothing. */
static void test_fork_failures(void) {
  fx f;
  fx_init(&f);
  sx_state *child = NULL;
  f.h.fail_clone = true;
  CHECK(sx_pending_fork(&f.ph, f.root, f.c, true, NULL, &child, "t") == SYMX_NOMEM);
  CHECK_STR_CONTAINS(symx_errmsg(f.ctx), "clone");
  f.h.fail_clone = false;
  f.h.fail_place = true;
  sx_assign *cw = symx_assign_new(f.ctx);
  CHECK(sx_pending_fork(&f.ph, f.root, f.c, true, cw, &child, "t") == SYMX_NOMEM);
  CHECK(child == NULL && f.next_id == 2 && f.root->depth == 0 && sx_clist_len(f.root->cs) == 0);
  CHECK(f.h.payloads == 0 && f.h.split == 0 && f.h.counts[0][SYMX_ST_ACTIVE] == 0);
  CHECK(stat(&f, "forks") == 0);
  fx_free(&f);
}

/* make: placing fails, the state is dropped; extend: the seeds hear of it. */
static void test_make_extend(void) {
  fx f;
  fx_init(&f);
  CHECK(sx_pending_extend(&f.ph, f.root, f.c, true, NULL, "t") == SYMX_OK);
  CHECK(f.h.filtered == 1 && sx_clist_len(f.root->cs) == 1);
  CHECK(sx_pending_make(&f.ph, f.root, f.c, false, "t") == SYMX_OK);
  CHECK(f.root->status == SYMX_ST_PENDING && f.root->pcond == f.c);
  CHECK(f.h.unplaced == 1 && f.h.placed == 1 && f.h.counts[SYMX_ST_ACTIVE + 1][SYMX_ST_PENDING] == 1);
  sx_state_clear_pending(f.root);
  f.root->status = SYMX_ST_ACTIVE;
  f.h.fail_place = true;
  CHECK(sx_pending_make(&f.ph, f.root, f.c, false, "t") == SYMX_NOMEM);
  CHECK(f.h.dropped == 1);
  fx_free(&f);
}

CHECK_MAIN(CHECK_CASE(test_branch_pending_child), CHECK_CASE(test_branch_active_child),
           CHECK_CASE(test_branch_implied), CHECK_CASE(test_fork_failures),
           CHECK_CASE(test_make_extend))
