/*
** datadir.c — finds symx-llvm's data from where the executable is, so an
** installed tree works wherever it is put and a build tree works as built.
*/
#include "datadir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The install layout, relative to the prefix (meson's bindir, libdir/symx,
** includedir); an absolute one (a folder outside the prefix) is used as is. */
#ifndef SXL_BINDIR
#define SXL_BINDIR "bin"
#endif
#ifndef SXL_PKGLIBDIR
#define SXL_PKGLIBDIR "lib/symx"
#endif
#ifndef SXL_INCLUDEDIR
#define SXL_INCLUDEDIR "include"
#endif

/* Written by meson at the build folder's top, never installed. */
#define MARKER "symx-build-tree"
#define PATHMAX 4096

static const struct {
  const char *env;  /* the override read here, or NULL */
  const char *file; /* the file, or for a folder the file proving it is the one */
  const char *what;
  const char *over; /* how to point at it instead */
} items[] = {
  [SXL_DATA_LIBC] = {NULL, "symx-libc.bc", "our libc's bitcode", "SYMX_LIBC_BC=FILE"},
  [SXL_DATA_MUSL] = {"SYMX_MUSL_BC", "symx-musl.bc", "musl's bitcode", "SYMX_MUSL_BC=FILE"},
  [SXL_DATA_POSIX] = {"SYMX_POSIX_BC", "symx-posix.bc", "the environment runtime's bitcode",
                      "SYMX_POSIX_BC=FILE"},
  [SXL_DATA_POSIX_MAIN] = {"SYMX_POSIX_MAIN_BC", "symx-posix-main.bc",
                           "the environment runtime's main", "SYMX_POSIX_MAIN_BC=FILE"},
  [SXL_DATA_INCLUDE] = {"SYMX_INCLUDE", "klee/klee.h", "the headers for programs",
                        "SYMX_INCLUDE=DIR"},
};

typedef struct {
  sxl_data which;
  char *buf;
  size_t buflen;
  char looked[2048]; /* every place tried, for the error */
} search;

/* dir holds the item: buf is set and 1 returned; else dir is noted. */
static int try_dir(search *s, const char *dir) {
  char path[PATHMAX];
  int n = snprintf(path, sizeof path, "%s/%s", dir, items[s->which].file);
  if (n > 0 && (size_t)n < sizeof path && access(path, R_OK) == 0) {
    const char *out = s->which == SXL_DATA_INCLUDE ? dir : path;
    if (strlen(out) < s->buflen) {
      snprintf(s->buf, s->buflen, "%s", out);
      return 1;
    }
  }
  size_t used = strlen(s->looked);
  snprintf(s->looked + used, sizeof s->looked - used, "%s%s", used ? ", " : "", path);
  return 0;
}

/* The folder of the running executable into dir (no trailing slash). */
static int exe_dir(char *dir, size_t len) {
  ssize_t n = readlink("/proc/self/exe", dir, len - 1);
  if (n <= 0) return -1;
  dir[n] = 0;
  char *slash = strrchr(dir, '/');
  if (!slash) return -1;
  *slash = 0;
  return 0;
}

/* A build tree's marker file at most three folders above exe: its folder
** into root and the source tree's include folder into inc. */
static int find_marker(const char *exe, char *root, size_t rootlen, char *inc, size_t inclen) {
  char dir[PATHMAX];
  snprintf(dir, sizeof dir, "%s", exe);
  for (int up = 0; up <= 3 && dir[0]; up++) {
    char path[PATHMAX + 32];
    snprintf(path, sizeof path, "%s/" MARKER, dir);
    FILE *f = fopen(path, "r");
    if (f) {
      char line[PATHMAX];
      inc[0] = 0;
      while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (strncmp(line, "include=", 8) == 0) snprintf(inc, inclen, "%s", line + 8);
      }
      fclose(f);
      snprintf(root, rootlen, "%s", dir);
      return 0;
    }
    char *slash = strrchr(dir, '/');
    if (!slash) break;
    *slash = 0;
  }
  return -1;
}

/* The prefix an installed executable sits in: exe minus SXL_BINDIR's
** folders, when exe ends with them. */
static int install_prefix(const char *exe, char *prefix, size_t len) {
  const char *bin = SXL_BINDIR;
  size_t e = strlen(exe), b = strlen(bin);
  if (bin[0] == '/' || b >= e || strcmp(exe + e - b, bin) || exe[e - b - 1] != '/') return -1;
  snprintf(prefix, len, "%.*s", (int)(e - b - 1), exe);
  return 0;
}

int sxl_data_path(sxl_data which, char *buf, size_t buflen, char *err, size_t errlen) {
  const char *env = items[which].env ? getenv(items[which].env) : NULL;
  if (env && *env) {
    snprintf(buf, buflen, "%s", env);
    return 0;
  }
  search s = {which, buf, buflen, ""};
  int inc = which == SXL_DATA_INCLUDE;
  const char *rel = inc ? SXL_INCLUDEDIR : SXL_PKGLIBDIR;
  char exe[PATHMAX], dir[2 * PATHMAX + 8], root[PATHMAX], srcinc[PATHMAX];
  if (exe_dir(exe, sizeof exe) == 0) {
    if (!inc && try_dir(&s, exe)) return 0;
    if (find_marker(exe, root, sizeof root, srcinc, sizeof srcinc) == 0) {
      snprintf(dir, sizeof dir, "%s/frontends/llvm", root);
      if (inc ? srcinc[0] && try_dir(&s, srcinc) : try_dir(&s, dir)) return 0;
    }
    if (rel[0] != '/' && install_prefix(exe, root, sizeof root) == 0) {
      snprintf(dir, sizeof dir, "%s/%s", root, rel);
      if (try_dir(&s, dir)) return 0;
    }
  }
  if (rel[0] == '/' && try_dir(&s, rel)) return 0;
  snprintf(err, errlen, "%s (%s) not found; looked for %s; %s overrides", items[which].file,
           items[which].what, s.looked[0] ? s.looked : "nothing (no /proc/self/exe)",
           items[which].over);
  return -1;
}
