/* tests/seeding/test_afl.c — AFL queue names, the choice of the next entry,
** our queue writer (dense ids, atomic files, dedup, resume), fuzzer_stats. */
#include "check.h"
#include "seeding/afl.h"
#include "util.h"

#include <fcntl.h>
#include <unistd.h>

static uint64_t in_use(symx_ctx *ctx) { return symx_stat_get(ctx, "bytes_in_use"); }

static void test_name_parse(void) {
  sx_afl_name n;
  char why[128];
  CHECK(sx_afl_name_parse("id:000042,src:000013,time:1234,execs:99,op:havoc,rep:4,+cov", &n, why, sizeof why));
  CHECK(n.id == 42 && n.src == 13 && n.src2 == -1 && n.time == 1234 && n.execs == 99 && n.cov &&
        !n.orig && !n.tout && !strcmp(n.op, "havoc") && n.sig == -1 && !n.sync[0]);
  CHECK(sx_afl_name_parse("id:000051,sync:symcc,src:000007", &n, why, sizeof why));
  CHECK(n.id == 51 && !strcmp(n.sync, "symcc") && n.src == 7 && !n.cov);
  CHECK(sx_afl_name_parse("id:000000,time:0,execs:0,orig:my seed, with commas,+cov", &n, why, sizeof why));
  CHECK(n.id == 0 && n.orig && !n.cov); /* orig: takes the rest */
  CHECK(sx_afl_name_parse("id:000003,sig:06,src:000001+000002,op:splice,rep:2", &n, why, sizeof why));
  CHECK(n.sig == 6 && n.src == 1 && n.src2 == 2);
  CHECK(sx_afl_name_parse("id:000004,src:000001,op:arith8,pos:3,val:be:+5,+tout", &n, why, sizeof why));
  CHECK(n.tout && n.id == 4);
  CHECK(sx_afl_name_parse("id:1234567", &n, why, sizeof why) && n.id == 1234567);
  CHECK(sx_afl_name_parse("id:000001,+new_flag,future_key:x", &n, why, sizeof why));
  static const struct { const char *name, *why; } bad[] = {
      {"", "does not start"},
      {"README.txt", "does not start"},
      {"id_000001,src:000000", "does not start"},
      {"id:", "bad id"},
      {"id:abc,src:1", "bad id"},
      {"id:-1", "bad id"},
      {"id:99999999999", "bad id"},
      {"id:000001,", "empty field"},
      {"id:000001,,src:1", "empty field"},
      {"id:000001,src:", "empty value"},
      {"id:000001,src:12a", "bad src"},
      {"id:000001,src:1+", "bad src"},
      {"id:000001,sig:x", "bad sig"},
      {"id:000001,time:1.5", "bad time"},
      {"id:000001,execs:", "empty value"},
      {"id:000001,havoc", "field without ':'"},
      {"id:000001,:x", "field without a key"},
      {"id:000001,Op:x", "bad field key"},
      {"id:000001,orig:", "empty orig"},
      {"0123456789abcdef0123456789abcdef01234567", "does not start"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int ok = sx_afl_name_parse(bad[i].name, &n, why, sizeof why);
    CHECK(!ok);
    CHECK_STR_CONTAINS(why, bad[i].why);
  }
  CHECK(!sx_afl_name_parse(NULL, &n, why, sizeof why));
  CHECK(!sx_afl_name_parse("id:x", &n, NULL, 0)); /* no reason buffer: fine */
}

static void test_choice_order(void) {
  /* SymCC's helper: max of (ends in +cov, has orig:, smaller, greater name) */
  sx_afl_entry cov = {"a", "id:000009,src:000001,+cov", 100, {0}};
  sx_afl_entry orig = {"a", "id:000000,time:0,orig:x", 1, {0}};
  sx_afl_entry small = {"a", "id:000005,src:000001", 2, {0}};
  sx_afl_entry big = {"a", "id:000006,src:000001", 50, {0}};
  sx_afl_entry late = {"a", "id:000007,src:000001", 2, {0}};
  sx_afl_entry other = {"b", "id:000007,src:000001", 2, {0}};
  CHECK(sx_afl_entry_cmp(&cov, &orig) > 0 && sx_afl_entry_cmp(&orig, &cov) < 0);
  CHECK(sx_afl_entry_cmp(&orig, &small) > 0);
  CHECK(sx_afl_entry_cmp(&small, &big) > 0);
  CHECK(sx_afl_entry_cmp(&late, &small) > 0);
  CHECK(sx_afl_entry_cmp(&other, &late) > 0);
  CHECK(sx_afl_entry_cmp(&late, &late) == 0);

  /* through a sync directory: the same order, each entry once */
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = in_use(ctx);
  char *d = tmpdir_new();
  char q[512], q2[512], mine[512], st[600];
  snprintf(q, sizeof q, "%s/main", d);
  mkdir(q, 0755);
  snprintf(q, sizeof q, "%s/main/queue", d);
  mkdir(q, 0755);
  snprintf(st, sizeof st, "%s/.state", q);
  mkdir(st, 0755);
  write_file(st, "id:000099,+cov", "state", 5); /* inside .state: ignored */
  write_file(q, "id:000000,time:0,execs:0,orig:seed", "ssss", 4);
  write_file(q, "id:000001,src:000000,time:1,execs:9,op:havoc,rep:2", "aa", 2);
  write_file(q, "id:000002,src:000000,time:1,execs:9,op:havoc,rep:2", "bb", 2);
  write_file(q, "id:000003,src:000001,time:1,execs:9,op:havoc,rep:2,+cov", "cccccccc", 8);
  write_file(q, "id:000004,src:000001,time:1,execs:9,op:havoc,rep:2", "dddddd", 6);
  write_file(q, "id:000005,src:000001", "", 0); /* empty: skipped */
  write_file(q, "id:000006,sync:symx,src:000001", "ours", 4); /* imported from us: skipped */
  write_file(q, "odd-name", "z", 1); /* not an AFL name: skipped with a message */
  { /* a file past the read limit (sparse): unreadable, skipped with a message */
    char big[600];
    snprintf(big, sizeof big, "%s/id:000008,src:000001", q);
    int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0 && ftruncate(fd, (off_t)SX_SEED_MAX_FILE + 1) == 0);
    if (fd >= 0) close(fd);
  }
  write_file(q, ".cur_input", "x", 1);
  snprintf(q2, sizeof q2, "%s/sec", d);
  mkdir(q2, 0755);
  snprintf(q2, sizeof q2, "%s/sec/queue", d);
  mkdir(q2, 0755);
  write_file(q2, "id:000000,time:0,execs:0,orig:seed", "tttt", 4);
  snprintf(mine, sizeof mine, "%s/.hidden", d);
  mkdir(mine, 0755);
  sx_afl *afl = sx_afl_open(ctx, d, "symx", "t");
  CHECK(afl != NULL);
  /* an entry in our own queue is never offered */
  CHECK(sx_afl_write(afl, false, (const uint8_t *)"mine", 4, -1, NULL, "t") == SYMX_OK);
  static const struct { const char *bytes; int64_t id; } order[] = {
      {"cccccccc", 3}, {"tttt", 0}, {"ssss", 0}, {"bb", 2}, {"aa", 1}, {"dddddd", 4}};
  for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
    symx_assign *a = NULL;
    int64_t id = 99;
    CHECK(symx_afl_next_seed(afl, "in", &a, &id) == SYMX_OK);
    size_t len;
    const uint8_t *b = symx_assign_get(a, "in", &len);
    CHECK(a && len == strlen(order[i].bytes) && !memcmp(b, order[i].bytes, len));
    CHECK_EQ_U64(id, order[i].id);
    symx_assign_free(a);
  }
  symx_assign *a = (symx_assign *)1;
  CHECK(symx_afl_next_seed(afl, "in", &a, NULL) == SYMX_OK && a == NULL);
  CHECK_EQ_U64(symx_afl_message_count(afl), 2);
  int odd = 0, large = 0;
  for (size_t i = 0; i < symx_afl_message_count(afl); i++) {
    const char *m = symx_afl_message(afl, i);
    odd += strstr(m, "main/queue/odd-name: not an AFL entry name") != NULL;
    large += strstr(m, "id:000008,src:000001") && strstr(m, "more than the limit") && strstr(m, "skipped");
  }
  CHECK(odd == 1 && large == 1);
  CHECK(symx_afl_message(afl, 2) == NULL);
  symx_afl_messages_clear(afl);
  CHECK_EQ_U64(symx_afl_message_count(afl), 0);
  /* a new entry appears: it is picked up */
  write_file(q, "id:000007,src:000003,+cov", "new", 3);
  int64_t id;
  CHECK(symx_afl_next_seed(afl, "in", &a, &id) == SYMX_OK && a && id == 7);
  symx_assign_free(a);
  CHECK(symx_afl_next_seed(afl, "in", &a, &id) == SYMX_OK && a == NULL);
  CHECK(sx_afl_taken_count(afl) == 11);
  CHECK(symx_afl_next_seed(afl, NULL, &a, &id) == SYMX_MISUSE);
  CHECK(symx_afl_next_seed(NULL, "in", &a, &id) == SYMX_MISUSE);
  sx_afl_close(afl);
  tmpdir_free(d);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

/* Every visible (non-dot) file of dir is complete: its bytes are one of the
** contents written. */
static void test_writer(void) {
  symx_ctx *ctx = symx_ctx_new();
  char *d = tmpdir_new();
  symx_option_set_str(ctx, "afl_sync_dir", d); /* option strings live in the ctx */
  symx_option_set_str(ctx, "afl_name", "sym");
  uint64_t base = in_use(ctx);
  symx_afl *afl = symx_afl_open(ctx, NULL, NULL);
  CHECK(afl != NULL);
  char q[512], c[512], inst[512];
  snprintf(inst, sizeof inst, "%s/sym", d);
  snprintf(q, sizeof q, "%s/sym/queue", d);
  snprintf(c, sizeof c, "%s/sym/crashes", d);
  CHECK(count_files(q, 1) == 0 && count_files(c, 1) == 0);
  int64_t id;
  CHECK(symx_afl_write_input(afl, (const uint8_t *)"one", 3, 12, &id) == SYMX_OK && id == 0);
  CHECK(symx_afl_write_input(afl, (const uint8_t *)"two", 3, -1, &id) == SYMX_OK && id == 1);
  CHECK(symx_afl_write_input(afl, (const uint8_t *)"one", 3, 5, &id) == SYMX_OK && id == -1); /* dup */
  CHECK(symx_afl_write_input(afl, (const uint8_t *)"", 0, 5, &id) == SYMX_OK && id == 2);
  CHECK(symx_afl_write_input(afl, NULL, 3, 5, &id) == SYMX_MISUSE);
  CHECK(exists(q, "id:000000,src:000012") && exists(q, "id:000001") && exists(q, "id:000002,src:000005"));
  CHECK(count_files(q, 1) == 3); /* no temporary file left */
  size_t n;
  uint8_t *b = read_file(q, "id:000000,src:000012", &n);
  CHECK(b && n == 3 && !memcmp(b, "one", 3));
  free(b);
  /* crashes: own ids, README.txt, same content allowed as in the queue */
  CHECK(symx_afl_write_crash(afl, (const uint8_t *)"one", 3, 0, &id) == SYMX_OK && id == 0);
  CHECK(symx_afl_write_crash(afl, (const uint8_t *)"one", 3, 0, &id) == SYMX_OK && id == -1);
  CHECK(symx_afl_write_crash(afl, (const uint8_t *)"boom", 4, 1, &id) == SYMX_OK && id == 1);
  CHECK(exists(c, "id:000000,sig:06,src:000000") && exists(c, "id:000001,sig:06,src:000001"));
  CHECK(exists(c, "README.txt") && count_files(c, 1) == 3);
  CHECK(symx_afl_write_input(afl, (const uint8_t *)"fromassign", 10, 1, &id) == SYMX_OK && id == 3);
  CHECK(symx_afl_write_input(afl, (const uint8_t *)"x", 1, 1, &id) == SYMX_OK && id == 4);
  /* fuzzer_stats: none while execs_done is 0 (afl-whatsup divides by it) */
  CHECK(symx_afl_update_stats(afl, 0, "symx-llvm prog.bc") == SYMX_OK);
  CHECK(!exists(inst, "fuzzer_stats") && exists(inst, "fuzzer_setup"));
  CHECK(symx_afl_set_coverage(afl, 7, 3) == SYMX_MISUSE);
  CHECK(symx_afl_set_coverage(afl, 3, 12) == SYMX_OK);
  CHECK(symx_afl_update_stats(afl, 1234, NULL) == SYMX_OK);
  CHECK(symx_afl_update_stats(afl, 1500, NULL) == SYMX_OK);
  char *st = (char *)read_file(inst, "fuzzer_stats", &n);
  CHECK(st != NULL);
  if (st) {
    /* those afl-whatsup reads (and AFL 2's names) */
    static const char *keys[] = {"start_time", "last_update", "run_time", "fuzzer_pid", "execs_done",
                                 "corpus_count", "saved_crashes", "command_line", "cycles_wo_finds",
                                 "cur_item", "exec_timeout", "pending_total", "pending_favs",
                                 "last_find", "last_crash", "last_hang", "cycles_done", "bitmap_cvg",
                                 "afl_banner", "paths_total", "unique_crashes"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
      char want[64];
      snprintf(want, sizeof want, "\n%-18s: ", keys[i]);
      CHECK(strstr(st, want + (i == 0)) != NULL); /* first key starts the file */
    }
    CHECK(!strncmp(st, "start_time        : ", 20));
    CHECK_STR_CONTAINS(st, "\nexecs_done        : 1500\n");
    CHECK_STR_CONTAINS(st, "\ncorpus_count      : 5\n");
    CHECK_STR_CONTAINS(st, "\nsaved_crashes     : 2\n");
    CHECK_STR_CONTAINS(st, "\nbitmap_cvg        : 25.00%\n");
    CHECK_STR_CONTAINS(st, "\nedges_found       : 3\n");
    CHECK_STR_CONTAINS(st, "\ncommand_line      : symx-llvm prog.bc\n");
    /* every line is "key<spaces>: value" with the colon at column 18 */
    for (char *line = st; *line; line = strchr(line, '\n') + 1) {
      CHECK(strlen(line) > 20 && line[18] == ':' && line[19] == ' ');
      if (!strchr(line, '\n')) break;
    }
    free(st);
  }
  CHECK(count_files(inst, 1) == 4); /* queue, crashes, fuzzer_stats, fuzzer_setup */
  b = read_file(inst, "fuzzer_setup", &n);
  CHECK(b && n > 0 && strstr((char *)b, "# command line:\nsymx-llvm prog.bc\n"));
  free(b);
  symx_afl_close(afl);

  /* restart: ids resume after the highest, old contents stay deduplicated */
  write_file(q, ".symx-tmp.999.id:000009", "partial", 7); /* a killed writer's leftover */
  afl = symx_afl_open(ctx, d, "sym");
  CHECK(afl != NULL);
  CHECK(!exists(q, ".symx-tmp.999.id:000009"));
  CHECK(symx_afl_write_input(afl, (const uint8_t *)"two", 3, -1, &id) == SYMX_OK && id == -1);
  CHECK(symx_afl_write_input(afl, (const uint8_t *)"three", 5, -1, &id) == SYMX_OK && id == 5);
  CHECK(symx_afl_write_crash(afl, (const uint8_t *)"boom", 4, -1, &id) == SYMX_OK && id == -1);
  CHECK(symx_afl_write_crash(afl, (const uint8_t *)"bang", 4, -1, &id) == SYMX_OK && id == 2);
  symx_afl_close(afl);
  symx_afl_close(NULL);

  /* misuse */
  CHECK(symx_afl_open(ctx, d, "a/b") == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  CHECK(symx_afl_open(ctx, d, ".x") == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  CHECK(symx_afl_open(ctx, "", "x") == NULL && symx_errcode(ctx) == SYMX_MISUSE);
  CHECK(symx_afl_open(ctx, "/proc/nonexistent/sync", "x") == NULL && symx_errcode(ctx) == SYMX_IO);
  CHECK(symx_afl_write_input(NULL, NULL, 0, 0, NULL) == SYMX_MISUSE);
  CHECK(symx_afl_update_stats(NULL, 0, NULL) == SYMX_MISUSE);
  tmpdir_free(d);
  CHECK_EQ_U64(in_use(ctx), base);
  symx_ctx_free(ctx);
}

/* A reader racing the writer (a child process) never sees a partial file:
** every non-dot file it can open holds a complete input. */
static void test_no_partial_files(void) {
  symx_ctx *ctx = symx_ctx_new();
  char *d = tmpdir_new();
  symx_afl *afl = symx_afl_open(ctx, d, "w");
  char q[512];
  snprintf(q, sizeof q, "%s/w/queue", d);
  enum { N = 150, LEN = 64 * 1024 };
  uint8_t *buf = malloc(LEN);
  pid_t pid = fork();
  if (pid == 0) {
    for (int i = 0; i < N; i++) {
      memset(buf, 'a' + i % 26, LEN);
      buf[0] = (uint8_t)i;
      symx_afl_write_input(afl, buf, LEN, -1, NULL);
    }
    _exit(0);
  }
  /* read while the child writes, then once more after it is done */
  int bad = 0, seen = 0, status, done = 0;
  for (int last = 0; !last;) {
    last = done;
    DIR *dir = opendir(q);
    struct dirent *e;
    while (dir && (e = readdir(dir))) {
      if (e->d_name[0] == '.') continue;
      size_t n;
      uint8_t *b = read_file(q, e->d_name, &n);
      if (!b) continue;
      seen++;
      if (n != LEN) bad++;
      free(b);
    }
    if (dir) closedir(dir);
    if (!done && waitpid(pid, &status, WNOHANG) != 0) done = 1; /* exited (or fork failed) */
  }
  CHECK(bad == 0);
  CHECK(seen > 0);
  CHECK(count_files(q, 1) == N);
  free(buf);
  symx_afl_close(afl);
  tmpdir_free(d);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_name_parse), CHECK_CASE(test_choice_order), CHECK_CASE(test_writer),
           CHECK_CASE(test_no_partial_files))
