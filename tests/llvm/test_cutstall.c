/* tests/llvm/test_cutstall.c — --cut adaptive's stall rule (frontends/llvm/
** cutsession.c, sxl_cut_stalled): a stall is as long as the run took to
** its last gain, at least a window; an instruction count one below the
** last gain's (the interpreter's count once stepped back by one) is no stall
** (it was read as 2^64 instructions without new coverage: a raise at
** every check). */
#include "check.h"
#include "cuts.h"

static void test_stall_length(void) {
  sxl_cutplan c = {.mark = 100000, .window = 20000};
  CHECK(!sxl_cut_stalled(&c, 100000));
  CHECK(!sxl_cut_stalled(&c, 219999)); /* 119,999 since the gain: short of 100,000 + 20,000 */
  CHECK(sxl_cut_stalled(&c, 220000));
  c.mark = 0; /* no gain yet: one window */
  CHECK(!sxl_cut_stalled(&c, 19999));
  CHECK(sxl_cut_stalled(&c, 20000));
}

static void test_count_steps_back(void) {
  sxl_cutplan c = {.mark = 1473628, .window = 20000}; /* m4's: now one below mark */
  CHECK(!sxl_cut_stalled(&c, 1473627));
  CHECK(!sxl_cut_stalled(&c, 0));
}

CHECK_MAIN(CHECK_CASE(test_stall_length), CHECK_CASE(test_count_steps_back))
