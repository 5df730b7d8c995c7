/*
** main.c — the symbolic environment's entry: the program's arguments
** parsed for --sym-arg & co. (spec.h, as KLEE places them), the symbolic
** arguments, files and stdin made, then the program's own main (renamed
** __symx_user_main by the loader) with the new arguments.
*/
#include "posix.h"

int __symx_user_main(int argc, char **argv, char **envp);

static sxl_spec spec;
static char *args[SXL_SPEC_MAX_ITEMS + 2]; /* the parser bounds them */
static unsigned nsym; /* symbolic arguments made: arg00, arg01, ... */

static void bad(const char *msg) {
  klee_report_error("posix/main.c", 0, msg, "user.err");
}

/* A symbolic argument of at most len bytes: len + 1 bytes, the last 0. */
static char *sym_arg(unsigned len) {
  char name[16] = "arg";
  unsigned k = nsym++;
  name[3] = (char)('0' + k / 10 % 10);
  name[4] = (char)('0' + k % 10);
  name[5] = 0;
  char *s = malloc(len + 1);
  if (!s) return 0;
  symx_make_symbolic(s, len + 1, name);
  klee_assume(s[len] == 0);
  return s;
}

/* The new argv (after argv[0]): n arguments, or -1. */
static int build(void) {
  int n = 0;
  for (unsigned i = 0; i < spec.nitems; i++) {
    const sxl_spec_item *it = &spec.items[i];
    if (it->kind == SXL_SPEC_CONCRETE) {
      args[1 + n++] = (char *)it->arg;
      continue;
    }
    unsigned count = 1;
    if (it->kind == SXL_SPEC_ARGS) /* forks here: one path per count */
      count = (unsigned)klee_range((int)it->min, (int)it->max + 1, "n_args");
    for (unsigned k = 0; k < count; k++)
      if (!(args[1 + n++] = sym_arg(it->len))) return -1;
  }
  return n;
}

int main(int argc, char **argv, char **envp) {
  if (argc < 1) argc = 1;
  if (sxl_spec_parse(&spec, argc - 1, argv + 1)) {
    bad(spec.err);
    return 1;
  }
  args[0] = argv[0];
  int n = build();
  if (n < 0 || sxp_setup(&spec)) {
    bad("out of memory in the environment's setup");
    return 1;
  }
  static int version;
  symx_make_symbolic(&version, sizeof version, "model_version");
  klee_assume(version == 1);
  args[1 + n] = 0;
  return __symx_user_main(1 + n, args, envp);
}
