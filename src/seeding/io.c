/*
** io.c — file-system helpers of the seeding folder (see io.h).
*/
#include "io.h"
#include "error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *sx_seeding_join(symx_ctx *ctx, const char *a, const char *b, const char *func) {
  size_t la = strlen(a);
  bool slash = la && a[la - 1] == '/';
  char *s = sx_strdupf(ctx, "%s%s%s", a, slash ? "" : "/", b);
  if (!s) sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  return s;
}

int64_t sx_seeding_file_size(const char *path) {
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) return -1;
  return (int64_t)st.st_size;
}

bool sx_seeding_is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

void sx_seeding_free_buf(symx_ctx *ctx, uint8_t *buf, size_t len) { sx_free(ctx, buf, len + 1); }

int sx_seeding_read(symx_ctx *ctx, const char *path, size_t max, uint8_t **buf, size_t *len,
               const char *func) {
  *buf = NULL;
  *len = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK); /* a FIFO must not block us */
  if (fd < 0) return sx_error(ctx, SYMX_IO, func, "%s: cannot open: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return sx_error(ctx, SYMX_IO, func, "%s: not a regular file", path);
  }
  if ((uint64_t)st.st_size > max) {
    close(fd);
    return sx_error(ctx, SYMX_RANGE, func, "%s: %lld bytes, more than the limit of %zu", path,
                    (long long)st.st_size, max);
  }
  size_t n = (size_t)st.st_size;
  uint8_t *b = sx_alloc(ctx, n + 1);
  if (!b) {
    close(fd);
    return sx_error(ctx, SYMX_NOMEM, func, "%s: out of memory (%zu bytes)", path, n);
  }
  size_t got = 0;
  while (got < n) { /* the file may shrink while we read: take what is there */
    ssize_t r = read(fd, b + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      int e = errno;
      close(fd);
      sx_free(ctx, b, n + 1);
      return sx_error(ctx, SYMX_IO, func, "%s: read failed: %s", path, strerror(e));
    }
    if (r == 0) break;
    got += (size_t)r;
  }
  close(fd);
  if (got < n) { /* keep the allocation size exact for sx_seeding_free_buf */
    uint8_t *s = sx_realloc(ctx, b, n + 1, got + 1);
    if (!s) {
      sx_free(ctx, b, n + 1);
      return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    }
    b = s;
  }
  b[got] = 0;
  *buf = b;
  *len = got;
  return SYMX_OK;
}

static int write_all(int fd, const uint8_t *p, size_t n) {
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

int sx_seeding_write_atomic(symx_ctx *ctx, const char *dir, const char *name, const void *data,
                       size_t len, const char *func) {
  char *final = sx_strdupf(ctx, "%s/%s", dir, name);
  /* the pid keeps two processes writing the same name apart */
  char *tmp = sx_strdupf(ctx, "%s/.symx-tmp.%ld.%s", dir, (long)getpid(), name);
  int rc = SYMX_OK;
  if (!final || !tmp) {
    rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
    goto done;
  }
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    rc = sx_error(ctx, SYMX_IO, func, "%s: cannot create: %s", tmp, strerror(errno));
    goto done;
  }
  if (write_all(fd, data, len) != 0) {
    int e = errno;
    close(fd);
    unlink(tmp);
    rc = sx_error(ctx, SYMX_IO, func, "%s: write failed: %s", tmp, strerror(e));
    goto done;
  }
  if (close(fd) != 0) {
    int e = errno;
    unlink(tmp);
    rc = sx_error(ctx, SYMX_IO, func, "%s: close failed: %s", tmp, strerror(e));
    goto done;
  }
  if (rename(tmp, final) != 0) {
    int e = errno;
    unlink(tmp);
    rc = sx_error(ctx, SYMX_IO, func, "%s: rename failed: %s", final, strerror(e));
  }
done:
  sx_strfree(ctx, final);
  sx_strfree(ctx, tmp);
  return rc;
}

int sx_seeding_mkdirs(symx_ctx *ctx, const char *dir, const char *func) {
  if (!dir || !*dir) return sx_error(ctx, SYMX_MISUSE, func, "empty directory name");
  size_t size = strlen(dir) + 1; /* p is cut at '/'s below: free by size */
  char *p = sx_strdup(ctx, dir);
  if (!p) return sx_error(ctx, SYMX_NOMEM, func, "out of memory");
  int rc = SYMX_OK;
  for (char *s = p + 1;; s++) {
    if (*s != '/' && *s) continue;
    char c = *s;
    *s = 0;
    if (mkdir(p, 0755) != 0 && errno != EEXIST) {
      rc = sx_error(ctx, SYMX_IO, func, "%s: cannot create directory: %s", p, strerror(errno));
      break;
    }
    *s = c;
    if (!c) break;
  }
  if (rc == SYMX_OK && !sx_seeding_is_dir(dir))
    rc = sx_error(ctx, SYMX_IO, func, "%s: not a directory", dir);
  sx_free(ctx, p, size);
  return rc;
}

void sx_seeding_names_release(symx_ctx *ctx, sx_seeding_names *s) {
  for (char **p = s->begin; p != s->end; p++) sx_strfree(ctx, *p);
  SX_RELEASE(ctx, *s);
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int sx_seeding_list(symx_ctx *ctx, const char *dir, bool skip_dot, bool regular_only,
               sx_seeding_names *out, const char *func) {
  DIR *d = opendir(dir);
  if (!d) return sx_error(ctx, SYMX_IO, func, "%s: cannot open directory: %s", dir, strerror(errno));
  int rc = SYMX_OK;
  struct dirent *e;
  while ((e = readdir(d))) {
    const char *n = e->d_name;
    if (!strcmp(n, ".") || !strcmp(n, "..")) continue;
    if (skip_dot && n[0] == '.') continue;
    if (regular_only) {
      char *full = sx_strdupf(ctx, "%s/%s", dir, n);
      if (!full) {
        rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
        break;
      }
      bool reg = sx_seeding_file_size(full) >= 0;
      sx_strfree(ctx, full);
      if (!reg) continue;
    }
    char *c = sx_strdup(ctx, n);
    if (!c || !SX_PUSH(ctx, *out, c)) {
      sx_strfree(ctx, c);
      rc = sx_error(ctx, SYMX_NOMEM, func, "out of memory");
      break;
    }
  }
  closedir(d);
  if (rc == SYMX_OK && SX_SIZE(*out) > 1) qsort(out->begin, SX_SIZE(*out), sizeof(char *), cmp_str);
  return rc;
}
