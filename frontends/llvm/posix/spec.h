/*
** spec.h — the symbolic environment's options among a program's arguments
** (KLEE's names): --sym-arg N, --sym-args MIN MAX N, --sym-stdin N,
** --sym-files K N, --max-fail N. One parser, freestanding (no libc), for
** the runtime's main (bitcode), symx-llvm's check of the command line and
** symx-replay.
*/
#ifndef SXL_POSIX_SPEC_H
#define SXL_POSIX_SPEC_H

#define SXL_SPEC_MAX_ITEMS 1024 /* program arguments, concrete or symbolic, in all */
#define SXL_SPEC_MAX_LEN 4096   /* bytes of one symbolic argument, file or stdin */
#define SXL_SPEC_MAX_FILES 26   /* symbolic files A..Z */

enum { SXL_SPEC_CONCRETE, SXL_SPEC_ARG, SXL_SPEC_ARGS };

typedef struct sxl_spec_item {
  int kind;
  const char *arg;            /* SXL_SPEC_CONCRETE: the argument */
  unsigned len, min, max;     /* ARG: len; ARGS: min..max arguments of len */
} sxl_spec_item;

typedef struct sxl_spec {
  sxl_spec_item items[SXL_SPEC_MAX_ITEMS];
  unsigned nitems;
  unsigned nargs_max;         /* the most arguments the items become (<= 1024) */
  int sym_stdin;              /* --sym-stdin given: stdin_len bytes */
  unsigned stdin_len;
  unsigned nfiles, file_len;  /* --sym-files K N */
  unsigned max_fail;          /* --max-fail N (0: system calls do not fail) */
  char err[256];              /* what is malformed, naming the argument */
} sxl_spec;

/* Parses argv[0..argc) (the program's arguments after its name): 0, or -1
** with s->err set ("--sym-arg: ..."). argv's strings are borrowed. */
int sxl_spec_parse(sxl_spec *s, int argc, char **argv);
/* 1 when a is one of the options above (it asks for the runtime). */
int sxl_spec_is_option(const char *a);
/* The index in argv of --sym-stdin's N, or -1 (the AFL peer sets it per
** queue entry). */
int sxl_spec_stdin_at(int argc, char **argv);

#endif
