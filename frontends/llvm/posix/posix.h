/*
** posix.h — the symbolic environment's runtime, C compiled to bitcode and
** linked into the program under test (posix/syscall.c, posix/fs.c,
** posix/dir.c, posix/main.c). Its one entry for the C library is __symx_syscall (Linux
** x86_64 numbers, -errno on failure, like the kernel). It uses only the
** interpreter's builtins: malloc/free, the target API, __symx_write for
** stdout/stderr and __symx_host_stat/__symx_host_read for host files.
*/
#ifndef SXL_POSIX_H
#define SXL_POSIX_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "spec.h"

/* builtins of symx-llvm */
void *malloc(size_t n);
void *calloc(size_t n, size_t m);
void *realloc(void *p, size_t n);
void free(void *p);
void symx_make_symbolic(void *addr, size_t size, const char *name);
void klee_assume(uintptr_t cond);
int klee_range(int lo, int hi, const char *name);
void klee_report_error(const char *file, int line, const char *message, const char *suffix);
long __symx_write(int fd, const void *buf, size_t n);
long __symx_host_stat(const char *path, struct stat *st, long nofollow);
long __symx_host_read(const char *path, void *buf, long n, long off);
/* the length of the AFL peer's queue entry when it is input which (1:
** stdin, 2 + k: symbolic file k; else -1), at most n of its bytes past the
** input's N into tail */
long __symx_input_entry(int which, void *tail, long n);
void _exit(int status);
void abort(void);

long __symx_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6);

/* A file the runtime holds: symbolic (A, B, ..., stdin) or made by the
** program (O_CREAT of a path the host does not have). */
typedef struct sxp_file {
  char *name;           /* NULL for stdin */
  unsigned char *data;  /* size bytes (cap allocated) */
  long size, cap;
  struct stat st;
  int removed;          /* unlinked: open by name finds it no more */
} sxp_file;

enum { SXP_EMPTY = 1, SXP_OUT, SXP_FILE, SXP_HOST };

/* An open file description, shared by dup'ed descriptors. */
typedef struct sxp_ofd {
  int kind;             /* SXP_EMPTY: a concrete empty stdin; SXP_OUT: stdout/stderr */
  int outfd;            /* SXP_OUT: 1 or 2 */
  sxp_file *f;          /* SXP_FILE */
  char *path;           /* SXP_HOST: a host file, read only */
  int isdir;
  long off;
  int flags;            /* open flags (O_ACCMODE, O_APPEND, ...) */
  int refs;
} sxp_ofd;

#define SXP_NFD 64
#define SXP_NNEW 32

typedef struct sxp_env {
  int ready;
  sxp_ofd *fd[SXP_NFD];
  int cloexec[SXP_NFD];
  sxp_file files[SXL_SPEC_MAX_FILES]; /* --sym-files */
  unsigned nfiles;
  sxp_file in;                        /* --sym-stdin */
  sxp_file *made[SXP_NNEW];           /* created by the program */
  unsigned nmade;
  unsigned max_fail;                  /* --max-fail: failures left */
  int *read_fail, *write_fail, *close_fail, *getcwd_fail;
  int nread, nwrite, nclose, ngetcwd; /* calls so far */
} sxp_env;

extern sxp_env __symx_env;

/* fs.c */
void sxp_init(void);
int sxp_setup(const sxl_spec *s);
sxp_ofd *sxp_get(long fd);
long sxp_new_fd(sxp_ofd *o, long lowest);
sxp_file *sxp_find(const char *path);
long sxp_open(const char *path, long flags, long mode);
long sxp_read(sxp_ofd *o, void *buf, long n, long off);
long sxp_write(sxp_ofd *o, const void *buf, long n, long off);
/* The held file's size becomes size (zeros past the old end); -ENOSPC. */
long sxp_resize(sxp_file *f, long size);
long sxp_stat_path(const char *path, struct stat *st, int nofollow);
long sxp_fstat(sxp_ofd *o, struct stat *st);
long sxp_close(long fd);
/* A failure injected by --max-fail: the n-th call of its kind fails when
** the symbolic counter equals n (KLEE's model). */
int sxp_fails(int *counter, int *ncalls);

/* dir.c: getdents64 (linux_dirent64 records) of the working directory */
long sxp_getdents(long fd, char *buf, long size);

/* small string helpers (no libc) */
size_t sxp_strlen(const char *s);
int sxp_streq(const char *a, const char *b);
char *sxp_strdup(const char *s);
void sxp_memcpy(void *d, const void *s, size_t n);
void sxp_memset(void *d, int c, size_t n);

#endif
