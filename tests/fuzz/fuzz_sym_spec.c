/*
** fuzz_sym_spec.c — libFuzzer harness of the symbolic environment's option
** parser (frontends/llvm/posix/spec.c: --sym-arg & co. among a program's
** arguments, parsed by the runtime, symx-llvm and symx-replay). The input,
** split at NUL bytes, is the argument list. A rejection names the argument
** it is about; an accepted list stays within the limits the runtime's and
** symx-replay's arrays are sized by, and parses the same again.
*/
#include "fuzz.h"

#include "../../frontends/llvm/posix/spec.c"

static sxl_spec a, b;

/* The argument list: at most 64 arguments of the input's NUL-separated parts. */
static int split(char *text, size_t size, char **argv) {
  int argc = 0;
  for (size_t i = 0; i <= size && argc < 64;) {
    argv[argc++] = text + i;
    i += strlen(text + i) + 1;
  }
  return argc;
}

static void check_accepted(const sxl_spec *s) {
  unsigned most = 0;
  for (unsigned i = 0; i < s->nitems; i++) {
    const sxl_spec_item *it = &s->items[i];
    FUZZ_CHECK(it->kind >= SXL_SPEC_CONCRETE && it->kind <= SXL_SPEC_ARGS, "item %u kind", i);
    FUZZ_CHECK(it->len <= SXL_SPEC_MAX_LEN, "item %u: length %u", i, it->len);
    FUZZ_CHECK(it->kind != SXL_SPEC_ARGS || it->min <= it->max, "item %u: min > max", i);
    FUZZ_CHECK(it->kind != SXL_SPEC_CONCRETE || it->arg, "item %u: no text", i);
    most += it->kind == SXL_SPEC_ARGS ? it->max : 1;
  }
  FUZZ_CHECK(most == s->nargs_max && most <= SXL_SPEC_MAX_ITEMS, "%u arguments", most);
  FUZZ_CHECK(s->nfiles <= SXL_SPEC_MAX_FILES && s->file_len <= SXL_SPEC_MAX_LEN &&
                 s->stdin_len <= SXL_SPEC_MAX_LEN,
             "files %u x %u, stdin %u", s->nfiles, s->file_len, s->stdin_len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1), *argv[64];
  FUZZ_CHECK(text, "out of memory");
  memcpy(text, data, size);
  text[size] = 0;
  int argc = split(text, size, argv);
  int ra = sxl_spec_parse(&a, argc, argv), rb = sxl_spec_parse(&b, argc, argv);
  FUZZ_CHECK(ra == rb && !strcmp(a.err, b.err), "two parses differ");
  if (ra == 0) {
    FUZZ_CHECK(!a.err[0], "accepted with a message: %s", a.err);
    check_accepted(&a);
  } else {
    int named = 0;
    for (int i = 0; i < argc; i++) {
      size_t n = strlen(argv[i]);
      if (!strncmp(a.err, argv[i], n) && a.err[n] == ':') named = 1;
    }
    FUZZ_CHECK(ra == -1 && named, "rejected (%d) without naming an argument: %s", ra, a.err);
  }
  free(text);
  return 0;
}
