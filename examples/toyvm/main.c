/*
** toyvm-run — runs a toyvm program under libsymx.
**   toyvm-run FILE [--mode eager|pending|relaxed] [--search S]
**             [--pending-search S] [--output-dir DIR] [--max-time T]
**             [--solver cadical|z3] [--rng-seed N] [--slice N] [--max-steps N] [--stats]
**             [--set OPTION=VALUE]...
**   toyvm-run --random N     prints random program N (the oracle test's)
** Prints one line per test case (number, outcome, path hash) and a summary.
*/
#include "toyvm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(void *user, uint64_t hash, toyvm_outcome o, const symx_test *t) {
  (void)user;
  static const char *const names[] = {"exit", "assert", "limit"};
  printf("test%06u %-6s path %016llx depth %u%s\n", t->number, names[o], (unsigned long long)hash,
         t->depth, t->duplicate ? " (duplicate)" : "");
}

int main(int argc, char **argv) {
  static const char *const opts[][2] = {{"--mode", "mode"}, {"--search", "search"},
    {"--pending-search", "pending_search"}, {"--output-dir", "output_dir"},
    {"--max-time", "max_time"}, {"--emit-tests", "emit_tests"}, {"--rng-seed", "rng_seed"},
    {"--solver", "solver"}, {"--slice", "slice_instructions"}};
  const char *file = NULL;
  unsigned long long max_steps = 10000000;
  int stats = 0;
  symx_ctx *ctx = symx_ctx_new();
  if (!ctx) return 1;
  for (int i = 1; i < argc; i++) {
    size_t k = 0, n = sizeof opts / sizeof *opts;
    while (k < n && strcmp(argv[i], opts[k][0])) k++;
    if (k < n && i + 1 < argc) {
      if (symx_option_set_str(ctx, opts[k][1], argv[++i]) != SYMX_OK) {
        fprintf(stderr, "toyvm-run: %s\n", symx_errmsg(ctx));
        return 2;
      }
    } else if (!strcmp(argv[i], "--max-steps") && i + 1 < argc) {
      sscanf(argv[++i], "%llu", &max_steps);
    } else if (!strcmp(argv[i], "--set") && i + 1 < argc) {
      /* any option of the library, NAME=VALUE */
      char name[64];
      const char *eq = strchr(argv[++i], '=');
      size_t len = eq ? (size_t)(eq - argv[i]) : 0;
      if (!eq || len >= sizeof name) {
        fprintf(stderr, "toyvm-run: --set wants NAME=VALUE, got '%s'\n", argv[i]);
        return 2;
      }
      memcpy(name, argv[i], len);
      name[len] = 0;
      if (symx_option_set_str(ctx, name, eq + 1) != SYMX_OK) {
        fprintf(stderr, "toyvm-run: %s\n", symx_errmsg(ctx));
        return 2;
      }
    } else if (!strcmp(argv[i], "--random") && i + 1 < argc) {
      static char text[8192];
      toyvm_random_program(strtoull(argv[++i], NULL, 10), text, sizeof text);
      fputs(text, stdout);
      symx_ctx_free(ctx);
      return 0;
    } else if (!strcmp(argv[i], "--stats")) {
      stats = 1;
    } else if (argv[i][0] != '-' && !file) {
      file = argv[i];
    } else {
      fprintf(stderr, "usage: toyvm-run FILE [--mode M] [--search S] [--pending-search S]\n"
                      "  [--output-dir D] [--max-time T] [--emit-tests W] [--solver cadical|z3] [--rng-seed N]\n"
                      "  [--slice N] [--max-steps N] [--stats] [--set OPTION=VALUE]...\n"
                      "       toyvm-run --random N\n");
      return 2;
    }
  }
  char err[256];
  toyvm_prog *p = file ? toyvm_load(file, err, sizeof err) : NULL;
  if (!p) {
    fprintf(stderr, "toyvm-run: %s\n", file ? err : "no program given");
    return 2;
  }
  symx_engine *eng = symx_engine_new(ctx);
  int rc = eng ? toyvm_explore(eng, p, max_steps, show, NULL) : symx_errcode(ctx);
  if (rc != SYMX_OK) fprintf(stderr, "toyvm-run: %s\n", symx_errmsg(ctx));
  printf("paths %llu, tests %zu, errors %llu, instructions %llu\n",
         (unsigned long long)symx_stat_get(ctx, "paths"), symx_engine_test_count(eng),
         (unsigned long long)symx_stat_get(ctx, "errors"),
         (unsigned long long)symx_stat_get(ctx, "instructions"));
  if (stats) {
    char *js = symx_engine_stats_json(eng);
    if (js) printf("%s\n", js);
    symx_string_free(ctx, js);
  }
  symx_engine_free(eng);
  toyvm_free(p);
  symx_ctx_free(ctx);
  return rc == SYMX_OK ? 0 : 1;
}
