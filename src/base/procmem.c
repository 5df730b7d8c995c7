/*
** procmem.c — the resident size of the process from /proc/self/statm
** (Linux); from glibc, what malloc holds and a way to give its free pages
** back to the system (malloc keeps freed memory resident for reuse).
*/
#include "procmem.h"

#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

uint64_t sx_procmem_rss(void) {
  int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  char buf[128];
  ssize_t n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0) return 0;
  buf[n] = 0;
  unsigned long long size, pages;
  if (sscanf(buf, "%llu %llu", &size, &pages) != 2) return 0;
  long pg = sysconf(_SC_PAGESIZE);
  return (uint64_t)pages * (uint64_t)(pg > 0 ? pg : 4096);
}

bool sx_procmem_kept(uint64_t *kept) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
  *kept = (uint64_t)mallinfo2().fordblks;
  return true;
#else
  *kept = 0;
  return false;
#endif
}

void sx_procmem_trim(void) {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}
