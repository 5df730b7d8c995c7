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

/* A context on the hook; its work needs nothing else. */
static symx_ctx *open_ctx(failalloc *fa, void *user) {
  (void)user;
  return failalloc_ctx(fa);
}

static void close_ctx(symx_ctx *ctx, void *user) {
  (void)user;
  symx_ctx_free(ctx);
}

/* Loads every seed file; the first error code, or SYMX_OK; the digest is
** the number of seeds. */
static int load(symx_ctx *ctx, void *user, uint64_t *digest) {
  (void)user;
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
  *digest = symx_seeds_count(s);
  symx_seeds_free(s);
  return rc;
}

static void test_seed_reading(void) {
  make_seeds();
  CHECK_EQ_U64(failalloc_sweep(&(failalloc_job){"seeds", NULL, open_ctx, load, close_ctx, false}), 5);
  tmpdir_free(seed_dir);
}

/* ---- test-case writers ---- */

static const char *const prog_text =
    "sym 0, 2, in\nldb r1, r0, 0\nldb r2, r0, 1\n"
    "br ult r1, 100, a\nset ne r4, r2, 5\nassert r4\n"
    "a: br ugt r2, r1, b\nhalt\nb: set ne r7, r1, 200\nassert r7\nhalt\n";

/* An exploration writing every format to a new directory; the digest is
** the number of files written, and no temporary file may be left. */
static int explore(symx_ctx *ctx, void *user, uint64_t *digest) {
  const toyvm_prog *p = user;
  char *dir = tmpdir_new();
  int rc = symx_option_set_str(ctx, "output_dir", dir);
  symx_engine *eng = rc == SYMX_OK ? symx_engine_new(ctx) : NULL;
  if (rc == SYMX_OK && !eng) rc = symx_errcode(ctx);
  if (eng) rc = toyvm_explore(eng, p, 1000, NULL, NULL);
  symx_engine_free(eng);
  CHECK_EQ_U64(count_files(dir, 1), count_files(dir, 0)); /* no temporary left */
  *digest = (uint64_t)count_files(dir, 0);
  tmpdir_free(dir);
  return rc;
}

static symx_ctx *open_writers(failalloc *fa, void *user) {
  symx_ctx *ctx = open_ctx(fa, user);
  symx_option_set_str(ctx, "test_formats", "ktest,raw,json");
  return ctx;
}

static void test_writers(void) {
  char err[64];
  toyvm_prog *p = toyvm_parse(prog_text, err, sizeof err);
  CHECK(p != NULL);
  CHECK(failalloc_sweep(&(failalloc_job){"writers", p, open_writers, explore, close_ctx, false}) >= 9);
  toyvm_free(p);
}

CHECK_MAIN(CHECK_CASE(test_seed_reading), CHECK_CASE(test_writers))
