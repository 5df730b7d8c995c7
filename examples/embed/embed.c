/* examples/embed/embed.c — the README's embedding example. It explores
**     if (x * 3 == 42) { if (y < x) bug(); }
** over two symbolic bytes through the public API only. The payload is the
** front end's program state (here just a program counter), cloned on fork. */
#include <stdio.h>
#include <stdlib.h>
#include <symx.h>

static void *clone_pc(void *user, void *pc) {
  (void)user;
  int *c = malloc(sizeof *c);
  if (c) *c = *(int *)pc;
  return c;
}
static void free_pc(void *user, void *pc) { (void)user; free(pc); }

int main(void) {
  symx_ctx *ctx = symx_ctx_new();
  symx_expr *x = symx_var(ctx, "x", 8), *y = symx_var(ctx, "y", 8);
  symx_expr *c3 = symx_const(ctx, 8, 3), *c42 = symx_const(ctx, 8, 42);
  symx_expr *x3 = symx_mul(ctx, x, c3), *cond[2] = {symx_eq(ctx, x3, c42), symx_ult(ctx, y, x)};
  symx_engine *eng = symx_engine_new(ctx);
  symx_payload_vt vt = {clone_pc, free_pc, NULL};
  int *pc0 = calloc(1, sizeof *pc0), bugs = 0;
  symx_engine_start(eng, pc0, &vt);
  symx_state *st, *t, *f;
  while (symx_engine_next(eng, &st) == SYMX_STATE) {
    int *pc = symx_state_payload(st);
    if (*pc < 2) { /* pc 0, 1: branch on cond[pc]; true goes on, false exits */
      int at = *pc;
      if (symx_state_branch(st, cond[at], &t, &f) != SYMX_OK) break;
      if (t) *(int *)symx_state_payload(t) = at + 1;
      if (f) *(int *)symx_state_payload(f) = 3;
    } else if (*pc == 2) {
      bugs++;
      symx_state_terminate(st, SYMX_END_ERROR, SYMX_ERR_ASSERT, "bug()");
    } else {
      symx_state_terminate(st, SYMX_END_EXIT, SYMX_ERR_NONE, NULL);
    }
  }
  symx_test tc;
  for (size_t i = 0; i < symx_engine_test_count(eng); i++)
    if (symx_engine_test_get(eng, i, &tc) == SYMX_OK && tc.kind == SYMX_ERR_ASSERT)
      printf("bug with x=%u y=%u\n", symx_assign_get(tc.inputs, "x", NULL)[0],
             symx_assign_get(tc.inputs, "y", NULL)[0]);
  printf("%zu paths, %d bug\n", symx_engine_test_count(eng), bugs);
  symx_engine_free(eng);
  symx_expr *all[] = {x, y, c3, c42, x3, cond[0], cond[1]};
  for (int i = 0; i < 7; i++) symx_expr_release(all[i]);
  symx_ctx_free(ctx);
  return bugs == 1 ? 0 : 1;
}
