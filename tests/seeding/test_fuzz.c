/* tests/seeding/test_fuzz.c — a deterministic mutation fuzzer (seeded RNG)
** over the ktest, JSON and AFL-name readers and the file loaders. Every
** input must give success or a clean error; accepted ktests must re-encode
** to a file that parses to the same contents; nothing may leak. Bounded to
** 20,000 inputs or about 10 s, whichever comes first (the bound only stops
** the loop; nothing asserts on time). It runs under ASan too: that is the
** point. */
#include "check.h"
#include "alloc.h"
#include "seeding/afl_name.h"
#include "seeding/ktest.h"
#include "seeding/seed.h"
#include "util.h"

#include <time.h>

enum { ITERATIONS = 20000, MAXLEN = 4096 };

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const uint32_t interesting[] = {0, 1, 2, 3, 4, 5, 0x7f, 0x80, 0xff, 0x100, 0xffff,
                                       0x7fffffff, 0x80000000u, 0xfffffffeu, 0xffffffffu};

/* One random mutation of buf[0..*n) (capacity MAXLEN). */
static void mutate(sx_rng *r, uint8_t *buf, size_t *n) {
  size_t len = *n;
  switch (sx_rng_below(r, 8)) {
  case 0: /* flip a bit */
    if (len) buf[sx_rng_below(r, len)] ^= (uint8_t)(1u << sx_rng_below(r, 8));
    break;
  case 1: /* random byte */
    if (len) buf[sx_rng_below(r, len)] = (uint8_t)sx_rng_next(r);
    break;
  case 2: /* interesting big-endian u32 at a random offset (ktest fields) */
    if (len >= 4) {
      size_t at = sx_rng_below(r, len - 3);
      uint32_t v = interesting[sx_rng_below(r, sizeof interesting / sizeof interesting[0])];
      buf[at] = (uint8_t)(v >> 24), buf[at + 1] = (uint8_t)(v >> 16);
      buf[at + 2] = (uint8_t)(v >> 8), buf[at + 3] = (uint8_t)v;
    }
    break;
  case 3: /* truncate */
    *n = len ? sx_rng_below(r, len + 1) : 0;
    break;
  case 4: /* delete a chunk */
    if (len > 1) {
      size_t at = sx_rng_below(r, len), k = 1 + sx_rng_below(r, len - at);
      memmove(buf + at, buf + at + k, len - at - k);
      *n = len - k;
    }
    break;
  case 5: /* duplicate a chunk */
    if (len && len < MAXLEN) {
      size_t at = sx_rng_below(r, len), k = 1 + sx_rng_below(r, len - at);
      if (k > MAXLEN - len) k = MAXLEN - len;
      memmove(buf + at + k, buf + at, len - at);
      *n = len + k;
    }
    break;
  case 6: { /* insert a structural character (JSON) */
    static const char chars[] = "{}[]\",:0123456789-eE.\\ntfu";
    if (len < MAXLEN) {
      size_t at = sx_rng_below(r, len + 1);
      memmove(buf + at + 1, buf + at, len - at);
      buf[at] = (uint8_t)chars[sx_rng_below(r, sizeof chars - 1)];
      *n = len + 1;
    }
    break;
  }
  default: /* a run of one byte */
    if (len) {
      size_t at = sx_rng_below(r, len), k = 1 + sx_rng_below(r, len - at < 16 ? len - at : 16);
      memset(buf + at, (int)sx_rng_below(r, 256), k);
    }
  }
}

static size_t ktest_corpus(symx_ctx *ctx, int which, uint8_t *out) {
  symx_assign *a = symx_assign_new(ctx);
  const char *args[] = {"prog", "--sym-stdin", "8"};
  if (which == 0) {
    symx_assign_set(a, "stdin", (const uint8_t *)"hello world", 11);
    symx_assign_set(a, "arg00", (const uint8_t *)"\0\1\2\3", 4);
  } else {
    for (int i = 0; i < 6; i++) {
      char name[16];
      uint8_t b[40];
      snprintf(name, sizeof name, "obj%d", i);
      memset(b, i * 31, sizeof b);
      symx_assign_set(a, name, b, (size_t)(1 + i * 7));
    }
  }
  uint8_t *buf;
  size_t len;
  sx_ktest_encode_assign(ctx, a, args, which ? 0 : 3, &buf, &len, "corpus");
  memcpy(out, buf, len);
  if (which == 1) memcpy(out, "BOUT\n", 5); /* legacy magic */
  sx_free(ctx, buf, len);
  symx_assign_free(a);
  return len;
}

static const char *json_corpus[] = {
    "{\"inputs\": {\"a\": [104, 105, 0, 255], \"b\": \"6869\", \"c\": \"base64:aGVsbG8=\"}}",
    "[{\"inputs\": {\"x\": \"hex:00ff10\"}}, {\"inputs\": {\"y\": [1, 2, 3]}}, {\"inputs\": {}}]",
    "{\"test\": 3, \"reason\": \"error\", \"error\": null, \"inputs\": {\"stdin\": \"02ab0e\"}}",
};

static const char *name_corpus[] = {
    "id:000042,src:000013,time:1234,execs:99,op:havoc,rep:4,+cov",
    "id:000051,sync:symcc,src:000007",
    "id:000000,time:0,execs:0,orig:seed,with,commas",
    "id:000003,sig:06,src:000001+000002,op:splice,rep:2",
};

static void test_fuzz(void) {
  symx_ctx *ctx = symx_ctx_new();
  uint64_t base = symx_stat_get(ctx, "bytes_in_use");
  char *dir = tmpdir_new();
  sx_rng r;
  sx_rng_seed(&r, 20261121);
  static uint8_t buf[MAXLEN + 1];
  static uint8_t kt[2][MAXLEN];
  size_t ktlen[2] = {ktest_corpus(ctx, 0, kt[0]), ktest_corpus(ctx, 1, kt[1])};
  sx_seeds *seeds = symx_seeds_new(ctx);
  double start = now_s();
  long accepted[3] = {0}, rejected[3] = {0}, files = 0, it;
  for (it = 0; it < ITERATIONS && now_s() - start < 10.0; it++) {
    int target = (int)(it % 3);
    size_t n;
    if (target == 0) {
      int w = (int)sx_rng_below(&r, 2);
      memcpy(buf, kt[w], ktlen[w]);
      n = ktlen[w];
    } else if (target == 1) {
      const char *s = json_corpus[sx_rng_below(&r, 3)];
      n = strlen(s);
      memcpy(buf, s, n);
    } else {
      const char *s = name_corpus[sx_rng_below(&r, 4)];
      n = strlen(s);
      memcpy(buf, s, n);
    }
    int rounds = 1 + (int)sx_rng_below(&r, 4);
    for (int k = 0; k < rounds; k++) mutate(&r, buf, &n);
    buf[n] = 0;
    if (target == 0) {
      sx_ktest k;
      if (sx_ktest_parse(ctx, buf, n, "fuzz.ktest", &k, "fuzz") == SYMX_OK) {
        accepted[0]++;
        /* oracle: re-encoding an accepted file parses to the same ktest */
        uint8_t *e;
        size_t elen;
        CHECK(sx_ktest_encode(ctx, &k, &e, &elen, "fuzz") == SYMX_OK);
        sx_ktest k2;
        CHECK(sx_ktest_parse(ctx, e, elen, "re", &k2, "fuzz") == SYMX_OK);
        CHECK(k2.nobjs == k.nobjs && k2.nargs == k.nargs);
        for (size_t i = 0; i < k.nobjs && i < k2.nobjs; i++)
          CHECK(!strcmp(k.objs[i].name, k2.objs[i].name) && k.objs[i].len == k2.objs[i].len &&
                (!k.objs[i].len || !memcmp(k.objs[i].bytes, k2.objs[i].bytes, k.objs[i].len)));
        sx_ktest_clear(ctx, &k2);
        sx_free(ctx, e, elen);
        sx_assign *a;
        if (sx_ktest_to_assign(ctx, &k, NULL, 0, &a, "fuzz") == SYMX_OK) symx_assign_free(a);
        sx_ktest_clear(ctx, &k);
      } else {
        rejected[0]++;
        CHECK(symx_errcode(ctx) == SYMX_FORMAT);
        CHECK_STR_CONTAINS(symx_errmsg(ctx), "fuzz.ktest: offset ");
      }
    } else if (target == 1) {
      size_t before = SX_SIZE(seeds->list);
      int rc = sx_seeds_parse_json(seeds, (const char *)buf, n, "fuzz.json", "fuzz");
      CHECK(rc == SYMX_OK || rc == SYMX_PARSE || rc == SYMX_RANGE);
      if (rc == SYMX_OK) accepted[1]++;
      else rejected[1]++;
      if (SX_SIZE(seeds->list) - before > 0 && SX_SIZE(seeds->list) > 64) { /* keep it small */
        symx_seeds_free(seeds);
        seeds = symx_seeds_new(ctx);
      }
    } else {
      sx_afl_name an;
      char why[64];
      if (sx_afl_name_parse((const char *)buf, &an, why, sizeof why)) accepted[2]++;
      else {
        rejected[2]++;
        CHECK(why[0] != 0);
      }
    }
    /* every 23rd input also goes through the file loaders */
    if (it % 23 == 0) {
      files++;
      const char *fname = target == 0 ? "f.ktest" : target == 1 ? "f.json" : "f.bin";
      write_file(dir, fname, buf, n);
      char path[600];
      snprintf(path, sizeof path, "%s/%s", dir, fname);
      if (target == 0) symx_seeds_add_ktest(seeds, path, NULL, 0);
      else if (target == 1) symx_seeds_add_json(seeds, path);
      else {
        /* a queue directory whose entry is named by the mutated text */
        char q[600];
        snprintf(q, sizeof q, "%s/q", dir);
        mkdir(q, 0755);
        char nm[256];
        size_t k = 0;
        for (size_t i = 0; i < n && k < 200; i++)
          if (buf[i] != '/' && buf[i] != 0) nm[k++] = (char)buf[i];
        nm[k] = 0;
        if (k && strcmp(nm, ".") && strcmp(nm, "..")) write_file(q, nm, "x", 1);
        symx_seeds_add_afl_queue(seeds, q, "in");
        tmpdir_free(q);
      }
      remove(path);
    }
    if (SX_SIZE(seeds->msgs) > 256) {
      symx_seeds_free(seeds);
      seeds = symx_seeds_new(ctx);
    }
  }
  symx_seeds_free(seeds);
  tmpdir_free(dir);
  fprintf(stderr, "fuzz: %ld inputs (%ld through files) in %.1f s; accepted/rejected ktest %ld/%ld, json %ld/%ld, names %ld/%ld\n",
          it, files, now_s() - start, accepted[0], rejected[0], accepted[1], rejected[1], accepted[2], rejected[2]);
  /* the mutations must reach both outcomes of every reader */
  for (int t = 0; t < 3; t++) CHECK(accepted[t] > 0 && rejected[t] > 0);
  CHECK_EQ_U64(symx_stat_get(ctx, "bytes_in_use"), base);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_fuzz))
