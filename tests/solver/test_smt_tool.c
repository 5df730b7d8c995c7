/* tests/solver/test_smt_tool.c — the symx-smt tool, run as a program on the
** scripts in tests/solver/data/: its answers (check-sat, get-value under
** push/pop) equal those of the z3 binary on the same file (the oracle; the
** files force every value asked for), get-model gives the forced values,
** and bad input (malformed script, missing file, bad option) exits 1 with a
** "symx-smt: FILE:line:col: message" diagnostic.
** Environment (set by meson): SYMX_SMT = the tool, SOLVER_DATA = data dir. */
#include "check.h"

#include <ctype.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *tool, *data;
static char tmpdir[64];

/* Runs cmd with stdout/stderr captured; returns the exit code (-1 when it
** did not exit normally). *out and *err are malloc'd. */
static int run(const char *cmd, char **out, char **err) {
  char line[4096], po[128], pe[128];
  snprintf(po, sizeof po, "%s/out", tmpdir);
  snprintf(pe, sizeof pe, "%s/err", tmpdir);
  snprintf(line, sizeof line, "%s >%s 2>%s", cmd, po, pe);
  int st = system(line);
  const char *paths[2] = {po, pe};
  char **dst[2] = {out, err};
  for (int i = 0; i < 2; i++) {
    FILE *f = fopen(paths[i], "rb");
    size_t cap = 1 << 16, n = 0;
    char *buf = calloc(1, cap);
    if (f) {
      n = fread(buf, 1, cap - 1, f);
      fclose(f);
    }
    buf[n] = 0;
    *dst[i] = buf;
  }
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Whitespace runs collapse to one space, so layouts compare equal. */
static void normalize(char *s) {
  char *w = s;
  int space = 1;
  for (char *r = s; *r; r++) {
    if (isspace((unsigned char)*r)) {
      if (!space) *w++ = ' ';
      space = 1;
    } else {
      *w++ = *r;
      space = 0;
    }
  }
  if (w > s && w[-1] == ' ') w--;
  *w = 0;
}

static int have_z3(void) { return system("command -v z3 >/dev/null 2>&1") == 0; }

static void compare_with_z3(const char *file, const char *options) {
  char cmd[1024];
  char *out, *err, *zout, *zerr;
  snprintf(cmd, sizeof cmd, "'%s' %s '%s/%s'", tool, options, data, file);
  CHECK(run(cmd, &out, &err) == 0);
  CHECK(err[0] == 0);
  if (err[0]) fprintf(stderr, "  %s: %s\n", file, err);
  snprintf(cmd, sizeof cmd, "z3 '%s/%s'", data, file);
  run(cmd, &zout, &zerr);
  normalize(out);
  normalize(zout);
  CHECK(out[0] != 0);
  CHECK(strcmp(out, zout) == 0);
  if (strcmp(out, zout)) fprintf(stderr, "  %s %s:\n  ours: %s\n  z3:   %s\n", file, options, out, zout);
  free(out);
  free(err);
  free(zout);
  free(zerr);
}

static void test_answers_match_z3(void) {
  if (!have_z3()) {
    CHECK_SKIP("z3 not on PATH");
    return;
  }
  compare_with_z3("values.smt2", "");
  compare_with_z3("unsat.smt2", "");
  compare_with_z3("values.smt2", "--solver cadical");
  compare_with_z3("unsat.smt2", "--solver cadical --timeout 60000");
}

static void test_get_model(void) {
  char cmd[1024];
  char *out, *err;
  snprintf(cmd, sizeof cmd, "'%s' '%s/model.smt2'", tool, data);
  CHECK(run(cmd, &out, &err) == 0);
  normalize(out);
  CHECK(strncmp(out, "sat (", 5) == 0);
  CHECK_STR_CONTAINS(out, "(define-fun v () (_ BitVec 24) #x123456)");
  CHECK_STR_CONTAINS(out, "(define-fun mem () (Array (_ BitVec 32) (_ BitVec 8))");
  CHECK_STR_CONTAINS(out, "#x00000003 #xab)");
  CHECK_STR_CONTAINS(out, "((v #x123456) ((select mem #x00123457) #xcd))");
  free(out);
  free(err);
}

static void test_errors(void) {
  char cmd[1024], want[512];
  char *out, *err;
  snprintf(cmd, sizeof cmd, "'%s' '%s/malformed.smt2'", tool, data);
  CHECK(run(cmd, &out, &err) == 1);
  snprintf(want, sizeof want, "symx-smt: %s/malformed.smt2:3:", data);
  CHECK(strncmp(err, want, strlen(want)) == 0);
  if (strncmp(err, want, strlen(want))) fprintf(stderr, "  stderr: %s\n", err);
  CHECK(out[0] == 0);
  free(out);
  free(err);
  snprintf(cmd, sizeof cmd, "'%s' '%s/no-such-file.smt2'", tool, data);
  CHECK(run(cmd, &out, &err) == 1);
  CHECK_STR_CONTAINS(err, "no-such-file.smt2: cannot read");
  free(out);
  free(err);
  snprintf(cmd, sizeof cmd, "'%s' --timeout soon '%s/unsat.smt2'", tool, data);
  CHECK(run(cmd, &out, &err) == 1);
  CHECK_STR_CONTAINS(err, "bad timeout");
  free(out);
  free(err);
  snprintf(cmd, sizeof cmd, "'%s' --solver minisat '%s/unsat.smt2'", tool, data);
  CHECK(run(cmd, &out, &err) == 1);
  CHECK_STR_CONTAINS(err, "unknown solver backend 'minisat'");
  free(out);
  free(err);
  snprintf(cmd, sizeof cmd, "'%s'", tool);
  CHECK(run(cmd, &out, &err) == 1);
  CHECK_STR_CONTAINS(err, "usage:");
  free(out);
  free(err);
}

int main(int argc, char **argv) {
  tool = getenv("SYMX_SMT");
  data = getenv("SOLVER_DATA");
  if (!tool || !data) {
    fprintf(stderr, "set SYMX_SMT and SOLVER_DATA\n");
    return 1;
  }
  snprintf(tmpdir, sizeof tmpdir, "/tmp/symx-smt-test-XXXXXX");
  if (!mkdtemp(tmpdir)) return 1;
  static const check_case cases[] = {CHECK_CASE(test_answers_match_z3), CHECK_CASE(test_get_model),
                                     CHECK_CASE(test_errors)};
  int rc = check_run(argc, argv, cases, sizeof cases / sizeof cases[0]);
  char path[128];
  snprintf(path, sizeof path, "%s/out", tmpdir);
  unlink(path);
  snprintf(path, sizeof path, "%s/err", tmpdir);
  unlink(path);
  rmdir(tmpdir);
  return rc;
}
