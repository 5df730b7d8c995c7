/* tests/seeding/test_testcase.c — test-case files (ktest, raw, JSON) and the
** store: numbering without gaps, dedup, records, formats, I/O errors. */
#include "check.h"
#include "alloc.h"
#include "seeding/ktest.h"
#include "seeding/teststore.h"
#include "util.h"

#include <cjson/cJSON.h>

static uint64_t in_use(symx_ctx *ctx) { return symx_stat_get(ctx, "bytes_in_use"); }

static void test_safe_name(void) {
  static const struct { const char *in, *out; } cases[] = {
      {"stdin", "stdin"}, {"a/b", "a_b"}, {"..", "_."}, {".hidden", "_hidden"},
      {"x y\tz", "x_y_z"}, {"", "_"}, {"A-data.stat_1", "A-data.stat_1"}, {"é", "__"}};
  char buf[80];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sx_testcase_safe_name(cases[i].in, buf, sizeof buf);
    CHECK(!strcmp(buf, cases[i].out));
  }
  char longname[200];
  memset(longname, 'x', sizeof longname - 1);
  longname[sizeof longname - 1] = 0;
  sx_testcase_safe_name(longname, buf, sizeof buf);
  CHECK(strlen(buf) == 64);
  sx_testcase_safe_name("abcdef", buf, 4);
  CHECK(!strcmp(buf, "abc"));
}

/* Sanitized names that clash get distinct suffixes. */
static void test_raw_clashes(void) {
  symx_ctx *ctx = symx_ctx_new();
  char *d = tmpdir_new();
  symx_assign *a = symx_assign_new(ctx);
  const char *names[] = {"a/b", "a/b-2", "a_b", "a:b", "a_b-1"};
  for (int i = 0; i < 5; i++) symx_assign_set(a, names[i], (const uint8_t *)names[i], strlen(names[i]));
  CHECK(sx_testcase_write(ctx, d, 1, SX_TF_RAW, a, NULL, "t") == SYMX_OK);
  CHECK(count_files(d, 1) == 5);
  /* each file holds its own input's name as contents: all distinct */
  symx_assign_free(a);
  tmpdir_free(d);
  symx_ctx_free(ctx);
}

static void test_formats(void) {
  symx_ctx *ctx = symx_ctx_new();
  unsigned f;
  CHECK(sx_testcase_formats_parse(ctx, "ktest,raw,json", &f, "t") == SYMX_OK && f == 7);
  CHECK(sx_testcase_formats_parse(ctx, "json, ktest", &f, "t") == SYMX_OK && f == (SX_TF_JSON | SX_TF_KTEST));
  CHECK(sx_testcase_formats_parse(ctx, "", &f, "t") == SYMX_OK && f == 0);
  CHECK(sx_testcase_formats_parse(ctx, "none", &f, "t") == SYMX_OK && f == 0);
  CHECK(sx_testcase_formats_parse(ctx, "ktest,xml", &f, "t") == SYMX_RANGE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "unknown test format \"xml\"");
  CHECK(sx_teststore_new(ctx, "/tmp", "bogus") == NULL && symx_errcode(ctx) == SYMX_RANGE);
  CHECK(!strcmp(sx_testcase_reason_name(SYMX_END_EARLY), "early"));
  symx_ctx_free(ctx);
}

static symx_assign *make(symx_ctx *ctx, int i) {
  symx_assign *a = symx_assign_new(ctx);
  uint8_t b[3] = {(uint8_t)i, 0xab, (uint8_t)(i * 7)};
  symx_assign_set(a, "stdin", b, 3);
  symx_assign_set(a, "a/b", b, 1);
  symx_assign_set(a, "a_b", b + 1, 2);
  return a;
}

/* Adds a copy of a; *num: its number, 0 for a duplicate. */
static int add(sx_teststore *s, const symx_assign *a, const sx_test_meta *m, uint32_t *num) {
  const sx_testrec *r = NULL;
  bool dup = false;
  int rc = sx_teststore_add(s, a ? symx_assign_copy(a) : NULL, m, &r, &dup, "t");
  *num = rc == SYMX_OK && !dup ? r->number : 0;
  CHECK((rc == SYMX_OK) == (r != NULL));
  return rc;
}

static void test_sink(void) {
  symx_ctx *ctx = symx_ctx_new();
  char *root = tmpdir_new();
  char dir[512];
  snprintf(dir, sizeof dir, "%s/out/nested", root); /* created on first emit */
  symx_option_set_str(ctx, "output_dir", dir); /* option strings live in the ctx */
  uint64_t base = in_use(ctx);
  sx_teststore *s = sx_teststore_new(ctx, NULL, NULL);
  CHECK(s != NULL);
  CHECK(!exists(root, "out"));
  const char *args[] = {"prog", "-v"};
  sx_test_meta m = {SYMX_END_ERROR, SYMX_ERR_DIV_ZERO, "division by \"zero\"\n", 7, 42, "f.c:3", args, 2, NULL, 0};
  /* inputs 0..4, each emitted twice, interleaved: numbers 1..5, no gaps */
  uint32_t expect = 1;
  for (int round = 0; round < 2; round++)
    for (int i = 0; i < 5; i++) {
      symx_assign *a = make(ctx, i);
      uint32_t num = 99;
      CHECK(add(s, a, &m, &num) == SYMX_OK);
      CHECK_EQ_U64(num, round == 0 ? expect++ : 0);
      symx_assign_free(a);
    }
  CHECK(sx_teststore_count(s) == 5 && sx_teststore_duplicates(s) == 5);
  CHECK(symx_stat_get(ctx, "tests") == 5 && symx_stat_get(ctx, "tests_duplicate") == 5);
  /* the records: one per distinct input, in number order, metadata copied */
  for (int i = 0; i < 5; i++) {
    const sx_testrec *r = sx_teststore_get(s, (size_t)i);
    symx_assign *want = make(ctx, i);
    CHECK(r && r->number == (uint32_t)i + 1 && sx_assign_equal(r->inputs, want));
    CHECK(r->reason == SYMX_END_ERROR && r->kind == SYMX_ERR_DIV_ZERO && r->depth == 7);
    CHECK(r->state_id == 42 && !strcmp(r->location, "f.c:3") && r->message != m.message);
    CHECK(!strcmp(r->message, m.message));
    symx_assign_free(want);
  }
  CHECK(sx_teststore_get(s, 5) == NULL && sx_teststore_get(NULL, 0) == NULL);
  /* a duplicate gets the earlier record, whatever its own metadata */
  const sx_testrec *rec;
  bool dup;
  sx_test_meta other = {SYMX_END_EXIT, SYMX_ERR_NONE, NULL, 1, 99, NULL, NULL, 0, NULL, 0};
  CHECK(sx_teststore_add(s, make(ctx, 3), &other, &rec, &dup, "t") == SYMX_OK);
  CHECK(dup && rec == sx_teststore_get(s, 3) && rec->state_id == 42);
  CHECK(sx_teststore_count(s) == 5 && sx_teststore_duplicates(s) == 6);
  /* 3 raw + ktest + json per test, nothing else (no temporaries) */
  CHECK(count_files(dir, 1) == 25);
  CHECK(exists(dir, "test000005.ktest") && !exists(dir, "test000006.ktest") && !exists(dir, "test000000.ktest"));
  CHECK(exists(dir, "test000001.stdin.bin") && exists(dir, "test000001.a_b.bin") &&
        exists(dir, "test000001.a_b-1.bin"));
  /* the ktest is the documented encoding of the assignment */
  symx_assign *a = make(ctx, 2);
  uint8_t *want;
  size_t wlen, n;
  CHECK(sx_ktest_encode_assign(ctx, a, args, 2, &want, &wlen, "t") == SYMX_OK);
  uint8_t *got = read_file(dir, "test000003.ktest", &n);
  CHECK(got && n == wlen && !memcmp(got, want, n));
  free(got);
  sx_free(ctx, want, wlen);
  got = read_file(dir, "test000003.stdin.bin", &n);
  CHECK(got && n == 3 && got[0] == 2 && got[1] == 0xab && got[2] == 14);
  free(got);
  got = read_file(dir, "test000003.a_b-1.bin", &n); /* "a_b" sorts after "a/b" */
  CHECK(got && n == 2 && got[0] == 0xab);
  free(got);
  /* the JSON */
  char *js = (char *)read_file(dir, "test000003.json", &n);
  cJSON *j = js ? cJSON_Parse(js) : NULL;
  CHECK(j != NULL);
  if (j) {
    CHECK(cJSON_GetObjectItem(j, "test")->valueint == 3);
    CHECK(!strcmp(cJSON_GetObjectItem(j, "reason")->valuestring, "error"));
    CHECK(!strcmp(cJSON_GetObjectItem(j, "error")->valuestring, "div-zero"));
    CHECK(!strcmp(cJSON_GetObjectItem(j, "message")->valuestring, "division by \"zero\"\n"));
    CHECK(cJSON_GetObjectItem(j, "depth")->valueint == 7);
    CHECK(cJSON_GetObjectItem(j, "path_id")->valueint == 42);
    CHECK(!strcmp(cJSON_GetObjectItem(j, "location")->valuestring, "f.c:3"));
    cJSON *in = cJSON_GetObjectItem(j, "inputs");
    CHECK(in && !strcmp(cJSON_GetObjectItem(in, "stdin")->valuestring, "02ab0e"));
    cJSON_Delete(j);
  }
  free(js);
  /* ... which loads back as a seed equal to the input */
  symx_seeds *seeds = symx_seeds_new(ctx);
  char p[600];
  snprintf(p, sizeof p, "%s/test000003.json", dir);
  CHECK(symx_seeds_add_json(seeds, p) == SYMX_OK);
  CHECK(symx_seeds_count(seeds) == 1 && sx_assign_equal(symx_seeds_get(seeds, 0), a));
  symx_seeds_free(seeds);
  symx_assign_free(a);
  /* NULL metadata: nulls in the JSON */
  a = make(ctx, 9);
  uint32_t num;
  CHECK(add(s, a, NULL, &num) == SYMX_OK && num == 6);
  js = (char *)read_file(dir, "test000006.json", &n);
  CHECK_STR_CONTAINS(js, "\"error\":\tnull");
  CHECK_STR_CONTAINS(js, "\"reason\":\t\"exit\"");
  free(js);
  symx_assign_free(a);
  CHECK(add(s, NULL, NULL, &num) == SYMX_MISUSE);
  CHECK(add(NULL, NULL, NULL, &num) == SYMX_MISUSE);
  sx_teststore_free(s);
  sx_teststore_free(NULL);
  tmpdir_free(root);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

static void test_sink_formats_and_errors(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx);
  char *root = tmpdir_new();
  /* only ktest */
  sx_teststore *s = sx_teststore_new(ctx, root, "ktest");
  symx_assign *a = make(ctx, 1);
  uint32_t num;
  CHECK(add(s, a, NULL, &num) == SYMX_OK && num == 1);
  CHECK(count_files(root, 1) == 1 && exists(root, "test000001.ktest"));
  sx_teststore_free(s);
  /* no directory: numbering and dedup only */
  s = sx_teststore_new(ctx, "", NULL);
  CHECK(add(s, a, NULL, &num) == SYMX_OK && num == 1);
  CHECK(add(s, a, NULL, &num) == SYMX_OK && num == 0);
  sx_teststore_free(s);
  /* the output "directory" is a file: SYMX_IO, and the number is not used */
  char dir[512];
  snprintf(dir, sizeof dir, "%s/blocker", root);
  write_file(root, "blocker", "x", 1);
  s = sx_teststore_new(ctx, dir, "ktest,json");
  CHECK(add(s, a, NULL, &num) == SYMX_IO && num == 0);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "blocker");
  CHECK(sx_teststore_count(s) == 0 && sx_teststore_get(s, 0) == NULL); /* nothing recorded */
  remove(dir);
  mkdir(dir, 0755);
  CHECK(add(s, a, NULL, &num) == SYMX_OK && num == 1);
  CHECK(exists(dir, "test000001.ktest") && exists(dir, "test000001.json"));
  /* many distinct tests: the dedup table grows, numbering stays dense */
  for (int i = 2; i < 300; i++) {
    symx_assign *b = make(ctx, i);
    CHECK(add(s, b, NULL, &num) == SYMX_OK);
    symx_assign_free(b);
  }
  CHECK(sx_teststore_count(s) == 256 && sx_teststore_duplicates(s) == 43); /* i mod 256 repeats */
  CHECK(count_files(dir, 1) == 2 * 256);
  sx_teststore_free(s);
  symx_assign_free(a);
  tmpdir_free(root);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_safe_name), CHECK_CASE(test_raw_clashes), CHECK_CASE(test_formats), CHECK_CASE(test_sink),
           CHECK_CASE(test_sink_formats_and_errors))
