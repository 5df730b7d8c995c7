/*
** check.h — the test harness of libsymx: CHECK macros that count and report
** failures, and a main that runs the registered cases in order. Each test
** file is one executable (meson registers it); a failing CHECK keeps going so
** one run shows every broken assertion.
*/
#ifndef SX_CHECK_H
#define SX_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures_;
static int check_count_;
static int check_skips_; /* cases that could not run: the executable exits 77 */

/* Marks the current case skipped (say why); the caller returns. */
#define CHECK_SKIP(why)                                                                   \
  do {                                                                                    \
    check_skips_++;                                                                       \
    fprintf(stderr, "  skipped: %s\n", why);                                            \
  } while (0)

#define CHECK(cond)                                                                       \
  do {                                                                                    \
    check_count_++;                                                                       \
    if (!(cond)) {                                                                        \
      check_failures_++;                                                                  \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);           \
    }                                                                                     \
  } while (0)

#define CHECK_EQ_U64(a, b)                                                                \
  do {                                                                                    \
    uint64_t a_ = (uint64_t)(a), b_ = (uint64_t)(b);                                      \
    check_count_++;                                                                       \
    if (a_ != b_) {                                                                       \
      check_failures_++;                                                                  \
      fprintf(stderr, "%s:%d: CHECK failed: %s == %s (0x%" PRIx64 " != 0x%" PRIx64 ")\n", \
              __FILE__, __LINE__, #a, #b, a_, b_);                                        \
    }                                                                                     \
  } while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                                   \
  do {                                                                                    \
    const char *h_ = (hay), *n_ = (needle);                                               \
    check_count_++;                                                                       \
    if (!h_ || !strstr(h_, n_)) {                                                         \
      check_failures_++;                                                                  \
      fprintf(stderr, "%s:%d: CHECK failed: \"%s\" contains \"%s\"\n", __FILE__,          \
              __LINE__, h_ ? h_ : "(null)", n_);                                          \
    }                                                                                     \
  } while (0)

/* How many random cases a differential test draws: n in the plain build; a
** third under the sanitizers (SYMX_SANITIZED=1, make test-asan), where each
** costs several times more and the plain build has drawn all n. */
static inline int check_cases(int n) {
  const char *s = getenv("SYMX_SANITIZED");
  return s && strcmp(s, "1") == 0 ? (n + 2) / 3 : n;
}

typedef void (*check_case_fn)(void);
typedef struct check_case { const char *name; check_case_fn fn; } check_case;

#define CHECK_CASE(f) {#f, f}

/* Runs every case; exit status 0 only if no CHECK failed. Optional argv[1]
** selects cases whose name contains it. */
static inline int check_run(int argc, char **argv, const check_case *cases, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (argc > 1 && !strstr(cases[i].name, argv[1])) continue;
    int before = check_failures_, skips = check_skips_;
    cases[i].fn();
    fprintf(stderr, "%-40s %s\n", cases[i].name,
            check_failures_ != before ? "FAILED" : check_skips_ != skips ? "SKIPPED" : "ok");
  }
  fprintf(stderr, "%d checks, %d failed, %d cases skipped\n", check_count_, check_failures_,
          check_skips_);
  /* a skipped case is reported as a skip (meson: exit 77), never as a pass */
  return check_failures_ ? 1 : check_skips_ ? 77 : 0;
}

#define CHECK_MAIN(...)                                                                   \
  int main(int argc, char **argv) {                                                       \
    static const check_case cases_[] = {__VA_ARGS__};                                     \
    return check_run(argc, argv, cases_, sizeof cases_ / sizeof cases_[0]);               \
  }

#endif
