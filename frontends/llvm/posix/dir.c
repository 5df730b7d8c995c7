/*
** dir.c — getdents64 of the working directory: ".", ".." and the files the
** runtime holds (A, B, ... and those the program made), what the program
** sees natively under symx-replay, which runs it in a directory of those
** files alone. Other directories have no model (-ENOSYS).
*/
#include "posix.h"

#include <errno.h>

#define DT_DIR_ 4
#define DT_REG_ 8

/* Whether a directory opened by path is the working directory. */
static int is_cwd(const char *path) {
  return sxp_streq(path, ".") || sxp_streq(path, "./");
}

/* The k-th entry: its name and inode (0: no such entry). */
static const char *entry(long k, unsigned long *ino, unsigned char *type) {
  *type = DT_DIR_;
  *ino = (unsigned long)k + 1;
  if (k == 0) return ".";
  if (k == 1) return "..";
  k -= 2;
  *type = DT_REG_;
  for (unsigned i = 0; i < __symx_env.nfiles; i++)
    if (!__symx_env.files[i].removed && k-- == 0) return __symx_env.files[i].name;
  for (unsigned i = 0; i < __symx_env.nmade; i++)
    if (!__symx_env.made[i]->removed && k-- == 0) return __symx_env.made[i]->name;
  return 0;
}

/* One linux_dirent64 record at buf (room bytes): its length, 0 when it
** does not fit. */
static long put_record(char *buf, long room, const char *name, unsigned long ino, long next,
                       unsigned char type) {
  long n = (long)sxp_strlen(name);
  long len = (19 + n + 1 + 7) & ~7L; /* d_ino, d_off, d_reclen, d_type, name, NUL */
  if (len > room) return 0;
  unsigned short reclen = (unsigned short)len;
  sxp_memset(buf, 0, (size_t)len);
  sxp_memcpy(buf, &ino, 8);
  sxp_memcpy(buf + 8, &next, 8);
  sxp_memcpy(buf + 16, &reclen, 2);
  buf[18] = (char)type;
  sxp_memcpy(buf + 19, name, (size_t)n);
  return len;
}

long sxp_getdents(long fd, char *buf, long size) {
  sxp_ofd *o = sxp_get(fd);
  if (!o) return -EBADF;
  if (o->kind != SXP_HOST || !o->isdir) return -ENOTDIR;
  if (!is_cwd(o->path)) return -ENOSYS;
  if (!buf) return -EFAULT;
  long used = 0;
  for (;;) {
    unsigned long ino;
    unsigned char type;
    const char *name = entry(o->off, &ino, &type);
    if (!name) return used;
    long len = put_record(buf + used, size - used, name, ino, o->off + 1, type);
    if (!len) return used ? used : -EINVAL; /* the buffer is too small */
    used += len;
    o->off++;
  }
}
