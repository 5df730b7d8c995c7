/*
** registry.c — the compiled-in backends (SX_BACKEND_VALUES in
** base/options.h, the one list of them), found by name.
*/
#include "backend.h"

#include <string.h>

#define VT_(P, C, n) &sx_backend_##n,
static const sx_backend_vt *const backends[SX_BACKEND_COUNT_] = {SX_BACKEND_VALUES(VT_)};
#undef VT_

const char *symx_solver_backends(void) { return SX_NAMES(SX_BACKEND_VALUES); }

const sx_backend_vt *sx_backend_find(const char *name) {
  if (!name) return NULL;
  for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
    if (!strcmp(backends[i]->name, name)) return backends[i];
  return NULL;
}

const sx_backend_vt *sx_backend_at(int64_t i) {
  return i >= 0 && i < SX_BACKEND_COUNT_ ? backends[i] : NULL;
}

/* The deciding backends are the ones before dummy, which cannot check
** another's answer (it has none). */
const sx_backend_vt *sx_backend_other(const sx_backend_vt *vt) {
  enum { DECIDING = SX_BACKEND_DUMMY };
  if (DECIDING < 2) return NULL;
  for (size_t i = 0; i < DECIDING; i++)
    if (backends[i] == vt) return backends[(i + 1) % DECIDING];
  return vt == &sx_backend_dummy ? backends[0] : NULL;
}
