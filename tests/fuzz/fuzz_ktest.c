/*
** fuzz_ktest.c — libFuzzer harness of the .ktest reader (sx_ktest_parse,
** behind symx_ktest_read and symx_seeds_add_ktest). A rejected file leaves
** SYMX_FORMAT, a message and an empty result; an accepted one re-encodes to
** bytes that parse to the same contents, and its assignment survives a
** round trip through the ktest writer (zero-length objects aside: the
** writer leaves them out, as KLEE cannot read them).
*/
#include "fuzz.h"
#include "alloc.h"
#include "seeding/ktest.h"

static void same_ktest(const sx_ktest *a, const sx_ktest *b) {
  FUZZ_CHECK(a->nargs == b->nargs && a->nobjs == b->nobjs, "counts differ");
  FUZZ_CHECK(a->sym_argvs == b->sym_argvs && a->sym_argv_len == b->sym_argv_len, "symArgvs differ");
  for (size_t i = 0; i < a->nargs; i++)
    FUZZ_CHECK(!strcmp(a->args[i], b->args[i]), "argument %zu differs", i);
  for (size_t i = 0; i < a->nobjs; i++) {
    const sx_ktest_obj *x = &a->objs[i], *y = &b->objs[i];
    FUZZ_CHECK(!strcmp(x->name, y->name) && x->len == y->len &&
                   (!x->len || !memcmp(x->bytes, y->bytes, x->len)),
               "object %zu differs", i);
  }
}

/* Bindings of a with a non-empty value equal those of b, and b has no others. */
static void same_nonempty(const symx_assign *a, const symx_assign *b) {
  size_t nb = 0;
  for (size_t i = 0; i < symx_assign_count(a); i++) {
    const char *nm = symx_assign_name(a, i);
    size_t la, lb;
    const uint8_t *x = symx_assign_get(a, nm, &la), *y = symx_assign_get(b, nm, &lb);
    if (!la) continue;
    nb++;
    FUZZ_CHECK(y && la == lb && !memcmp(x, y, la), "binding %s lost or changed", nm);
  }
  FUZZ_CHECK(nb == symx_assign_count(b), "%zu bindings written, %zu read", nb, symx_assign_count(b));
}

static void accepted(symx_ctx *ctx, const sx_ktest *k) {
  FUZZ_CHECK(k->version >= 1 && k->version <= SX_KTEST_VERSION, "version %u", k->version);
  uint8_t *buf;
  size_t len;
  FUZZ_CHECK(!sx_ktest_encode(ctx, k, &buf, &len, "fuzz"), "re-encoding failed: %s", symx_errmsg(ctx));
  sx_ktest k2;
  FUZZ_CHECK(!sx_ktest_parse(ctx, buf, len, "re-encoded", &k2, "fuzz"), "re-encoded bytes do not parse: %s",
             symx_errmsg(ctx));
  FUZZ_CHECK(k2.version == SX_KTEST_VERSION, "written version %u", k2.version);
  same_ktest(k, &k2);
  sx_ktest_clear(ctx, &k2);
  sx_free(ctx, buf, len);

  sx_assign *a, *b, *named;
  FUZZ_CHECK(!sx_ktest_to_assign(ctx, k, NULL, 0, &a, "fuzz"), "to_assign: %s", symx_errmsg(ctx));
  FUZZ_CHECK(!sx_ktest_encode_assign(ctx, a, NULL, 0, &buf, &len, "fuzz"), "encode_assign: %s",
             symx_errmsg(ctx));
  FUZZ_CHECK(!sx_ktest_parse(ctx, buf, len, "written", &k2, "fuzz"), "written ktest does not parse: %s",
             symx_errmsg(ctx));
  FUZZ_CHECK(!sx_ktest_to_assign(ctx, &k2, NULL, 0, &b, "fuzz"), "to_assign: %s", symx_errmsg(ctx));
  same_nonempty(a, b);
  static const char *const names[] = {"a", "b"}; /* objects bound by position */
  FUZZ_CHECK(!sx_ktest_to_assign(ctx, k, names, 2, &named, "fuzz"), "to_assign by names: %s",
             symx_errmsg(ctx));
  FUZZ_CHECK(symx_assign_count(named) == (k->nobjs < 2 ? k->nobjs : 2), "named count");
  symx_assign_free(named);
  symx_assign_free(b);
  sx_ktest_clear(ctx, &k2);
  sx_free(ctx, buf, len);
  symx_assign_free(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  symx_ctx *ctx = fuzz_ctx();
  sx_ktest k;
  int rc = sx_ktest_parse(ctx, data, size, "fuzz", &k, "fuzz");
  if (rc) {
    FUZZ_CHECK(rc == SYMX_FORMAT, "returned %d", rc);
    fuzz_check_rejected(ctx, SYMX_FORMAT);
    FUZZ_CHECK(!k.args && !k.objs && !k.nargs && !k.nobjs, "a rejected ktest is not empty");
  } else {
    accepted(ctx, &k);
    sx_ktest_clear(ctx, &k);
  }
  symx_ctx_free(ctx);
  return 0;
}
