/* A stand-in for the symbolic environment's __symx_syscall (helper env's
** frontends/llvm/posix/), for the full-libc tests only: stdin is the bytes
** libc_full.py gives (symx_stub_stdin), stdout/stderr go to the
** interpreter's output, and the few other calls musl makes answer as a
** pipe-fed, terminal-less process would. */
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>

long __symx_write(int fd, const void *buf, size_t n); /* builtin */
extern const unsigned char symx_stub_stdin[];
extern const unsigned long symx_stub_stdin_len;
static unsigned long stdin_pos;

static long stub_read(long fd, char *buf, size_t n) {
  if (fd != 0) return -EBADF;
  size_t left = symx_stub_stdin_len - stdin_pos;
  if (n > left) n = left;
  memcpy(buf, symx_stub_stdin + stdin_pos, n);
  stdin_pos += n;
  return (long)n;
}

static long stub_write(long fd, const char *buf, size_t n) {
  if (fd != 1 && fd != 2) return -EBADF;
  return n ? __symx_write((int)fd, buf, n) : 0;
}

/* readv/writev: musl's stdio moves its buffer and the caller's in one call. */
static long stub_iov(long fd, const struct iovec *iov, long cnt, int wr) {
  long total = 0;
  for (long i = 0; i < cnt; i++) {
    long r = wr ? stub_write(fd, iov[i].iov_base, iov[i].iov_len)
                : stub_read(fd, iov[i].iov_base, iov[i].iov_len);
    if (r < 0) return total ? total : r;
    total += r;
    if ((size_t)r < iov[i].iov_len) break;
  }
  return total;
}

long __symx_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6) {
  (void)a4, (void)a5, (void)a6;
  switch (nr) {
  case SYS_read: return stub_read(a1, (char *)a2, (size_t)a3);
  case SYS_write: return stub_write(a1, (const char *)a2, (size_t)a3);
  case SYS_readv: return stub_iov(a1, (const struct iovec *)a2, a3, 0);
  case SYS_writev: return stub_iov(a1, (const struct iovec *)a2, a3, 1);
  case SYS_ioctl: return a1 >= 0 && a1 <= 2 ? -ENOTTY : -EBADF; /* no terminal */
  case SYS_lseek: return a1 >= 0 && a1 <= 2 ? -ESPIPE : -EBADF;
  case SYS_close: return 0;
  case SYS_getpid: return 42;
  case SYS_clock_gettime: {
    struct timespec *ts = (struct timespec *)a2;
    ts->tv_sec = 1700000000; /* a fixed instant: runs are reproducible */
    ts->tv_nsec = 0;
    return 0;
  }
  case SYS_rt_sigprocmask:
  case SYS_rt_sigaction: return 0;
  default: return -ENOSYS;
  }
}
