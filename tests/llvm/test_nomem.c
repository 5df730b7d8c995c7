/*
** test_nomem.c — allocation failure in symx-llvm's library: the Nth
** malloc, calloc, realloc, strdup or strndup it makes fails (N = 0, 1, ...,
** until a run never reaches N; the link wraps those functions, so libsymx's
** and LLVM's own allocations are untouched). Each run must end without a
** crash: the session fails with a message, or goes on when the failure was
** the program's (its malloc returns NULL). Leaks are LeakSanitizer's to find
** (ASan build). Explorations, concrete runs, and explorations with --target.
*/
#include "check.h"
#include "driver.h"

#include <stdbool.h>

static long fa_seen, fa_at = -1;
static bool fa_hit;

static bool fail_now(void) {
  if (fa_at < 0 || fa_seen++ != fa_at) return false;
  fa_hit = true;
  return true;
}

void *__real_malloc(size_t n);
void *__real_calloc(size_t k, size_t n);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);
void *__wrap_malloc(size_t n) { return fail_now() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t k, size_t n) { return fail_now() ? NULL : __real_calloc(k, n); }
void *__wrap_realloc(void *p, size_t n) { return fail_now() ? NULL : __real_realloc(p, n); }
char *__wrap_strdup(const char *s) { return fail_now() ? NULL : __real_strdup(s); }
char *__wrap_strndup(const char *s, size_t n) { return fail_now() ? NULL : __real_strndup(s, n); }

static const char *prog_path;

/* One session on the program with allocation n failing (-1: none): explore,
** or a concrete run (concrete 1), or explore towards two targets (2: their
** distances, marks and test cases). 1 when it completed, 0 when it failed
** with a message. */
static int run_once(long n, int concrete, uint64_t *paths) {
  static const char *const targets[] = {"prog.c:40", "prog.c:49"};
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "emit_tests", "none");
  char err[1024] = "";
  fa_seen = 0;
  fa_hit = false;
  fa_at = n;
  sxl_session *s = sxl_session_new(ctx, prog_path, "", "-O0", err, sizeof err);
  int done = 0;
  if (!s) {
    CHECK(err[0] != 0);
  } else {
    s->quiet = 1;
    s->x.echo_output = 0;
    int r = concrete == 2 ? sxl_targets_set(s, targets, 2, 0, 0) : 0;
    if (!r) r = concrete == 1 ? sxl_session_run_concrete(s, NULL) : sxl_session_explore(s, NULL);
    if (r) CHECK(s->err[0] != 0);
    done = !r;
    *paths = s->npaths;
    sxl_session_free(s);
  }
  fa_at = -1;
  symx_ctx_free(ctx);
  return done;
}

/* Runs with N = 0, 1, ... failing until a run never reaches N. */
static void sweep(int concrete) {
  uint64_t want = 0, got = 0;
  CHECK(run_once(-1, concrete, &want));
  CHECK(want > 0);
  long n, failed = 0;
  for (n = 0; n < 100000; n++) {
    int done = run_once(n, concrete, &got);
    if (!fa_hit) {
      CHECK(done && got == want);
      break;
    }
    failed += !done;
  }
  fprintf(stderr, "  %s: %ld allocations failed in turn, %ld runs ended with an error\n",
          concrete == 1 ? "concrete run" : concrete ? "targets" : "exploration", n, failed);
  CHECK(n < 100000);
}

static void test_explore(void) { sweep(0); }
static void test_concrete(void) { sweep(1); }
static void test_targets(void) { sweep(2); }

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: test_llvm_nomem PROGRAM.bc [case]\n");
    return 2;
  }
  prog_path = argv[1];
  static const check_case cases[] = {CHECK_CASE(test_explore), CHECK_CASE(test_concrete),
                                     CHECK_CASE(test_targets)};
  return check_run(argc - 1, argv + 1, cases, sizeof cases / sizeof cases[0]);
}
