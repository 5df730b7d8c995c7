/*
** symx-replay — runs a native program on a test case of symx-llvm's
** symbolic environment (KLEE's klee-replay): the arguments, stdin bytes
** and files the .ktest records, in a fresh temporary directory; reports
** the program's exit status or signal and exits with it (signal N: 128+N).
**
**   symx-replay [--environ FILE] [--timeout S] [--ktest-env] [--keep-dir]
**               PROG TEST.ktest
*/
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "posix/spec.h"

extern char **environ;

typedef struct kobj {
  char *name;
  uint8_t *bytes;
  uint32_t len;
} kobj;

typedef struct ktest {
  char **args;
  uint32_t nargs;
  kobj *objs;
  uint32_t nobjs;
} ktest;

typedef struct rd {
  const uint8_t *p;
  size_t len, at;
  const char *path;
  char *err;
} rd;

static int bad(rd *r, const char *what) {
  snprintf(r->err, 512, "%.400s: offset %zu: %s", r->path, r->at, what);
  return -1;
}

static int u32(rd *r, uint32_t *v, const char *what) {
  if (r->len - r->at < 4) return bad(r, what);
  const uint8_t *p = r->p + r->at;
  *v = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
  r->at += 4;
  return 0;
}

/* n bytes (a copy, NUL-terminated) */
static int bytes(rd *r, uint32_t n, uint8_t **out, const char *what) {
  if (r->len - r->at < n) return bad(r, what);
  if (!(*out = malloc((size_t)n + 1))) return bad(r, "out of memory");
  memcpy(*out, r->p + r->at, n);
  (*out)[n] = 0;
  r->at += n;
  return 0;
}

static int str(rd *r, char **out, const char *what) {
  uint32_t n;
  return u32(r, &n, what) || bytes(r, n, (uint8_t **)out, what);
}

/* KLEE's format: "KTEST" (or "BOUT\n"), version <= 3, the run's
** arguments, (v2+: two words), the objects. */
static int parse(rd *r, ktest *k) {
  uint32_t v, skip;
  if (r->len < 5 || (memcmp(r->p, "KTEST", 5) && memcmp(r->p, "BOUT\n", 5)))
    return bad(r, "not a .ktest file (no KTEST magic)");
  r->at = 5;
  if (u32(r, &v, "truncated version")) return -1;
  if (v < 1 || v > 3) return bad(r, "unknown version");
  if (u32(r, &k->nargs, "truncated argument count")) return -1;
  if (k->nargs > 100000) return bad(r, "implausible argument count");
  if (!(k->args = calloc(k->nargs + 1, sizeof *k->args))) return bad(r, "out of memory");
  for (uint32_t i = 0; i < k->nargs; i++)
    if (str(r, &k->args[i], "truncated argument")) return -1;
  if (v >= 2 && (u32(r, &skip, "truncated header") || u32(r, &skip, "truncated header")))
    return -1;
  if (u32(r, &k->nobjs, "truncated object count")) return -1;
  if (k->nobjs > 1000000) return bad(r, "implausible object count");
  if (!(k->objs = calloc(k->nobjs + 1, sizeof *k->objs))) return bad(r, "out of memory");
  for (uint32_t i = 0; i < k->nobjs; i++)
    if (str(r, &k->objs[i].name, "truncated object name") ||
        u32(r, &k->objs[i].len, "truncated object size") ||
        bytes(r, k->objs[i].len, &k->objs[i].bytes, "truncated object bytes"))
      return -1;
  return 0;
}

static void ktest_free(ktest *k) {
  for (uint32_t i = 0; k->args && i < k->nargs; i++) free(k->args[i]);
  for (uint32_t i = 0; k->objs && i < k->nobjs; i++) {
    free(k->objs[i].name);
    free(k->objs[i].bytes);
  }
  free(k->args);
  free(k->objs);
}

static int load(const char *path, ktest *k, char *err) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    snprintf(err, 512, "%.400s: %s", path, strerror(errno));
    return -1;
  }
  size_t cap = 1 << 16, len = 0, n;
  uint8_t *buf = malloc(cap);
  while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0)
    if ((len += n) == cap) {
      uint8_t *nb = realloc(buf, cap *= 2);
      if (!nb) free(buf);
      buf = nb;
    }
  fclose(f);
  if (!buf) {
    snprintf(err, 512, "%s: out of memory", path);
    return -1;
  }
  rd r = {buf, len, 0, path, err};
  int rc = parse(&r, k);
  free(buf);
  return rc;
}

/* The object of this name (NULL when the test has none). */
static const kobj *find(const ktest *k, const char *name) {
  for (uint32_t i = 0; i < k->nobjs; i++)
    if (strcmp(k->objs[i].name, name) == 0) return &k->objs[i];
  return NULL;
}

/* Names as the runtime gives them: a repeated name gets _1, _2, ... */
static const kobj *find_nth(const ktest *k, const char *base, unsigned nth, char *err) {
  char name[64];
  if (nth) snprintf(name, sizeof name, "%s_%u", base, nth);
  else snprintf(name, sizeof name, "%s", base);
  const kobj *o = find(k, name);
  if (!o) snprintf(err, 512, "the test has no object '%s'", name);
  return o;
}

typedef struct run {
  char **argv;
  int argc;
  const kobj *in;            /* stdin bytes, or NULL: empty */
  const kobj *files[SXL_SPEC_MAX_FILES];
  unsigned nfiles;
} run;

/* A symbolic argument: its bytes up to the first NUL. */
static int sym_arg(const ktest *k, unsigned *nsym, run *rn, char *err) {
  char name[16];
  snprintf(name, sizeof name, "arg%02u", *nsym % 100);
  const kobj *o = find_nth(k, name, *nsym / 100, err);
  (*nsym)++;
  if (!o) return -1;
  rn->argv[rn->argc++] = (char *)o->bytes; /* NUL-terminated by bytes() */
  return 0;
}

/* The program's argv from the recorded arguments and the objects. */
static int arguments(const ktest *k, const sxl_spec *s, const char *prog, run *rn, char *err) {
  unsigned nsym = 0, nargs = 0;
  if (!(rn->argv = calloc(SXL_SPEC_MAX_ITEMS + 2, sizeof *rn->argv))) return -1;
  rn->argv[rn->argc++] = (char *)prog;
  for (unsigned i = 0; i < s->nitems; i++) {
    const sxl_spec_item *it = &s->items[i];
    if (it->kind == SXL_SPEC_CONCRETE) {
      rn->argv[rn->argc++] = (char *)it->arg;
      continue;
    }
    uint32_t count = 1;
    if (it->kind == SXL_SPEC_ARGS) {
      const kobj *n = find_nth(k, "n_args", nargs++, err);
      if (!n) return -1;
      if (n->len != 4) {
        snprintf(err, 512, "object n_args: %u bytes, not 4", n->len);
        return -1;
      }
      count = n->bytes[0] | (uint32_t)n->bytes[1] << 8 | (uint32_t)n->bytes[2] << 16 |
              (uint32_t)n->bytes[3] << 24;
      if (count < it->min || count > it->max) {
        snprintf(err, 512, "object n_args: %u, outside %u..%u", count, it->min, it->max);
        return -1;
      }
    }
    for (uint32_t c = 0; c < count; c++)
      if (sym_arg(k, &nsym, rn, err)) return -1;
  }
  rn->argv[rn->argc] = NULL;
  return 0;
}

static int inputs(const ktest *k, const sxl_spec *s, run *rn, char *err) {
  if (s->sym_stdin && s->stdin_len && !(rn->in = find_nth(k, "stdin", 0, err))) return -1;
  for (unsigned i = 0; i < s->nfiles; i++) {
    char name[16];
    snprintf(name, sizeof name, "%c-data", 'A' + i);
    if (s->file_len && !(rn->files[i] = find_nth(k, name, 0, err))) return -1;
    rn->nfiles++;
  }
  return 0;
}

static int write_file(const char *path, const kobj *o, char *err) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ssize_t w = fd < 0 ? -1 : o ? write(fd, o->bytes, o->len) : 0;
  if (fd >= 0) close(fd);
  if (w < 0 || (o && (size_t)w != o->len)) {
    snprintf(err, 512, "%.400s: %s", path, strerror(errno));
    return -1;
  }
  return 0;
}

/* The directory the program runs in, with files A, B, ...; and stdin. */
static int prepare(const run *rn, char *dir, int *in_fd, char *err) {
  const char *tmp = getenv("TMPDIR");
  snprintf(dir, 4096, "%s/symx-replay-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    snprintf(err, 512, "cannot create a temporary directory: %s", strerror(errno));
    return -1;
  }
  char path[4200];
  for (unsigned i = 0; i < rn->nfiles; i++) {
    snprintf(path, sizeof path, "%s/%c", dir, 'A' + i);
    if (write_file(path, rn->files[i], err)) return -1;
  }
  /* stdin: a file outside the program's view, removed once open */
  snprintf(path, sizeof path, "%s.stdin", dir);
  if (write_file(path, rn->in, err)) return -1;
  *in_fd = open(path, O_RDONLY);
  unlink(path);
  if (*in_fd < 0) snprintf(err, 512, "%.400s: %s", path, strerror(errno));
  return *in_fd < 0 ? -1 : 0;
}

/* Frees env's n strings and env; NULL. */
static char **env_free(char **env, size_t n) {
  for (size_t i = 0; env && i < n; i++) free(env[i]);
  free(env);
  return NULL;
}

/* Appends a copy of str to the NULL-terminated *env of *n entries. */
static int env_push(char ***env, size_t *n, const char *str) {
  char **ne = realloc(*env, (*n + 2) * sizeof *ne);
  if (!ne) return -1;
  *env = ne;
  if (!(ne[*n] = strdup(str))) return -1;
  ne[++*n] = NULL;
  return 0;
}

/* The program's environment: NAME=VALUE lines of path (blank lines and #
** comments skipped; another line is an error, as symx-llvm's --environ),
** or without path symx-replay's own (klee-replay passes its own too). */
static char **environ_of(const char *path, char *err) {
  char **env = calloc(1, sizeof *env);
  size_t n = 0;
  int bad = !env;
  if (!path) {
    for (char **e = environ; !bad && e && *e; e++) bad = env_push(&env, &n, *e);
    if (bad) snprintf(err, 512, "out of memory");
    return bad ? env_free(env, n) : env;
  }
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, 512, "--environ %.400s: %s", path, strerror(errno));
    return env_free(env, n);
  }
  char line[8192];
  for (unsigned no = 1; !bad && fgets(line, sizeof line, f); no++) {
    line[strcspn(line, "\r\n")] = 0;
    if (!line[0] || line[0] == '#') continue;
    if (!strchr(line, '=')) {
      snprintf(err, 512, "--environ %.400s: line %u is not NAME=VALUE", path, no);
      bad = 1;
    } else if (env_push(&env, &n, line)) {
      snprintf(err, 512, "out of memory");
      bad = 1;
    }
  }
  fclose(f);
  return bad ? env_free(env, n) : env;
}

/* Runs prog; its wait status, or -1. */
static int execute(const char *prog, const run *rn, const char *dir, int in_fd, char **env,
                   unsigned timeout, char *err) {
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, 512, "fork: %s", strerror(errno));
    return -1;
  }
  if (pid == 0) {
    if (chdir(dir) || dup2(in_fd, 0) < 0) _exit(127);
    close(in_fd);
    if (timeout) alarm(timeout); /* survives exec: a hung program ends */
    execve(prog, rn->argv, env);
    fprintf(stderr, "symx-replay: %s: %s\n", prog, strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      snprintf(err, 512, "waitpid: %s", strerror(errno));
      return -1;
    }
  return status;
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  remove(path);
  return 0;
}

typedef struct opts {
  const char *environ_file, *prog, *test;
  unsigned timeout;
  int ktest_env, keep_dir;
} opts;

static int usage(void) {
  fputs("usage: symx-replay [--environ FILE] [--timeout S] [--ktest-env] [--keep-dir]\n"
        "                   PROG TEST.ktest\n"
        "Runs PROG natively with the arguments, stdin and files (A, B, ...) of a\n"
        "symx-llvm test case, in a fresh temporary directory, with the environment\n"
        "of --environ (NAME=VALUE lines; default symx-replay's own; --ktest-env adds KTEST_FILE\n"
        "for programs linked with libsymx-replay). Reports the exit status or the\n"
        "signal and exits with it (a signal N: 128+N; a hang past --timeout S,\n"
        "default 10, is SIGALRM). 2 on a bad test case.\n",
        stderr);
  return 2;
}

static int parse_opts(int argc, char **argv, opts *o) {
  o->timeout = 10;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
    const char *a = argv[i] + 2;
    if (!strcmp(a, "ktest-env")) o->ktest_env = 1;
    else if (!strcmp(a, "keep-dir")) o->keep_dir = 1;
    else if (!strcmp(a, "environ") && i + 1 < argc) o->environ_file = argv[++i];
    else if (!strcmp(a, "timeout") && i + 1 < argc) o->timeout = (unsigned)atoi(argv[++i]);
    else return -1;
  }
  if (argc - i != 2) return -1;
  o->prog = argv[i];
  o->test = argv[i + 1];
  return 0;
}

/* What happened, on stderr, and symx-replay's exit code. */
static int report(int status) {
  if (WIFEXITED(status)) {
    fprintf(stderr, "symx-replay: exit status %d\n", WEXITSTATUS(status));
    return WEXITSTATUS(status);
  }
  int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  fprintf(stderr, "symx-replay: killed by signal %d (%s)\n", sig, strsignal(sig));
  return 128 + sig;
}

/* Everything but the run: the test, argv, the directory, stdin. */
static int setup(const opts *o, ktest *k, run *rn, char *dir, int *in_fd, char *err) {
  static sxl_spec spec;
  if (load(o->test, k, err)) return -1;
  if (k->nargs < 1) {
    snprintf(err, 512, "%.400s: records no arguments (not a symx-llvm environment test)", o->test);
    return -1;
  }
  if (sxl_spec_parse(&spec, (int)k->nargs - 1, k->args + 1)) {
    snprintf(err, 512, "%.200s: recorded arguments: %.280s", o->test, spec.err);
    return -1;
  }
  if (spec.max_fail)
    fprintf(stderr, "symx-replay: note: failures of --max-fail are not replayed\n");
  if (arguments(k, &spec, o->prog, rn, err) || inputs(k, &spec, rn, err)) return -1;
  return prepare(rn, dir, in_fd, err);
}

int main(int argc, char **argv) {
  opts o = {0};
  if (parse_opts(argc, argv, &o)) return usage();
  char err[512] = "", dir[4096] = "", prog[4096];
  if (!realpath(o.prog, prog)) {
    fprintf(stderr, "symx-replay: %s: %s\n", o.prog, strerror(errno));
    return 2;
  }
  ktest k = {0};
  run rn = {0};
  int in_fd = -1, rc = 2;
  char **env = environ_of(o.environ_file, err), kt[4200];
  size_t nenv = 0; /* the strings env owns */
  while (env && env[nenv]) nenv++;
  if (env && !setup(&o, &k, &rn, dir, &in_fd, err)) {
    if (o.ktest_env && realpath(o.test, kt + 11)) {
      memcpy(kt, "KTEST_FILE=", 11);
      char **ne = realloc(env, (nenv + 2) * sizeof *env);
      if (ne) (env = ne)[nenv] = kt, env[nenv + 1] = NULL;
    }
    rn.argv[0] = prog;
    int status = execute(prog, &rn, dir, in_fd, env, o.timeout, err);
    if (status >= 0) rc = report(status);
  }
  if (err[0]) fprintf(stderr, "symx-replay: %s\n", err);
  if (in_fd >= 0) close(in_fd);
  if (dir[0] && !o.keep_dir) nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
  else if (dir[0]) fprintf(stderr, "symx-replay: kept %s\n", dir);
  for (size_t i = 0; i < nenv; i++) free(env[i]);
  free(env);
  free(rn.argv);
  ktest_free(&k);
  return rc;
}
