/*
** spec.c — parsing of the symbolic environment's options (spec.h). No libc:
** it is also compiled into the runtime's bitcode.
*/
#include "spec.h"

static int same(const char *a, const char *b) {
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}

/* KLEE accepts the options with one dash or two. */
static int is_opt(const char *a, const char *name) {
  if (a[0] != '-') return 0;
  return same(a + 1, name) || (a[1] == '-' && same(a + 2, name));
}

int sxl_spec_is_option(const char *a) {
  return is_opt(a, "sym-arg") || is_opt(a, "sym-args") || is_opt(a, "sym-stdin") ||
         is_opt(a, "sym-files") || is_opt(a, "max-fail");
}

int sxl_spec_stdin_at(int argc, char **argv) {
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (is_opt(a, "sym-stdin")) return i + 1 < argc ? i + 1 : -1;
    if (is_opt(a, "sym-args")) i += 3; /* an option's values are no options */
    else if (is_opt(a, "sym-files")) i += 2;
    else if (sxl_spec_is_option(a)) i += 1;
  }
  return -1;
}

/* Appends text to the message (truncated at its size). */
static void say(sxl_spec *s, const char *text) {
  unsigned n = 0;
  while (s->err[n]) n++;
  while (*text && n + 1 < sizeof s->err) s->err[n++] = *text++;
  s->err[n] = 0;
}

static int fail(sxl_spec *s, const char *opt, const char *what, const char *got) {
  s->err[0] = 0;
  say(s, opt);
  say(s, ": ");
  say(s, what);
  if (got) {
    say(s, ", not '");
    say(s, got);
    say(s, "'");
  }
  return -1;
}

/* argv[*i + k] as a number in [lo, hi]; *v. */
static int number(sxl_spec *s, int argc, char **argv, int at, const char *opt, const char *what,
                  unsigned lo, unsigned hi, unsigned *v) {
  if (at >= argc) {
    fail(s, opt, what, 0);
    say(s, " (it is missing)");
    return -1;
  }
  const char *p = argv[at];
  unsigned long x = 0;
  if (!*p) return fail(s, opt, what, p);
  for (const char *q = p; *q; q++) {
    if (*q < '0' || *q > '9') return fail(s, opt, what, p);
    x = x * 10 + (unsigned long)(*q - '0');
    if (x > hi) return fail(s, opt, what, p);
  }
  if (x < lo) return fail(s, opt, what, p);
  *v = (unsigned)x;
  return 0;
}

/* Adds an item; the arguments it may become count against the limit. */
static int item(sxl_spec *s, const char *opt, sxl_spec_item it) {
  unsigned most = it.kind == SXL_SPEC_ARGS ? it.max : 1;
  if (s->nitems >= SXL_SPEC_MAX_ITEMS || most > SXL_SPEC_MAX_ITEMS - s->nargs_max)
    return fail(s, opt, "more than 1024 program arguments in all", 0);
  s->items[s->nitems++] = it;
  s->nargs_max += most;
  return 0;
}

#define LEN_WHAT "a length 0..4096 (bytes)"

/* One option at argv[*i] (an option of spec.h); *i moves past its values. */
static int option(sxl_spec *s, int argc, char **argv, int *i) {
  const char *o = argv[*i];
  sxl_spec_item it = {SXL_SPEC_CONCRETE, 0, 0, 0, 0};
  int at = *i + 1;
  if (is_opt(o, "sym-arg")) {
    *i += 1;
    it.kind = SXL_SPEC_ARG;
    if (number(s, argc, argv, at, o, "N must be " LEN_WHAT, 0, SXL_SPEC_MAX_LEN, &it.len)) return -1;
    return item(s, o, it);
  }
  if (is_opt(o, "sym-args")) {
    *i += 3;
    it.kind = SXL_SPEC_ARGS;
    if (number(s, argc, argv, at, o, "MIN must be a count 0..1024", 0, SXL_SPEC_MAX_ITEMS, &it.min) ||
        number(s, argc, argv, at + 1, o, "MAX must be a count MIN..1024", it.min, SXL_SPEC_MAX_ITEMS,
               &it.max) ||
        number(s, argc, argv, at + 2, o, "N must be " LEN_WHAT, 0, SXL_SPEC_MAX_LEN, &it.len))
      return -1;
    return item(s, o, it);
  }
  if (is_opt(o, "sym-stdin")) {
    *i += 1;
    if (s->sym_stdin) return fail(s, o, "given twice", 0);
    s->sym_stdin = 1;
    return number(s, argc, argv, at, o, "N must be " LEN_WHAT, 0, SXL_SPEC_MAX_LEN, &s->stdin_len);
  }
  if (is_opt(o, "sym-files")) {
    *i += 2;
    if (s->nfiles) return fail(s, o, "given twice", 0);
    if (number(s, argc, argv, at, o, "K must be a count 1..26", 1, SXL_SPEC_MAX_FILES, &s->nfiles))
      return -1;
    return number(s, argc, argv, at + 1, o, "N must be " LEN_WHAT, 0, SXL_SPEC_MAX_LEN,
                  &s->file_len);
  }
  *i += 1; /* --max-fail */
  return number(s, argc, argv, at, o, "N must be a count 0..1024", 0, 1024, &s->max_fail);
}

int sxl_spec_parse(sxl_spec *s, int argc, char **argv) {
  s->nitems = s->nargs_max = 0;
  s->sym_stdin = 0;
  s->stdin_len = s->nfiles = s->file_len = s->max_fail = 0;
  s->err[0] = 0;
  for (int i = 0; i < argc; i++) {
    if (sxl_spec_is_option(argv[i])) {
      if (option(s, argc, argv, &i)) return -1;
    } else {
      sxl_spec_item it = {SXL_SPEC_CONCRETE, argv[i], 0, 0, 0};
      if (item(s, argv[i], it)) return -1;
    }
  }
  return 0;
}
