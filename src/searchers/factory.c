/*
** factory.c — searchers from their names (options search, pending_search).
*/
#include "searcher.h"

#include <string.h>

static bool is(const char *s, size_t n, const char *name) {
  return strlen(name) == n && !memcmp(s, name, n);
}

static int create_n(const sx_search_env *env, const char *spec, size_t len, sx_searcher *out,
                    const char *func);

static int one(const sx_search_env *env, const char *s, size_t n, sx_searcher *out,
               const char *func) {
  if (n >= 2 && s[0] == '(' && s[n - 1] == ')') return create_n(env, s + 1, n - 2, out, func);
  if (n > 9 && !memcmp(s, "batching:", 9)) {
    sx_searcher sub;
    int rc = one(env, s + 9, n - 9, &sub, func);
    if (rc != SYMX_OK) return rc;
    return sx_searcher_batching(env, &sub, out);
  }
  /* Otter's spellings: rr(a,b) is the interleaved group, batch(a) batches */
  if (n > 4 && !memcmp(s, "rr(", 3) && s[n - 1] == ')') return create_n(env, s + 3, n - 4, out, func);
  if (n > 7 && !memcmp(s, "batch(", 6) && s[n - 1] == ')') {
    sx_searcher sub;
    int rc = create_n(env, s + 6, n - 7, &sub, func);
    if (rc != SYMX_OK) return rc;
    return sx_searcher_batching(env, &sub, out);
  }
  if (n > 9 && !memcmp(s, "iterdeep:", 9)) {
    sx_searcher sub;
    int rc = one(env, s + 9, n - 9, &sub, func);
    if (rc != SYMX_OK) return rc;
    return sx_searcher_iterdeep(env, &sub, out);
  }
  if (is(s, n, "dfs")) return sx_searcher_dfs(env, out);
  if (is(s, n, "bfs")) return sx_searcher_bfs(env, out);
  if (is(s, n, "random-state")) return sx_searcher_random_state(env, out);
  if (is(s, n, "random-path") || is(s, n, "rp")) return sx_searcher_random_path(env, out);
  if (is(s, n, "nurs:depth") || is(s, n, "depth-biased")) return sx_searcher_weighted(env, 0, out);
  if (is(s, n, "nurs:rp")) return sx_searcher_weighted(env, 1, out);
  if (is(s, n, "weighted")) return sx_searcher_weighted(env, 2, out);
  if (is(s, n, "sdse")) return sx_searcher_sdse(env, 0, out);
  if (is(s, n, "sdse-rr")) return sx_searcher_sdse(env, 1, out);
  if (is(s, n, "sdse-pr")) return sx_searcher_weighted(env, 3, out);
  if (is(s, n, "zesti")) return sx_searcher_zesti(env, out);
  if (is(s, n, "batching")) {
    sx_searcher sub;
    int rc = sx_searcher_random_path(env, &sub);
    if (rc != SYMX_OK) return rc;
    return sx_searcher_batching(env, &sub, out);
  }
  return sx_error(env->ctx, SYMX_RANGE, func, "unknown searcher '%.*s'", (int)n, s);
}

/* The first comma of p[0, len) outside parentheses, or NULL. */
static const char *top_comma(const char *p, size_t len) {
  int depth = 0;
  for (size_t i = 0; i < len; i++) {
    if (p[i] == '(') depth++;
    else if (p[i] == ')') depth--;
    else if (p[i] == ',' && depth == 0) return p + i;
  }
  return NULL;
}

static int create_n(const sx_search_env *env, const char *p, size_t plen, sx_searcher *out,
                    const char *func) {
  sx_searcher subs[8];
  size_t n = 0;
  const char *pend = p + plen;
  int rc = SYMX_OK;
  for (;;) {
    const char *e = top_comma(p, (size_t)(pend - p));
    size_t len = e ? (size_t)(e - p) : (size_t)(pend - p);
    if (n == 8) {
      rc = sx_error(env->ctx, SYMX_RANGE, func, "more than 8 interleaved searchers");
      break;
    }
    rc = one(env, p, len, &subs[n], func);
    if (rc != SYMX_OK) break;
    n++;
    if (!e) break;
    p = e + 1;
  }
  if (rc != SYMX_OK) {
    for (size_t i = 0; i < n; i++) sx_search_free(&subs[i]);
    return rc;
  }
  if (n == 1) {
    *out = subs[0];
    return SYMX_OK;
  }
  return sx_searcher_interleaved(env, subs, n, out);
}

int sx_searcher_create(const sx_search_env *env, const char *spec, sx_searcher *out,
                       const char *func) {
  const char *p = spec ? spec : "";
  return create_n(env, p, strlen(p), out, func);
}
