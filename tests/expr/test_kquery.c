/* tests/expr/test_kquery.c — the KQuery printer: on random queries over every
** expression kind (reads in and out of arrays, write chains, constant
** arrays, 32- and 64-bit indices), the text is deterministic and
** well-formed (balanced, labels defined before use, every array declared,
** names are KQuery identifiers); when KLEE's kleaver is present it parses
** every query and answers VALID exactly when our solver says UNSAT. Without
** kleaver only that comparison is left out. */
#include "check.h"
#include "randexpr.h"
#include "symx.h"

#include <ctype.h>
#include <stdio.h>
#include <unistd.h>

#define NQUERIES 32
#define MAX_NAMES 64

typedef struct names {
  char s[MAX_NAMES][64];
  int n;
} names;

static int known(const names *ns, const char *s) {
  for (int i = 0; i < ns->n; i++)
    if (!strcmp(ns->s[i], s)) return 1;
  return 0;
}

static int is_keyword(const char *t) {
  static const char *const kw[] = {"query", "true", "false", "Read", "Not", "Add", "Sub", "Mul",
                                   "UDiv", "SDiv", "URem", "SRem", "And", "Or", "Xor", "Shl",
                                   "LShr", "AShr", "Concat", "Extract", "ZExt", "SExt", "Eq", "Ne",
                                   "Ult", "Ule", "Ugt", "Uge", "Slt", "Sle", "Sgt", "Sge", "Select"};
  for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
    if (!strcmp(t, kw[i])) return 1;
  return t[0] == 'w' && isdigit((unsigned char)t[1]);
}

/* Declarations first; in the query, parentheses and brackets balance, each
** label N<k>/U<k> is defined (with ':') before it is referenced, and every
** other identifier is a declared array. */
static int well_formed(const char *text) {
  names arrays = {0}, labels = {0};
  const char *q = text;
  while (!strncmp(q, "array ", 6)) {
    if (arrays.n == MAX_NAMES || sscanf(q, "array %63[A-Za-z0-9_.-][", arrays.s[arrays.n]) != 1) return 0;
    arrays.n++;
    q = strchr(q, '\n');
    if (!q) return 0;
    q++;
  }
  if (strncmp(q, "(query [", 8)) return 0;
  int depth = 0;
  for (const char *c = q; *c; c++) {
    if (*c == '(' || *c == '[') depth++;
    else if (*c == ')' || *c == ']') depth--;
    if (depth < 0) return 0;
    if (!(isalpha((unsigned char)*c) || *c == '_') || isalnum((unsigned char)c[-1]) || c[-1] == '_') continue;
    char tok[64];
    size_t n = 0;
    while (n < 63 && (isalnum((unsigned char)c[n]) || strchr("_.-", c[n]))) tok[n] = c[n], n++;
    tok[n] = 0;
    int label = (tok[0] == 'N' || tok[0] == 'U') && isdigit((unsigned char)tok[1]);
    if (label && c[n] == ':') {
      if (known(&labels, tok) || labels.n == MAX_NAMES) return 0;
      strcpy(labels.s[labels.n++], tok);
    } else if (label ? !known(&labels, tok) : !is_keyword(tok) && !known(&arrays, tok)) {
      fprintf(stderr, "undeclared %s\n", tok);
      return 0;
    }
    c += n - 1;
  }
  return depth == 0;
}

static const char *kleaver_path(void) {
  const char *env = getenv("SYMX_KLEAVER");
  if (env && *env) return access(env, X_OK) == 0 ? env : NULL;
#ifdef SX_KLEAVER
  if (access(SX_KLEAVER, X_OK) == 0) return SX_KLEAVER;
#endif
  return NULL;
}

/* kleaver's answers to the queries of path, in order: 1 VALID, 0 INVALID,
** -1 none. Its parse errors are reported and counted in *parse_errors;
** its solver failing (a crash, out of time) leaves -1. */
static void kleaver_answers(const char *kleaver, const char *path, int *ans, int n, int *parse_errors) {
  char cmd[1024], line[512];
  snprintf(cmd, sizeof cmd, "timeout 20 '%s' '%s' 2>&1", kleaver, path);
  for (int i = 0; i < n; i++) ans[i] = -1;
  FILE *f = popen(cmd, "r");
  if (!f) return;
  int k;
  while (fgets(line, sizeof line, f)) {
    char word[16];
    if (sscanf(line, "Query %d: %15s", &k, word) == 2 && k >= 0 && k < n) {
      ans[k] = !strcmp(word, "VALID");
    } else if (strstr(line, "error:") || strstr(line, "parse failure")) {
      fprintf(stderr, "kleaver: %s", line);
      ++*parse_errors;
    }
  }
  pclose(f);
}

typedef struct stats {
  int compared, unanswered, parse_errors;
} stats;

/* kleaver answers (query [cs] false) without asking its solver (a constant
** query is INVALID), and assumes the constraints satisfiable: the faithful
** form to compare is (query [] (Not (And cs...))), VALID iff cs is UNSAT. */
static symx_expr *not_all(symx_ctx *ctx, symx_expr *const *cs, size_t n) {
  symx_expr *conj = symx_expr_retain(cs[0]);
  for (size_t i = 1; i < n && conj; i++) {
    symx_expr *c = symx_mk2(ctx, SYMX_K_AND, conj, cs[i]);
    symx_expr_release(conj);
    conj = c;
  }
  symx_expr *neg = conj ? symx_mk1(ctx, SYMX_K_NOT, conj) : NULL;
  symx_expr_release(conj);
  return neg;
}

static void put_checked(symx_ctx *ctx, FILE *out, symx_expr *const *cs, size_t n, symx_expr *q) {
  char *text = symx_kquery_query(ctx, cs, n, q);
  char *again = symx_kquery_query(ctx, cs, n, q);
  CHECK(text && again && !strcmp(text, again));
  int ok = text && well_formed(text);
  if (!ok) fprintf(stderr, "malformed:\n%s\n", text ? text : symx_errmsg(ctx));
  CHECK(ok);
  if (out && text) fputs(text, out);
  symx_string_free(ctx, text);
  symx_string_free(ctx, again);
}

/* Query 0 of the file: (query [cs] false), parsed only; 1: (query []
** (Not (And cs))), whose answer must be ours. */
static void kleaver_compare(const char *kleaver, symx_ctx *ctx, symx_expr *const *cs, size_t n,
                            symx_expr *neg, int ours, stats *st) {
  char path[] = "/tmp/symx-kquery-XXXXXX";
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  CHECK(f != NULL);
  if (!f) return;
  put_checked(ctx, f, cs, n, NULL);
  put_checked(ctx, f, NULL, 0, neg);
  CHECK(fclose(f) == 0);
  int ans[2];
  kleaver_answers(kleaver, path, ans, 2, &st->parse_errors);
  CHECK(ans[0] == 0 || ans[0] == -1);
  if (ans[1] < 0 || ours < 0) st->unanswered++;
  else st->compared++;
  if (ans[1] >= 0 && ours >= 0 && ans[1] != ours) fprintf(stderr, "%s: kleaver %d, ours %d\n", path, ans[1], ours);
  CHECK(ans[1] < 0 || ours < 0 || ans[1] == ours);
  if (!getenv("SYMX_KQUERY_KEEP")) unlink(path);
}

static void one_query(rx_gen *g, symx_solver *s, const char *kleaver, stats *st) {
  symx_ctx *ctx = g->ctx;
  symx_expr *cs[4];
  size_t n = rx_query(g, cs, 1 + (size_t)rx_below(g, 4), 4);
  symx_expr *neg = n ? not_all(ctx, cs, n) : NULL;
  CHECK(n > 0 && neg != NULL);
  if (neg) {
    int r = symx_solver_check(s, cs, n, 0, NULL);
    int ours = r == SYMX_UNSAT ? 1 : r == SYMX_SAT ? 0 : -1;
    put_checked(ctx, NULL, cs, n, NULL);
    put_checked(ctx, NULL, NULL, 0, neg);
    if (kleaver) kleaver_compare(kleaver, ctx, cs, n, neg, ours, st);
  }
  symx_expr_release(neg);
  for (size_t i = 0; i < n; i++) symx_expr_release(cs[i]);
}

static void random_queries(uint64_t seed, int oob, stats *st) {
  const char *kleaver = kleaver_path();
  symx_ctx *ctx = symx_ctx_new();
  rx_gen g;
  CHECK(rx_init(&g, ctx, seed, NULL, 0) == 0);
  g.oob = oob;
  symx_solver *s = symx_solver_new(ctx, NULL);
  CHECK(s != NULL);
  for (int q = 0; q < NQUERIES && s; q++) one_query(&g, s, kleaver, st);
  symx_solver_free(s);
  rx_fini(&g);
  symx_ctx_free(ctx);
}

static void test_random(void) {
  if (!kleaver_path()) fprintf(stderr, "  kleaver not found (SYMX_KLEAVER): its answers are not compared\n");
  stats st = {0, 0, 0};
  for (uint64_t seed = 1; seed <= 4; seed++) random_queries(seed, (int)(seed & 1), &st);
  fprintf(stderr, "  kleaver: %d answers compared, %d not given, %d parse errors\n", st.compared,
          st.unanswered, st.parse_errors);
  CHECK(st.parse_errors == 0);
}

/* Names that are not KQuery identifiers, or clash, are made distinct ones. */
static void test_names(void) {
  symx_ctx *ctx = symx_ctx_new();
  const char *bad[] = {"a b", "a_b", "9x", "w32", "array", "a b"};
  symx_expr *cs[6];
  for (int i = 0; i < 6; i++) {
    symx_expr *a = symx_array_input(ctx, bad[i], 4, 32);
    symx_expr *idx = symx_const(ctx, 32, 1);
    symx_expr *r = symx_read(ctx, a, idx);
    symx_expr *k = symx_const(ctx, 8, (uint64_t)i);
    cs[i] = symx_mk2(ctx, SYMX_K_EQ, r, k);
    symx_expr_release(a), symx_expr_release(idx), symx_expr_release(r), symx_expr_release(k);
  }
  char *text = symx_kquery_query(ctx, cs, 6, NULL);
  CHECK(text && well_formed(text));
  if (text) fprintf(stderr, "%s", text);
  symx_string_free(ctx, text);
  for (int i = 0; i < 6; i++) symx_expr_release(cs[i]);
  symx_ctx_free(ctx);
}

CHECK_MAIN(CHECK_CASE(test_random), CHECK_CASE(test_names))
