/*
** fuzz_afl_name.c — libFuzzer harness of the AFL/AFL++ queue file name
** parser (sx_afl_name_parse, behind symx_seeds_add_afl_queue and the AFL
** sync). The input up to its first NUL is the name. A rejected name gets a
** reason (also when the reason buffer is tiny or absent); an accepted one is
** written back in canonical form and must parse to the same fields.
*/
#include "fuzz.h"
#include "seeding/afl_name.h"

static void same_name(const sx_afl_name *a, const sx_afl_name *b, const char *text) {
  FUZZ_CHECK(a->id == b->id && a->src == b->src && a->src2 == b->src2 && a->sig == b->sig &&
                 a->time == b->time && a->execs == b->execs && a->cov == b->cov &&
                 a->tout == b->tout && a->orig == b->orig && !strcmp(a->sync, b->sync) &&
                 !strcmp(a->op, b->op),
             "\"%s\" parses to other fields", text);
}

/* The canonical name of n (fields in a fixed order; orig: last). */
static void canonical(const sx_afl_name *n, char *buf, size_t len) {
  int k = snprintf(buf, len, "id:%06u", n->id);
  if (n->sync[0]) k += snprintf(buf + k, len - (size_t)k, ",sync:%s", n->sync);
  if (n->src >= 0) k += snprintf(buf + k, len - (size_t)k, ",src:%06lld", (long long)n->src);
  if (n->src2 >= 0) k += snprintf(buf + k, len - (size_t)k, "+%06lld", (long long)n->src2);
  if (n->sig >= 0) k += snprintf(buf + k, len - (size_t)k, ",sig:%02lld", (long long)n->sig);
  if (n->time >= 0) k += snprintf(buf + k, len - (size_t)k, ",time:%lld", (long long)n->time);
  if (n->execs >= 0) k += snprintf(buf + k, len - (size_t)k, ",execs:%lld", (long long)n->execs);
  if (n->op[0]) k += snprintf(buf + k, len - (size_t)k, ",op:%s", n->op);
  if (n->cov) k += snprintf(buf + k, len - (size_t)k, ",+cov");
  if (n->tout) k += snprintf(buf + k, len - (size_t)k, ",+tout");
  if (n->orig) snprintf(buf + k, len - (size_t)k, ",orig:x");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *name = malloc(size + 1);
  FUZZ_CHECK(name, "out of memory");
  memcpy(name, data, size);
  name[size] = 0;
  sx_afl_name n, again;
  char why[64], tiny[2];
  bool ok = sx_afl_name_parse(name, &n, why, sizeof why);
  FUZZ_CHECK(sx_afl_name_parse(name, &again, NULL, 0) == ok, "the answer depends on the reason buffer");
  FUZZ_CHECK(sx_afl_name_parse(name, &again, tiny, sizeof tiny) == ok && strlen(tiny) < sizeof tiny,
             "tiny reason buffer");
  if (!ok) {
    FUZZ_CHECK(why[0], "rejected without a reason");
  } else {
    FUZZ_CHECK(!why[0], "accepted with a reason: %s", why);
    same_name(&n, &again, name);
    FUZZ_CHECK(n.src >= 0 || n.src2 < 0, "a second parent without a first");
    char text[256];
    canonical(&n, text, sizeof text);
    FUZZ_CHECK(sx_afl_name_parse(text, &again, why, sizeof why), "\"%s\" (from \"%s\") rejected: %s", text,
               name, why);
    same_name(&n, &again, text);
  }
  free(name);
  return 0;
}
