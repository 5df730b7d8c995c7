/* unistd.c — POSIX calls of symx-llvm's libc: thin wrappers over the one
** system-call entry, __symx_syscall (the environment runtime, posix/),
** which returns -errno on failure as the kernel does; here that becomes
** -1 with errno set. */
#include <stdarg.h>
#include <stddef.h>

long __symx_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6);

/* Linux x86_64 numbers (<sys/syscall.h>; not included: -ffreestanding) */
enum {
  NR_read = 0, NR_write = 1, NR_open = 2, NR_close = 3, NR_stat = 4, NR_fstat = 5,
  NR_lstat = 6, NR_lseek = 8, NR_ioctl = 16, NR_pread64 = 17, NR_pwrite64 = 18,
  NR_readv = 19, NR_writev = 20, NR_access = 21, NR_dup = 32, NR_dup2 = 33, NR_getpid = 39,
  NR_fcntl = 72, NR_fsync = 74, NR_truncate = 76, NR_ftruncate = 77, NR_getcwd = 79, NR_creat = 85, NR_unlink = 87,
  NR_openat = 257
};

static int errno_value;
int *__errno_location(void) { return &errno_value; }

static long ret(long r) {
  if (r < 0 && r > -4096) {
    errno_value = (int)-r;
    return -1;
  }
  return r;
}

#define SC(nr, a, b, c) ret(__symx_syscall(nr, (long)(a), (long)(b), (long)(c), 0, 0, 0))

long read(int fd, void *buf, size_t n) { return SC(NR_read, fd, buf, n); }
long write(int fd, const void *buf, size_t n) { return SC(NR_write, fd, buf, n); }
int close(int fd) { return (int)SC(NR_close, fd, 0, 0); }
long lseek(int fd, long off, int whence) { return SC(NR_lseek, fd, off, whence); }
long lseek64(int fd, long off, int whence) { return SC(NR_lseek, fd, off, whence); }
long readv(int fd, const void *iov, int n) { return SC(NR_readv, fd, iov, n); }
long writev(int fd, const void *iov, int n) { return SC(NR_writev, fd, iov, n); }
int dup(int fd) { return (int)SC(NR_dup, fd, 0, 0); }
int dup2(int fd, int to) { return (int)SC(NR_dup2, fd, to, 0); }
int fsync(int fd) { return (int)SC(NR_fsync, fd, 0, 0); }
int ftruncate(int fd, long size) { return (int)SC(NR_ftruncate, fd, size, 0); }
int truncate(const char *path, long size) { return (int)SC(NR_truncate, path, size, 0); }
int unlink(const char *path) { return (int)SC(NR_unlink, path, 0, 0); }
int access(const char *path, int mode) { return (int)SC(NR_access, path, mode, 0); }
int creat(const char *path, unsigned mode) { return (int)SC(NR_creat, path, mode, 0); }
int getpid(void) { return (int)SC(NR_getpid, 0, 0, 0); }
int stat(const char *path, void *st) { return (int)SC(NR_stat, path, st, 0); }
int lstat(const char *path, void *st) { return (int)SC(NR_lstat, path, st, 0); }
int fstat(int fd, void *st) { return (int)SC(NR_fstat, fd, st, 0); }
int stat64(const char *path, void *st) { return stat(path, st); }
int lstat64(const char *path, void *st) { return lstat(path, st); }
int fstat64(int fd, void *st) { return fstat(fd, st); }

long pread(int fd, void *buf, size_t n, long off) {
  return ret(__symx_syscall(NR_pread64, fd, (long)buf, (long)n, off, 0, 0));
}
long pwrite(int fd, const void *buf, size_t n, long off) {
  return ret(__symx_syscall(NR_pwrite64, fd, (long)buf, (long)n, off, 0, 0));
}
long pread64(int fd, void *buf, size_t n, long off) { return pread(fd, buf, n, off); }
long pwrite64(int fd, const void *buf, size_t n, long off) { return pwrite(fd, buf, n, off); }

/* the mode argument only with O_CREAT (0100), as callers pass it */
int open(const char *path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  long mode = (flags & 0100) ? va_arg(ap, int) : 0;
  va_end(ap);
  return (int)SC(NR_open, path, flags, mode);
}
int open64(const char *path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  long mode = (flags & 0100) ? va_arg(ap, int) : 0;
  va_end(ap);
  return (int)SC(NR_open, path, flags, mode);
}
int openat(int dirfd, const char *path, int flags, ...) {
  va_list ap;
  va_start(ap, flags);
  long mode = (flags & 0100) ? va_arg(ap, int) : 0;
  va_end(ap);
  return (int)ret(__symx_syscall(NR_openat, dirfd, (long)path, flags, mode, 0, 0));
}

int fcntl(int fd, int cmd, ...) {
  long arg = 0;
  if (cmd != 1 && cmd != 3 && cmd != 9) { /* F_GETFD, F_GETFL, F_GETOWN take none */
    va_list ap;
    va_start(ap, cmd);
    arg = va_arg(ap, long);
    va_end(ap);
  }
  return (int)SC(NR_fcntl, fd, cmd, arg);
}
int ioctl(int fd, unsigned long req, ...) {
  va_list ap;
  va_start(ap, req);
  long arg = va_arg(ap, long);
  va_end(ap);
  return (int)SC(NR_ioctl, fd, req, arg);
}

/* TCGETS: a terminal answers it */
int isatty(int fd) {
  char termios[64];
  return SC(NR_ioctl, fd, 0x5401, termios) == 0;
}

char *getcwd(char *buf, size_t size) {
  return SC(NR_getcwd, buf, size, 0) < 0 ? NULL : buf;
}
