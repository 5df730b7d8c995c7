/*
** test_memcap.c — max_memory holds the resident memory of the whole
** process, the front end's payloads included (issue 13, defect 2). A toy
** front end whose every state owns a 64 KiB buffer (malloc'd outside the
** engine's allocator, as symx-llvm's memory model is) explodes into 2^20
** paths; under a 48 MiB cap the process's peak resident size stays under
** the cap, in pending and in eager mode, and states are killed,
** infeasible pending ones among them. Nothing here depends on time: the
** engine samples memory by calls, not by clock.
*/
#include "check.h"

#include <sys/resource.h>

#include "symx.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

#define DEPTH 20
#define BUF (64 * 1024)
#define CAP_MIB 48
#define STEPS 4000 /* next() calls: without a cap, thousands of 64 KiB states */

typedef struct prog {
  int level;  /* the input byte branched on next */
  int inner;  /* 1: the implied second test of this level comes next */
  char *buf;
} prog;

static prog *prog_new(void) {
  prog *p = calloc(1, sizeof *p);
  if (p && !(p->buf = malloc(BUF))) {
    free(p);
    return NULL;
  }
  if (p) memset(p->buf, 1, BUF); /* resident */
  return p;
}
static void *p_clone(void *u, void *payload) {
  (void)u;
  prog *p = payload, *c = malloc(sizeof *c);
  if (!c) return NULL;
  *c = *p;
  if (!(c->buf = malloc(BUF))) {
    free(c);
    return NULL;
  }
  memcpy(c->buf, p->buf, BUF);
  return c;
}
static void p_free(void *u, void *payload) {
  (void)u;
  prog *p = payload;
  free(p->buf);
  free(p);
}

/* One step of the toy program: at each level, if (in[l] < 128) { if
** (in[l] < 200) ... }: the second test's else side is infeasible. */
static void step(symx_ctx *ctx, symx_expr *in, symx_state *st) {
  prog *p = symx_state_payload(st);
  if (p->level == DEPTH) {
    symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL);
    return;
  }
  symx_expr *b = symx_read_le(ctx, in, (unsigned)p->level, 1);
  symx_expr *k = symx_const(ctx, 8, p->inner ? 200 : 128);
  symx_expr *c = symx_ult(ctx, b, k);
  symx_state *t = NULL, *f = NULL;
  CHECK(symx_state_branch(st, c, &t, &f) == SYMX_OK);
  if (t) {
    prog *q = symx_state_payload(t);
    q->buf[q->level * 512] ^= 1; /* each side writes its own copy */
    q->inner = !q->inner;
    if (!q->inner) q->level++;
  }
  if (f) {
    prog *q = symx_state_payload(f);
    q->buf[q->level * 512 + 1] ^= 1;
    q->inner = 0;
    q->level++;
  }
  symx_expr_release(c);
  symx_expr_release(k);
  symx_expr_release(b);
}

static uint64_t peak_rss_kib(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (uint64_t)ru.ru_maxrss; /* KiB on Linux */
}

static void run(const char *mode) {
  symx_ctx *ctx = symx_ctx_new();
  symx_option_set_str(ctx, "mode", mode);
  symx_option_set(ctx, "max_memory", CAP_MIB);
  symx_option_set_str(ctx, "emit_tests", "none");
  symx_engine *eng = symx_engine_new(ctx);
  symx_expr *in = symx_array_input(ctx, "in", DEPTH, 32);
  symx_payload_vt vt = {p_clone, p_free, NULL};
  CHECK(symx_engine_start(eng, prog_new(), &vt) == SYMX_OK);
  symx_state *st;
  int n = 0;
  while (n++ < STEPS && symx_engine_next(eng, &st) == SYMX_STATE) step(ctx, in, st);
  fprintf(stderr, "  %s: peak %.1f MiB (engine's samples %.1f MiB) under a %d MiB cap, "
          "killed %llu infeasible + %llu\n", mode, (double)peak_rss_kib() / 1024,
          (double)symx_stat_get(ctx, "rss_max") / (1 << 20), CAP_MIB,
          (unsigned long long)symx_stat_get(ctx, "pressure_kills_infeasible"),
          (unsigned long long)symx_stat_get(ctx, "pressure_kills"));
  CHECK(symx_stat_get(ctx, "pressure_kills") > 0);
  if (!strcmp(mode, "pending")) CHECK(symx_stat_get(ctx, "pressure_kills_infeasible") > 0);
#ifdef UNDER_ASAN
  CHECK_SKIP("resident size under AddressSanitizer (shadow memory, quarantine)");
#else
  uint64_t cap = (uint64_t)CAP_MIB << 20;
  CHECK(peak_rss_kib() * 1024 <= cap); /* the whole run so far */
  CHECK(symx_stat_get(ctx, "rss_max") <= cap);
#endif
  symx_expr_release(in);
  symx_engine_free(eng);
  symx_ctx_free(ctx);
}

static void test_pending(void) { run("pending"); }
static void test_eager(void) { run("eager"); }

CHECK_MAIN(CHECK_CASE(test_pending), CHECK_CASE(test_eager))
