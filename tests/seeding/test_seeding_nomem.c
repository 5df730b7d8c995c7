/*
** test_seeding_nomem.c — seed reading (.ktest, JSON, an AFL queue) and the
** test-case writers (symx_ktest_write, an exploration writing every format
** to output_dir) under a failure of the Nth allocation, for every N until a
** run finishes without reaching it: SYMX_NOMEM with a message, or the full
** result when the failed allocation was optional; nothing leaks
** (LeakSanitizer in the ASan build), no temporary file is left, and the
** context then does the same work as a run that never failed.
*/
#include "check.h"
#include "failalloc.h"
#include "util.h"
#include "../../examples/toyvm/toyvm.h"

/* ---- seed reading ---- */

static char *seed_dir;

static void make_seeds(void) {
  seed_dir = tmpdir_new();
  symx_ctx *ctx = symx_ctx_new();
  symx_assign *a = symx_assign_new(ctx);
  symx_assign_set(a, "in", (const uint8_t *)"ab", 2);
  symx_assign_set(a, "n", (const uint8_t *)"\x07", 1);
  char path[256];
  snprintf(path, sizeof path, "%s/s.ktest", seed_dir);
  const char *argv[] = {"prog", "arg"};
  CHECK(symx_ktest_write(ctx, path, a, argv, 2) == SYMX_OK);
  symx_assign_free(a);
  symx_ctx_free(ctx);
  static const char json[] = "[{\"inputs\": {\"in\": [104, 105], \"n\": \"hex:07\"}},"
                             " {\"inputs\": {\"in\": \"base64:aGk=\"}}]";
  write_file(seed_dir, "s.json", json, sizeof json - 1);
  snprintf(path, sizeof path, "%s/queue", seed_dir);
  mkdir(path, 0700);
  write_file(path, "id:000000,orig:a", "xyz", 3);
  write_file(path, "id:000001,src:000000,+cov", "xyzw", 4);
}

/* Loads every seed file; the first error code, or SYMX_OK; *n = seeds. */
static int load(symx_ctx *ctx, size_t *n) {
  char path[256];
  symx_seeds *s = symx_seeds_new(ctx);
  if (!s) return symx_errcode(ctx);
  snprintf(path, sizeof path, "%s/s.ktest", seed_dir);
  int rc = symx_seeds_add_ktest(s, path, NULL, 0);
  snprintf(path, sizeof path, "%s/s.json", seed_dir);
  if (rc == SYMX_OK) rc = symx_seeds_add_json(s, path);
  snprintf(path, sizeof path, "%s/queue", seed_dir);
  if (rc == SYMX_OK) rc = symx_seeds_add_afl_queue(s, path, "in");
  if (rc == SYMX_OK && symx_seeds_message_count(s)) rc = SYMX_ERROR; /* a file was skipped */
  *n = symx_seeds_count(s);
  symx_seeds_free(s);
  return rc;
}

static void test_seed_reading(void) {
  make_seeds();
  size_t want, got;
  long n, absorbed = 0;
  for (n = -1; n < FAILALLOC_MAX_N; n++) {
    failalloc fa;
    failalloc_disarm(&fa);
    symx_ctx *ctx = symx_ctx_new_with_alloc(failalloc_fn, &fa);
    failalloc_arm(&fa, n);
    int rc = load(ctx, n < 0 ? &want : &got);
    failalloc_disarm(&fa);
    bool done = !fa.hit;
    if (n < 0) {
      CHECK_EQ_U64(rc, SYMX_OK);
      CHECK_EQ_U64(want, 5);
    } else if (rc == SYMX_OK) {
      CHECK_EQ_U64(got, want);
      absorbed += !done;
    } else {
      if (rc != SYMX_NOMEM) fprintf(stderr, "seeds N=%ld: rc %d (%s)\n", n, rc, symx_errmsg(ctx));
      CHECK_EQ_U64(rc, SYMX_NOMEM);
      CHECK(symx_errcode(ctx) == SYMX_NOMEM && symx_errmsg(ctx)[0] != '\0');
      symx_errclear(ctx);
      CHECK_EQ_U64(load(ctx, &got), SYMX_OK);
      CHECK_EQ_U64(got, want);
    }
    symx_ctx_free(ctx);
    if (n >= 0 && done) break;
  }
  CHECK(n < FAILALLOC_MAX_N);
  fprintf(stderr, "seeds: %ld allocations swept, %ld absorbed\n", n, absorbed);
  tmpdir_free(seed_dir);
}

/* ---- test-case writers ---- */

static const char *const prog_text =
    "sym 0, 2, in\nldb r1, r0, 0\nldb r2, r0, 1\n"
    "br ult r1, 100, a\nset ne r4, r2, 5\nassert r4\n"
    "a: br ugt r2, r1, b\nhalt\nb: set ne r7, r1, 200\nassert r7\nhalt\n";

/* An exploration writing its tests to a new directory (*dir); the code. */
static int explore(symx_ctx *ctx, const toyvm_prog *p, char **dir) {
  *dir = tmpdir_new();
  int rc = symx_option_set_str(ctx, "output_dir", *dir);
  if (rc != SYMX_OK) return rc;
  symx_engine *eng = symx_engine_new(ctx);
  if (!eng) return symx_errcode(ctx);
  rc = toyvm_explore(eng, p, 1000, NULL, NULL);
  symx_engine_free(eng);
  return rc;
}

static void test_writers(void) {
  char err[64];
  toyvm_prog *p = toyvm_parse(prog_text, err, sizeof err);
  CHECK(p != NULL);
  int want = 0;
  long n, absorbed = 0;
  for (n = -1; n < FAILALLOC_MAX_N; n++) {
    failalloc fa;
    failalloc_disarm(&fa);
    symx_ctx *ctx = symx_ctx_new_with_alloc(failalloc_fn, &fa);
    symx_option_set_str(ctx, "test_formats", "ktest,raw,json");
    char *dir;
    failalloc_arm(&fa, n);
    int rc = explore(ctx, p, &dir);
    failalloc_disarm(&fa);
    bool done = !fa.hit;
    CHECK_EQ_U64(count_files(dir, 1), count_files(dir, 0)); /* no temporary left */
    if (n < 0) {
      CHECK_EQ_U64(rc, SYMX_OK);
      want = count_files(dir, 0);
      CHECK(want >= 9);
    } else if (rc == SYMX_OK) {
      CHECK_EQ_U64(count_files(dir, 0), want);
      absorbed += !done;
    } else {
      if (rc != SYMX_NOMEM) fprintf(stderr, "writers N=%ld: rc %d (%s)\n", n, rc, symx_errmsg(ctx));
      CHECK_EQ_U64(rc, SYMX_NOMEM);
      CHECK(symx_errcode(ctx) == SYMX_NOMEM && symx_errmsg(ctx)[0] != '\0');
      symx_errclear(ctx);
      char *again;
      CHECK_EQ_U64(explore(ctx, p, &again), SYMX_OK);
      CHECK_EQ_U64(count_files(again, 0), want);
      tmpdir_free(again);
    }
    tmpdir_free(dir);
    symx_ctx_free(ctx);
    if (n >= 0 && done) break;
  }
  CHECK(n < FAILALLOC_MAX_N);
  fprintf(stderr, "writers: %ld allocations swept, %ld absorbed\n", n, absorbed);
  toyvm_free(p);
}

CHECK_MAIN(CHECK_CASE(test_seed_reading), CHECK_CASE(test_writers))
