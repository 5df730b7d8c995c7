/*
** session_args.c — main's arguments and environment for a session, and
** their record in every .ktest test case (KLEE's "args").
*/
#include "driver.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

extern char **environ;

static void free_strv(char **v, uint32_t n) {
  for (uint32_t i = 0; v && i < n; i++) free(v[i]);
  free(v);
}

void sxl_session_free_args(sxl_session *s) {
  free_strv(s->x.argv, s->x.argc);
  free_strv(s->x.envp, s->x.nenv);
  s->x.argv = s->x.envp = NULL;
  s->x.argc = s->x.nenv = 0;
}

/* Appends a copy of str to *v (n entries); 0 or -1. */
static int push(char ***v, uint32_t *n, const char *str, size_t len) {
  char **nv = realloc(*v, (*n + 1) * sizeof *nv);
  if (!nv) return -1;
  *v = nv;
  if (!(nv[*n] = malloc(len + 1))) return -1;
  memcpy(nv[*n], str, len);
  nv[*n][len] = 0;
  (*n)++;
  return 0;
}

/* symx-llvm's own environment, as KLEE passes its own to the program (and
** klee-replay, like symx-replay, to the native run). */
static int host_environ(sxl_session *s) {
  for (char **e = environ; e && *e; e++)
    if (push(&s->x.envp, &s->x.nenv, *e, strlen(*e))) {
      snprintf(s->err, sizeof s->err, "out of memory");
      return -1;
    }
  return 0;
}

/* NAME=VALUE lines of path (blank lines and # comments skipped). */
static int read_environ(sxl_session *s, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(s->err, sizeof s->err, "--environ %.900s: cannot read (%s)", path, strerror(errno));
    return -1;
  }
  char line[8192];
  int rc = 0;
  for (unsigned no = 1; !rc && fgets(line, sizeof line, f); no++) {
    size_t n = strcspn(line, "\r\n");
    if (!n || line[0] == '#') continue;
    if (!memchr(line, '=', n)) {
      snprintf(s->err, sizeof s->err, "--environ %.900s: line %u is not NAME=VALUE", path, no);
      rc = -1;
    } else if (push(&s->x.envp, &s->x.nenv, line, n)) {
      snprintf(s->err, sizeof s->err, "out of memory");
      rc = -1;
    }
  }
  fclose(f);
  return rc;
}

int sxl_session_set_args(sxl_session *s, const char *name, int argc, char **argv,
                         const char *environ_file) {
  sxl_session_free_args(s);
  if (push(&s->x.argv, &s->x.argc, name, strlen(name))) goto oom;
  for (int i = 0; i < argc; i++)
    if (push(&s->x.argv, &s->x.argc, argv[i], strlen(argv[i]))) goto oom;
  if (environ_file ? read_environ(s, environ_file) : host_environ(s)) {
    sxl_session_free_args(s);
    return -1;
  }
  return 0;
oom:
  sxl_session_free_args(s);
  snprintf(s->err, sizeof s->err, "out of memory");
  return -1;
}
