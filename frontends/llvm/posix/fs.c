/*
** fs.c — the runtime's files: descriptors over open file descriptions,
** symbolic files (A, B, ..., stdin) and files the program creates, all in
** the path's memory; host files read (never written) through builtins.
*/
#include "posix.h"

#include <errno.h>
#include <fcntl.h>

sxp_env __symx_env;
#define E __symx_env

size_t sxp_strlen(const char *s) {
  size_t n = 0;
  while (s[n]) n++;
  return n;
}

int sxp_streq(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}

char *sxp_strdup(const char *s) {
  size_t n = sxp_strlen(s) + 1;
  char *d = malloc(n);
  if (d) sxp_memcpy(d, s, n);
  return d;
}

void sxp_memcpy(void *d, const void *s, size_t n) {
  if (n) __builtin_memcpy(d, s, n);
}

void sxp_memset(void *d, int c, size_t n) {
  if (n) __builtin_memset(d, c, n);
}

static sxp_ofd *ofd(int kind, int flags) {
  sxp_ofd *o = calloc(1, sizeof *o);
  if (!o) return 0;
  o->kind = kind;
  o->flags = flags;
  o->refs = 1;
  return o;
}

/* Descriptors 0, 1, 2: an empty stdin, stdout, stderr (once per run). */
void sxp_init(void) {
  if (E.ready) return;
  E.ready = 1;
  E.fd[0] = ofd(SXP_EMPTY, O_RDONLY);
  E.fd[1] = ofd(SXP_OUT, O_WRONLY);
  E.fd[2] = ofd(SXP_OUT, O_WRONLY);
  if (E.fd[1]) E.fd[1]->outfd = 1;
  if (E.fd[2]) E.fd[2]->outfd = 2;
}

/* The status of a file of size bytes the runtime holds. */
static void file_stat(sxp_file *f, long size, int mode) {
  sxp_memset(&f->st, 0, sizeof f->st);
  f->st.st_mode = (unsigned)mode;
  f->st.st_nlink = 1;
  f->st.st_size = size;
  f->st.st_blksize = 4096;
  f->st.st_blocks = (size + 511) / 512;
  f->st.st_ino = (unsigned long)(f - E.files) + 100;
}

/* A symbolic file: its data named NAME-data, its status NAME-data-stat
** (recorded as KLEE does; the model's status is then set concretely). Its
** len symbolic bytes are followed by tail concrete ones (an entry's, below). */
static int sym_file(sxp_file *f, const char *name, const char *obj, unsigned len, long tail,
                    int which) {
  char dname[32], sname[40];
  size_t n = sxp_strlen(obj);
  sxp_memcpy(dname, obj, n);
  sxp_memcpy(dname + n, "-data", 6);
  sxp_memcpy(sname, dname, n + 5);
  sxp_memcpy(sname + n + 5, "-stat", 6);
  f->name = name ? sxp_strdup(name) : 0;
  f->data = malloc(len + tail ? (size_t)(len + tail) : 1);
  if (!f->data || (name && !f->name)) return -1;
  f->size = f->cap = len + tail;
  if (len) symx_make_symbolic(f->data, len, name ? dname : obj);
  if (tail) __symx_input_entry(which, f->data + len, tail);
  symx_make_symbolic(&f->st, sizeof f->st, name ? sname : "stdin-stat");
  file_stat(f, len + tail, S_IFREG | 0644);
  return 0;
}

/* stdin or a symbolic file (which: 1, or 2 + its index): N symbolic
** bytes, or the AFL peer's queue entry of L bytes, as afl-fuzz gives it:
** reads meet EOF after L (the N - L symbolic bytes past it are never read),
** and bytes past N are the entry's own, concrete. */
static int sym_input(sxp_file *f, const char *name, const char *obj, unsigned n, int which) {
  long len = __symx_input_entry(which, 0, 0);
  long tail = len > (long)n ? len - (long)n : 0;
  if (sym_file(f, name, obj, n, tail, which)) return -1;
  if (len >= 0 && len < (long)n) {
    f->size = len;
    f->st.st_size = len;
    f->st.st_blocks = (len + 511) / 512;
  }
  return 0;
}

static int *fail_counter(const char *name) {
  int *c = malloc(sizeof *c);
  if (c) symx_make_symbolic(c, sizeof *c, name);
  return c;
}

/* The environment the options ask for (spec.h). 0, or -1 out of memory. */
int sxp_setup(const sxl_spec *s) {
  sxp_init();
  for (unsigned i = 0; i < s->nfiles; i++) {
    char name[2] = {(char)('A' + i), 0};
    if (sym_input(&E.files[i], name, name, s->file_len, 2 + (int)i)) return -1;
    E.nfiles++;
  }
  if (s->sym_stdin) {
    if (sym_input(&E.in, 0, "stdin", s->stdin_len, 1)) return -1;
    E.fd[0]->kind = SXP_FILE;
    E.fd[0]->f = &E.in;
  }
  if (s->max_fail) {
    E.max_fail = s->max_fail;
    E.read_fail = fail_counter("read_fail");
    E.write_fail = fail_counter("write_fail");
    E.close_fail = fail_counter("close_fail");
    E.getcwd_fail = fail_counter("getcwd_fail");
    if (!E.read_fail || !E.write_fail || !E.close_fail || !E.getcwd_fail) return -1;
  }
  return 0;
}

int sxp_fails(int *counter, int *ncalls) {
  ++*ncalls;
  if (!E.max_fail || !counter || *counter != *ncalls) return 0;
  E.max_fail--;
  return 1;
}

sxp_ofd *sxp_get(long fd) {
  sxp_init();
  return fd >= 0 && fd < SXP_NFD ? E.fd[fd] : 0;
}

/* The lowest free descriptor >= lowest for o (-EMFILE when none). */
long sxp_new_fd(sxp_ofd *o, long lowest) {
  for (long i = lowest < 0 ? 0 : lowest; i < SXP_NFD; i++)
    if (!E.fd[i]) {
      E.fd[i] = o;
      E.cloexec[i] = 0;
      o->refs++;
      return i;
    }
  return -EMFILE;
}

/* A file the runtime holds under path (symbolic or created), or NULL. */
sxp_file *sxp_find(const char *path) {
  for (unsigned i = 0; i < E.nfiles; i++)
    if (!E.files[i].removed && sxp_streq(E.files[i].name, path)) return &E.files[i];
  for (unsigned i = 0; i < E.nmade; i++)
    if (!E.made[i]->removed && sxp_streq(E.made[i]->name, path)) return E.made[i];
  return 0;
}

static sxp_file *create(const char *path, long mode) {
  if (E.nmade == SXP_NNEW) return 0;
  sxp_file *f = calloc(1, sizeof *f);
  if (!f || !(f->name = sxp_strdup(path))) return 0;
  file_stat(f, 0, S_IFREG | (int)(mode & 0777));
  E.made[E.nmade++] = f;
  return f;
}

static long open_held(sxp_file *f, long flags) {
  if ((flags & O_CREAT) && (flags & O_EXCL)) return -EEXIST;
  if ((flags & O_TRUNC) && (flags & O_ACCMODE) != O_RDONLY) f->size = 0;
  sxp_ofd *o = ofd(SXP_FILE, (int)flags);
  if (!o) return -ENOMEM;
  o->f = f;
  long fd = sxp_new_fd(o, 0);
  o->refs--;
  if (fd < 0) free(o);
  return fd;
}

/* A host file, read only: a descriptor naming its path. */
static long open_host(const char *path, long flags, const struct stat *st) {
  if ((flags & O_CREAT) && (flags & O_EXCL)) return -EEXIST;
  if ((flags & O_ACCMODE) != O_RDONLY) return S_ISDIR(st->st_mode) ? -EISDIR : -EACCES;
  if ((flags & O_DIRECTORY) && !S_ISDIR(st->st_mode)) return -ENOTDIR;
  sxp_ofd *o = ofd(SXP_HOST, (int)flags);
  if (!o || !(o->path = sxp_strdup(path))) return -ENOMEM;
  o->isdir = S_ISDIR(st->st_mode);
  long fd = sxp_new_fd(o, 0);
  o->refs--;
  if (fd < 0) free(o);
  return fd;
}

long sxp_open(const char *path, long flags, long mode) {
  sxp_init();
  if (!path) return -EFAULT;
  if (!*path) return -ENOENT;
  sxp_file *f = sxp_find(path);
  if (f) return open_held(f, flags);
  struct stat st;
  long r = __symx_host_stat(path, &st, 0);
  if (r == 0) return open_host(path, flags, &st);
  if (r != -ENOENT || !(flags & O_CREAT)) return r;
  if (!(f = create(path, mode))) return -ENOSPC;
  return open_held(f, flags & ~(long)O_EXCL);
}

/* n bytes at off (off < 0: at the description's offset, which moves). */
long sxp_read(sxp_ofd *o, void *buf, long n, long off) {
  if ((o->flags & O_ACCMODE) == O_WRONLY) return -EBADF;
  long at = off < 0 ? o->off : off, got = 0;
  if (o->kind == SXP_EMPTY) return 0;
  if (o->kind == SXP_OUT) return -EBADF;
  if (o->kind == SXP_HOST) {
    if (o->isdir) return -EISDIR;
    got = __symx_host_read(o->path, buf, n, at);
    if (got < 0) return got;
  } else {
    sxp_file *f = o->f;
    got = at >= f->size ? 0 : f->size - at < n ? f->size - at : n;
    sxp_memcpy(buf, f->data + at, (size_t)got);
  }
  if (off < 0) o->off += got;
  return got;
}

/* Room for size bytes in a held file (zeros past its end). */
static int grow(sxp_file *f, long size) {
  if (size <= f->cap) return 0;
  long cap = f->cap ? f->cap : 64;
  while (cap < size) cap *= 2;
  unsigned char *d = realloc(f->data, (size_t)cap);
  if (!d) return -1;
  sxp_memset(d + f->cap, 0, (size_t)(cap - f->cap));
  f->data = d;
  f->cap = cap;
  return 0;
}

long sxp_resize(sxp_file *f, long size) {
  if (grow(f, size)) return -ENOSPC;
  if (size > f->size) sxp_memset(f->data + f->size, 0, (size_t)(size - f->size));
  f->size = size;
  f->st.st_size = size;
  return 0;
}

long sxp_write(sxp_ofd *o, const void *buf, long n, long off) {
  if ((o->flags & O_ACCMODE) == O_RDONLY && o->kind != SXP_OUT) return -EBADF;
  if (o->kind == SXP_OUT) return __symx_write(o->outfd, buf, (size_t)n);
  if (o->kind != SXP_FILE) return -EBADF;
  sxp_file *f = o->f;
  long at = off >= 0 ? off : (o->flags & O_APPEND) ? f->size : o->off;
  if (at + n > (1L << 30)) return -EFBIG;
  if (grow(f, at + n)) return -ENOSPC;
  if (at > f->size) sxp_memset(f->data + f->size, 0, (size_t)(at - f->size)); /* a hole */
  sxp_memcpy(f->data + at, buf, (size_t)n);
  if (at + n > f->size) f->size = at + n;
  f->st.st_size = f->size;
  if (off < 0) o->off = at + n;
  return n;
}

long sxp_stat_path(const char *path, struct stat *st, int nofollow) {
  if (!path) return -EFAULT;
  sxp_file *f = sxp_find(path);
  if (!f) return __symx_host_stat(path, st, nofollow);
  f->st.st_size = f->size;
  sxp_memcpy(st, &f->st, sizeof *st);
  return 0;
}

long sxp_fstat(sxp_ofd *o, struct stat *st) {
  if (o->kind == SXP_HOST) return __symx_host_stat(o->path, st, 0);
  if (o->kind == SXP_FILE) {
    o->f->st.st_size = o->f->size;
    sxp_memcpy(st, &o->f->st, sizeof *st);
    return 0;
  }
  /* stdin empty: a regular empty file; stdout, stderr: pipes (as under
  ** symx-replay) */
  sxp_memset(st, 0, sizeof *st);
  st->st_mode = o->kind == SXP_EMPTY ? S_IFREG | 0644 : S_IFIFO | 0600;
  st->st_nlink = 1;
  st->st_blksize = 4096;
  return 0;
}

long sxp_close(long fd) {
  sxp_ofd *o = sxp_get(fd);
  if (!o) return -EBADF;
  if (sxp_fails(E.close_fail, &E.nclose)) return -EIO;
  E.fd[fd] = 0;
  if (--o->refs == 0) {
    free(o->path);
    free(o);
  }
  return 0;
}
