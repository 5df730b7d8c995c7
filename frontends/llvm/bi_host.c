/*
** bi_host.c — what the symbolic environment's runtime (posix/) asks of the
** host: a file's status and bytes, for concrete paths only (a symbolic
** path is concretized under the witness first), and the AFL peer's
** queue entry as stdin. Host files are read, never
** written: the runtime keeps what the program writes in its own memory.
*/
#include "builtins.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The NUL-terminated path at addr into buf, each symbolic byte pinned to
** its witness value (the equality added to the path). SXL_CONTINUE, or
** *errn = ENAMETOOLONG / EFAULT with SXL_CONTINUE; else the loop's code. */
static int host_path(run *r, uint64_t addr, char *buf, size_t len, int *errn) {
  *errn = 0;
  for (size_t i = 0; i < len; i++) {
    uint32_t id;
    uint64_t off;
    symx_expr *soff;
    int rc = sxl_resolve(r, addr + i, NULL, 1, 0, &id, &off, &soff);
    if (rc != SXL_CONTINUE) return rc;
    symx_expr *b = sxl_read_byte(r, sxl_mem_get(r->s->mem, id), off);
    if (!b) return sxl_fatal(r, "host path");
    uint64_t v = 0;
    if (symx_expr_is_const(b)) {
      v = symx_expr_const_value(b);
    } else if (!r->st || (sxl_flush(r), symx_state_concretize(r->st, b, &v)) != SYMX_OK) {
      symx_expr_release(b);
      return sxl_fatal(r, "host path: symx_state_concretize");
    }
    symx_expr_release(b);
    buf[i] = (char)v;
    if (!v) return SXL_CONTINUE;
  }
  *errn = ENAMETOOLONG;
  return SXL_CONTINUE;
}

/* n concrete bytes into the program's memory at addr. */
static int put_bytes(run *r, uint64_t addr, const uint8_t *bytes, uint64_t n) {
  if (!n) return SXL_CONTINUE;
  uint32_t id;
  uint64_t off;
  symx_expr *soff;
  int rc = sxl_resolve(r, addr, NULL, n, 1, &id, &off, &soff);
  if (rc != SXL_CONTINUE) return rc;
  sxl_obj *o = sxl_mem_write_obj(&r->s->mem, id);
  if (!o) return sxl_oom(r);
  if (!o->nsym && !o->amode) {
    if (sxl_bytes_write(o, off, bytes, n, r->s->mem->copied)) return sxl_oom(r);
    symx_expr_release(o->arr); /* the cached array form is stale now */
    o->arr = NULL;
    return SXL_CONTINUE;
  }
  for (uint64_t k = 0; k < n; k++) {
    symx_expr *b = symx_const(r->ctx, 8, bytes[k]);
    int bad = !b || sxl_write_byte(r, id, off + k, b);
    symx_expr_release(b);
    if (bad) return sxl_fatal(r, "host read");
  }
  return SXL_CONTINUE;
}

/* __symx_host_stat(path, struct stat *st, nofollow): 0 or -errno. */
int sxl_bi_host_stat(sxl_bcall *c) {
  int rc = sxl_bi_args(c, 3);
  char path[4096];
  int errn;
  if (rc == SXL_CONTINUE) rc = host_path(c->r, c->a[0], path, sizeof path, &errn);
  if (rc != SXL_CONTINUE) return rc;
  if (errn) return sxl_bi_ret(c, (uint64_t)-(int64_t)errn);
  struct stat st;
  if ((c->a[2] ? lstat(path, &st) : stat(path, &st)) != 0)
    return sxl_bi_ret(c, (uint64_t)-(int64_t)errno);
  rc = put_bytes(c->r, c->a[1], (const uint8_t *)&st, sizeof st);
  return rc == SXL_CONTINUE ? sxl_bi_ret(c, 0) : rc;
}

/* __symx_host_read(path, buf, n, off): bytes read at off, or -errno. */
int sxl_bi_host_read(sxl_bcall *c) {
  int rc = sxl_bi_args(c, 4);
  char path[4096];
  int errn;
  if (rc == SXL_CONTINUE) rc = host_path(c->r, c->a[0], path, sizeof path, &errn);
  if (rc != SXL_CONTINUE) return rc;
  if (errn) return sxl_bi_ret(c, (uint64_t)-(int64_t)errn);
  uint64_t n = c->a[2] > (1u << 20) ? (1u << 20) : c->a[2]; /* a short read is allowed */
  uint8_t *buf = malloc(n ? n : 1);
  if (!buf) return sxl_oom(c->r);
  int fd = open(path, O_RDONLY);
  ssize_t got = fd < 0 ? -1 : pread(fd, buf, n, (off_t)c->a[3]);
  int e = errno;
  if (fd >= 0) close(fd);
  if (got < 0) {
    free(buf);
    return sxl_bi_ret(c, (uint64_t)-(int64_t)e);
  }
  rc = put_bytes(c->r, c->a[1], buf, (uint64_t)got);
  free(buf);
  return rc == SXL_CONTINUE ? sxl_bi_ret(c, (uint64_t)got) : rc;
}

/* __symx_input_entry(which, tail, n): the length of the AFL peer's entry
** when it is input which (sxl_exec.entry_of: 1 stdin, 2 + k file k), else
** -1; its first n bytes past the input's N at most copied into tail. */
int sxl_bi_input_entry(sxl_bcall *c) {
  int rc = sxl_bi_args(c, 3);
  if (rc != SXL_CONTINUE) return rc;
  const sxl_exec *x = c->r->x;
  if (!x->entry_of || (uint32_t)x->entry_of != (uint32_t)c->a[0]) return sxl_bi_ret(c, (uint64_t)-1);
  uint64_t n = c->a[2] < x->entry_tail_len ? c->a[2] : x->entry_tail_len;
  rc = put_bytes(c->r, c->a[1], x->entry_tail, n);
  return rc == SXL_CONTINUE ? sxl_bi_ret(c, (uint64_t)x->entry_len) : rc;
}
