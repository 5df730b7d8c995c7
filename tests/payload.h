/*
** payload.h — the payload of the tests' micro front ends: a struct pl
** (the test defines it) copied whole at a fork, freed with its state.
** TEST_PAYLOAD(fail) defines pl_clone (NULL while fail is true: a failing
** fork), pl_free and pl_vt.
*/
#ifndef TEST_PAYLOAD_H
#define TEST_PAYLOAD_H

#include <stdlib.h>

#define TEST_PAYLOAD(fail)                                                      \
  static void *pl_clone(void *u, void *p) {                                     \
    (void)u;                                                                    \
    if (fail) return NULL;                                                      \
    pl *c = malloc(sizeof *c);                                                  \
    if (c) *c = *(pl *)p;                                                       \
    return c;                                                                   \
  }                                                                             \
  static void pl_free(void *u, void *p) {                                       \
    (void)u;                                                                    \
    free(p);                                                                    \
  }                                                                             \
  static const symx_payload_vt pl_vt = {pl_clone, pl_free, NULL};

#endif
