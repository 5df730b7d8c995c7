/*
** registry.c — the compiled-in backends, found by name.
*/
#include "backend.h"

#include <string.h>

static const sx_backend_vt *const backends[] = {&sx_backend_z3, &sx_backend_cadical};

const sx_backend_vt *sx_backend_find(const char *name) {
  if (!name) return NULL;
  for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
    if (!strcmp(backends[i]->name, name)) return backends[i];
  return NULL;
}
