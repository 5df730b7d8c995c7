/*
** outdir.c — symx-llvm's output directory: --output-dir DIR (a new or an
** empty directory), else symx-out-N of the current directory, the first
** free N, with the link symx-last to it (KLEE's klee-out-N, klee-last).
** Checked before the run, created once the program is loaded, so a run
** that cannot start leaves nothing behind.
*/
#include "driver.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* 1 when dir holds no entry besides . and .., 0 when it holds one, -1
** when it cannot be read. */
static int is_empty(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  struct dirent *e;
  int empty = 1;
  while (empty && (e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) empty = 0;
  closedir(d);
  return empty;
}

/* The directory that would hold path (its dirname) into buf. */
static void parent_of(const char *path, char *buf, size_t len) {
  snprintf(buf, len, "%s", path);
  size_t n = strlen(buf);
  while (n > 1 && buf[n - 1] == '/') buf[--n] = 0; /* "a/b/" is "a/b" */
  char *slash = strrchr(buf, '/');
  if (!slash) snprintf(buf, len, ".");
  else if (slash == buf) buf[1] = 0;
  else *slash = 0;
}

/* A directory that does not exist yet: its parent must be a writable one. */
static int check_new(const char *dir, char *err, size_t errlen) {
  char parent[4096];
  struct stat st;
  parent_of(dir, parent, sizeof parent);
  if (stat(parent, &st) != 0)
    snprintf(err, errlen, "%s: cannot create the output directory: its parent %s %s", dir,
             parent, errno == ENOENT ? "does not exist" : strerror(errno));
  else if (!S_ISDIR(st.st_mode))
    snprintf(err, errlen, "%s: cannot create the output directory: %s is not a directory", dir,
             parent);
  else if (access(parent, W_OK | X_OK) != 0)
    snprintf(err, errlen, "%s: cannot create the output directory: %s is not writable", dir,
             parent);
  else
    return 0;
  return -1;
}

int sxl_outdir_check(const char *dir, char *err, size_t errlen) {
  struct stat st;
  if (!dir) return check_new("symx-out-0", err, errlen); /* the current directory */
  if (!*dir) {
    snprintf(err, errlen, "--output-dir: an empty name");
    return -1;
  }
  if (stat(dir, &st) != 0) {
    if (errno == ENOENT) return check_new(dir, err, errlen);
    snprintf(err, errlen, "%s: cannot use it as the output directory: %s", dir, strerror(errno));
    return -1;
  }
  int empty = S_ISDIR(st.st_mode) ? is_empty(dir) : 0;
  if (!S_ISDIR(st.st_mode))
    snprintf(err, errlen, "%s: exists and is not a directory (the output directory must be new "
                          "or empty)", dir);
  else if (empty < 0 || access(dir, W_OK | X_OK) != 0)
    snprintf(err, errlen, "%s: the output directory is not writable", dir);
  else if (!empty)
    snprintf(err, errlen, "%s: the output directory exists and is not empty (give a new or an "
                          "empty one)", dir);
  else
    return 0;
  return -1;
}

/* symx-last -> name, replacing an older link; a file of that name that is
** not a link stays, said in warn. */
static void link_last(const char *name, char *warn, size_t warnlen) {
  struct stat st;
  if (lstat("symx-last", &st) == 0 && !S_ISLNK(st.st_mode)) {
    snprintf(warn, warnlen, "symx-last exists and is not a link: left as it is (the output "
                            "directory is %s)", name);
    return;
  }
  unlink("symx-last");
  if (symlink(name, "symx-last") != 0)
    snprintf(warn, warnlen, "cannot link symx-last to %s: %s", name, strerror(errno));
}

int sxl_outdir_create(const char *dir, char *out, size_t outlen, char *warn, size_t warnlen,
                      char *err, size_t errlen) {
  warn[0] = 0;
  if (dir) {
    if (mkdir(dir, 0777) != 0 && (errno != EEXIST || is_empty(dir) != 1)) {
      snprintf(err, errlen, "%s: cannot create the output directory: %s", dir,
               errno == EEXIST ? "it is no longer empty" : strerror(errno));
      return -1;
    }
    snprintf(out, outlen, "%s", dir);
    return 0;
  }
  for (unsigned n = 0; n < 1000000; n++) { /* the first free symx-out-N */
    snprintf(out, outlen, "symx-out-%u", n);
    if (mkdir(out, 0777) == 0) {
      link_last(out, warn, warnlen);
      return 0;
    }
    if (errno != EEXIST) {
      snprintf(err, errlen, "%s: cannot create the output directory: %s", out, strerror(errno));
      return -1;
    }
  }
  snprintf(err, errlen, "symx-out-0 to symx-out-999999 all exist: give --output-dir");
  return -1;
}
