/* tests/base/test_options.c — the option and statistic tables, errors,
** the allocator hook. */
#include "check.h"
#include "internal.h"
#include "symx.h"

static void test_option_table_sorted(void) {
  for (size_t i = 1; i < symx_option_count(); i++)
    CHECK(strcmp(symx_option_info_at(i - 1)->name, symx_option_info_at(i)->name) < 0);
  CHECK(symx_option_info_at(symx_option_count()) == NULL);
}

static void test_option_set_get(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_get(ctx, "mode") == 1);
  CHECK(symx_option_set_str(ctx, "mode", "eager") == SYMX_OK);
  CHECK(symx_option_get(ctx, "mode") == 0);
  CHECK(strcmp(symx_option_get_str(ctx, "mode"), "eager") == 0);
  CHECK(symx_option_set_str(ctx, "mode", "bogus") == SYMX_RANGE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_option_set_str");
  CHECK(symx_option_set(ctx, "rewrite", 7) == SYMX_RANGE);
  CHECK(symx_option_set(ctx, "no_such_option", 1) == SYMX_NOTFOUND);
  CHECK(symx_option_set_str(ctx, "max-time", "2min") == SYMX_OK);
  CHECK(symx_option_get(ctx, "max_time") == 120000);
  CHECK(symx_option_set_str(ctx, "max_time", "120s") == SYMX_OK);
  CHECK(symx_option_get(ctx, "max_time") == 120000);
  CHECK(symx_option_set_str(ctx, "max_time", "12 parsecs") == SYMX_RANGE);
  CHECK(symx_option_set_str(ctx, "output_dir", "/tmp/x") == SYMX_OK);
  CHECK(strcmp(symx_option_get_str(ctx, "output_dir"), "/tmp/x") == 0);
  CHECK(symx_option_set(ctx, "output_dir", 3) == SYMX_MISUSE);
  CHECK(symx_option_set_str(ctx, "validate_solver", "true") == SYMX_OK);
  CHECK(symx_option_get(ctx, "validate_solver") == 1);
  symx_ctx_free(ctx);
}

static void test_stats(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_stat_get(ctx, "bytes_in_use") > 0);
  symx_stat_get(ctx, "nope");
  CHECK(symx_errcode(ctx) == SYMX_NOTFOUND);
  char *j = symx_stats_json(ctx);
  CHECK_STR_CONTAINS(j, "\"expr_live\": ");
  symx_string_free(ctx, j);
  symx_ctx_free(ctx);
}

/* A counting allocator that can be told to fail the Nth allocation. */
typedef struct { long allocs, frees, fail_at; size_t live; } counting;
static void *counting_alloc(void *ud, void *p, size_t old, size_t n) {
  counting *c = ud;
  if (n == 0) {
    c->frees++;
    c->live -= old;
    free(p);
    return NULL;
  }
  if (c->fail_at >= 0 && c->allocs++ == c->fail_at) return NULL;
  void *q = realloc(p, n);
  if (q) c->live += n - old;
  return q;
}

static void test_alloc_hook_and_oom(void) {
  counting c = {0, 0, -1, 0};
  symx_ctx *ctx = symx_ctx_new_with_alloc(counting_alloc, &c);
  symx_expr *x = symx_var(ctx, "x", 32);
  CHECK(x != NULL);
  CHECK(symx_stat_get(ctx, "bytes_in_use") == c.live);
  symx_expr_release(x);
  symx_ctx_free(ctx);
  CHECK(c.live == 0);
  /* fail every allocation in turn: never a crash, an error each time */
  for (long k = 0; k < 40; k++) {
    counting f = {0, 0, k, 0};
    symx_ctx *fc = symx_ctx_new_with_alloc(counting_alloc, &f);
    if (!fc) continue;
    symx_expr *v = symx_var(fc, "in", 32);
    symx_expr *one = symx_const(fc, 32, 1);
    symx_expr *s = symx_add(fc, v, one);
    CHECK(s != NULL || symx_errcode(fc) == SYMX_NOMEM);
    symx_expr_release(s);
    symx_expr_release(one);
    symx_expr_release(v);
    symx_ctx_free(fc);
    CHECK(f.live == 0);
  }
}

/* Issue 13: codes collided (SYMX_NOTFOUND == SYMX_SAT). */
static void test_codes_distinct(void) {
  static const int errs[] = {SYMX_ERROR, SYMX_MISUSE, SYMX_NOMEM, SYMX_PARSE, SYMX_IO, SYMX_FORMAT,
                             SYMX_UNSUPPORTED, SYMX_SOLVER, SYMX_RANGE, SYMX_NOTFOUND};
  static const int others[] = {SYMX_OK, SYMX_SAT, SYMX_UNSAT, SYMX_UNKNOWN, SYMX_STATE, SYMX_DONE};
  for (size_t i = 0; i < sizeof errs / sizeof *errs; i++) {
    CHECK(errs[i] > SYMX_OK && errs[i] < SYMX_SAT); /* the header's "error (< SYMX_SAT)" */
    for (size_t j = 0; j < sizeof others / sizeof *others; j++) CHECK(errs[i] != others[j]);
    for (size_t j = 0; j < i; j++) CHECK(errs[i] != errs[j]);
  }
  CHECK(strcmp(symx_errstr(SYMX_SAT), "sat") == 0);
  CHECK(strcmp(symx_errstr(SYMX_NOTFOUND), "not found") == 0);
}

/* Issue 13: a second get_str of an enum option freed the first answer. */
static void test_enum_str_stable(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set_str(ctx, "mode", "relaxed") == SYMX_OK);
  const char *a = symx_option_get_str(ctx, "mode");
  const char *b = symx_option_get_str(ctx, "mode");
  CHECK(a && b && a == b && strcmp(a, "relaxed") == 0); /* a still readable (ASan) */
  CHECK(symx_option_set_str(ctx, "mode", "eager") == SYMX_OK);
  CHECK(strcmp(symx_option_get_str(ctx, "mode"), "eager") == 0);
  symx_ctx_free(ctx);
}

/* the enum constants code compares with are the option's value indices */
static void test_enum_constants(void) {
  symx_ctx *ctx = symx_ctx_new();
  CHECK(symx_option_set_str(ctx, "mode", "relaxed") == SYMX_OK);
  CHECK(ctx->opts.mode == SX_MODE_RELAXED);
  CHECK(symx_option_set_str(ctx, "unknown_policy", "retry") == SYMX_OK);
  CHECK(ctx->opts.unknown_policy == SX_UNKNOWN_RETRY);
  CHECK(symx_option_set_str(ctx, "emit_tests", "none") == SYMX_OK);
  CHECK(ctx->opts.emit_tests == SX_EMIT_NONE);
  CHECK(symx_option_set_str(ctx, "cadical_arrays", "ackermann") == SYMX_OK);
  CHECK(ctx->opts.cadical_arrays == SX_ARRAYS_ACKERMANN);
  CHECK(strcmp(symx_option_find("solver")->values, "cadical|z3|dummy") == 0);
  CHECK(symx_option_find("solver")->max == SX_BACKEND_COUNT_ - 1);
  symx_ctx_free(ctx);
}

static void test_errstr(void) {
  CHECK(strcmp(symx_errstr(SYMX_OK), "not an error") == 0);
  CHECK(strcmp(symx_errstr(SYMX_MISUSE), "API misuse") == 0);
  CHECK(symx_errcode(NULL) == SYMX_MISUSE);
  CHECK(symx_version_number() == SYMX_VERSION_NUMBER);
  CHECK(strcmp(symx_version(), SYMX_VERSION) == 0);
}

CHECK_MAIN(CHECK_CASE(test_option_table_sorted), CHECK_CASE(test_option_set_get),
           CHECK_CASE(test_stats), CHECK_CASE(test_alloc_hook_and_oom), CHECK_CASE(test_errstr),
           CHECK_CASE(test_codes_distinct), CHECK_CASE(test_enum_str_stable),
           CHECK_CASE(test_enum_constants))
