/*
** syscall.c — __symx_syscall: the system calls of the program under test
** (Linux x86_64 numbers, -errno on failure), over the runtime's files
** (fs.c). What has no model here returns -ENOSYS.
*/
#include "posix.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <sys/uio.h>

#define E __symx_env
#define P(x) ((void *)(x))
#define TCGETS_ 0x5401

static long sys_read(long fd, void *buf, long n, long off) {
  sxp_ofd *o = sxp_get(fd);
  if (!o) return -EBADF;
  if (n < 0) return -EINVAL;
  if (!buf && n) return -EFAULT;
  if (sxp_fails(E.read_fail, &E.nread)) return -EIO;
  return sxp_read(o, buf, n, off);
}

static long sys_write(long fd, const void *buf, long n, long off) {
  sxp_ofd *o = sxp_get(fd);
  if (!o) return -EBADF;
  if (n < 0) return -EINVAL;
  if (!buf && n) return -EFAULT;
  if (sxp_fails(E.write_fail, &E.nwrite)) return -EIO;
  return sxp_write(o, buf, n, off);
}

/* readv / writev: one call per buffer, stopping at a short transfer. */
static long sys_vec(long fd, const struct iovec *v, long cnt, int wr) {
  if (cnt < 0 || cnt > 1024) return -EINVAL;
  long total = 0;
  for (long i = 0; i < cnt; i++) {
    long n = (long)v[i].iov_len;
    long r = wr ? sys_write(fd, v[i].iov_base, n, -1) : sys_read(fd, v[i].iov_base, n, -1);
    if (r < 0) return total ? total : r;
    total += r;
    if (r < n) break;
  }
  return total;
}

static long sys_lseek(long fd, long off, long whence) {
  sxp_ofd *o = sxp_get(fd);
  if (!o) return -EBADF;
  if (o->kind == SXP_OUT || o->kind == SXP_EMPTY) return o->kind == SXP_EMPTY ? 0 : -ESPIPE;
  long base = 0;
  if (whence == 1) {
    base = o->off;
  } else if (whence == 2) {
    struct stat st;
    long r = sxp_fstat(o, &st);
    if (r < 0) return r;
    base = st.st_size;
  } else if (whence != 0) {
    return -EINVAL;
  }
  if (base + off < 0) return -EINVAL;
  return o->off = base + off;
}

static long sys_dup(long fd, long to, long lowest, long flags) {
  sxp_ofd *o = sxp_get(fd);
  if (!o) return -EBADF;
  if (to < 0) {
    long r = sxp_new_fd(o, lowest);
    if (r >= 0) E.cloexec[r] = (flags & O_CLOEXEC) != 0;
    return r;
  }
  if (to >= SXP_NFD) return -EBADF;
  if (to == fd) return to;
  if (E.fd[to]) sxp_close(to);
  E.fd[to] = o;
  o->refs++;
  E.cloexec[to] = (flags & O_CLOEXEC) != 0;
  return to;
}

static long sys_fcntl(long fd, long cmd, long arg) {
  sxp_ofd *o = sxp_get(fd);
  if (!o) return -EBADF;
  switch (cmd) {
  case F_DUPFD: return sys_dup(fd, -1, arg, 0);
  case F_DUPFD_CLOEXEC: return sys_dup(fd, -1, arg, O_CLOEXEC);
  case F_GETFD: return E.cloexec[fd] ? FD_CLOEXEC : 0;
  case F_SETFD: E.cloexec[fd] = (arg & FD_CLOEXEC) != 0; return 0;
  case F_GETFL: return o->flags;
  case F_SETFL: o->flags = (int)((o->flags & O_ACCMODE) | (arg & (O_APPEND | O_NONBLOCK))); return 0;
  default: return -EINVAL;
  }
}

/* No descriptor is a terminal (as under symx-replay). */
static long sys_ioctl(long fd, long req) {
  if (!sxp_get(fd)) return -EBADF;
  return req == TCGETS_ ? -ENOTTY : -ENOTTY;
}

static long sys_getcwd(char *buf, long size) {
  if (sxp_fails(E.getcwd_fail, &E.ngetcwd)) return -ERANGE;
  if (!buf) return -EFAULT;
  if (size < 2) return -ERANGE;
  buf[0] = '/';
  buf[1] = 0;
  return 2;
}

static long sys_access(const char *path, long mode) {
  struct stat st;
  long r = sxp_stat_path(path, &st, 0);
  if (r < 0) return r;
  if ((mode & 2) && !sxp_find(path)) return -EACCES; /* host files are not writable */
  if ((mode & 1) && !(st.st_mode & 0111)) return -EACCES;
  return 0;
}

#define AT_FDCWD_ (-100)
#define NOT_MINE (-0x7fffffffL)

/* openat, newfstatat, faccessat: paths relative to the (one) working
** directory only. */
static long at_dir(long dirfd, const char *path) {
  if (dirfd == AT_FDCWD_ || (path && path[0] == '/')) return 0;
  return sxp_get(dirfd) ? -ENOTDIR : -EBADF;
}

static long sys_fstatat(long dirfd, const char *path, struct stat *st, long flags) {
  if ((flags & 0x1000) && path && !*path) { /* AT_EMPTY_PATH */
    sxp_ofd *o = sxp_get(dirfd);
    return o ? sxp_fstat(o, st) : -EBADF;
  }
  long r = at_dir(dirfd, path);
  return r ? r : sxp_stat_path(path, st, (flags & 0x100) != 0); /* AT_SYMLINK_NOFOLLOW */
}

/* ftruncate / truncate of a file the runtime holds (host files are read only). */
static long sys_truncate(sxp_file *f, long size) {
  if (!f) return -EACCES;
  if (size < 0 || size > (1L << 30)) return -EINVAL;
  return sxp_resize(f, size);
}

static long sys_unlink(const char *path) {
  sxp_file *f = sxp_find(path);
  if (f) {
    f->removed = 1;
    return 0;
  }
  struct stat st;
  long r = __symx_host_stat(path, &st, 1);
  return r < 0 ? r : -EACCES;
}

/* Files and descriptors. */
static long sys_files(long nr, long a1, long a2, long a3, long a4) {
  struct stat *st;
  switch (nr) {
  case SYS_read: return sys_read(a1, P(a2), a3, -1);
  case SYS_write: return sys_write(a1, P(a2), a3, -1);
  case SYS_pread64: return a4 < 0 ? -EINVAL : sys_read(a1, P(a2), a3, a4);
  case SYS_pwrite64: return a4 < 0 ? -EINVAL : sys_write(a1, P(a2), a3, a4);
  case SYS_readv: return sys_vec(a1, P(a2), a3, 0);
  case SYS_writev: return sys_vec(a1, P(a2), a3, 1);
  case SYS_open: return sxp_open(P(a1), a2, a3);
  case SYS_creat: return sxp_open(P(a1), O_CREAT | O_WRONLY | O_TRUNC, a2);
  case SYS_openat: return at_dir(a1, P(a2)) ? at_dir(a1, P(a2)) : sxp_open(P(a2), a3, a4);
  case SYS_close: return sxp_close(a1);
  case SYS_lseek: return sys_lseek(a1, a2, a3);
  case SYS_stat: return sxp_stat_path(P(a1), P(a2), 0);
  case SYS_lstat: return sxp_stat_path(P(a1), P(a2), 1);
  case SYS_fstat:
    st = P(a2);
    return sxp_get(a1) ? sxp_fstat(sxp_get(a1), st) : -EBADF;
  case SYS_newfstatat: return sys_fstatat(a1, P(a2), P(a3), a4);
  case SYS_access: return sys_access(P(a1), a2);
  case SYS_faccessat: return at_dir(a1, P(a2)) ? at_dir(a1, P(a2)) : sys_access(P(a2), a3);
  case SYS_dup: return sys_dup(a1, -1, 0, 0);
  case SYS_dup2: return sxp_get(a1) ? sys_dup(a1, a2, 0, 0) : -EBADF;
  case SYS_dup3: return a1 == a2 ? -EINVAL : sys_dup(a1, a2, 0, a3);
  case SYS_fcntl: return sys_fcntl(a1, a2, a3);
  case SYS_ioctl: return sys_ioctl(a1, a2);
  case SYS_getcwd: return sys_getcwd(P(a1), a2);
  case SYS_unlink: return sys_unlink(P(a1));
  case SYS_unlinkat: return at_dir(a1, P(a2)) ? at_dir(a1, P(a2)) : sys_unlink(P(a2));
  case SYS_getdents64: return sxp_getdents(a1, P(a2), a3);
  case SYS_readlink: return sxp_find(P(a1)) ? -EINVAL : -ENOENT;
  case SYS_fsync: case SYS_fdatasync: return sxp_get(a1) ? 0 : -EBADF;
  case SYS_ftruncate:
    if (!sxp_get(a1)) return -EBADF;
    if (sxp_get(a1)->kind != SXP_FILE || (sxp_get(a1)->flags & O_ACCMODE) == O_RDONLY) return -EINVAL;
    return sys_truncate(sxp_get(a1)->f, a2);
  case SYS_truncate: return sxp_find(P(a1)) ? sys_truncate(sxp_find(P(a1)), a2) : -EACCES;
  case SYS_mkdir: case SYS_rmdir: case SYS_rename: case SYS_chmod: case SYS_chown:
  case SYS_symlink: case SYS_link: return -EACCES;
  case SYS_chdir: return -EACCES;
  case SYS_umask: return 022;
  default: return NOT_MINE;
  }
}

/* Anonymous mappings are heap objects; a file mapping is a copy. */
static long sys_mmap(long addr, long len, long prot, long flags, long fd, long off) {
  (void)addr, (void)prot;
  if (len <= 0) return -EINVAL;
  void *p = calloc(1, (size_t)len);
  if (!p) return -ENOMEM;
  if (!(flags & 0x20)) { /* MAP_ANONYMOUS */
    sxp_ofd *o = sxp_get(fd);
    long r = o ? sxp_read(o, p, len, off) : -EBADF;
    if (r < 0) {
      free(p);
      return r;
    }
  }
  return (long)p;
}

/* The process: exit, identity, time (fixed: runs are reproducible),
** signals (a fatal one aborts). */
/* set*id: to the process's own ids (1000, or -1: unchanged) only, as an
** unprivileged process may (tcpdump drops privileges by setuid(getuid())). */
static long own_ids(long a, long b, long c) {
  long ids[3] = {a, b, c};
  for (int i = 0; i < 3; i++)
    if ((int)ids[i] != -1 && (int)ids[i] != 1000) return -EPERM;
  return 0;
}

static long sys_process(long nr, long a1, long a2, long a3) {
  switch (nr) {
  case SYS_exit: case SYS_exit_group: _exit((int)a1); return 0;
  case SYS_getpid: case SYS_gettid: return 42;
  case SYS_getppid: return 1;
  case SYS_getuid: case SYS_geteuid: case SYS_getgid: case SYS_getegid: return 1000;
  case SYS_setuid: case SYS_setgid: return own_ids(a1, -1, -1);
  case SYS_setreuid: case SYS_setregid: return own_ids(a1, a2, -1);
  case SYS_setresuid: case SYS_setresgid: return own_ids(a1, a2, a3);
  case SYS_set_tid_address: return 42;
  case SYS_set_robust_list: case SYS_rt_sigaction: case SYS_rt_sigprocmask:
  case SYS_sigaltstack: case SYS_madvise: case SYS_munmap: return 0;
  case SYS_brk: return 0;
  case SYS_kill: case SYS_tkill: /* signal 0 asks whether the process exists */
    if (a2) abort();
    return 0;
  case SYS_tgkill:
    if (a3) abort();
    return 0;
  case SYS_clock_gettime: sxp_memset(P(a2), 0, 16); return 0;
  case SYS_gettimeofday: if (a1) sxp_memset(P(a1), 0, 16); return 0;
  case SYS_time: if (a1) *(long *)P(a1) = 0; return 0;
  case SYS_sched_yield: case SYS_nanosleep: case SYS_clock_nanosleep: case SYS_arch_prctl: return 0;
  default: return -ENOSYS;
  }
}

/* uname: a fixed machine, as every run sees it */
static long sys_uname(char *u) {
  static const char *const f[] = {"Linux", "symx", "6.1.0", "#1 SMP symx", "x86_64", "(none)"};
  if (!u) return -EFAULT;
  sxp_memset(u, 0, 65 * 6);
  for (int i = 0; i < 6; i++) sxp_memcpy(u + 65 * i, f[i], sxp_strlen(f[i]));
  return 0;
}

long __symx_syscall(long nr, long a1, long a2, long a3, long a4, long a5, long a6) {
  long r = sys_files(nr, a1, a2, a3, a4);
  if (r != NOT_MINE) return r;
  if (nr == SYS_mmap) return sys_mmap(a1, a2, a3, a4, a5, a6);
  if (nr == SYS_mremap) return -ENOMEM;
  if (nr == SYS_uname) return sys_uname(P(a1));
  if (nr == SYS_getrandom) { /* zeros: runs are reproducible */
    if (a2 < 0) return -EINVAL;
    sxp_memset(P(a1), 0, (size_t)a2);
    return a2;
  }
  return sys_process(nr, a1, a2, a3);
}
