/* setjmp/longjmp (builtins of the interpreter) with the full libc: a jump
** out of nested calls, longjmp(env, 0) returning 1, a jump within the same
** frame, sigsetjmp/siglongjmp, volatile locals kept, and a loop of jumps;
** stdout buffered across them and flushed at exit. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf top, inner;
static int depth_reached;

static void deep(int n, int val) {
  char pad[16];
  pad[0] = (char)n;
  if (n == 0) longjmp(top, val);
  depth_reached = n + pad[0] - n;
  deep(n - 1, val);
}

static int guarded(int x) {
  if (setjmp(inner)) return -x;
  if (x > 2) longjmp(inner, 5);
  return x;
}

int main(void) {
  volatile int count = 0;
  int r = setjmp(top);
  printf("setjmp returned %d (count %d)\n", r, count);
  if (count++ < 3) deep(5, count == 2 ? 0 : 10 * count);
  printf("guarded %d %d\n", guarded(1), guarded(4));
  sigjmp_buf s;
  volatile int tries = 0;
  if (sigsetjmp(s, 1) < 3) {
    tries++;
    siglongjmp(s, tries);
  }
  printf("tries %d depth %d\n", tries, depth_reached);
  return count;
}
