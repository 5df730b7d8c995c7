/* tests/solver/test_smt2_solve.c — the printer, the reader and the solver
** together: a random query printed by symx_smt2_query, read back by
** symx_smt2_parse and checked answers as the query itself; and the z3 binary
** (the oracle, when on PATH) gives the same answers on the printed scripts,
** batched a hundred per file with (reset) between them. */
#include "check.h"
#include "chain_off.h"
#include "randexpr.h"
#include "symx.h"

#include <sys/wait.h>
#include <unistd.h>

#define NQUERIES 300
#define PER_FILE 100

/* The asserted expressions of a parsed script (borrowed). */
static size_t asserts_of(symx_smt2 *sc, symx_expr **out, size_t max) {
  size_t k = 0;
  for (size_t i = 0; i < symx_smt2_count(sc); i++)
    if (symx_smt2_kind(sc, i) == SYMX_SMT2_ASSERT && k < max) out[k++] = symx_smt2_expr(sc, i, 0);
  return k;
}

static int have_z3(void) { return system("command -v z3 >/dev/null 2>&1") == 0; }

/* Runs z3 on path; fills answers[0..n) with SAT/UNSAT/UNKNOWN per line. */
static size_t z3_answers(const char *path, int *answers, size_t max) {
  char cmd[512], line[256];
  snprintf(cmd, sizeof cmd, "z3 -T:120 '%s' 2>&1", path);
  FILE *p = popen(cmd, "r");
  size_t n = 0;
  while (p && fgets(line, sizeof line, p) && n < max) {
    if (!strncmp(line, "sat", 3)) answers[n++] = SYMX_SAT;
    else if (!strncmp(line, "unsat", 5)) answers[n++] = SYMX_UNSAT;
    else if (!strncmp(line, "unknown", 7) || !strncmp(line, "timeout", 7)) answers[n++] = SYMX_UNKNOWN;
    else fprintf(stderr, "  z3 says: %s", line);
  }
  if (p) pclose(p);
  return n;
}

static void test_print_read_solve(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_solver *s = z3_direct(ctx);
  rx_gen g;
  CHECK(rx_init(&g, ctx, 31337, NULL, 0) == 0);
  int z3bin = have_z3();
  char dir[] = "/tmp/symx-smt2-solve-XXXXXX";
  CHECK(mkdtemp(dir) != NULL);
  int direct[NQUERIES];
  size_t nsat = 0, nunsat = 0, files = 0;
  FILE *f = NULL;
  char path[128];
  for (int q = 0, nq = check_cases(NQUERIES); q < nq; q++) {
    g.oob = q % 2;
    symx_expr *cs[6], *rd[64];
    size_t n = rx_query(&g, cs, 1 + (size_t)rx_below(&g, 5), 1 + (int)rx_below(&g, 4));
    direct[q] = symx_solver_check(s, cs, n, 0, NULL);
    CHECK(direct[q] == SYMX_SAT || direct[q] == SYMX_UNSAT);
    nsat += direct[q] == SYMX_SAT;
    nunsat += direct[q] == SYMX_UNSAT;
    char *text = symx_smt2_query(ctx, cs, n);
    CHECK(text != NULL);
    symx_smt2 *sc = text ? symx_smt2_parse(ctx, text, strlen(text), "printed") : NULL;
    CHECK(sc != NULL);
    if (!sc) fprintf(stderr, "  query %d: %s\n", q, symx_errmsg(ctx));
    if (sc) {
      size_t m = asserts_of(sc, rd, 64);
      int again = symx_solver_check(s, rd, m, 0, NULL);
      CHECK(again == direct[q]);
      if (again != direct[q]) fprintf(stderr, "  query %d: direct %d, re-read %d\n", q, direct[q], again);
    }
    symx_smt2_free(sc);
    if (z3bin && text) {
      if (q % PER_FILE == 0) {
        if (f) fclose(f);
        snprintf(path, sizeof path, "%s/q%zu.smt2", dir, files++);
        f = fopen(path, "w");
      }
      if (f) fprintf(f, "%s%s", q % PER_FILE ? "(reset)\n" : "", text);
    }
    symx_string_free(ctx, text);
    for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
  }
  if (f) fclose(f);
  fprintf(stderr, "  %zu sat, %zu unsat\n", nsat, nunsat);
  CHECK(nsat > 0 && nunsat > 0);
  for (size_t k = 0; k < files; k++) {
    int answers[PER_FILE];
    snprintf(path, sizeof path, "%s/q%zu.smt2", dir, k);
    size_t got = z3_answers(path, answers, PER_FILE);
    CHECK(got == PER_FILE);
    for (size_t i = 0; i < got; i++) {
      int want = direct[k * PER_FILE + i];
      if (answers[i] == SYMX_UNKNOWN) continue;
      CHECK(answers[i] == want);
      if (answers[i] != want) fprintf(stderr, "  %s query %zu: z3 binary %d, libsymx %d\n", path, i, answers[i], want);
    }
    unlink(path);
  }
  rmdir(dir);
  if (!z3bin) CHECK_SKIP("z3 not on PATH: no comparison with the z3 binary");
  rx_fini(&g);
  symx_solver_free(s);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_print_read_solve))
