/*
** datadir.h — where symx-llvm's data lives: the bitcode it links into a
** program (our libc, musl, the environment runtime) and the headers a .c
** program is compiled against (klee/klee.h, symx/target.h).
*/
#ifndef SXL_DATADIR_H
#define SXL_DATADIR_H

#include <stddef.h>

typedef enum {
  SXL_DATA_LIBC,       /* symx-libc.bc, --libc min */
  SXL_DATA_MUSL,       /* symx-musl.bc, --libc full */
  SXL_DATA_POSIX,      /* symx-posix.bc, the environment's system calls */
  SXL_DATA_POSIX_MAIN, /* symx-posix-main.bc, --posix-runtime's main */
  SXL_DATA_INCLUDE     /* the directory holding klee/klee.h */
} sxl_data;

/* The path of item which, into buf: its environment variable when set
** (SYMX_LIBC_BC is not one: it picks --libc's default, see driver.c),
** else the first of: beside the running executable; the build tree the
** executable belongs to (a symx-build-tree file at most three folders up);
** the install layout around the executable (PREFIX/bin/.. ->
** PREFIX/<libdir>/symx, PREFIX/include). Nothing compiled in names the
** build folder, so an installed tree can move (and DESTDIR works).
** 0, or -1 with err naming the item and every place looked at. */
int sxl_data_path(sxl_data which, char *buf, size_t buflen, char *err, size_t errlen);

#endif
