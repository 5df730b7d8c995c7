/* tests/seeding/test_seeds.c — seed sets: every loader, the size policy, and
** malformed files skipped with messages naming them. */
#include "check.h"
#include "seeding/ktest.h"
#include "seeding/seed.h"
#include "util.h"

static uint64_t in_use(symx_ctx *ctx) { return symx_stat_get(ctx, "bytes_in_use"); }

static int has(const symx_seeds *s, size_t i, const char *name, const char *bytes, size_t len) {
  size_t n;
  const uint8_t *b = symx_assign_get(symx_seeds_get(s, i), name, &n);
  return n == len && (len == 0 || (b && !memcmp(b, bytes, len)));
}

static int message_has(const symx_seeds *s, const char *needle) {
  for (size_t i = 0; i < symx_seeds_message_count(s); i++)
    if (strstr(symx_seeds_message(s, i), needle)) return 1;
  return 0;
}

static void test_bytes_and_assign(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx);
  symx_seeds *s = symx_seeds_new(ctx);
  CHECK(symx_seeds_add_bytes(s, "in", (const uint8_t *)"abc", 3) == SYMX_OK);
  CHECK(symx_seeds_add_bytes(s, "in", NULL, 0) == SYMX_OK);
  symx_assign *a = symx_assign_new(ctx);
  symx_assign_set(a, "x", (const uint8_t *)"1", 1);
  symx_assign_set(a, "y", (const uint8_t *)"22", 2);
  CHECK(symx_seeds_add_assign(s, a) == SYMX_OK);
  symx_assign_set(a, "x", (const uint8_t *)"9", 1); /* the set holds a copy */
  CHECK(symx_seeds_count(s) == 3);
  CHECK(has(s, 0, "in", "abc", 3) && has(s, 1, "in", "", 0) && has(s, 2, "x", "1", 1));
  CHECK(!strcmp(symx_seeds_origin(s, 0), "bytes #1"));
  CHECK(!strcmp(symx_seeds_origin(s, 2), "assignment #3"));
  CHECK(symx_seeds_get(s, 3) == NULL && symx_seeds_origin(s, 3) == NULL);
  /* misuse */
  CHECK(symx_seeds_add_bytes(s, "", (const uint8_t *)"a", 1) == SYMX_MISUSE);
  CHECK(symx_seeds_add_bytes(s, NULL, (const uint8_t *)"a", 1) == SYMX_MISUSE);
  CHECK(symx_seeds_add_bytes(s, "in", NULL, 3) == SYMX_MISUSE);
  CHECK(symx_seeds_add_assign(s, NULL) == SYMX_MISUSE);
  CHECK(symx_seeds_add_bytes(NULL, "in", NULL, 0) == SYMX_MISUSE);
  CHECK(symx_seeds_count(NULL) == 0 && symx_seeds_message_count(NULL) == 0);
  CHECK(symx_seeds_count(s) == 3);
  CHECK(symx_stat_get(ctx, "seeds_loaded") == 3);
  symx_seeds_free(NULL);
  symx_assign_free(a);
  symx_seeds_free(s);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

static void test_size_policy(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *in = symx_array_input(ctx, "in", 4, 32);
  symx_seeds *s = symx_seeds_new(ctx);
  /* defaults: extend and truncate */
  CHECK(symx_seeds_add_bytes(s, "in", (const uint8_t *)"ab", 2) == SYMX_OK);
  CHECK(symx_seeds_add_bytes(s, "in", (const uint8_t *)"abcdef", 6) == SYMX_OK);
  CHECK(symx_seeds_add_bytes(s, "other", (const uint8_t *)"abcdef", 6) == SYMX_OK); /* unknown size */
  CHECK(has(s, 0, "in", "ab\0\0", 4) && has(s, 1, "in", "abcd", 4) && has(s, 2, "other", "abcdef", 6));
  /* policies off: rejected with a message */
  symx_option_set(ctx, "seed_extend", 0);
  symx_option_set(ctx, "seed_truncate", 0);
  CHECK(symx_seeds_add_bytes(s, "in", (const uint8_t *)"ab", 2) == SYMX_RANGE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "seed_extend is off");
  CHECK(symx_seeds_add_bytes(s, "in", (const uint8_t *)"abcdef", 6) == SYMX_RANGE);
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "seed_truncate is off");
  CHECK(symx_seeds_add_bytes(s, "in", (const uint8_t *)"wxyz", 4) == SYMX_OK);
  CHECK(symx_seeds_count(s) == 4 && symx_seeds_message_count(s) == 2);
  CHECK(message_has(s, "bytes #4: input in: 2 bytes, shorter than its 4"));
  /* fitting a size learned later: "other" is 6 bytes, now declared 3 */
  CHECK(symx_seeds_fit(s, "other", 3) == SYMX_OK);
  CHECK(symx_seeds_count(s) == 3 && message_has(s, "longer than its 3"));
  symx_option_set(ctx, "seed_truncate", 1);
  CHECK(symx_seeds_add_bytes(s, "z", (const uint8_t *)"abcdef", 6) == SYMX_OK);
  CHECK(sx_seeds_fit(s, "z", 2) == 0);
  CHECK(has(s, 3, "z", "ab", 2));
  /* a seed shared as a witness (copy-on-write) is copied, not changed */
  sx_seeds *ss = s;
  sx_assign *shared = sx_assign_share(SX_AT(ss->list, 3).assign);
  CHECK(sx_seeds_fit(s, "z", 1) == 0);
  CHECK(has(s, 3, "z", "a", 1));
  size_t zl;
  CHECK(symx_assign_get(shared, "z", &zl) && zl == 2);
  CHECK(SX_AT(ss->list, 3).assign != shared && shared->refs == 1);
  symx_assign_free(shared);
  /* the kept seeds are in load order */
  CHECK(has(s, 0, "in", "ab\0\0", 4) && has(s, 1, "in", "abcd", 4) && has(s, 2, "in", "wxyz", 4));
  symx_seeds_free(s);
  symx_expr_release(in);
  symx_ctx_free(ctx);
}

static void test_files_and_dirs(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx);
  char *d = tmpdir_new();
  write_file(d, "b", "second", 6);
  write_file(d, "a", "first", 5);
  write_file(d, "c", "", 0);
  write_file(d, ".hidden", "no", 2);
  char sub[512];
  snprintf(sub, sizeof sub, "%s/subdir", d);
  mkdir(sub, 0755);
  symx_seeds *s = symx_seeds_new(ctx);
  char path[512];
  snprintf(path, sizeof path, "%s/b", d);
  CHECK(symx_seeds_add_file(s, path, "stdin") == SYMX_OK);
  CHECK(has(s, 0, "stdin", "second", 6) && !strcmp(symx_seeds_origin(s, 0), path));
  CHECK(symx_seeds_add_file(s, "/nonexistent/f", "stdin") == SYMX_IO);
  CHECK(message_has(s, "/nonexistent/f: cannot open"));
  CHECK(symx_seeds_add_file(s, sub, "stdin") == SYMX_IO);
  char fifo[600];
  snprintf(fifo, sizeof fifo, "%s/fifo", sub);
  CHECK(mkfifo(fifo, 0644) == 0);
  CHECK(symx_seeds_add_file(s, fifo, "stdin") == SYMX_IO); /* not read: would block */
  CHECK_STR_CONTAINS(symx_errmsg(ctx), "not a regular file");
  CHECK(symx_seeds_add_dir(s, d, "stdin") == SYMX_OK);
  CHECK(symx_seeds_count(s) == 4);
  CHECK(has(s, 1, "stdin", "first", 5) && has(s, 2, "stdin", "second", 6) && has(s, 3, "stdin", "", 0));
  CHECK(symx_seeds_add_dir(s, "/nonexistent", "stdin") == SYMX_IO);
  CHECK(symx_seeds_add_dir(s, d, NULL) == SYMX_MISUSE);
  symx_seeds_free(s);
  tmpdir_free(d);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

static void test_afl_queue(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx);
  char *d = tmpdir_new();
  char q[512], st[600];
  snprintf(q, sizeof q, "%s/queue", d);
  mkdir(q, 0755);
  snprintf(st, sizeof st, "%s/.state", q);
  mkdir(st, 0755);
  write_file(st, "x", "state", 5);
  write_file(q, "id:000000,time:0,execs:0,orig:seed,1", "s0", 2);
  write_file(q, "id:000001,src:000000,time:5,execs:10,op:havoc,rep:2,+cov", "s1", 2);
  write_file(q, "id:000002,sync:other,src:000007", "s2", 2);
  write_file(q, "README", "x", 1);
  write_file(q, "id:12x,src:1", "x", 1);
  write_file(q, ".cur_input", "x", 1);
  symx_seeds *s = symx_seeds_new(ctx);
  CHECK(symx_seeds_add_afl_queue(s, d, "in") == SYMX_OK); /* instance dir */
  CHECK(symx_seeds_count(s) == 3);
  CHECK(symx_seeds_message_count(s) == 2);
  CHECK(message_has(s, "/queue/README: not an AFL queue entry name"));
  CHECK(message_has(s, "/queue/id:12x,src:1: not an AFL queue entry name: bad id"));
  sx_seeds *ss = s;
  CHECK(SX_AT(ss->list, 0).from_afl && SX_AT(ss->list, 0).afl.orig && SX_AT(ss->list, 0).afl.id == 0);
  CHECK(SX_AT(ss->list, 1).afl.cov && SX_AT(ss->list, 1).afl.src == 0 && !strcmp(SX_AT(ss->list, 1).afl.op, "havoc"));
  CHECK(!strcmp(SX_AT(ss->list, 2).afl.sync, "other") && SX_AT(ss->list, 2).afl.id == 2);
  CHECK(has(s, 1, "in", "s1", 2));
  CHECK(symx_seeds_add_afl_queue(s, q, "in") == SYMX_OK); /* the queue dir itself */
  CHECK(symx_seeds_count(s) == 6);
  CHECK(symx_seeds_add_afl_queue(s, "/nonexistent", "in") == SYMX_IO);
  symx_seeds_free(s);
  tmpdir_free(d);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

static void test_ktest_seeds(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx);
  char *d = tmpdir_new();
  symx_assign *a = symx_assign_new(ctx);
  symx_assign_set(a, "arg", (const uint8_t *)"xy", 2);
  symx_assign_set(a, "stdin", (const uint8_t *)"hello", 5);
  char p1[512], p2[512];
  snprintf(p1, sizeof p1, "%s/t1.ktest", d);
  snprintf(p2, sizeof p2, "%s/t2.ktest", d);
  CHECK(symx_ktest_write(ctx, p1, a, NULL, 0) == SYMX_OK);
  symx_assign_set(a, "stdin", (const uint8_t *)"bye", 3);
  CHECK(symx_ktest_write(ctx, p2, a, NULL, 0) == SYMX_OK);
  write_file(d, "t3.ktest", "KTEST\0\0\0\3garbage", 16);
  write_file(d, "notes.txt", "not a ktest", 11);
  symx_seeds *s = symx_seeds_new(ctx);
  CHECK(symx_seeds_add_ktest(s, p1, NULL, 0) == SYMX_OK);
  CHECK(has(s, 0, "stdin", "hello", 5) && has(s, 0, "arg", "xy", 2));
  const char *names[] = {"first", "second", "third"};
  CHECK(symx_seeds_add_ktest(s, p1, names, 2) == SYMX_OK); /* by position */
  CHECK(has(s, 1, "first", "xy", 2) && has(s, 1, "second", "hello", 5));
  CHECK(symx_seeds_add_ktest(s, p1, names, 3) == SYMX_OK); /* third unbound: zeros */
  symx_option_set(ctx, "seed_extend", 0);
  CHECK(symx_seeds_add_ktest(s, p1, names, 3) == SYMX_RANGE);
  CHECK(message_has(s, "2 objects for 3 inputs"));
  symx_option_set(ctx, "seed_extend", 1);
  size_t before = symx_seeds_count(s), msgs = symx_seeds_message_count(s);
  CHECK(symx_seeds_add_ktest(s, d, NULL, 0) == SYMX_OK); /* directory: t1, t2 load, t3 skipped */
  CHECK(symx_seeds_count(s) == before + 2);
  CHECK(symx_seeds_message_count(s) == msgs + 1);
  CHECK(message_has(s, "t3.ktest: offset 9: "));
  CHECK(has(s, before + 1, "stdin", "bye", 3));
  char p3[512];
  snprintf(p3, sizeof p3, "%s/t3.ktest", d);
  CHECK(symx_seeds_add_ktest(s, p3, NULL, 0) == SYMX_FORMAT);
  const char *bad[] = {"a", ""};
  CHECK(symx_seeds_add_ktest(s, p1, bad, 2) == SYMX_MISUSE);
  symx_seeds_free(s);
  symx_assign_free(a);
  tmpdir_free(d);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

static void test_json(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx);
  char *d = tmpdir_new();
  const char *one = "{\"inputs\": {\"a\": [104, 105], \"b\": \"6869\", \"c\": \"hex:00ff\","
                    " \"d\": \"base64:aGVsbG8=\", \"e\": \"base64:aGk\", \"f\": []}, \"extra\": 1}";
  write_file(d, "one.json", one, strlen(one));
  const char *many = "[{\"inputs\": {\"a\": [1]}}, {\"inputs\": {\"a\": [256]}}, 7,"
                     " {\"inputs\": {\"a\": \"abc\"}}, {\"inputs\": {\"a\": \"base64:a$==\"}},"
                     " {\"inputs\": {\"\": [1]}}, {\"inputs\": {\"a\": [2]}}]";
  write_file(d, "many.json", many, strlen(many));
  write_file(d, "broken.json", "{\"inputs\": {\"a\": [1,", 20);
  write_file(d, "shape.json", "{\"input\": {}}", 13);
  write_file(d, "trailing.json", "{\"inputs\": {}} {}", 17);
  write_file(d, "spaces.json", "{\"inputs\": {\"q\": [7]}} \n\t", 25);
  symx_seeds *s = symx_seeds_new(ctx);
  char p[512];
  snprintf(p, sizeof p, "%s/one.json", d);
  CHECK(symx_seeds_add_json(s, p) == SYMX_OK);
  CHECK(symx_seeds_count(s) == 1);
  CHECK(has(s, 0, "a", "hi", 2) && has(s, 0, "b", "hi", 2) && has(s, 0, "c", "\0\xff", 2));
  CHECK(has(s, 0, "d", "hello", 5) && has(s, 0, "e", "hi", 2) && has(s, 0, "f", "", 0));
  snprintf(p, sizeof p, "%s/many.json", d);
  CHECK(symx_seeds_add_json(s, p) == SYMX_PARSE); /* bad entries skipped, good ones kept */
  CHECK(symx_seeds_count(s) == 3);
  CHECK(has(s, 1, "a", "\1", 1) && has(s, 2, "a", "\2", 1));
  CHECK(strcmp(symx_seeds_origin(s, 2), p) != 0 && strstr(symx_seeds_origin(s, 2), "many.json[6]"));
  CHECK(message_has(s, "many.json: seed 1: input \"a\": byte 0 is not an integer 0..255"));
  CHECK(message_has(s, "many.json: seed 2: expected an object"));
  CHECK(message_has(s, "many.json: seed 3: input \"a\": hex text of odd length"));
  CHECK(message_has(s, "many.json: seed 4: input \"a\": bad base64"));
  CHECK(message_has(s, "many.json: seed 5: an input with an empty name"));
  snprintf(p, sizeof p, "%s/broken.json", d);
  CHECK(symx_seeds_add_json(s, p) == SYMX_PARSE);
  CHECK(message_has(s, "broken.json: offset "));
  snprintf(p, sizeof p, "%s/shape.json", d);
  CHECK(symx_seeds_add_json(s, p) == SYMX_PARSE);
  CHECK(message_has(s, "shape.json: expected an object with an \"inputs\" object"));
  CHECK(symx_seeds_add_json(s, "/nonexistent.json") == SYMX_IO);
  snprintf(p, sizeof p, "%s/trailing.json", d);
  CHECK(symx_seeds_add_json(s, p) == SYMX_PARSE);
  CHECK(message_has(s, "trailing.json: offset 15: malformed JSON"));
  CHECK(symx_seeds_count(s) == 3);
  snprintf(p, sizeof p, "%s/spaces.json", d);
  CHECK(symx_seeds_add_json(s, p) == SYMX_OK);
  CHECK(symx_seeds_count(s) == 4 && has(s, 3, "q", "\7", 1));
  symx_seeds_free(s);
  tmpdir_free(d);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_bytes_and_assign), CHECK_CASE(test_size_policy),
           CHECK_CASE(test_files_and_dirs), CHECK_CASE(test_afl_queue),
           CHECK_CASE(test_ktest_seeds), CHECK_CASE(test_json))
