/* stats.py's program: paths that reach new code one level deeper at a
** time, each after thousands of instructions of concrete work (so that
** coverage grows over the run's records), code it never reaches
** (coverage below 100%) and a function it never calls. */
#include <klee/klee.h>

static int work(int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += i ^ n;
  return s;
}

static int score(unsigned char c) {
  if (c < 'a') return 1;
  if (c > 'z') return 2;
  return c == 'q' ? 7 : 3;
}

int never_called(int x) { return x * 3 + 1; }

int main(void) {
  unsigned char in[5];
  klee_make_symbolic(in, sizeof in, "in");
  int total = work(200);
  if (in[0] == 'w') {
    total += work(300) + score(in[1]);
    if (in[1] == 'a') {
      total -= work(300) * score(in[2]);
      if (in[2] == 'l') {
        total ^= work(300) << 2;
        if (in[3] == 'k') {
          total = work(300) % 17;
          if (total > 1000) return never_called(total); /* unreachable: at most 16 */
        }
      }
    }
  }
  return total & 1;
}
