/*
** distance.h — targets (--target FILE:LINE) and Otter's interprocedural
** distance of a state to them (distance.c), which the directed searchers
** read through symx_engine_set_distance.
*/
#ifndef SXL_DISTANCE_H
#define SXL_DISTANCE_H

#include "sxl.h"

typedef struct sxl_target {
  char spec[300];        /* FILE:LINE as given */
  int reached;
  uint32_t test;         /* the test case that reached it (0: none recorded) */
  uint64_t instructions; /* instructions run when it was reached */
  int unreachable;       /* no chain of calls leads from main's entry to it, and
                         ** no function on a way to it is called through a pointer */
} sxl_target;

typedef struct sxl_distance sxl_distance;

/* The targets specs[0..n) of program p (every function it runs is
** translated now; fn->target marks their instructions) and the distance
** tables. sequential: a path reaches target i only after 0..i-1, and its
** distance is to its next one. NULL with the reason in err: a malformed
** target, a file not in the program, a line without code, one given twice,
** out of memory. */
sxl_distance *sxl_distance_new(sxl_prog *p, const char *const *specs, size_t n, int sequential,
                               char *err, size_t errlen);
void sxl_distance_free(sxl_distance *d);
size_t sxl_distance_ntargets(const sxl_distance *d);
int sxl_distance_sequential(const sxl_distance *d);
sxl_target *sxl_distance_target(sxl_distance *d, size_t i);
/* ICFG edges from s to target (SYMX_TARGET_ANY: the nearest one not
** reached), through the calls on its stack; SYMX_DIST_INF when none. The
** frames s->blocked marks (CCBSE) count only their way out. */
uint64_t sxl_distance_of(const sxl_distance *d, const sxl_state *s, size_t target);
/* Target i was reached: the nearest-target table leaves it out. */
void sxl_distance_reached(sxl_distance *d, size_t target);
/* Targets not reached yet (an unreachable one does not count). */
size_t sxl_distance_left(const sxl_distance *d);
/* --print-distances: a line per node of the program's own functions,
** "distance FN BLOCK SEGMENT x=X n0=N0 n1=...", inf when unreachable. */
void sxl_distance_print(const sxl_distance *d, FILE *f);
/* The same for a state, each time the engine picks it: "state FN BLOCK
** SEGMENT | CALLER BLOCK SEGMENT (its return node) ... [blocked=K] any=D
** n0=D0 ...", K the state's blocked frame number (sxl_state.blocked). */
void sxl_distance_print_state(const sxl_distance *d, const sxl_state *s, FILE *f);

#endif
