/*
** cutseeds.c — which of a cut run's tests seed --cut-then-full's run of
** the original. All of them (--cut-seeds all) makes the seeding phase
** replay every cut path on the original, thousands of them (m4: ~13,600
** in 15 s of CPU time), which is most of the second run's time and covers
** nothing their plain replay does not; the exploration the run is for
** then hardly starts. The default (cover) seeds it with the tests whose
** path covered new code under the cut (KLEE's coveredNew): the paths that
** made the cut run's coverage, a few hundred, whose forks on the original
** the exploration then takes up.
*/
#include "cuts.h"
#include "driver.h"

#include <inttypes.h>
#include <stdlib.h>
#include <unistd.h>

void sxl_cut_note_test(sxl_cutplan *c, uint32_t number, int newcov) {
  if (!c || c->off || !number || !newcov) return;
  if (c->ncover == c->capcover) {
    uint32_t cap = c->capcover ? 2 * c->capcover : 64;
    uint32_t *v = realloc(c->cover, cap * sizeof *v);
    if (!v) return; /* out of memory: one seed fewer */
    c->cover = v;
    c->capcover = cap;
  }
  c->cover[c->ncover++] = number;
}

/* The file of test number in dir (cut), else in a round's directory
** (adaptive rounds, newest first); 0, or -1 when there is none. */
static int test_file(const sxl_session *s, const char *dir, uint32_t number, char *path,
                     size_t len) {
  snprintf(path, len, "%s/test%06" PRIu32 ".ktest", dir, number);
  if (!access(path, R_OK)) return 0;
  for (uint64_t r = s->prog->cuts->rounds; r >= 1; r--) {
    snprintf(path, len, "%s/round-%" PRIu64 "/test%06" PRIu32 ".ktest", s->outdir, r, number);
    if (!access(path, R_OK)) return 0;
  }
  return -1;
}

int sxl_cut_seeds(sxl_session *s, symx_seeds *seeds, const char *dir, int all) {
  const sxl_cutplan *c = s->prog->cuts;
  if (all) return symx_seeds_add_ktest(seeds, dir, NULL, 0) == SYMX_OK ? 0 : -1;
  char path[4400];
  int n = 0;
  for (uint32_t i = 0; i < c->ncover; i++) {
    if (test_file(s, dir, c->cover[i], path, sizeof path)) continue; /* not written */
    if (symx_seeds_add_ktest(seeds, path, NULL, 0) != SYMX_OK) return -1;
    n++;
  }
  return n;
}
