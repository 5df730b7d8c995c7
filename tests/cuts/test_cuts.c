/*
** test_cuts.c — loop and depth cuts (src/cuts): per-(frame, loop) counts
** and the call depth, copied on fork; the policies end, zero and symbolic;
** cut_symbolic_only (work that added no path constraint is not cut);
** cut_defer's forking cuts; and a
** micro front end's counting loop, after a loop that reads no input, whose
** paths under a loop bound k match a brute-force run of the cut program
** over every input byte.
*/
#include "check.h"
#include "payload.h"
#include "engine/engine.h"

/* a new engine (options name=value pairs) and its first state */
static symx_state *first_state(symx_ctx **ctx, symx_engine **eng, const char *const *opts) {
  *ctx = symx_ctx_new();
  for (; opts && opts[0]; opts += 2) CHECK(symx_option_set_str(*ctx, opts[0], opts[1]) == SYMX_OK);
  *eng = symx_engine_new(*ctx);
  CHECK(symx_engine_start(*eng, NULL, NULL) == SYMX_OK);
  symx_state *st = NULL;
  CHECK(symx_engine_next(*eng, &st) == SYMX_STATE);
  return st;
}

static void done(symx_ctx *ctx, symx_engine *eng) {
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

/* counts per frame: a callee's loop 7 is not its caller's */
static void test_counts_per_frame(void) {
  static const char *const opts[] = {"cut_symbolic_only", "0", NULL};
  symx_ctx *ctx;
  symx_engine *eng;
  symx_state *st = first_state(&ctx, &eng, opts);
  symx_cut a = SYMX_CUT_END;
  for (int i = 0; i < 3; i++) CHECK(symx_state_loop(st, 7, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_loop(st, 8, &a) == SYMX_OK);
  CHECK_EQ_U64(symx_state_loop_count(st, 7), 3);
  CHECK_EQ_U64(symx_state_loop_count(st, 8), 1);
  CHECK(symx_state_call(st, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK_EQ_U64(symx_state_call_depth(st), 1);
  CHECK_EQ_U64(symx_state_loop_count(st, 7), 0);
  CHECK(symx_state_loop(st, 7, &a) == SYMX_OK);
  CHECK_EQ_U64(symx_state_loop_count(st, 7), 1);
  CHECK(symx_state_return(st) == SYMX_OK);
  CHECK_EQ_U64(symx_state_call_depth(st), 0);
  CHECK_EQ_U64(symx_state_loop_count(st, 7), 3);
  CHECK(symx_state_return(st) == SYMX_OK); /* an unreported frame: no-op */
  CHECK_EQ_U64(symx_state_call_depth(st), 0);
  CHECK_EQ_U64(symx_state_loop_count(st, 7), 3);
  CHECK_EQ_U64(symx_stat_get(ctx, "cuts_loop") + symx_stat_get(ctx, "cuts_depth"), 0);
  done(ctx, eng);
}

/* symx_state_loop_bounded: each loop its own bound (max_loop_iterations
** not read); 0 none; a negative bound a misuse */
static void test_bounded(void) {
  static const char *const opts[] = {"cut_symbolic_only", "0", "max_loop_iterations", "1", NULL};
  symx_ctx *ctx;
  symx_engine *eng;
  symx_state *st = first_state(&ctx, &eng, opts);
  symx_cut a = SYMX_CUT_END;
  for (int i = 0; i < 3; i++) CHECK(symx_state_loop_bounded(st, 1, 4, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_loop_bounded(st, 1, 4, &a) == SYMX_OK && a == SYMX_CUT_END);
  for (int i = 0; i < 9; i++) CHECK(symx_state_loop_bounded(st, 2, 0, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_loop_bounded(st, 3, 2, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_loop(st, 3, &a) == SYMX_OK && a == SYMX_CUT_END); /* the option's 1 */
  CHECK(symx_state_loop_bounded(st, 3, -1, &a) == SYMX_MISUSE);
  CHECK_EQ_U64(symx_stat_get(ctx, "cuts_loop"), 2);
  done(ctx, eng);
}

/* after a cut return the path runs the cut program: a loop run that adds
** no constraint counts then (cut_symbolic_only skips it before) */
static void test_after_cut(void) {
  static const char *const opts[] = {"max_call_depth", "1", "cut_policy", "zero",
                                     "max_loop_iterations", "1", NULL};
  symx_ctx *ctx;
  symx_engine *eng;
  symx_state *st = first_state(&ctx, &eng, opts);
  symx_cut a = SYMX_CUT_END;
  for (int i = 0; i < 3; i++) CHECK(symx_state_loop(st, 3, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK_EQ_U64(symx_state_loop_count(st, 3), 0);
  CHECK(symx_state_call(st, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_call(st, &a) == SYMX_OK && a == SYMX_CUT_RETURN);
  CHECK(symx_state_return(st) == SYMX_OK);
  CHECK(symx_state_loop(st, 3, &a) == SYMX_OK && a == SYMX_CUT_RETURN);
  CHECK_EQ_U64(symx_stat_get(ctx, "cuts_loop"), 1);
  done(ctx, eng);
}

/* a fork copies the counts; the children then count apart */
static void test_fork_copies(void) {
  static const char *const opts[] = {"mode", "eager", "cut_symbolic_only", "0", NULL};
  symx_ctx *ctx;
  symx_engine *eng;
  symx_state *st = first_state(&ctx, &eng, opts), *t = NULL, *f = NULL;
  symx_cut a;
  CHECK(symx_state_call(st, &a) == SYMX_OK);
  CHECK(symx_state_loop(st, 1, &a) == SYMX_OK);
  symx_expr *x = symx_var(ctx, "x", 8), *k = symx_const(ctx, 8, 9), *c = symx_ult(ctx, x, k);
  CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
  CHECK(t && f && t != f);
  CHECK(symx_state_loop(t, 1, &a) == SYMX_OK);
  CHECK(symx_state_call(t, &a) == SYMX_OK);
  CHECK_EQ_U64(symx_state_call_depth(t), 2);
  CHECK_EQ_U64(symx_state_call_depth(f), 1);
  CHECK(symx_state_return(t) == SYMX_OK);
  CHECK_EQ_U64(symx_state_loop_count(t, 1), 2);
  CHECK_EQ_U64(symx_state_loop_count(f, 1), 1);
  symx_expr_release(x);
  symx_expr_release(k);
  symx_expr_release(c);
  done(ctx, eng);
}

/* x < k on st's path: a constraint (the witness x = 0 meets it) */
static void assume_below(symx_ctx *ctx, symx_state *st, uint64_t k) {
  symx_expr *x = symx_var(ctx, "x", 8), *c = symx_const(ctx, 8, k), *lt = symx_ult(ctx, x, c);
  CHECK(symx_state_assume(st, lt) == SYMX_OK);
  symx_expr_release(x);
  symx_expr_release(c);
  symx_expr_release(lt);
}

/* cut_symbolic_only (the default): runs of a loop and frames that added no
** path constraint are not counted or cut; a callee's loop counts from the
** constraints its frame began with */
static void test_symbolic_only(void) {
  static const char *const opts[] = {"max_loop_iterations", "2", "cut_policy", "zero", NULL};
  symx_ctx *ctx;
  symx_engine *eng;
  symx_state *st = first_state(&ctx, &eng, opts);
  symx_cut a = SYMX_CUT_END;
  for (int i = 0; i < 5; i++) CHECK(symx_state_loop(st, 7, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK_EQ_U64(symx_state_loop_count(st, 7), 0);
  CHECK(symx_state_cut(st, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  assume_below(ctx, st, 200);
  CHECK(symx_state_loop(st, 7, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_loop(st, 7, &a) == SYMX_OK && a == SYMX_CUT_NONE); /* added nothing */
  CHECK_EQ_U64(symx_state_loop_count(st, 7), 1);
  CHECK(symx_state_call(st, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_loop(st, 5, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK_EQ_U64(symx_state_loop_count(st, 5), 0); /* the caller's constraint is not its run's */
  CHECK(symx_state_cut(st, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  assume_below(ctx, st, 100);
  CHECK(symx_state_cut(st, &a) == SYMX_OK && a == SYMX_CUT_RETURN);
  CHECK(symx_state_loop(st, 5, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  assume_below(ctx, st, 50);
  CHECK(symx_state_loop(st, 5, &a) == SYMX_OK && a == SYMX_CUT_RETURN);
  CHECK_EQ_U64(symx_state_loop_count(st, 5), 2);
  CHECK(symx_state_return(st) == SYMX_OK);
  CHECK_EQ_U64(symx_state_loop_count(st, 7), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "cuts_front"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "cuts_loop"), 1);
  CHECK(symx_state_loop(st, UINT32_MAX, &a) == SYMX_MISUSE); /* the reserved id */
  CHECK_EQ_U64(symx_state_loop_count(st, UINT32_MAX), 0);
  done(ctx, eng);
}

/* cut_defer: the hooks say SYMX_CUT_DEFER at counts k, 2k, 4k (between
** them the loop goes on); symx_state_cut_choice is a fresh condition that
** the witness makes false; a path that took a cut (symx_state_cut_take)
** has its cuts taken at once, and its runs count input or not */
static void test_defer(void) {
  static const char *const opts[] = {"max_loop_iterations", "2", "cut_policy", "zero",
                                     "cut_defer", "1", NULL};
  symx_ctx *ctx;
  symx_engine *eng;
  symx_state *st = first_state(&ctx, &eng, opts);
  symx_cut a = SYMX_CUT_END;
  int deferred = 0;
  for (uint64_t i = 1; i <= 9; i++) {
    assume_below(ctx, st, 250 - i); /* each run input-dependent */
    CHECK(symx_state_loop(st, 7, &a) == SYMX_OK);
    CHECK(a == (i == 2 || i == 4 || i == 8 ? SYMX_CUT_DEFER : SYMX_CUT_NONE));
    deferred += a == SYMX_CUT_DEFER;
  }
  CHECK_EQ_U64(deferred, 3);
  symx_expr *go = symx_state_cut_choice(st);
  CHECK(go != NULL && symx_expr_width(go) == 1);
  uint64_t v = 1;
  CHECK(symx_state_eval(st, go, &v) == SYMX_OK && v == 0); /* the witness takes the cut */
  symx_expr *go2 = symx_state_cut_choice(st);
  CHECK(go2 != NULL && go2 != go); /* a fresh input each time */
  symx_expr_release(go);
  symx_expr_release(go2);
  CHECK(symx_state_cut_take(st, &a) == SYMX_OK && a == SYMX_CUT_RETURN);
  CHECK_EQ_U64(symx_stat_get(ctx, "cut_defers"), 1);
  /* the path runs the cut program now: no input-dependence needed, no fork */
  CHECK(symx_state_loop(st, 7, &a) == SYMX_OK && a == SYMX_CUT_RETURN);
  CHECK(symx_state_call(st, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_loop(st, 3, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_loop(st, 3, &a) == SYMX_OK && a == SYMX_CUT_RETURN);
  CHECK(symx_state_cut_take(NULL, &a) == SYMX_MISUSE);
  CHECK(symx_state_cut_choice(NULL) == NULL);
  done(ctx, eng);
}

static void count_test(void *u, symx_state *st, const symx_test *t) {
  (void)st;
  if (t->message && !strcmp(t->message, "loop cut")) ++*(int *)u;
}

/* policy end: the back edge that would start run k+1 says end the path */
static void test_policy_end(void) {
  static const char *const opts[] = {"max_loop_iterations", "2", "cut_policy", "end",
                                     "cut_symbolic_only", "0", NULL};
  symx_ctx *ctx;
  symx_engine *eng;
  symx_state *st = first_state(&ctx, &eng, opts);
  int tests = 0;
  CHECK(symx_engine_on_test(eng, count_test, &tests) == SYMX_OK);
  symx_cut a;
  CHECK(symx_state_loop(st, 3, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_loop(st, 3, &a) == SYMX_OK && a == SYMX_CUT_END);
  CHECK(symx_state_status(st) == SYMX_ST_ACTIVE); /* the front end ends it */
  CHECK(symx_state_terminate(st, SYMX_END_EARLY, SYMX_ERR_NONE, "loop cut") == SYMX_OK);
  CHECK(symx_state_status(st) == SYMX_ST_TERMINATED);
  CHECK(symx_state_reason(st) == SYMX_END_EARLY);
  CHECK_EQ_U64(tests, 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "cuts_loop"), 1);
  CHECK(symx_state_loop(st, 3, &a) == SYMX_MISUSE); /* ended */
  CHECK(symx_engine_next(eng, &st) == SYMX_DONE);
  done(ctx, eng);
}

/* policies zero and symbolic: return now, with 0 or a fresh input per cut */
static void test_policy_return(void) {
  static const char *const zero[] = {"max_call_depth", "1", "cut_policy", "zero", NULL};
  static const char *const sym[] = {"max_call_depth", "1", "cut_policy", "symbolic",
                                    "cut_symbolic_only", "0", NULL};
  symx_ctx *ctx;
  symx_engine *eng;
  symx_state *st = first_state(&ctx, &eng, zero);
  symx_cut a;
  CHECK(symx_state_call(st, &a) == SYMX_OK && a == SYMX_CUT_NONE);
  CHECK(symx_state_call(st, &a) == SYMX_OK && a == SYMX_CUT_RETURN);
  CHECK_EQ_U64(symx_state_call_depth(st), 2); /* the cut frame counts as entered */
  symx_expr *v = symx_state_cut_value(st, 32);
  CHECK(v && symx_expr_is_const(v) && symx_expr_const_value(v) == 0 && symx_expr_width(v) == 32);
  symx_expr_release(v);
  CHECK(symx_state_return(st) == SYMX_OK);
  CHECK(symx_state_status(st) == SYMX_ST_ACTIVE);
  CHECK_EQ_U64(symx_stat_get(ctx, "cuts_depth"), 1);
  CHECK_EQ_U64(symx_stat_get(ctx, "cut_returns"), 1);
  done(ctx, eng);

  st = first_state(&ctx, &eng, sym);
  CHECK(symx_state_cut(st, &a) == SYMX_OK && a == SYMX_CUT_RETURN);
  symx_expr *v0 = symx_state_cut_value(st, 16), *v1 = symx_state_cut_value(st, 64);
  CHECK(v0 && v1 && !symx_expr_is_const(v0) && v0 != v1);
  CHECK(v0 && symx_expr_width(v0) == 16 && v1 && symx_expr_width(v1) == 64);
  CHECK(symx_input_find(ctx, "cut.0") && symx_input_find(ctx, "cut.1"));
  CHECK_EQ_U64(symx_stat_get(ctx, "cuts_front"), 1);
  symx_expr_release(v0);
  symx_expr_release(v1);
  CHECK(symx_state_cut_value(st, 0) == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  CHECK(symx_state_cut_value(st, 65) == NULL);
  CHECK(symx_state_call(NULL, &a) == SYMX_MISUSE);
  CHECK(symx_state_call(st, NULL) == SYMX_MISUSE);
  CHECK(symx_state_loop(st, 0, NULL) == SYMX_MISUSE);
  CHECK(symx_state_return(NULL) == SYMX_MISUSE);
  done(ctx, eng);
}

/*
** A micro front end: for (j = 0; j < SETUP; j++); i = 0; while (x > i) i++;
** (x an input byte), the back edges reported as loops 1 and 0. Under bound
** k with policy end, the paths are the outcomes of the cut program over x =
** 0..255: exits at i = x < k, and one cut; the set-up loop reads no input
** and is not cut. Each test's x must lead the cut program to its path's end.
*/
enum { HEAD, BODY, EXIT, SETUP_HEAD };
#define SETUP 4
typedef struct pl {
  int pc;
  uint64_t i, j;
} pl;
TEST_PAYLOAD(0)

typedef struct seen {
  symx_ctx *ctx;
  int exits[256], cuts, bad;
} seen;

static void on_test(void *u, symx_state *st, const symx_test *t) {
  seen *s = u;
  (void)st;
  size_t len = 0;
  const uint8_t *x = symx_assign_get(t->inputs, "x", &len);
  unsigned v = x && len ? x[0] : 0;
  bool cut = t->message && !strcmp(t->message, "loop cut");
  if (cut) s->cuts++;
  else s->exits[v]++;
  /* the cut program on v: the cut comes on the k-th back edge */
  s->bad += cut != (v >= (unsigned)symx_option_get(s->ctx, "max_loop_iterations"));
}

/* Runs st until it forks or ends. */
static void step(symx_ctx *ctx, symx_expr *x, symx_state *st) {
  for (;;) {
    pl *p = symx_state_payload(st);
    if (p->pc == EXIT) {
      CHECK(symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL) == SYMX_OK);
      return;
    }
    if (p->pc == SETUP_HEAD) {
      symx_cut a = SYMX_CUT_END;
      if (p->j == SETUP) p->pc = HEAD;
      else if (++p->j && (symx_state_loop(st, 1, &a) != SYMX_OK || a != SYMX_CUT_NONE))
        CHECK(!"the set-up loop was cut");
      continue;
    }
    if (p->pc == BODY) {
      symx_cut a;
      p->i++;
      p->pc = HEAD;
      CHECK(symx_state_loop(st, 0, &a) == SYMX_OK);
      if (a == SYMX_CUT_END)
        CHECK(symx_state_terminate(st, SYMX_END_EARLY, SYMX_ERR_NONE, "loop cut") == SYMX_OK);
      if (a != SYMX_CUT_NONE) return;
      continue;
    }
    symx_expr *i = symx_const(ctx, 8, p->i), *c = symx_ugt(ctx, x, i);
    symx_state *t = NULL, *f = NULL;
    CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
    symx_expr_release(i);
    symx_expr_release(c);
    if (t) ((pl *)symx_state_payload(t))->pc = BODY;
    if (f) ((pl *)symx_state_payload(f))->pc = EXIT;
    if ((t && f) || symx_state_status(st) != SYMX_ST_ACTIVE) return;
  }
}

static void run_loop(symx_ctx *ctx, symx_engine *eng) {
  pl *p0 = calloc(1, sizeof *p0);
  p0->pc = SETUP_HEAD;
  CHECK(symx_engine_start(eng, p0, &pl_vt) == SYMX_OK);
  symx_expr *x = symx_var(ctx, "x", 8);
  symx_state *st;
  while (symx_engine_next(eng, &st) == SYMX_STATE) step(ctx, x, st);
  symx_expr_release(x);
}

static void test_loop_oracle(void) {
  static const char *const modes[] = {"eager", "pending"};
  static const unsigned ks[] = {1, 2, 3, 5};
  for (int m = 0; m < 2; m++)
    for (int j = 0; j < 4; j++) {
      symx_ctx *ctx = symx_ctx_new();
      CHECK(symx_option_set_str(ctx, "mode", modes[m]) == SYMX_OK);
      CHECK(symx_option_set(ctx, "max_loop_iterations", ks[j]) == SYMX_OK);
      symx_engine *eng = symx_engine_new(ctx);
      seen s = {.ctx = ctx};
      CHECK(symx_engine_on_test(eng, on_test, &s) == SYMX_OK);
      run_loop(ctx, eng);
      /* brute force: the outcomes of the cut program over every x */
      int outcomes[257] = {0}, want = 0;
      for (unsigned v = 0; v < 256; v++) want += !outcomes[v < ks[j] ? v : 256]++;
      int got = s.cuts;
      for (unsigned v = 0; v < 256; v++) got += s.exits[v] != 0;
      CHECK_EQ_U64(got, want);
      CHECK_EQ_U64(s.cuts, 1);
      CHECK_EQ_U64(s.bad, 0);
      CHECK_EQ_U64(symx_stat_get(ctx, "cuts_loop"), 1);
      symx_engine_free(eng);
      symx_ctx_free(ctx);
    }
}

CHECK_MAIN(CHECK_CASE(test_counts_per_frame), CHECK_CASE(test_bounded), CHECK_CASE(test_after_cut), CHECK_CASE(test_fork_copies),
           CHECK_CASE(test_policy_end), CHECK_CASE(test_policy_return),
           CHECK_CASE(test_symbolic_only), CHECK_CASE(test_defer),
           CHECK_CASE(test_loop_oracle))
