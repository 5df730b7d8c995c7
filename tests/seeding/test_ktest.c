/* tests/seeding/test_ktest.c — KLEE .ktest: byte-exact writing, reading real
** KLEE-style files, round trips, and every malformed case. */
#include "check.h"
#include "alloc.h"
#include "failalloc.h"
#include "seeding/ktest.h"
#include "util.h"

static uint64_t in_use(symx_ctx *ctx) { return symx_stat_get(ctx, "bytes_in_use"); }

/* The documented layout, computed by hand for {"a": 01 02, "bb": ff} with
** argv {"prog"}. */
static const uint8_t expected[] = {
    'K', 'T', 'E', 'S', 'T', 0, 0, 0, 3, /* magic, version 3 */
    0, 0, 0, 1, 0, 0, 0, 4, 'p', 'r', 'o', 'g', /* 1 arg: "prog" */
    0, 0, 0, 0, 0, 0, 0, 0, /* symArgvs, symArgvLen */
    0, 0, 0, 2, /* 2 objects */
    0, 0, 0, 1, 'a', 0, 0, 0, 2, 1, 2, /* "a": 01 02 */
    0, 0, 0, 2, 'b', 'b', 0, 0, 0, 1, 0xff /* "bb": ff */
};

static symx_assign *sample(symx_ctx *ctx) {
  symx_assign *a = symx_assign_new(ctx);
  /* set out of order: the ktest follows the assignment's (name) order */
  symx_assign_set(a, "bb", (const uint8_t *)"\xff", 1);
  symx_assign_set(a, "a", (const uint8_t *)"\x01\x02", 2);
  return a;
}

static void test_encode_exact(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx);
  symx_assign *a = sample(ctx);
  const char *args[] = {"prog"};
  uint8_t *buf;
  size_t len;
  CHECK(sx_ktest_encode_assign(ctx, a, args, 1, &buf, &len, "t") == SYMX_OK);
  CHECK_EQ_U64(len, sizeof expected);
  CHECK(len == sizeof expected && !memcmp(buf, expected, len));
  sx_free(ctx, buf, len);
  /* through the public writer, to a file */
  char *d = tmpdir_new();
  char path[256];
  snprintf(path, sizeof path, "%s/x.ktest", d);
  CHECK(symx_ktest_write(ctx, path, a, args, 1) == SYMX_OK);
  size_t n;
  uint8_t *f = read_file(d, "x.ktest", &n);
  CHECK(f && n == sizeof expected && !memcmp(f, expected, n));
  free(f);
  CHECK(count_files(d, 1) == 1); /* no temporary left behind */
  symx_assign *b = symx_ktest_read(ctx, path);
  CHECK(b && sx_assign_equal(a, b));
  symx_assign_free(b);
  symx_assign_free(a);
  tmpdir_free(d);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

/* A file as KLEE 1.x/2.x wrote it, built byte by byte: version 3 with POSIX
** runtime objects, and the legacy BOUT/version 1 layout (no symArgvs). */
static size_t put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8), p[3] = (uint8_t)v;
  return 4;
}
static size_t putstr(uint8_t *p, const char *s, size_t n) {
  size_t k = put32(p, (uint32_t)n);
  memcpy(p + k, s, n);
  return k + n;
}

static void test_read_klee_style(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx);
  uint8_t f[512];
  size_t n = 0;
  memcpy(f, "KTEST", 5), n = 5;
  n += put32(f + n, 3);
  n += put32(f + n, 3);
  n += putstr(f + n, "/tmp/a.out.bc", 13);
  n += putstr(f + n, "--sym-arg", 9);
  n += putstr(f + n, "4", 1);
  n += put32(f + n, 1); /* symArgvs */
  n += put32(f + n, 4); /* symArgvLen */
  n += put32(f + n, 3);
  n += putstr(f + n, "arg00", 5);
  n += putstr(f + n, "ab\0\0\0", 5);
  n += putstr(f + n, "model_version", 13);
  n += putstr(f + n, "\1\0\0\0", 4);
  n += putstr(f + n, "arg00", 5); /* repeated name: the first object wins */
  n += putstr(f + n, "zz", 2);
  sx_ktest k;
  CHECK(sx_ktest_parse(ctx, f, n, "klee.ktest", &k, "t") == SYMX_OK);
  CHECK(k.version == 3 && k.nargs == 3 && k.sym_argvs == 1 && k.sym_argv_len == 4 && k.nobjs == 3);
  CHECK(k.nargs == 3 && !strcmp(k.args[1], "--sym-arg"));
  CHECK(k.nobjs == 3 && !strcmp(k.objs[1].name, "model_version") && k.objs[1].len == 4);
  sx_assign *a;
  CHECK(sx_ktest_to_assign(ctx, &k, NULL, 0, &a, "t") == SYMX_OK);
  size_t len;
  const uint8_t *b = symx_assign_get(a, "arg00", &len);
  CHECK(b && len == 5 && !memcmp(b, "ab\0\0\0", 5));
  CHECK(symx_assign_count(a) == 2);
  symx_assign_free(a);
  /* by position */
  const char *names[] = {"x", "y"};
  CHECK(sx_ktest_to_assign(ctx, &k, names, 2, &a, "t") == SYMX_OK);
  CHECK(symx_assign_count(a) == 2);
  b = symx_assign_get(a, "y", &len);
  CHECK(b && len == 4 && b[0] == 1);
  symx_assign_free(a);
  sx_ktest_clear(ctx, &k);

  /* legacy: "BOUT\n", version 1, no symArgvs fields */
  n = 0;
  memcpy(f, "BOUT\n", 5), n = 5;
  n += put32(f + n, 1);
  n += put32(f + n, 0);
  n += put32(f + n, 1);
  n += putstr(f + n, "input", 5);
  n += putstr(f + n, "hello", 5);
  CHECK(sx_ktest_parse(ctx, f, n, "old.bout", &k, "t") == SYMX_OK);
  CHECK(k.version == 1 && k.nobjs == 1 && k.nobjs == 1 && k.objs[0].len == 5);
  sx_ktest_clear(ctx, &k);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

/* Round trips over pseudo-random assignments: write, read, equal. */
static void test_round_trip(void) {
  symx_ctx *ctx = symx_ctx_new();
  sx_rng r;
  sx_rng_seed(&r, 42);
  for (int it = 0; it < 200; it++) {
    symx_assign *a = symx_assign_new(ctx);
    int nb = (int)sx_rng_below(&r, 6);
    for (int i = 0; i < nb; i++) {
      char name[16];
      snprintf(name, sizeof name, "in%d_%d", i, (int)sx_rng_below(&r, 100));
      uint8_t bytes[300];
      size_t len = 1 + sx_rng_below(&r, sizeof bytes - 1);
      for (size_t k = 0; k < len; k++) bytes[k] = (uint8_t)sx_rng_next(&r);
      symx_assign_set(a, name, bytes, len);
    }
    uint8_t *buf;
    size_t len;
    CHECK(sx_ktest_encode_assign(ctx, a, NULL, 0, &buf, &len, "t") == SYMX_OK);
    sx_ktest k;
    CHECK(sx_ktest_parse(ctx, buf, len, "rt", &k, "t") == SYMX_OK);
    sx_assign *b;
    CHECK(sx_ktest_to_assign(ctx, &k, NULL, 0, &b, "t") == SYMX_OK);
    CHECK(sx_assign_equal(a, b));
    /* encoding the decoded ktest gives the same bytes */
    uint8_t *buf2;
    size_t len2;
    CHECK(sx_ktest_encode(ctx, &k, &buf2, &len2, "t") == SYMX_OK);
    CHECK(len2 == len && !memcmp(buf, buf2, len));
    sx_free(ctx, buf2, len2);
    symx_assign_free(b);
    sx_ktest_clear(ctx, &k);
    sx_free(ctx, buf, len);
    symx_assign_free(a);
  }
  /* zero-length bindings are left out (KLEE cannot read them) */
  symx_assign *a = symx_assign_new(ctx);
  symx_assign_set(a, "e", NULL, 0);
  symx_assign_set(a, "f", (const uint8_t *)"x", 1);
  uint8_t *buf;
  size_t len;
  CHECK(sx_ktest_encode_assign(ctx, a, NULL, 0, &buf, &len, "t") == SYMX_OK);
  sx_ktest k;
  CHECK(sx_ktest_parse(ctx, buf, len, "z", &k, "t") == SYMX_OK);
  CHECK(k.nobjs == 1 && !strcmp(k.objs[0].name, "f"));
  sx_ktest_clear(ctx, &k);
  sx_free(ctx, buf, len);
  symx_assign_free(a);
  symx_ctx_free(ctx);
}

static void expect_bad(symx_ctx *ctx, const uint8_t *f, size_t n, const char *what) {
  sx_ktest k;
  symx_errclear(ctx);
  int rc = sx_ktest_parse(ctx, f, n, "bad.ktest", &k, "sx_test");
  CHECK(rc == SYMX_FORMAT);
  CHECK(k.nobjs == 0 && k.nargs == 0 && k.objs == NULL && k.args == NULL);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "bad.ktest: offset ");
  if (what) CHECK_STR_CONTAINS(symx_errmsg(ctx), what);
}

static void test_malformed(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx), max0 = symx_stat_get(ctx, "bytes_max");
  /* truncated at every offset of a valid file */
  for (size_t k = 0; k < sizeof expected; k++) expect_bad(ctx, expected, k, NULL);
  uint8_t f[sizeof expected];
  memcpy(f, expected, sizeof f);
  f[0] = 'X';
  expect_bad(ctx, f, sizeof f, "bad magic");
  memcpy(f, expected, sizeof f);
  f[8] = 4;
  expect_bad(ctx, f, sizeof f, "version 4");
  f[8] = 0;
  expect_bad(ctx, f, sizeof f, "version 0");
  /* absurd counts and lengths: rejected before any allocation */
  memcpy(f, expected, sizeof f);
  put32(f + 9, 0xffffffffu);
  expect_bad(ctx, f, sizeof f, "argument count");
  memcpy(f, expected, sizeof f);
  put32(f + 13, 0x7fffffffu);
  expect_bad(ctx, f, sizeof f, "argument length");
  memcpy(f, expected, sizeof f);
  put32(f + 29, 0xfffffff0u);
  expect_bad(ctx, f, sizeof f, "object count");
  memcpy(f, expected, sizeof f);
  put32(f + 33, 0xffffffffu);
  expect_bad(ctx, f, sizeof f, "object name length");
  memcpy(f, expected, sizeof f);
  put32(f + 38, 0x80000000u);
  expect_bad(ctx, f, sizeof f, "object length");
  /* zero-length and NUL-holding names */
  memcpy(f, expected, sizeof f);
  put32(f + 33, 0);
  expect_bad(ctx, f, sizeof f, "zero-length object name");
  memcpy(f, expected, sizeof f);
  f[48] = 0; /* "bb" -> "b\0" */
  expect_bad(ctx, f, sizeof f, "NUL byte in object name");
  CHECK(symx_stat_get(ctx, "bytes_max") - max0 < 4096);
  /* files: missing, a directory, the error names the file */
  CHECK(symx_ktest_read(ctx, "/nonexistent/zz.ktest") == NULL);
  CHECK(symx_errcode(ctx) == SYMX_IO);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "/nonexistent/zz.ktest");
  char *d = tmpdir_new();
  CHECK(symx_ktest_read(ctx, d) == NULL);
  CHECK(symx_errcode(ctx) == SYMX_IO);
  write_file(d, "t.ktest", expected, 20);
  char path[256];
  snprintf(path, sizeof path, "%s/t.ktest", d);
  CHECK(symx_ktest_read(ctx, path) == NULL);
  CHECK(symx_errcode(ctx) == SYMX_FORMAT);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "symx_ktest_read: ");
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "t.ktest: offset 13: argument length 4 exceeds the remaining 3 bytes");
  /* misuse */
  CHECK(symx_ktest_read(ctx, NULL) == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  CHECK(symx_ktest_write(ctx, path, NULL, NULL, 0) == SYMX_MISUSE);
  CHECK(symx_ktest_write(NULL, path, NULL, NULL, 0) == SYMX_MISUSE);
  CHECK(symx_ktest_read(NULL, path) == NULL);
  /* writing into a missing directory fails cleanly */
  symx_assign *a = symx_assign_new(ctx);
  symx_assign_set(a, "x", (const uint8_t *)"1", 1);
  CHECK(symx_ktest_write(ctx, "/nonexistent/dir/x.ktest", a, NULL, 0) == SYMX_IO);
  symx_assign_free(a);
  tmpdir_free(d);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

static void test_oom(void) {
  /* parse and convert under a failure at every allocation: an error, never
  ** a crash or a leak */
  for (long at = 0; at < 40; at++) {
    failalloc fa;
    symx_ctx *ctx = failalloc_ctx(&fa);
    uint64_t base = in_use(ctx);
    failalloc_arm(&fa, at);
    sx_ktest k;
    int rc = sx_ktest_parse(ctx, expected, sizeof expected, "oom", &k, "t");
    if (rc == SYMX_OK) {
      sx_assign *a;
      if (sx_ktest_to_assign(ctx, &k, NULL, 0, &a, "t") == SYMX_OK) symx_assign_free(a);
      sx_ktest_clear(ctx, &k);
    } else {
      CHECK(rc == SYMX_NOMEM);
    }
    failalloc_disarm(&fa);
    CHECK_EQ_U64(in_use(ctx), base);
    symx_ctx_free(ctx);
  }
}

CHECK_MAIN(CHECK_CASE(test_encode_exact), CHECK_CASE(test_read_klee_style),
           CHECK_CASE(test_round_trip), CHECK_CASE(test_malformed), CHECK_CASE(test_oom))
