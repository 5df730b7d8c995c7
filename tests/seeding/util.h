/* tests/seeding/util.h — scratch directories and small file helpers for the
** seeding tests. */
#ifndef SX_TEST_SEEDING_UTIL_H
#define SX_TEST_SEEDING_UTIL_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static inline char *tmpdir_new(void) {
  static char buf[8][64];
  static int k;
  char *p = buf[k++ % 8];
  snprintf(p, 64, "/tmp/symx-seeding-XXXXXX");
  return mkdtemp(p);
}

static inline void tmpdir_free(const char *d) {
  if (!d) return;
  DIR *dir = opendir(d);
  if (dir) {
    struct dirent *e;
    while ((e = readdir(dir))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      char p[4096];
      if (snprintf(p, sizeof p, "%s/%s", d, e->d_name) >= (int)sizeof p) continue;
      struct stat st;
      if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) tmpdir_free(p);
      else remove(p);
    }
    closedir(dir);
  }
  rmdir(d);
}

static inline void write_file(const char *dir, const char *name, const void *data, size_t n) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f) { perror(path); exit(2); }
  if (n) fwrite(data, 1, n, f);
  fclose(f);
}

/* Reads dir/name into a malloc'd buffer (NULL when missing). */
static inline uint8_t *read_file(const char *dir, const char *name, size_t *n) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *b = malloc((size_t)len + 1);
  *n = fread(b, 1, (size_t)len, f);
  b[*n] = 0;
  fclose(f);
  return b;
}

static inline int count_files(const char *dir, int with_dot) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && (with_dot || e->d_name[0] != '.')) n++;
  closedir(d);
  return n;
}

static inline int exists(const char *dir, const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  struct stat st;
  return stat(path, &st) == 0;
}

#endif
